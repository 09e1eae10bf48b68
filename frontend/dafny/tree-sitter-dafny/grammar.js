/**
 * A tree-sitter grammar for Dafny, written for surety from the Dafny
 * reference manual's description of the language. It aims at what real
 * files hold in Dafny 3 and 4 spellings, and at recovering well where it
 * is unsure, rather than at rejecting every ill-formed program.
 *
 * Attributes ({:name args}) are extras, each a single token: they may
 * appear wherever Dafny allows them (and a little beyond), and never change
 * the tree around them.
 */

const PREC = {
  lambda: -1,
  quantifier: 0,
  equiv: 1,
  implies: 2,
  explies: 3,
  logical: 4,
  relation: 5,
  shift: 6,
  additive: 7,
  multiplicative: 8,
  bitwise: 9,
  as: 10,
  unary: 11,
  postfix: 12,
};

const commaSep1 = (r) => seq(r, repeat(seq(',', r)));
const commaSep = (r) => optional(commaSep1(r));

module.exports = grammar({
  name: 'dafny',

  extras: ($) => [/\s/, $.comment, $.attribute, $.annotation],

  word: ($) => $.identifier,

  conflicts: ($) => [
    [$.lambda_params, $.tuple_expression],
    [$.match_statement, $.match_expression],
    [$.while_statement, $.set_display],
    [$.if_statement, $.set_display],
    [$.block, $.set_display],
    [$.local_variable, $.pattern],
    [$.lambda_params, $._primary],
    [$._rhs, $.let_expression],
    [$.labeled_statement],
  ],

  supertypes: ($) => [$._statement, $._expression],

  rules: {
    source_file: ($) => repeat($._top_item),

    _top_item: ($) => choice($.include_directive, $._declaration),

    comment: (_) =>
      token(choice(seq('//', /[^\n]*/), seq('/*', /[^*]*\*+([^/*][^*]*\*+)*/, '/'))),

    // An attribute is one token: {:name args}, with braces nested one level
    // deep inside (a set display as argument). Keeping it a token keeps the
    // parse table small, since extras may appear between any two tokens.
    attribute: (_) => token(seq('{:', /[^{}]*/, repeat(seq('{', /[^{}]*/, '}', /[^{}]*/)), '}')),

    // Dafny 4.9's @Name or @Name(args) attribute, one token.
    annotation: (_) => token(seq('@', /[A-Za-z_][A-Za-z0-9_]*/, optional(seq('(', /[^()]*/, ')')))),

    include_directive: ($) => seq('include', $.string_literal),

    _declaration: ($) =>
      choice(
        $.module_declaration,
        $.import_declaration,
        $.export_declaration,
        $.datatype_declaration,
        $.type_declaration,
        $.newtype_declaration,
        $.class_declaration,
        $.trait_declaration,
        $.iterator_declaration,
        $.method_declaration,
        $.function_declaration,
        $.const_declaration,
        $.field_declaration,
      ),

    modifier: (_) =>
      choice('ghost', 'static', 'abstract', 'opaque', 'twostate', 'least', 'greatest', 'inductive', 'replaceable', 'private'),

    qualified_name: ($) => prec.left(seq($.identifier, repeat(seq('.', $.identifier)))),

    module_declaration: ($) =>
      seq(
        repeat($.modifier),
        'module',
        field('name', $.qualified_name),
        optional(seq('refines', $.qualified_name)),
        '{',
        repeat($._top_item),
        '}',
      ),

    import_declaration: ($) =>
      prec.right(seq(
        'import',
        optional('opened'),
        field('name', $.qualified_name),
        optional(seq(choice('=', ':'), $.qualified_name)),
        optional(seq('`', choice($.identifier, seq('{', commaSep($.identifier), '}')))),
      )),

    export_declaration: ($) =>
      prec.right(seq(
        'export',
        optional($.identifier),
        repeat(seq(choice('provides', 'reveals', 'extends'), choice('*', commaSep1($.qualified_name)))),
      )),

    datatype_declaration: ($) =>
      seq(
        repeat($.modifier),
        choice('datatype', 'codatatype'),
        field('name', $.identifier),
        optional($.type_parameters),
        '=',
        optional('|'),
        $.constructor,
        repeat(seq('|', $.constructor)),
        optional($.class_body),
      ),

    constructor: ($) =>
      seq(optional('ghost'), field('name', $.identifier), optional(seq('(', commaSep($.datatype_formal), ')'))),

    datatype_formal: ($) => choice(seq(optional('ghost'), field('name', $.identifier), ':', $._type), $._type),

    type_declaration: ($) =>
      prec.right(seq(
        repeat($.modifier),
        'type',
        field('name', $.identifier),
        optional($.type_characteristics),
        optional($.type_parameters),
        optional(choice(
          seq('=', $._type),
          seq('=', $.identifier, optional(seq(':', $._type)), '|', $._expression, optional($.witness_clause)),
        )),
        optional($.class_body),
      )),

    type_characteristics: ($) => seq('(', commaSep1(choice('==', '0', '00', '!new', '!')), ')'),

    newtype_declaration: ($) =>
      prec.right(seq(
        repeat($.modifier),
        'newtype',
        field('name', $.identifier),
        '=',
        choice($._type, seq($.identifier, optional(seq(':', $._type)), '|', $._expression)),
        optional($.witness_clause),
        optional($.class_body),
      )),

    witness_clause: ($) => prec.right(seq(optional('ghost'), 'witness', choice('*', $._expression))),

    class_declaration: ($) =>
      seq(
        repeat($.modifier),
        'class',
        field('name', $.identifier),
        optional($.type_parameters),
        optional(seq('extends', commaSep1($._type))),
        $.class_body,
      ),

    trait_declaration: ($) =>
      seq(
        repeat($.modifier),
        'trait',
        field('name', $.identifier),
        optional($.type_parameters),
        optional(seq('extends', commaSep1($._type))),
        $.class_body,
      ),

    iterator_declaration: ($) =>
      seq(
        'iterator',
        field('name', $.identifier),
        optional($.type_parameters),
        $.formals,
        optional(seq('yields', $.formals)),
        repeat($.spec_clause),
        optional($.block),
      ),

    class_body: ($) => seq('{', repeat($._declaration), '}'),

    method_declaration: ($) =>
      seq(
        repeat($.modifier),
        field('kind', choice('method', 'lemma', 'constructor', 'colemma')),
        optional(field('name', $.identifier)),
        optional($.type_parameters),
        optional($.k_parameter),
        field('parameters', $.formals),
        optional(seq('returns', field('results', $.formals))),
        repeat($.spec_clause),
        optional(field('body', $.block)),
      ),

    k_parameter: ($) => seq('[', choice('nat', 'ORDINAL'), ']'),

    function_declaration: ($) =>
      prec.right(seq(
        repeat($.modifier),
        field('kind', choice(
          seq('function', optional('method')),
          seq('predicate', optional('method')),
          'copredicate',
        )),
        field('name', $.identifier),
        optional($.type_parameters),
        optional($.k_parameter),
        field('parameters', $.formals),
        optional(seq(':', field('result', choice($._type, $.named_result)))),
        repeat($.spec_clause),
        optional(seq(field('body', $.function_body), optional(seq('by', 'method', $.block)))),
      )),

    named_result: ($) => seq('(', field('name', $.identifier), ':', $._type, ')'),

    function_body: ($) => seq('{', $._expression, '}'),

    const_declaration: ($) =>
      prec.right(seq(
        repeat($.modifier),
        'const',
        field('name', $.identifier),
        optional(seq(':', $._type)),
        optional(seq(':=', $._expression)),
        optional(';'),
      )),

    field_declaration: ($) =>
      seq(repeat($.modifier), 'var', commaSep1(seq($.identifier, ':', $._type)), optional(';')),

    type_parameters: ($) =>
      seq('<', commaSep1(seq(optional(choice('+', '-', '*', '!')), $.identifier, optional($.type_characteristics), optional(seq('extends', $._type)))), '>'),

    formals: ($) => seq('(', commaSep($.formal), ')'),

    formal: ($) =>
      seq(
        repeat(choice('ghost', 'nameonly', 'new', 'older')),
        field('name', $.identifier),
        ':',
        field('type', $._type),
        optional(seq(':=', $._expression)),
      ),

    spec_clause: ($) =>
      prec.right(choice(
        seq(field('keyword', choice('requires', 'ensures', 'yield requires', 'yield ensures')), optional(seq($.identifier, ':')), $._expression),
        seq(field('keyword', choice('reads', 'modifies')), commaSep1($._frame_expression)),
        seq(field('keyword', 'decreases'), choice('*', commaSep1($._expression))),
        seq(field('keyword', 'invariant'), optional(seq($.identifier, ':')), $._expression),
      )),

    _frame_expression: ($) => choice($._expression, seq('`', $.identifier)),

    // Types

    _type: ($) => choice($.named_type, $.tuple_type, $.arrow_type),

    named_type: ($) =>
      prec.right(seq(
        $.identifier,
        optional($.type_arguments),
        repeat(seq('.', $.identifier, optional($.type_arguments))),
      )),

    type_arguments: ($) => seq('<', commaSep($._type), '>'),

    tuple_type: ($) => seq('(', commaSep(seq(optional('ghost'), $._type)), ')'),

    arrow_type: ($) => prec.right(seq($._type, choice('->', '-->', '~>'), $._type)),

    // Statements

    block: ($) => seq('{', repeat($._statement), '}'),

    _statement: ($) =>
      choice(
        $.block,
        $.var_declaration,
        $.assignment,
        $.expression_statement,
        $.if_statement,
        $.while_statement,
        $.for_statement,
        $.match_statement,
        $.return_statement,
        $.yield_statement,
        $.break_statement,
        $.assert_statement,
        $.assume_statement,
        $.expect_statement,
        $.print_statement,
        $.calc_statement,
        $.forall_statement,
        $.modify_statement,
        $.reveal_statement,
        $.labeled_statement,
        $.empty_statement,
      ),

    empty_statement: (_) => ';',

    var_declaration: ($) =>
      seq(
        optional('ghost'),
        'var',
        choice(commaSep1($.local_variable), $.var_pattern),
        optional(seq(choice(':=', ':-', ':|'), optional(choice('expect', 'assert', 'assume')), commaSep1($._rhs))),
        ';',
      ),

    local_variable: ($) => seq(field('name', $.identifier), optional(seq(':', field('type', $._type)))),

    var_pattern: ($) => seq('(', commaSep1(choice($.var_pattern, $.local_variable, '_')), ')'),

    assignment: ($) =>
      seq(commaSep1($._expression), choice(':=', ':-', ':|'), optional(choice('expect', 'assert', 'assume')), commaSep1($._rhs), ';'),

    _rhs: ($) => choice($._expression, $.new_expression, '*'),

    new_expression: ($) =>
      prec.right(seq(
        'new',
        $._type,
        optional(choice(
          seq('[', commaSep($._expression), ']', optional(choice(seq('(', $._expression, ')'), $.seq_display))),
          $.arguments,
          seq('.', $.identifier, $.arguments),
        )),
      )),

    expression_statement: ($) => seq($._expression, ';'),

    if_statement: ($) =>
      prec.right(seq(
        'if',
        choice(
          seq(field('condition', choice($._expression, '*', $.binding_guard)), field('consequence', $.block), optional(seq('else', field('alternative', choice($.if_statement, $.block))))),
          seq('{', repeat($.guarded_alternative), '}'),
          repeat1($.guarded_alternative),
        ),
      )),

    binding_guard: ($) => seq(commaSep1($.local_variable), ':|', $._expression),

    guarded_alternative: ($) => prec.right(seq('case', $._expression, '=>', repeat($._statement))),

    while_statement: ($) =>
      prec.right(seq(
        'while',
        choice(
          seq(field('condition', choice($._expression, '*')), repeat($.spec_clause), optional(field('body', $.block))),
          seq(repeat($.spec_clause), '{', repeat($.guarded_alternative), '}'),
        ),
      )),

    for_statement: ($) =>
      prec.right(seq(
        'for',
        $.local_variable,
        ':=',
        $._expression,
        choice('to', 'downto'),
        choice($._expression, '*'),
        repeat($.spec_clause),
        optional(field('body', $.block)),
      )),

    match_statement: ($) =>
      prec.right(seq(
        'match',
        field('value', $._expression),
        choice(seq('{', repeat($.case_statement), '}'), repeat1($.case_statement)),
      )),

    case_statement: ($) => prec.right(seq('case', $.pattern, '=>', repeat($._statement))),

    pattern: ($) =>
      choice(
        seq(optional('var'), $.identifier, optional(seq('(', commaSep($.pattern), ')'))),
        seq('(', commaSep($.pattern), ')'),
        $._literal,
        seq('-', $.number),
        prec.left(seq($.pattern, '|', $.pattern)),
      ),

    return_statement: ($) => seq('return', commaSep($._rhs), ';'),

    yield_statement: ($) => seq('yield', commaSep($._rhs), ';'),

    break_statement: ($) => seq(choice('break', 'continue'), optional(choice($.identifier, repeat1('break'))), ';'),

    assert_statement: ($) =>
      seq('assert', optional(seq($.identifier, ':')), field('condition', $._expression), choice(';', seq('by', $.block))),

    assume_statement: ($) => seq('assume', field('condition', $._expression), ';'),

    expect_statement: ($) => seq('expect', field('condition', $._expression), optional(seq(',', $._expression)), ';'),

    print_statement: ($) => seq('print', commaSep1($._expression), ';'),

    calc_statement: ($) =>
      seq('calc', optional($.calc_op), '{', repeat(choice(seq($._expression, ';'), $.calc_op, $.block, $.calc_statement)), '}'),

    calc_op: (_) => choice('==', '!=', '<', '<=', '>', '>=', '==>', '<==', '<==>', '&&', '||'),

    forall_statement: ($) =>
      prec.right(seq(
        'forall',
        choice(seq('(', optional($.quantifier_domain), ')'), optional($.quantifier_domain)),
        repeat($.spec_clause),
        optional($.block),
      )),

    modify_statement: ($) => prec.right(seq('modify', commaSep1($._frame_expression), choice(';', $.block))),

    reveal_statement: ($) => seq('reveal', commaSep1($._expression), ';'),

    labeled_statement: ($) => seq('label', $.identifier, ':', optional($._statement)),

    // Expressions

    _expression: ($) =>
      choice(
        $.binary_expression,
        $.unary_expression,
        $.conversion_expression,
        $.quantifier_expression,
        $.comprehension_expression,
        $.lambda_expression,
        $.if_expression,
        $.match_expression,
        $.let_expression,
        $._primary,
      ),

    binary_expression: ($) => {
      const table = [
        [prec.left, PREC.equiv, '<==>'],
        [prec.right, PREC.implies, '==>'],
        [prec.left, PREC.explies, '<=='],
        [prec.left, PREC.logical, choice('&&', '||')],
        [prec.left, PREC.relation, choice('==', '!=', '<', '<=', '>', '>=', 'in', '!in', '!!')],
        [prec.left, PREC.shift, choice('<<', '>>')],
        [prec.left, PREC.additive, choice('+', '-')],
        [prec.left, PREC.multiplicative, choice('*', '/', '%')],
        [prec.left, PREC.bitwise, choice('&', '^')], // bitwise | would clash with |s|
      ];
      return choice(...table.map(([fn, p, op]) =>
        fn(p, seq(field('left', $._expression), field('operator', op), field('right', $._expression)))));
    },

    unary_expression: ($) =>
      choice(
        prec(PREC.unary, seq(field('operator', choice('-', '!')), field('operand', $._expression))),
        // A leading && or || opens a bulleted conjunction or disjunction.
        prec.right(PREC.logical, seq(field('operator', choice('&&', '||')), field('operand', $._expression))),
      ),

    conversion_expression: ($) => prec.left(PREC.as, seq($._expression, choice('as', 'is'), $.qualified_name)),

    quantifier_expression: ($) =>
      prec.right(PREC.quantifier, seq(choice('forall', 'exists'), $.quantifier_domain, '::', field('body', $._expression))),

    quantifier_domain: ($) =>
      prec.right(seq(
        commaSep1($.bound_variable),
        optional(seq('|', $._expression)),
      )),

    bound_variable: ($) =>
      prec.right(seq(field('name', $.identifier), optional(seq(':', $._type)), optional(seq('<-', $._expression)))),

    comprehension_expression: ($) =>
      prec.right(PREC.quantifier, choice(
        seq(choice('set', 'iset'), $.quantifier_domain, optional(seq('::', $._expression))),
        seq(choice('map', 'imap'), $.quantifier_domain, '::', $._expression, optional(seq(':=', $._expression))),
      )),

    lambda_expression: ($) =>
      prec.right(PREC.lambda, seq(
        choice($.identifier, $.lambda_params),
        '=>',
        field('body', $._expression),
      )),

    lambda_params: ($) => seq('(', commaSep(seq($.identifier, optional(seq(':', $._type)))), ')'),

    if_expression: ($) =>
      prec.right(PREC.quantifier, seq('if', $._expression, 'then', $._expression, 'else', $._expression)),

    match_expression: ($) =>
      prec.right(PREC.quantifier, seq(
        'match',
        $._expression,
        choice(seq('{', repeat($.case_expression), '}'), repeat1($.case_expression)),
      )),

    case_expression: ($) => prec.right(seq('case', $.pattern, '=>', $._expression)),

    let_expression: ($) =>
      prec.right(PREC.quantifier, seq(
        optional('ghost'),
        'var',
        choice(commaSep1($.local_variable), $.pattern),
        choice(':=', ':|', ':-'),
        commaSep1($._expression),
        ';',
        $._expression,
      )),

    _primary: ($) =>
      choice(
        $.identifier,
        $._literal,
        $.this,
        $.parenthesized_expression,
        $.tuple_expression,
        $.call_expression,
        $.member_expression,
        $.index_expression,
        $.slice_expression,
        $.update_expression,
        $.cardinality_expression,
        $.seq_display,
        $.set_display,
        $.multiset_expression,
        $.map_display,
        $.old_expression,
        $.seq_constructor,
      ),

    this: (_) => 'this',

    _literal: ($) => choice($.number, $.boolean, $.null, $.char_literal, $.string_literal),

    number: (_) => token(choice(/0x[0-9a-fA-F_]+/, /[0-9][0-9_]*(\.[0-9_]+)?/)),
    boolean: (_) => choice('true', 'false'),
    null: (_) => 'null',
    char_literal: (_) => token(seq("'", choice(/[^'\\\n]/, /\\u[0-9a-fA-F]{4}/, /\\U\{[0-9a-fA-F_]+\}/, /\\./), "'")),
    string_literal: (_) =>
      token(choice(seq('"', repeat(choice(/[^"\\\n]/, /\\u[0-9a-fA-F]{4}/, /\\./)), '"'), seq('@"', repeat(choice(/[^"]/, '""')), '"'))),

    parenthesized_expression: ($) => seq('(', $._expression, ')'),

    tuple_expression: ($) => seq('(', optional(seq($._expression, repeat1(seq(',', $._expression)))), ')'),

    arguments: ($) => seq('(', commaSep(seq(optional(seq($.identifier, ':=')), $._expression)), ')'),

    call_expression: ($) =>
      prec(PREC.postfix, seq(field('function', $._primary), optional(seq('#', '[', $._expression, ']')), field('arguments', $.arguments))),

    member_expression: ($) =>
      prec(PREC.postfix, seq(field('object', $._primary), '.', field('member', choice($.identifier, $.number, 'requires', 'reads')))),

    index_expression: ($) =>
      prec(PREC.postfix, seq(field('object', $._primary), '[', commaSep1($._expression), ']')),

    slice_expression: ($) =>
      prec(PREC.postfix, seq(field('object', $._primary), '[', optional($._expression), '..', optional($._expression), ']')),

    update_expression: ($) =>
      prec(PREC.postfix, choice(
        seq(field('object', $._primary), '[', commaSep1(seq($._expression, ':=', $._expression)), ']'),
        seq(field('object', $._primary), '.', '(', commaSep1(seq(choice($.identifier, $.number), ':=', $._expression)), ')'),
      )),

    cardinality_expression: ($) => seq('|', $._expression, '|'),

    seq_display: ($) => seq('[', optional(seq(commaSep1($._expression), optional(','))), ']'),

    set_display: ($) => seq(optional('iset'), '{', optional(seq(commaSep1($._expression), optional(','))), '}'),

    multiset_expression: ($) =>
      seq('multiset', choice(seq('{', commaSep($._expression), '}'), seq('(', $._expression, ')'))),

    map_display: ($) =>
      seq(choice('map', 'imap'), '[', optional(seq(commaSep1(seq($._expression, ':=', $._expression)), optional(','))), ']'),

    old_expression: ($) =>
      seq(choice('old', 'fresh', 'unchanged', 'allocated'), optional(seq('@', $.identifier)), '(', commaSep($._expression), ')'),

    seq_constructor: ($) => seq('seq', optional($.type_arguments), '(', $._expression, ',', $._expression, ')'),

    identifier: (_) => /[A-Za-z_][A-Za-z0-9_'?]*/,
  },
});
