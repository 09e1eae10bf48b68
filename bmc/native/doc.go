// Package native is surety's own bounded model checker for the C that
// VIVERRA's synthesis asks for (fixed-size arrays, bounded loops, small
// functions, stdin/stdout) and for SV-COMP tasks. It registers itself as
// the bmc checker "native" and needs only z3 or cvc5 (and gcc to confirm
// counterexamples).
//
// # How a query is decided
//
//  1. Translation (once per program and bound k, cached by source hash and
//     shared by every query on the program; the variants of a variant
//     schema, bmc.Switch, share one parse and are each executed with the
//     switch a constant). tree-sitter parses the C; the
//     converter builds a typed tree with every implicit conversion explicit
//     (promotions, usual arithmetic conversions, array decay). Symbolic
//     execution from main then produces one SMT-LIB formula: each value is
//     a term, each assignment a define-fun (SSA), each branch forks the
//     state and joins it again with ite terms over the branch guards.
//     Loops are unwound k times, calls inlined, recursion cut at depth k.
//  2. Assertions. Every assertion statement a_i becomes, where it is
//     executed under guard g with condition c, a violation term g ∧ ¬c,
//     and the guard after it becomes g ∧ (sel_i ⇒ c), with sel_i a Boolean
//     selector. A query asserts sel_j for each assumed assertion, ¬sel_j for
//     every other, and the disjunction of the target's violation terms. So
//     the one formula answers Definition 5's Asm(P, S) for every S: an
//     assumed assertion cuts the paths that fail it, a removed one does
//     nothing, and the target is checked on all its executions.
//  3. unsat: VERIFIED — no execution that takes every loop's back edge at
//     most k times (and recurses at most k deep) violates the target.
//     sat: the model gives the inputs; the program, rendered for the query,
//     is compiled with gcc next to a generated harness (the nondet
//     functions return the model's values in order; stdin gets the text
//     rebuilt from the model's scanf/getchar/fgets results; with
//     Options.MallocMayFail a shim makes the chosen malloc and calloc
//     calls fail; nothing else is replaced: rand, time and the rest are
//     the C library's own) and run. Only when the target assertion fails
//     in that real run is the answer FALSIFIED (Result.Replayed);
//     otherwise UNKNOWN, saying why.
//
// # Semantics
//
// Integers are bit-vectors with LP64 widths (char 8 and signed, short 16,
// int 32, long and long long 64, _Bool 8 holding 0 or 1); operators follow
// C's promotions and conversions; / and % truncate toward zero (bvsdiv and
// bvsrem agree with C); >> of a signed value is arithmetic (as gcc does);
// signed overflow wraps. float and double are IEEE binary32/binary64 in
// SMT floating point with round-to-nearest-even; conversions to integers
// truncate; <math.h>'s classification macros and quiet comparisons
// (isnan, fpclassify, isgreater, isunordered, ...) are exact. Check does not report undefined behaviour: division by zero,
// an oversized shift, an out-of-bounds or null access give an
// unconstrained value, which over-approximates what gcc does on the same
// input (a division by zero stops a real run; a shift by 33 is 2 on x86).
// An out-of-bounds or dangling access cannot reach another object in the
// model as it can in a real run: answers that depend on that say so (see
// Assumptions). Safety reports undefined behaviour (below).
//
// Memory is a set of objects (each variable instance whose address is
// taken or that is an array or struct, each string literal, each
// allocation). An object is a sequence of cells, one per scalar, in
// declaration order (a struct's fields, an array's elements, nested), and
// it keeps one SMT array from 40-bit cell index to value per cell sort
// (objects of at most 64 cells of a known type are kept as one term per
// cell instead, so that their formulas stay in pure bit-vector logic). A
// pointer is a 64-bit vector: 24 bits of object number, 40 bits of cell
// offset; pointer arithmetic moves the offset by the pointee's cell count.
// Objects never alias each other, so the model is exact for programs that
// do not reinterpret memory; casts between pointers to different cell
// types are refused as unsupported. A bit-field has a cell of its
// declared type that holds a value of its width (gcc's packing gives
// sizeof and the members' bytes; its address is refused). A union keeps
// the cells of one member, and every member the program names must
// overlay them cell for cell, same sort at the same byte: a union of a
// pointer and a double used only as a pointer is exact, one whose int is
// read back as a float is refused, naming both members. Scalar locals whose address is never
// taken are plain SSA values. malloc and calloc succeed (Options.
// MallocMayFail lets each return NULL); an allocation accessed as two
// element types reads any value from then on, since the model's cells of
// one type share no bytes with the other's; free makes the block's
// contents unconstrained. Pointers into two different objects may be
// equal (one past the end of one array is the start of the next) when
// either is past its object's start, and their order and difference are
// the memory layout's: the model gives any value there.
//
// Function pointers are pointers to an object of no cells that stands
// for the function, one per function whose address the program takes
// (f or &f as a value): they are stored, copied, compared (with NULL and
// with each other) and held in variables, parameters, arrays and struct
// members like any pointer, typedef'd types included. A call through one
// is a case split over the candidates, the address-taken functions of
// its signature (the kind and width of the return type and of each
// parameter, every pointer alike: the only function pointer conversions
// accepted are to the same type, to _Bool and from NULL, so these
// candidates include every function the pointer can hold); each is
// inlined under the guard that the pointer holds its address. Where it
// holds none of them the path ends: NULL is a SIGSEGV in a real run, and
// any other value (an uninitialised pointer) is undefined behaviour that
// the model assumes away, listed (see Assumptions) where the query
// allows a call through such a value (one more solver check, as for
// accesses out of bounds). A conversion between function
// pointers of two signatures, or through void*, a function without a
// body used as a value, and a callee computed by a call are refused.
// Safety checks a call through a pointer as a null-dereference site; a
// real call through NULL stays UNKNOWN (ASan's SEGV at pc 0 names no line
// of the program). k-induction does not induct a loop that calls through
// a pointer.
//
// qsort and bsearch call the comparator. bsearch is glibc's loop
// (l = 0, u = n; compare with the element at (l+u)/2; left on < 0, right
// on > 0, found on 0), unrolled as far as the array's size can need
// (log2 of its elements, plus one; K+1 where the size is not known), so
// any comparator is modelled exactly. qsort's order of comparisons is
// the library's own, so its model leaves the first n elements any
// permutation of themselves, sorted by the comparator where the
// comparator is a consistent order on them (antisymmetric signs,
// transitive <=, asked of every pair and triple): what any sorting
// algorithm gives. It asks the comparator about every pair, so the
// comparator must be pure (it writes only its locals, reads no input,
// compares or subtracts no pointers, asserts and assumes nothing); another
// is refused. It sorts at most 10 elements, and at most K where n is not
// a constant: more is the model's own unwinding violation (UNKNOWN).
// Both need the array's element type from the argument's static type,
// and the size argument equal to its size.
//
// C leaves the order of evaluation of most operands and of a call's
// arguments open. The engine evaluates operands left to right and
// arguments right to left, as gcc does on x86-64 (so that nondet values
// are consumed in the order of a real run), and refuses a program where
// the order could change a value: one operand may write a variable, the
// memory or the position in stdin that another reads or writes, given
// what each called function may write (internal/ctree/order.go).
//
// The solver is a portfolio of two of cvc5, Bitwuzla and z3 (the first
// definitive answer wins; contradicting answers are an error, never a
// verdict). cvc5 starts alone and answers most checks within a second; it
// runs warm: one process holds a program's formula and answers each of
// its checks as push, assert, check, pop (sessions.go). A bit-vector
// check still open after a second is handed to Bitwuzla, in a process per
// check, and cvc5 is stopped (smt.Relay): Bitwuzla decides in seconds the
// hard bit-vector checks of SV-COMP's loop and xcsp tasks that cvc5 and
// z3 leave open, and racing both to the timeout on a check neither
// decides doubled its CPU; z3 stands in for whichever is not installed.
// A formula with floating point goes to Bitwuzla and cvc5 racing, when
// Bitwuzla's
// Python bindings are installed: z3 and cvc5 time out on the divisions
// and products of programs such as examples/c/knapsack.c
// that Bitwuzla decides in seconds. Constant folding keeps unrolled
// counters, indices and pointers literal, so most branches of bounded
// loops never reach the solver. When the unwinding check finds a loop
// cut at K whose condition folds to true on every path there (its counter
// is known, as in for (i = 0; i < 100; i++)), and which the source does
// not write as a constant (while (1)), the query is asked again of a
// second translation in which such loops run on past K as a real run
// would, up to 4096 such iterations in the whole program (CBMC unwinds
// while a loop's guard is constant). Its formula can be far harder than
// the one at K (a body of divisions over an input, run 40 times), so it
// gets a third of the time left, and only its definite answers count: a
// violation a run replays (the target fails past the bound), or a proof
// complete at every bound (Result.Proof "loops run to their end past k":
// an unwinding counterexample of another engine at K does not contest
// it). Otherwise the answer at K goes on to k-induction, whose step cases
// run loops as its base case does.
//
// Input: __VERIFIER_nondet_X, rand, getchar, scanf/fscanf(stdin) and
// fgets(stdin) give fresh values, and so does a function the program
// declares or calls without a body (any value of its type, no other
// effect). A nondet_X or __VERIFIER_nondet_X called without a
// declaration has the verifiers' type X, not gcc's implicit int: every
// gcc build of the program includes a header that declares it so
// (bmc.Program.ConventionDecls), and the answer says so; scanf's result is any of EOF, 0..n and
// only the first r conversions store; %s and fgets read any byte, NUL
// included, that ends neither the token nor the line; the end of stdin
// is sticky: after a read met it (getchar's EOF, scanf's EOF, fgets's
// NULL) every later read meets it too, as in a real run under glibc 2.28
// and later. rand returns any value in [0, RAND_MAX] whatever srand was
// given, an over-approximation of glibc's generator: a replay runs the
// real rand, so a counterexample that needs other values than glibc's
// stays UNKNOWN. atoi and strtol return an unconstrained value, strtol
// with an end pointer is refused; time returns any value and stores it
// through a non-null argument; a replay runs the real clock, so a
// counterexample that needs another time stays UNKNOWN (the truth of a
// program is what its runs do). A local declared without an
// initialiser, and an extern variable no file defines, hold any value of
// their type until assigned (CBMC's and ESBMC's reading; C leaves the
// local indeterminate and does not link the extern): the counterexample
// lists the values its run reads, the replay gives them through an
// initialiser it adds to the declaration (bmc.InitUninit), and the
// FALSIFIED says so (bmc.UninitReads). div, ldiv and lldiv return
// C's quotient and remainder. Output functions (printf, fprintf, puts,
// putchar, fputs, putc, fputc, fflush) write none of the program's memory
// and return any value; a printf or fprintf whose format is not a string
// literal, or holds %n, is refused. String and memory functions (strlen,
// strcmp, memcmp, strcpy, strncpy with its NUL padding, memset, memcpy, memmove,
// ...) are expanded up to the object's size, or up to 64 cells when it is
// unknown; a string running past that bound is cut like a loop past k and
// counts as an unwinding violation. memmove reads every source cell
// before it writes; memcpy between ranges that may overlap (undefined)
// gives the destination any value; a constant size that is not a whole
// number of elements is refused, and a variable one gives a partly
// written element any value. <ctype.h> functions follow the C locale and
// give any value outside [-128, 255]. difftime is the exact difference
// rounded once to double; gcc's checked arithmetic (__builtin_add_overflow
// and its typed kin) computes exactly in bits enough for any product. Every other library function (the
// sprintf family, setjmp/longjmp, signal/raise, atexit, ...) and inline
// assembly are refused: UNKNOWN, "unsupported: <construct> at line N".
//
// # Control flow and GNU C
//
// A label that no goto names (SV-COMP's ERROR:) is just its statement. A
// forward goto (to a label later in the same function, out of blocks and
// loops) keeps its state, guard and all, until execution reaches the
// label, where it joins the state that falls through; a statement that
// holds an awaited label is run even when no other path reaches it. An
// else branch that jumps into its own then branch (CPAchecker's reducers
// write a branch and its join so) runs first, which makes its gotos
// forward ones. A backward goto is a loop: from its label to the end of
// the innermost block holding the label and every goto back to it, the
// statements become the body of a `while (1)`, each goto back a continue
// where the label starts that block's statement, and otherwise a flag
// that says which label the next round enters, with a forward goto to the
// body's end (a goto out of a loop, into the other branch of an if). The
// loop has no source range, so the bound's replay cannot count its
// rounds: an unwinding counterexample is then run without counters, and
// a run that fails the target is its FALSIFIED. A goto into a loop (whose
// replay counter it would skip, or a backward one to a label inside a
// loop), past a declaration into its scope, to a label in a switch body,
// or in a statement expression is refused, and so is a goto whose label
// the execution never reaches (a branch that constant folding skipped),
// at the function's end. A GNU statement expression ({ ...; e; }) runs its
// statements in its own scope and has e's value (void when the last
// statement is not an expression); a return, break, continue or goto out
// of one is refused. A case range (case lo ... hi:) takes every value of
// the switch's type from lo to hi. __extension__ is dropped; __func__, __FUNCTION__ and
// __PRETTY_FUNCTION__ are the enclosing function's name. A function whose
// body uses a construct the engine refuses makes the program unsupported
// only where a call of it is executed (under a guard that is not
// constant false): a program that never calls it is decided. main's
// pointer parameters (argv, envp) are ignored when the program never uses
// them; argc is any value of at least 1.
//
// # The program's own functions
//
// A function the program defines runs its own body wherever it is
// called, even when the engine models its name: reach_error,
// __VERIFIER_error, __VERIFIER_assume, assume, __VERIFIER_nondet_X,
// rand, getchar, atoi, time, ... A call before the definition is
// converted by the prototype before it (the definition must agree with
// it). The replay harness then leaves the name alone. The exceptions are
// the C library functions gcc knows as built-ins (abs, strlen, memcpy,
// malloc, printf, isdigit, sqrt, ...): gcc may evaluate a call itself
// (abs(-3), strlen("abc")), replace one by another (printf("x\n") by
// puts) or call one where the source does not (memcpy for a struct copy),
// whatever body the program gives, so a program that defines one is
// refused. A call statement of reach_error() or __VERIFIER_error() is
// SV-COMP's assertion assert(0) (bmc.ParseProgram); where the query
// neither targets nor assumes it, the program's own body runs, as in the
// rendered query, and without one the call does nothing. C's assert
// where bmc sees no assertion (inside reach_error's body) aborts the run
// when it fails.
//
// # Code outside main, and assert changed
//
// The engine starts at main and checks each assertion's predicate where
// it stands. On a program with code that runs elsewhere (a constructor or
// destructor function, a cleanup or ifunc attribute, a handler registered
// with atexit, on_exit or at_quick_exit) no VERIFIED stands: the answer
// is UNKNOWN, naming the construct and its line, and a FALSIFIED, a run
// of the program as compiled, stays. On a program whose assert the
// program changes (NDEBUG before <assert.h>, in the file or by -D; assert
// defined to check nothing, or to a macro of its own; #undef assert) no
// FALSIFIED of an assertion stands: the replay checks the predicate, the
// program as compiled does not, or checks it its own way. Where asserts
// are compiled out, a VERIFIED stays, listing the assumption that the
// answer is of the predicate, and carrying the hazard; where assert is
// the program's own, it is UNKNOWN. Safety refuses both kinds of program
// (an error naming the construct and its line): code outside main has
// sites no claim covers, and Safety assumes assertions stop a run.
// bmc.Prescan finds these constructs (screen.go). qsort's and bsearch's
// callbacks are modelled, not refused.
//
// # Assumptions
//
// Where the model cannot follow a real run, and an answer may depend on
// it, the translation records a modelling assumption, and every VERIFIED
// answer lists those of its program in words (bmc.Result.Assumptions,
// sorted; Claim.Assumptions for Safety): "malloc never fails" when the
// program calls malloc or calloc (unless Options.MallocMayFail); memory
// accesses stay within live objects, when an access may leave its
// object (for an object of known size, one more solver check under the
// query's assumptions says whether any can; an allocation's size is not
// known, so its accesses always count), when one goes through a pointer
// to a returned call's local, or when a library function may run past an
// object; memory is not used after it is freed, when the program calls
// free; rand's range, when it calls rand; the sticky end of stdin, when
// it reads stdin; a call through a function pointer calls a function
// whose address the program takes, or NULL, when the pointer may hold
// another value. A FALSIFIED answer rests on a real run and lists none.
//
// # Safety properties
//
// Checker.Safety checks undefined behaviour instead of assertions. A
// check site is one operation of the source: an integer / or % (property
// division-by-zero; INT_MIN / -1 and INT_MIN % -1 are signed-overflow),
// a signed + - * unary -, ++, -- or compound assignment in the type C
// computes it in after promotions (signed-overflow: char and short
// arithmetic is done in int and does not overflow; unsigned arithmetic
// never does), a shift (shift: a count that is negative or not below the
// promoted left operand's width, a signed left shift of a negative value
// or into the sign bit), a subscript of an array (array-bounds: the index
// outside [0, len) per dimension; &a[len] is a legal address), and every
// read or write through a pointer (array-bounds: cells outside the
// object; null-dereference: the object is NULL, checked when the program
// dereferences a pointer, not an array).
//
// Translation (its own, cached under its own key, with the same
// semantics as Check's) records for each execution of a site under guard
// g a violation term g ∧ bad; the executions of one site (loop
// iterations, inlined calls) are one claim, their disjunction. The
// program runs as written, every assertion assumed, and, as a sanitized
// run does, stops at the first violation: later sites are checked on the
// executions that get past the earlier ones. The open claims are first
// asked together (unsat proves them all); a model names a violated site,
// which is decided alone. unsat: VERIFIED, k-bounded like every fact
// here; one more check over the whole program (can any loop or recursion
// run past k?) marks the VERIFIED claims BoundComplete when none can.
// sat: the program is compiled with gcc -fsanitize=address,undefined
// -fno-sanitize-recover=all next to the replay harness and run on the
// model's input; only when the first sanitizer report is of the claim's
// kind at the claim's line (and, when another site of that kind shares
// the line, at the claim's columns, where the report gives a column) is
// it FALSIFIED, otherwise UNKNOWN saying why. gcc folds some expressions
// before instrumenting them (x + 1 > x), and then a real violation stays
// UNKNOWN.
// Sites the bounded executions never reach have no claim; sites whose
// every execution constant folding decides are VERIFIED without a solver.
//
// Not checked: library functions' own accesses (strcpy, memcpy, scanf
// into a buffer), abs(INT_MIN), float-to-integer conversions out of
// range, pointer arithmetic that leaves an object without a dereference,
// uses of dead locals. An allocation of n bytes (malloc, calloc) read or
// written as elements of type T holds n / sizeof(T) of them; one accessed
// as elements of different types is never VERIFIED (UNKNOWN), though a
// real overflow is still found and replayed. Pointer offsets are 40-bit
// cell counts, so an index that is a multiple of 2^40 cells past an
// array's start is not told apart from its start in the pointer check
// (the per-dimension subscript check sees the full 64-bit index).
//
// # Soundness
//
// VERIFIED is claimed only from unsat, and the formula over-approximates
// every k-bounded execution of the query's program (compiled by gcc for
// x86-64 at -O0, with glibc) that its listed assumptions allow: each
// construct is either modelled exactly, over-approximated by a fresh
// value, assumed away and then listed (Assumptions), or refused
// ("unsupported: <construct> at line N", an UNKNOWN). FALSIFIED is
// claimed only after a real run under gcc fails the target, so a wrong
// model can cost a verdict but never produce a wrong one. The soundness
// probes of the engines' conformance kit (bmc/bmctest, run by
// TestConformance) probe library functions and reserved names, each with
// its truth settled under gcc. With
// Query.UnwindingAssertions a second check asks whether any loop,
// recursion or bounded library expansion can exceed its bound; unsat gives
// BoundComplete. Sat gives FALSIFIED, as ESBMC and CBMC report a failed
// unwinding assertion, only once a real run shows it: the program is
// compiled with a counter on every loop and function (unwind.go) and run
// on the model's input until a counter passes k. A library model's own
// bound, or a model that does not replay, gives UNKNOWN ("unwinding
// assertion violated: ..."). The same input is then run without counters
// (every input past the model's being 0): a run that fails the target is
// the target's violation past the bound, FALSIFIED without Result.Unwound,
// and bmc makes the fact FALSIFIED rather than bounded (a recursion a
// hundred calls deep reaching reach_error, found at k=5).
//
// Before that, a bound that main's top loops exceed is closed by
// k-induction where it can be (kinduct.go; the step case's execution in
// internal/symex/induct.go; Options.NoInduction): for each loop of main not inside another loop, a step case havocs what the loop
// writes at its head, assumes the target for K iterations that continue,
// and checks the next iteration and what follows the loop; earlier top
// loops are skipped to any state they can leave, later ones run K-bounded.
// Base case and every step case unsat, with every other bound complete,
// give VERIFIED with BoundComplete and Result.Induction = K. A loop whose
// writes cannot be havocked soundly (through a pointer, a pointer itself,
// a library call with state) is not inducted, and the reason says so. The
// probes of testdata/induction (TestInduction) fail only beyond their
// bound, where only a wrong step case would prove them. The step case
// assumes at the havocked head the candidate invariants that Houdini's
// fixpoint keeps (candidates in internal/symex/invariant.go, the fixpoint
// in kinduct.go): relations of the loop's integer variables that hold at
// its entry and that one iteration preserves. Besides the templates, the
// loop's exit gives candidates (internal/symex/postcands.go): the bound
// its counter reaches (i <= n + 1 for i <= n) and main's assertions with
// the condition's other side at its exit value in the counter's terms
// (2*sum == n*(n + 1) becomes 2*sum == (i - 1)*i), through the copies a
// program makes of a predicate (the reducers' __VERIFIER_assert__cond).
// Those C can state are reported (Result.Invariants) for correctness
// witnesses.
// A step case that a model refutes, of a loop with signed arithmetic, is
// asked once more assuming that no signed operation overflows
// (Induction.NoOverflow): C leaves overflow undefined, so the proof then
// covers every run up to its first overflow, and the answer lists that
// assumption. The base case still models gcc's wraparound, so a failure
// that an early overflow causes is found there (and the runs under the
// sanitizers flag the overflow); what the assumption buys are the linear
// invariants (x >= y while x grows by y) that a havocked head near
// INT_MAX would break.
//
// A recursion is summarised before it is inlined (summarize.go; the
// step cases and the calls in internal/symex/summary.go): a function
// that changes nothing but its result (integer parameters and result, no
// global, memory, input or assertion) gets candidate summaries, relations
// of its result with its parameters and the constants of its body and
// main's (equal to a parameter, a sum, an affine form, a parity, bounded,
// piecewise, guarded by the parameters' signs). Houdini keeps those that
// each activation establishes when its own calls return as the kept ones
// say; by induction on the height of a call's execution, every call that
// returns satisfies them. main is then checked with each call replaced by
// a fresh result they constrain: unsat, with main's own bounds complete,
// is VERIFIED for every execution (confirmed by a second solver as
// below); sat is FALSIFIED only when its input makes a real run under gcc
// fail the target, the recursion run to its full depth. This decides the
// recursions deeper than any bound (id(x) == x a hundred calls deep,
// McCarthy's 91, gcd, mutual parity) that inlining cuts or makes too
// large. Summaries take at most half of a check's time; NoInduction turns
// them off. The probes of testdata/summary (TestSummaries) and generated
// recursions whose truth gcc settles (TestSummariesGenerated) check them.
//
// A program that reads no input (no nondet value, no function without a
// body, no uninitialised read, no library call whose result depends on
// more than its arguments, main's parameters unused; symex.InputFree) has
// one execution. Where the formula cannot decide its target (a bound no
// induction or summary closes, a formula too large, a solver that gives
// up), that execution, run under gcc with UBSan and valgrind's memcheck,
// can (onerun.go): ended without failing the target, without undefined
// behaviour UBSan checks and without a branch or output that an
// uninitialised value decides (the model gives such a value any value),
// it is VERIFIED for every execution, listing that the run decided it
// (Result.Proof "one run"); a run
// that fails the target is left to the unwinding check's replay, which
// says how deep; one that does not end in the replay's time decides
// nothing (TestOneRun, TestOneRunGenerated).
//
// A complete bound claims every execution, so one solver's unsat answers
// are not evidence enough for it: each answer it rests on (the violation
// check at K, then the unwinding check, or k-induction's inner bounds,
// Houdini's two fixpoint checks and the step cases) is asked again of an
// installed solver that did not give it (confirm.go; z3 first, Bitwuzla
// for floating point). A contradiction, or a step the second solver
// cannot decide in the time left, leaves the answer VERIFIED up to K only
// and says why; with Options.Solver or a single solver installed, the
// answer lists the assumption "the proof was checked by one solver".
//
// Panics are recovered into UNKNOWN. Checker.Version names the build
// (buildid.Self) and the options that change answers, so that a cache
// never serves an answer another build gave.
//
// # Layout
//
// Three packages, one way: bmc/native -> internal/symex -> internal/ctree.
//
//   - internal/ctree converts C to the typed tree (tree-sitter parse, types,
//     explicit conversions, constant folding, the evaluation-order check).
//   - internal/symex executes the tree symbolically into one SMT-LIB
//     script (Translate): the state and its merges (state.go), memory and
//     pointers (memory.go), allocation and bounds (heap.go), expressions
//     (eval.go), statements (exec.go), loops and unwinding sites
//     (loop.go), calls (calls.go) and calls through function pointers
//     (funcptr.go), the library models (libc.go, input.go, sort.go,
//     eof.go), the safety checks' recording (safetysites.go), the step
//     cases of k-induction and their candidate invariants (induct.go,
//     invariant.go), the assumptions a translation depends on (assume.go)
//     and the counterexample read back from a model (cex.go).
//   - this package holds the public API (Checker, Options, Safety and its
//     SafetyOptions, Property and Claim) and everything that talks to
//     solvers and gcc: translation caches and warm solver sessions,
//     queries, replays, unwinding checks, k-induction and Houdini
//     (kinduct.go), the safety claims.
package native
