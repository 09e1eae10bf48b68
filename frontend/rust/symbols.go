package rust

import sitter "github.com/smacker/go-tree-sitter"

// kind is the part of the grammar's node types the extractor looks at.
// Comparing a node's symbol through a table avoids allocating its type name.
type kind uint8

const (
	kOther kind = iota
	// named nodes
	kIdentifier
	kFieldIdentifier
	kTypeIdentifier
	kScopedIdentifier
	kScopedTypeIdentifier
	kGenericType
	kGenericFunction
	kFieldExpression
	kParenthesized
	kCallExpression
	kMacroInvocation
	kTokenTree
	kFunctionItem
	kFunctionSignature
	kImplItem
	kTraitItem
	kModItem
	kDeclarationList
	kLetDeclaration
	kClosureExpression
	kExpressionStatement
	kBlock
	kUnsafeBlock
	kAsyncBlock
	kConstBlock
	kIfExpression
	kElseClause
	kLetCondition
	kLetChain
	kMatchExpression
	kMatchBlock
	kMatchArm
	kWhileExpression
	kLoopExpression
	kForExpression
	kReturnExpression
	kBreakExpression
	kContinueExpression
	kLabel
	kLineComment
	kBlockComment
	kAttributeItem
	kInnerAttributeItem
	kEmptyStatement
	kVisibility
	kParameters
	kParameter
	kSelfParameter
	kVariadicParameter
	kSelf
	kReferenceType
	kPointerType
	kTypeArguments
	kAbstractType
	kDynamicType
	kBracketedType
	kTryExpression
	kMetavariable
	kPrimitiveType
	kStringLiteral
	kCrate
	kSuper
	kStructItem
	kFieldDeclList
	kFieldDecl
	kReferenceExpr
	kUnaryExpr
	kIndexExpr
	kStructExpr
	kTypeCastExpr
	kAwaitExpr
	kMutPattern
	kTupleStructPattern
	kItem // struct, enum, use, const and the other items that are not functions
	// anonymous tokens
	tLParen
	tRParen
	tLBracket
	tRBracket
	tLBrace
	tRBrace
	tColonColon
	tDot
	tBang
	tComma
	tLt
	tGt
	tShr
	tArrow
	tFatArrow
	tColon
	tSemi
	tHash
	tPipe
	tFn
	tKwWhile
	tKwLoop
	tKwFor
	tKwElse
	tKwAs
	tKwOther // any other keyword
)

var namedKinds = map[string]kind{
	"identifier":               kIdentifier,
	"field_identifier":         kFieldIdentifier,
	"type_identifier":          kTypeIdentifier,
	"scoped_identifier":        kScopedIdentifier,
	"scoped_type_identifier":   kScopedTypeIdentifier,
	"generic_type":             kGenericType,
	"generic_function":         kGenericFunction,
	"field_expression":         kFieldExpression,
	"parenthesized_expression": kParenthesized,
	"call_expression":          kCallExpression,
	"macro_invocation":         kMacroInvocation,
	"token_tree":               kTokenTree,
	"function_item":            kFunctionItem,
	"function_signature_item":  kFunctionSignature,
	"impl_item":                kImplItem,
	"trait_item":               kTraitItem,
	"mod_item":                 kModItem,
	"declaration_list":         kDeclarationList,
	"let_declaration":          kLetDeclaration,
	"closure_expression":       kClosureExpression,
	"expression_statement":     kExpressionStatement,
	"block":                    kBlock,
	"unsafe_block":             kUnsafeBlock,
	"async_block":              kAsyncBlock,
	"const_block":              kConstBlock,
	"if_expression":            kIfExpression,
	"else_clause":              kElseClause,
	"let_condition":            kLetCondition,
	"let_chain":                kLetChain,
	"match_expression":         kMatchExpression,
	"match_block":              kMatchBlock,
	"match_arm":                kMatchArm,
	"while_expression":         kWhileExpression,
	"loop_expression":          kLoopExpression,
	"for_expression":           kForExpression,
	"return_expression":        kReturnExpression,
	"break_expression":         kBreakExpression,
	"continue_expression":      kContinueExpression,
	"label":                    kLabel,
	"line_comment":             kLineComment,
	"block_comment":            kBlockComment,
	"attribute_item":           kAttributeItem,
	"inner_attribute_item":     kInnerAttributeItem,
	"empty_statement":          kEmptyStatement,
	"visibility_modifier":      kVisibility,
	"parameters":               kParameters,
	"parameter":                kParameter,
	"self_parameter":           kSelfParameter,
	"variadic_parameter":       kVariadicParameter,
	"self":                     kSelf,
	"reference_type":           kReferenceType,
	"pointer_type":             kPointerType,
	"type_arguments":           kTypeArguments,
	"abstract_type":            kAbstractType,
	"dynamic_type":             kDynamicType,
	"bracketed_type":           kBracketedType,
	"try_expression":           kTryExpression,
	"metavariable":             kMetavariable,
	"primitive_type":           kPrimitiveType,
	"string_literal":           kStringLiteral,
	"crate":                    kCrate,
	"struct_item":              kStructItem,
	"field_declaration_list":   kFieldDeclList,
	"field_declaration":        kFieldDecl,
	"reference_expression":     kReferenceExpr,
	"unary_expression":         kUnaryExpr,
	"index_expression":         kIndexExpr,
	"struct_expression":        kStructExpr,
	"type_cast_expression":     kTypeCastExpr,
	"await_expression":         kAwaitExpr,
	"mut_pattern":              kMutPattern,
	"tuple_struct_pattern":     kTupleStructPattern,
	"super":                    kSuper,
}

var tokenKinds = map[string]kind{
	"(": tLParen, ")": tRParen, "[": tLBracket, "]": tRBracket, "{": tLBrace, "}": tRBrace,
	"::": tColonColon, ".": tDot, "!": tBang, ",": tComma, "<": tLt, ">": tGt, ">>": tShr,
	"->": tArrow, "=>": tFatArrow, ":": tColon, ";": tSemi, "#": tHash, "|": tPipe,
	"fn": tFn, "while": tKwWhile, "loop": tKwLoop, "for": tKwFor, "else": tKwElse, "as": tKwAs,
	"async": tKwOther, "await": tKwOther, "break": tKwOther, "const": tKwOther,
	"continue": tKwOther, "default": tKwOther, "enum": tKwOther, "if": tKwOther,
	"impl": tKwOther, "let": tKwOther, "match": tKwOther, "mod": tKwOther, "pub": tKwOther,
	"return": tKwOther, "static": tKwOther, "struct": tKwOther, "trait": tKwOther,
	"type": tKwOther, "union": tKwOther, "unsafe": tKwOther, "use": tKwOther, "where": tKwOther,
	"extern": tKwOther, "dyn": tKwOther, "move": tKwOther, "ref": tKwOther, "in": tKwOther,
	"crate": tKwOther, "super": tKwOther,
}

// kinds maps every symbol of the grammar to its kind.
var kinds = func() []kind {
	n := language.SymbolCount()
	out := make([]kind, n)
	for s := range n {
		sym := sitter.Symbol(s)
		name := language.SymbolName(sym)
		if language.SymbolType(sym) == sitter.SymbolTypeRegular {
			out[s] = namedKinds[name]
		} else {
			out[s] = tokenKinds[name]
		}
	}
	return out
}()

// kindOf returns the kind of n; kOther for nil and unknown nodes.
func kindOf(n *sitter.Node) kind {
	if n == nil {
		return kOther
	}
	s := int(n.Symbol())
	if s < len(kinds) {
		return kinds[s]
	}
	return kOther
}
