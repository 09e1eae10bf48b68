package ctree

import (
	"fmt"
	"math/big"
)

// Op is the operator of a typed expression. Implicit conversions of C are
// explicit in the tree (OConv, ODecay), so evaluation never guesses a type.
type Op int

// The expression operators.
const (
	OConst    Op = iota // integer constant Val of type T
	OFConst             // floating constant F of type T
	OStr                // string literal Str (NUL included); value: pointer to a read-only object
	OVar                // variable Var (an lvalue)
	OConv               // X converted to T
	ODecay              // array lvalue X as a pointer to its first element
	OUn                 // Name in "-", "~", "!"; X already promoted
	OBin                // Name arithmetic, bitwise, shift or comparison; X and Y converted
	OAnd                // X && Y (conditions), int result
	OOr                 // X || Y
	OPtrAdd             // X pointer plus Y (long); Name "+" or "-"
	OPtrDiff            // X - Y of two pointers, in elements (long)
	OAssign             // X = Y (Y converted to X.T)
	OCompound           // X Name= Y, computed in CT
	OIncDec             // ++/-- (Name), Post for postfix
	OCall               // call of Fn (defined) or of the library function Name
	ODeref              // *X (an lvalue)
	OAddr               // &X
	OField              // X.field at cell offset Off (an lvalue)
	OCond               // X ? Y : Z
	OComma              // X, Y
	ONondet             // a fresh value of type T (uninitialised variables)
	OStmtExpr           // GNU statement expression ({ Block; Y }): Block runs, then Y (nil: void) is the value
	OFunc               // the function Fn as a designator (T its KFunc type); only OAddr takes it
)

// An Expr is a typed expression.
type Expr struct {
	Op   Op
	T    *Type
	Line int
	X    *Expr
	Y    *Expr
	Z    *Expr
	Args []*Expr
	Var  *Var
	Fn   *Func
	Name string
	Val  *big.Int
	F    float64
	Str  []byte
	Off  int
	CT   *Type
	Post bool
	// ArgT keeps the static types of call arguments before conversion
	// (memset, memcpy and scanf need the pointee types).
	ArgT []*Type
	// Src is the source text of an operation that a safety property
	// checks (arithmetic, subscripts, dereferences); see bmc/native/safety.go.
	Src string
	// Col is the 1-based byte column where Src starts on Line (0: not
	// known, as inside a macro expansion).
	Col int
	// Sub marks the OPtrAdd of a subscript a[i] of an array: SubAccess,
	// or subAddr when only its address is taken (&a[i]), where the
	// one-past-the-end index is legal.
	Sub uint8
	// Block is the statements of a statement expression (OStmtExpr)
	// before its last expression.
	Block *Stmt
	// Cands are the functions a call through a pointer may call (OCall
	// with X the callee pointer, Fn nil and Name ""), or that the
	// comparator of qsort and bsearch may be: every function of the
	// program whose address is taken and whose signature the pointer's
	// type allows (FuncSig), sorted by name.
	Cands []*Func
	// Havoc marks a call (OCall) of a function without a body
	// (Program.Bodiless): its arguments are evaluated, and it returns
	// any value of T.
	Havoc bool
}

// Subscript kinds (Expr.Sub).
const (
	SubNone uint8 = iota
	SubAccess
	subAddr
)

// lvalue reports whether e designates an object.
func (e *Expr) lvalue() bool {
	return e.Op == OVar || e.Op == ODeref || e.Op == OField
}

// A Var is a variable: global, local or parameter. Each declaration is one
// Var; each execution of the declaration makes a fresh instance.
type Var struct {
	Name   string
	T      *Type
	Global bool
	Static bool // local static: one instance, initialised once
	// Mem is set when the variable lives in memory: aggregates and scalars
	// whose address is taken. Others are SSA registers.
	Mem  bool
	Init *Init
	Line int
	ID   int
	// VLA marks a variable-length array, held as a pointer to its
	// object (ctree's VLAFunc); VLALen holds its length, evaluated where
	// the declaration runs.
	VLA    bool
	VLALen *Var
}

// An Init is an initialiser flattened to cells: Zero clears every cell
// first (aggregates, statics), then each Cell is written in order.
type Init struct {
	Zero  bool
	Cells []CellInit
	// Scalar is the initialiser of a scalar variable.
	Scalar *Expr
}

// A CellInit writes one scalar cell of an aggregate.
type CellInit struct {
	Off int
	T   *Type
	E   *Expr
}

// SOp is the kind of a statement.
type SOp int

// The statement kinds.
const (
	SExpr SOp = iota
	SDecl
	SBlock
	SIf
	SWhile
	SDo
	SFor
	SBreak
	SContinue
	SReturn
	SSwitch
	SCase // a case label inside a switch body: Vals nil means default
	SAssert
	SEmpty
	SLabel // Label: Body; the gotos to Label pending in the function join here
	SGoto  // goto Label (forward: the label follows in the source)
)

// A Stmt is a statement.
type Stmt struct {
	Op    SOp
	Line  int
	X     *Expr // expression, condition or returned value
	Post  *Expr // for: update
	Init  *Stmt // for: initialiser
	Body  *Stmt
	Else  *Stmt
	List  []*Stmt
	Decls []*Var
	// Uninit: an SDecl that declares its variables without running their
	// initialisers (a goto passes over their declarations).
	Uninit bool
	// Case: the label's value (nil for default); CaseHi: the last value
	// of GNU's case range `case Case ... CaseHi:` (nil for one value).
	Case   *big.Int
	CaseHi *big.Int
	// Label: the label of SLabel and SGoto. Labels: the labels that some
	// goto names inside this statement (its own included), so that a
	// dead state still runs it to join the gotos waiting there.
	Label  string
	Labels []string
	// Assert: index into the program's assertions. Its Body, when set,
	// runs instead where the query drops the assertion (a call of the
	// program's own reach_error, which the rendered query keeps).
	Assert int
	// Span and BodySpan: a loop's byte range in the source and its body's,
	// where the replay of an unwinding violation counts the iterations.
	Span, BodySpan [2]int
}

// A Func is a function definition.
type Func struct {
	Name   string
	Ret    *Type
	Params []*Var
	// Variadic: the parameter list ends with "...", and the body does not
	// read the further arguments (no va_start).
	Variadic bool
	Body     *Stmt
	Line     int
	// BodyAt is the byte offset just after the body's opening brace, where
	// the replay of an unwinding violation counts the activations.
	BodyAt int
	// Proto, when set, is the prototype by which calls before the
	// definition converted their arguments; the definition must agree.
	Proto *Type
	// Err, when set, is why the body could not be translated: the
	// function is refused only where a call of it is executed.
	Err error
}

// UnsupportedError reports a construct the engine does not model.
type UnsupportedError struct {
	What string
	Line int
	// Construct, when set, names a property of the program that no
	// engine models faithfully ("evaluation order"), not a limit of this
	// engine: Check reports it as a bmc.Hazard, so that another engine's
	// verdict does not stand over it.
	Construct string
}

// Error renders the construct and its line.
func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("unsupported: %s at line %d", e.What, e.Line)
}

// Unsupported builds the UnsupportedError for a construct at line.
func Unsupported(line int, format string, args ...any) error {
	return &UnsupportedError{What: fmt.Sprintf(format, args...), Line: line}
}

// StripConv returns e without its outer conversions.
func StripConv(e *Expr) *Expr {
	for e.Op == OConv {
		e = e.X
	}
	return e
}
