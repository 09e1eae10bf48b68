package symex

import (
	"github.com/suretydev/surety/bmc/native/internal/ctree"
	"github.com/suretydev/surety/smt"
)

// eofVar is the end-of-input flag, kept as a global register (0 or 1):
// once a read of stdin has met the end of input, every later read meets
// it too, as in a real run. Without it a model could read past the end,
// and its counterexample would not replay.
var eofVar = &ctree.Var{Name: "<end of stdin>", T: ctree.TInt, Global: true}

// atEOF returns the flag as a Bool term; run sets it to 0 first. Every
// read of stdin asks it, so the translation depends on asmStickyEOF.
func (x *sym) atEOF(s *state) smt.Term {
	x.note(asmStickyEOF)
	return truth(s.regs[vkey{0, eofVar}])
}

// setEOF sets the flag to the Bool term b.
func (x *sym) setEOF(s *state, b smt.Term) {
	s.regs[vkey{0, eofVar}] = boolVal(x.def(smt.BoolSort, b))
}
