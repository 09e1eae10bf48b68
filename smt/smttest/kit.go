package smttest

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/smt"
)

// Options control TestSolver. The zero value is valid and a nil pointer
// means the defaults; TestSolver does not change it.
type Options struct {
	// Unsupported names the logics (QF_BV, QF_LIA, QF_ABV, QF_FP) the
	// solver does not decide, each with the reason. Their cases are still
	// asked, and a wrong sat or unsat fails the test, but an unknown or an
	// error does not: the subtest is skipped with the reason. A name that
	// is none of Logics fails the test. Nil means every logic is decided.
	Unsupported map[string]string
	// Timeout is the limit given with the hard instance; 0 means 200ms.
	Timeout time.Duration
	// Grace is how long past Timeout the answer to the hard instance may
	// come, and how long after its context is cancelled a Check may take
	// to return; 0 means 5s.
	Grace time.Duration
	// Concurrent is how many checks the concurrency test runs at once; 0
	// means 8.
	Concurrent int
}

func (o *Options) timeout() time.Duration {
	if o.Timeout > 0 {
		return o.Timeout
	}
	return 200 * time.Millisecond
}

func (o *Options) grace() time.Duration {
	if o.Grace > 0 {
		return o.Grace
	}
	return 5 * time.Second
}

// TestSolver holds s to what surety relies on of a solver, in subtests:
// "cases" (every Case, in parallel, with the model of each sat answer
// checked in Go, substituted back into the script and, where the case
// says so, every model enumerated), "timeout" (a hard instance under a
// tiny limit), "cancel" (a cancelled context) and "concurrent" (checks at
// once from many goroutines). See the package documentation for what
// fails. It skips when s is a smt.Prober that cannot run here, naming
// the solver. The process checks count the children of internal/proc
// and of this process, so no other test may run solvers at the same
// time: do not call it from a parallel test.
func TestSolver(t *testing.T, s smt.Solver, opts *Options) {
	t.Helper()
	if opts == nil {
		opts = &Options{}
	}
	if p, ok := s.(smt.Prober); ok {
		if err := p.Available(); err != nil {
			t.Skipf("%s cannot run here: %v", s.Name(), err)
		}
	}
	for l := range opts.Unsupported {
		if !slices.Contains(Logics, l) {
			t.Errorf("Options.Unsupported names %q, which is none of %v", l, Logics)
		}
	}
	all := Cases()
	t.Run("cases", func(t *testing.T) {
		for _, c := range all {
			t.Run(c.Name, func(t *testing.T) {
				t.Parallel()
				runCase(t, s, c, opts)
			})
		}
	})
	t.Run("timeout", func(t *testing.T) {
		if why, ok := opts.Unsupported[QF_BV]; ok {
			t.Skip(why)
		}
		testTimeout(t, s, opts)
	})
	t.Run("cancel", func(t *testing.T) {
		if why, ok := opts.Unsupported[QF_BV]; ok {
			t.Skip(why)
		}
		testCancel(t, s, opts)
	})
	t.Run("concurrent", func(t *testing.T) {
		var supported []*Case
		for _, c := range all {
			if _, ok := opts.Unsupported[c.Logic]; !ok {
				supported = append(supported, c)
			}
		}
		if len(supported) == 0 {
			t.Skip("no logic is supported")
		}
		testConcurrent(t, s, supported, opts)
	})
}

// check asks s q under a guard deadline and says what is wrong with the
// reply's form: a nil result, a sat answer without every value, or a
// model with another answer.
func check(ctx context.Context, s smt.Solver, q *smt.Query) (*smt.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	r, err := s.Check(ctx, q)
	switch {
	case err != nil:
		return nil, err
	case r == nil:
		return nil, errors.New("no result and no error")
	case r.Status == smt.Sat:
		for _, v := range q.Values {
			if _, ok := r.Model[v]; !ok {
				return r, fmt.Errorf("sat with no value of %s in the model %v", v, texts(r.Model))
			}
		}
	case len(r.Model) > 0:
		return r, fmt.Errorf("%s with a model %v", r.Status, texts(r.Model))
	}
	return r, nil
}

func texts(m map[string]smt.Value) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(k + " = " + m[k].Text)
	}
	return "{" + b.String() + "}"
}

// judge says what is wrong with r, an answer to c's own query: "" when
// nothing is. An unknown is judged by the caller.
func judge(c *Case, r *smt.Result) string {
	switch {
	case r.Status == smt.Sat && c.Want == smt.Unsat:
		return fmt.Sprintf("WRONG: sat, with model %v, of a script that is unsat (%s)", texts(r.Model), c.Why)
	case r.Status == smt.Unsat && c.Want == smt.Sat:
		return fmt.Sprintf("WRONG: unsat of a script that is sat (%s)", c.Why)
	case r.Status == smt.Sat && c.Holds != nil:
		if err := c.Holds(r.Model); err != nil {
			return fmt.Sprintf("WRONG: sat with a model that does not satisfy the script: %v (model %v)", err, texts(r.Model))
		}
	}
	return ""
}

func runCase(t *testing.T, s smt.Solver, c *Case, opts *Options) {
	ctx := context.Background()
	q := &smt.Query{Script: c.Script, Values: c.Values}
	r, err := check(ctx, s, q)
	if why, ok := opts.Unsupported[c.Logic]; ok {
		if r != nil && r.Status.Definitive() {
			if w := judge(c, r); w != "" {
				t.Errorf("%s, in a logic declared unsupported", w)
			}
		}
		t.Skipf("%s: %s", c.Logic, why)
	}
	if err != nil {
		t.Fatalf("Check failed: %v; want %s (%s)\nscript:\n%s", err, c.Want, c.Why, c.Script)
	}
	if !r.Status.Definitive() {
		t.Fatalf("unknown (%s) of an easy %s script that is %s (%s); a solver that does not decide %s says so in Options.Unsupported\nscript:\n%s",
			r.Reason, c.Logic, c.Want, c.Why, c.Logic, c.Script)
	}
	if w := judge(c, r); w != "" {
		t.Fatalf("%s\nscript:\n%s", w, c.Script)
	}
	if r.Status != smt.Sat {
		return
	}
	substitute(t, s, c, r)
	if c.Solutions > 0 {
		enumerate(t, s, c, r)
	}
}

// substitute asks s again with every value of r asserted equal to its
// term: the solver must read its own values back and find them
// consistent.
func substitute(t *testing.T, s smt.Solver, c *Case, r *smt.Result) {
	var b strings.Builder
	b.WriteString(c.Script)
	for _, v := range c.Values {
		if strings.HasPrefix(r.Model[v].Sort, "(Array") {
			continue
		}
		fmt.Fprintf(&b, "(assert (= %s %s))\n", v, r.Model[v].Text)
	}
	r2, err := check(context.Background(), s, &smt.Query{Script: b.String(), Values: c.Values})
	switch {
	case err != nil:
		t.Errorf("its model substituted back: Check failed: %v\nscript:\n%s", err, b.String())
	case r2.Status != smt.Sat:
		t.Errorf("WRONG: its model %v substituted back: %s (%s), want sat\nscript:\n%s", texts(r.Model), r2.Status, r2.Reason, b.String())
	}
}

// enumerate asks s for every model of c in turn, each found one blocked,
// and checks that there are exactly c.Solutions, each satisfying c.
func enumerate(t *testing.T, s smt.Solver, c *Case, first *smt.Result) {
	var b strings.Builder
	b.WriteString(c.Script)
	seen := map[string]bool{}
	r := first
	for n := 1; ; n++ {
		key := texts(r.Model)
		if seen[key] {
			t.Fatalf("WRONG: model %d, %s, was found before, though blocked\nscript:\n%s", n, key, b.String())
		}
		seen[key] = true
		eqs := make([]string, len(c.Values))
		for i, v := range c.Values {
			eqs[i] = "(= " + v + " " + r.Model[v].Text + ")"
		}
		model := eqs[0]
		if len(eqs) > 1 { // SMT-LIB's and takes two or more
			model = "(and " + strings.Join(eqs, " ") + ")"
		}
		fmt.Fprintf(&b, "(assert (not %s))\n", model)
		var err error
		r, err = check(context.Background(), s, &smt.Query{Script: b.String(), Values: c.Values})
		if err != nil {
			t.Fatalf("with %d models blocked: Check failed: %v\nscript:\n%s", n, err, b.String())
		}
		switch {
		case r.Status == smt.Unsat && n == c.Solutions:
			return
		case r.Status == smt.Unsat:
			t.Fatalf("WRONG: unsat with %d models blocked, but it has %d (%s)\nscript:\n%s", n, c.Solutions, c.Why, b.String())
		case r.Status == smt.Sat && n == c.Solutions:
			t.Fatalf("WRONG: sat with all %d models blocked (%s): model %v\nscript:\n%s", n, c.Why, texts(r.Model), b.String())
		case r.Status == smt.Sat:
			if err := c.Holds(r.Model); err != nil {
				t.Fatalf("WRONG: model %d does not satisfy the script: %v\nscript:\n%s", n+1, err, b.String())
			}
		default:
			t.Fatalf("unknown (%s) with %d of %d models blocked\nscript:\n%s", r.Reason, n, c.Solutions, b.String())
		}
	}
}

// The hard instance: factor a product of two 32-bit primes in 128-bit
// arithmetic (nothing overflows), so that the only models are the two
// primes. Solvers take minutes on it (z3, cvc5 and boolector give up
// after 20s).
var hard = func() struct {
	p, q, n *big.Int
	script  string
} {
	// Factors far apart and far from the bound: primes next to 2^32
	// give local search too much of a hint (boolector took 10ms).
	p, q := prime(1<<32*5/7), prime(1<<32*8/9)
	n := new(big.Int).Mul(p, q)
	h := fmt.Sprintf("#x%032x", n)
	lim := fmt.Sprintf("#x%032x", new(big.Int).Lsh(big.NewInt(1), 32))
	script := fmt.Sprintf(`(declare-const x (_ BitVec 128))
(declare-const y (_ BitVec 128))
(assert (bvult x %s))
(assert (bvult y %s))
(assert (bvugt x #x00000000000000000000000000000001))
(assert (bvugt y #x00000000000000000000000000000001))
(assert (= (bvmul x y) %s))
`, lim, lim, h)
	return struct {
		p, q, n *big.Int
		script  string
	}{p, q, n, script}
}()

// prime is the largest prime at most n.
func prime(n int64) *big.Int {
	for ; ; n-- {
		if p := big.NewInt(n); p.ProbablyPrime(20) {
			return p
		}
	}
}

// judgeHard says what is wrong with a definitive answer to the hard
// instance.
func judgeHard(r *smt.Result) string {
	if r.Status == smt.Unsat {
		return fmt.Sprintf("WRONG: unsat of x*y = %v, which is %v * %v", hard.n, hard.p, hard.q)
	}
	x, err1 := bvValue(r.Model, "x", 128)
	y, err2 := bvValue(r.Model, "y", 128)
	if err := errors.Join(err1, err2); err != nil {
		return "WRONG: sat with a model that does not say: " + err.Error()
	}
	if new(big.Int).Mul(x, y).Cmp(hard.n) != 0 || x.Cmp(big.NewInt(1)) <= 0 || y.Cmp(big.NewInt(1)) <= 0 {
		return fmt.Sprintf("WRONG: sat with x = %v, y = %v, which are no factors of %v", x, y, hard.n)
	}
	return ""
}

func testTimeout(t *testing.T, s smt.Solver, opts *Options) {
	before := len(children())
	limit := opts.timeout()
	q := &smt.Query{Script: hard.script, Values: []string{"x", "y"}, Timeout: limit}
	start := time.Now()
	r, err := check(context.Background(), s, q)
	d := time.Since(start)
	if err != nil {
		t.Fatalf("the hard instance with a %v limit: Check failed: %v; a timeout is the answer unknown, not an error", limit, err)
	}
	if d > limit+opts.grace() {
		t.Errorf("the hard instance with a %v limit took %v, more than the limit and a grace of %v", limit, d, opts.grace())
	}
	switch {
	case r.Status.Definitive():
		if w := judgeHard(r); w != "" {
			t.Errorf("the hard instance with a %v limit: %s", limit, w)
		} else {
			t.Logf("the hard instance with a %v limit: %s, correctly, in %v", limit, r.Status, d)
		}
	case r.Reason != "timeout":
		t.Errorf("the hard instance with a %v limit: unknown with reason %q after %v, want reason \"timeout\"", limit, r.Reason, d)
	}
	settle(t, "after the timed-out check", before)
}

func testCancel(t *testing.T, s smt.Solver, opts *Options) {
	before := len(children())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type answer struct {
		r   *smt.Result
		err error
	}
	done := make(chan answer, 1)
	go func() {
		r, err := s.Check(ctx, &smt.Query{Script: hard.script, Values: []string{"x", "y"}})
		done <- answer{r, err}
	}()
	// Wait until a solver process runs, for at most a second.
	for start := time.Now(); time.Since(start) < time.Second; time.Sleep(10 * time.Millisecond) {
		if proc.Running() > 0 || len(children()) > before {
			break
		}
	}
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	cancel()
	var a answer
	select {
	case a = <-done:
	case <-time.After(opts.grace()):
		t.Fatalf("Check had not returned %v after its context was cancelled", opts.grace())
	}
	switch {
	case a.err == nil && a.r != nil && a.r.Status.Definitive():
		if w := judgeHard(a.r); w != "" {
			t.Errorf("the hard instance, without a limit: %s", w)
		}
		t.Logf("answered %s before the cancellation, after %v", a.r.Status, time.Since(start))
	case !errors.Is(a.err, context.Canceled):
		t.Errorf("Check after its context was cancelled = %v, %v; want an error matching context.Canceled", a.r, a.err)
	}
	settle(t, "after the cancelled check", before)
}

// settle fails t unless, within a second, no process started by
// internal/proc runs and this process has at most n children.
func settle(t *testing.T, when string, n int) {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for {
		running, kids := proc.Running(), children()
		if running == 0 && len(kids) <= n {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("%s: %d processes of internal/proc still run, and this process has children %v", when, running, kids)
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// children lists the live child processes of this process ("pid name"),
// from /proc; nil where there is none.
func children() []string {
	self := strconv.Itoa(os.Getpid())
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var out []string
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		fields := strings.Fields(s[i+1:])
		if len(fields) < 2 || fields[1] != self || fields[0] == "Z" {
			continue
		}
		out = append(out, strings.TrimSpace(s[:i+1]))
	}
	return out
}

func testConcurrent(t *testing.T, s smt.Solver, cs []*Case, opts *Options) {
	n := opts.Concurrent
	if n <= 0 {
		n = 8
	}
	before := len(children())
	var wg sync.WaitGroup
	var mu sync.Mutex
	var wrong []string
	for i := range n {
		c := cs[(i*7)%len(cs)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := check(context.Background(), s, &smt.Query{Script: c.Script, Values: c.Values})
			var w string
			switch {
			case err != nil:
				w = "Check failed: " + err.Error()
			case !r.Status.Definitive():
				w = fmt.Sprintf("unknown (%s), want %s", r.Reason, c.Want)
			default:
				w = judge(c, r)
			}
			if w != "" {
				mu.Lock()
				wrong = append(wrong, fmt.Sprintf("%s, one of %d checks at once: %s", c.Name, n, w))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	slices.Sort(wrong)
	for _, w := range wrong {
		t.Error(w)
	}
	settle(t, "after the concurrent checks", before)
}
