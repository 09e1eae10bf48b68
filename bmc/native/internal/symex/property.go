package symex

// A Property is an automatic safety property: a kind of undefined
// behaviour that Safety checks at every operation that can have it.
type Property string

// The safety properties.
const (
	// ArrayBounds: a subscript of an array outside [0, len) (an address
	// &a[len] is legal), or a dereference outside the object's cells.
	ArrayBounds Property = "array-bounds"
	// DivisionByZero: an integer / or % by zero.
	DivisionByZero Property = "division-by-zero"
	// SignedOverflow: signed + - * ++ -- unary - and compound assignments
	// whose result does not fit the type the operation is done in (after
	// promotions); INT_MIN / -1 and INT_MIN % -1.
	SignedOverflow Property = "signed-overflow"
	// NullDereference: reading or writing through a null pointer.
	NullDereference Property = "null-dereference"
	// Shift: a shift count that is negative or not below the width of
	// the promoted left operand, or a signed left shift of a negative
	// value or into or past the sign bit.
	Shift Property = "shift"
)
