package c

import (
	sitter "github.com/smacker/go-tree-sitter"
	tsc "github.com/smacker/go-tree-sitter/c"

	"github.com/suretydev/surety/internal/tsutil"
)

// kind is what the frontend cares about in a node type.
type kind uint8

const (
	kOther kind = iota
	kComment
	kCompound
	kExprStmt
	kDeclaration
	kIf
	kElse
	kFor
	kWhile
	kDo
	kSwitch
	kCase
	kReturn
	kBreak
	kContinue
	kGoto
	kLabeled
	kPreprocCond   // preproc_if, preproc_ifdef, preproc_elif, preproc_elifdef, preproc_else
	kPreprocOther  // other directives: #define, #include, #pragma...
	kAttributedSt  // attributed_statement
	kCall          // call_expression
	kIdentifier    // identifier
	kParen         // parenthesized_expression
	kField         // field_expression
	kPointerDecl   // pointer_declarator
	kFuncDecl      // function_declarator
	kParenDecl     // parenthesized_declarator
	kArrayDecl     // array_declarator
	kInitDecl      // init_declarator
	kAttrDecl      // attributed_declarator
	kParamDecl     // parameter_declaration
	kVariadic      // variadic_parameter
	kStorage       // storage_class_specifier
	kTypeQualifier // type_qualifier
	kFuncDef       // function_definition
	kTranslationUnit
	kLinkage  // linkage_specification: extern "C" { ... }
	kDeclList // declaration_list
	kError    // ERROR
)

var kindNames = map[string]kind{
	"comment":                  kComment,
	"compound_statement":       kCompound,
	"expression_statement":     kExprStmt,
	"declaration":              kDeclaration,
	"if_statement":             kIf,
	"else_clause":              kElse,
	"for_statement":            kFor,
	"while_statement":          kWhile,
	"do_statement":             kDo,
	"switch_statement":         kSwitch,
	"case_statement":           kCase,
	"return_statement":         kReturn,
	"break_statement":          kBreak,
	"continue_statement":       kContinue,
	"goto_statement":           kGoto,
	"labeled_statement":        kLabeled,
	"preproc_if":               kPreprocCond,
	"preproc_ifdef":            kPreprocCond,
	"preproc_elif":             kPreprocCond,
	"preproc_elifdef":          kPreprocCond,
	"preproc_else":             kPreprocCond,
	"preproc_include":          kPreprocOther,
	"preproc_def":              kPreprocOther,
	"preproc_function_def":     kPreprocOther,
	"preproc_call":             kPreprocOther,
	"attributed_statement":     kAttributedSt,
	"call_expression":          kCall,
	"identifier":               kIdentifier,
	"parenthesized_expression": kParen,
	"field_expression":         kField,
	"pointer_declarator":       kPointerDecl,
	"function_declarator":      kFuncDecl,
	"parenthesized_declarator": kParenDecl,
	"array_declarator":         kArrayDecl,
	"init_declarator":          kInitDecl,
	"attributed_declarator":    kAttrDecl,
	"parameter_declaration":    kParamDecl,
	"variadic_parameter":       kVariadic,
	"storage_class_specifier":  kStorage,
	"type_qualifier":           kTypeQualifier,
	"function_definition":      kFuncDef,
	"translation_unit":         kTranslationUnit,
	"linkage_specification":    kLinkage,
	"declaration_list":         kDeclList,
}

var (
	lang  = tsc.GetLanguage()
	kinds = func() []kind {
		k := make([]kind, 1<<16)
		for s := sitter.Symbol(0); uint32(s) < lang.SymbolCount(); s++ {
			if lang.SymbolType(s) == sitter.SymbolTypeRegular {
				k[s] = kindNames[lang.SymbolName(s)]
			}
		}
		k[errorSymbol] = kError
		return k
	}()
)

// errorSymbol is the symbol of tree-sitter's ERROR nodes.
const errorSymbol = 1<<16 - 1

// kindOf classifies n without allocating its type name.
func kindOf(n tsutil.Node) kind {
	if n.IsNull() {
		return kOther
	}
	return kinds[n.Symbol()]
}

// The fields read, by id: looked up once, not by name on every call.
var (
	fAlternative = tsutil.FieldOf(lang, "alternative")
	fArguments   = tsutil.FieldOf(lang, "arguments")
	fBody        = tsutil.FieldOf(lang, "body")
	fCondition   = tsutil.FieldOf(lang, "condition")
	fConsequence = tsutil.FieldOf(lang, "consequence")
	fDeclarator  = tsutil.FieldOf(lang, "declarator")
	fFunction    = tsutil.FieldOf(lang, "function")
	fLabel       = tsutil.FieldOf(lang, "label")
	fName        = tsutil.FieldOf(lang, "name")
	fParameters  = tsutil.FieldOf(lang, "parameters")
	fType        = tsutil.FieldOf(lang, "type")
	fValue       = tsutil.FieldOf(lang, "value")
)
