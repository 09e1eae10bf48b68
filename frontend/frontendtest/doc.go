// Package frontendtest tests surety frontends the way
// golang.org/x/tools/go/analysis/analysistest tests analyzers: the expected
// model is written as "// want" comments inside the source files of a test
// case, and Run loads the case with the frontend and compares.
//
// A case is a directory testdata/src/<case>/ of source files. A comment
//
//	// want key:"value" key:"value" ...
//
// on a line states what the frontend must produce for constructs that START
// on that line (the first line of their span). Values are Go string
// literals, double-quoted or back-quoted; several expectations, of the same
// key or of different keys, may share one comment. The keys:
//
//	func:"NAME FLAG..."   a function whose QualifiedName is NAME; each FLAG
//	                      must hold: exported, unexported, entry, def
//	                      (Definition), decl (not a Definition), ghost,
//	                      kind=K, trait=T.
//	sig:"TEXT"            a function on the line has this Signature.
//	params:"N T, N T"     a function on the line has these Params, each
//	                      written "name type" (or "type" when unnamed).
//	results:"T, T"        a function on the line has these Results.
//	doc:"REGEXP"          a function on the line has a Doc matching REGEXP.
//	calls:"F -> CALLEE [FLAG...]"
//	                      a call site in function F (qualified name) whose
//	                      Callee is CALLEE as written; the optional bracketed
//	                      flags name its CallKind (direct, path, method,
//	                      indirect, macro) and "inmacro".
//	spec:"KIND: EXPR"     a spec clause of that SpecKind and expression;
//	spec:"KIND(FORM): EXPR" also checks its Form ("__VERIFIER_assume").
//	stmt:"KIND REST"      a statement of that StmtKind; REST is, by kind:
//	                      loop: "LOOPKIND COND"; if, switch: COND; case: the
//	                      label, or "default" when it has none; return,
//	                      simple, throw: the text; break, continue, goto,
//	                      label: the label. A statement carrying a Spec may
//	                      add " [spec]" at the end to require it.
//	error:"REGEXP"        a syntax error (File.Errors) starting on the line
//	                      whose message matches REGEXP.
//
// Text is compared after collapsing every run of white space to one space.
//
// What fails: every expectation with nothing to match it; for func, calls
// and spec, anything produced on a line that carries a want comment but is
// not expected there (lines without a want comment are not checked for
// those); every syntax error on a line with no error expectation matching
// it, anywhere in the case; every FileError from loading; and every
// violation of the model's invariants that Check finds (spans inside the
// file, lines and columns agreeing with the bytes, calls, specs and
// statements inside their function).
//
// FuzzParse and Seeds serve go test -fuzz targets with the same invariants.
package frontendtest
