package completetest

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/suretydev/surety/complete"
)

// Testing is the part of *testing.T that TestVerifier uses, so that the
// kit itself can be tested with a recorder.
type Testing interface {
	Helper()
	Errorf(format string, args ...any)
	Logf(format string, args ...any)
}

// Options control TestVerifier. The zero value is valid and a nil pointer
// means the defaults; TestVerifier does not change it.
type Options struct {
	// Skip names cases (see Cases) not to run, each with the reason, which
	// is logged; a name that is no case's fails the test. Nil means none.
	Skip map[string]string
	// Timeout bounds every call of the verifier; a call still running
	// then fails its case. 0 means 5 minutes.
	Timeout time.Duration
	// Grace bounds how long a call may take to return once its context is
	// cancelled; 0 means 10s.
	Grace time.Duration
}

func (o *Options) timeout() time.Duration {
	if o.Timeout > 0 {
		return o.Timeout
	}
	return 5 * time.Minute
}

func (o *Options) grace() time.Duration {
	if o.Grace > 0 {
		return o.Grace
	}
	return 10 * time.Second
}

//go:embed testdata/*.dfy
var programs embed.FS

// file returns the embedded program name as a complete.File of that name.
func file(name string) complete.File {
	b, err := programs.ReadFile(path.Join("testdata", name))
	if err != nil {
		panic("completetest: " + err.Error()) // embedded: cannot happen
	}
	return complete.File{Name: name, Content: b}
}

// A kase is one named case of the kit.
type kase struct {
	name string
	run  func(k *kit)
}

var cases = []kase{
	{"dialect", (*kit).dialect},
	{"verify", (*kit).verify},
	{"verify-all", (*kit).verifyAll},
	{"fail", (*kit).fail},
	{"unresolved", (*kit).unresolved},
	{"run", (*kit).run},
	{"run-failure", (*kit).runFailure},
	{"cancel", (*kit).cancel},
}

// Cases returns the names of the kit's cases, in the order they run.
func Cases() []string {
	var names []string
	for _, c := range cases {
		names = append(names, c.name)
	}
	return names
}

// TestVerifier runs v on every case of the kit (see the package
// documentation), one after another, and reports each answer that breaks
// complete.Verifier's contract through t.Errorf, naming the case. It logs
// v's version and dialect.
func TestVerifier(t Testing, v complete.Verifier, opts *Options) {
	t.Helper()
	if opts == nil {
		opts = &Options{}
	}
	for n := range opts.Skip {
		if !slices.Contains(Cases(), n) {
			t.Errorf("Options.Skip names %q, which is no case (cases: %s)", n, strings.Join(Cases(), ", "))
		}
	}
	t.Logf("verifier: version %q, dialect %v", v.Version(), v.Dialect())
	for _, c := range cases {
		if why, ok := opts.Skip[c.name]; ok {
			t.Logf("%s: skipped: %s", c.name, why)
			continue
		}
		c.run(&kit{t: t, v: v, opts: opts, name: c.name})
	}
}

// kit is the state of one case.
type kit struct {
	t    Testing
	v    complete.Verifier
	opts *Options
	name string // the case's
}

func (k *kit) errorf(format string, args ...any) {
	k.t.Helper()
	k.t.Errorf("%s: %s", k.name, fmt.Sprintf(format, args...))
}

// call runs f under the guard deadline and says whether it answered in
// time; it reports a call that did not.
func (k *kit) call(what string, f func(ctx context.Context) error) bool {
	k.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), k.opts.timeout())
	defer cancel()
	err := f(ctx)
	if ctx.Err() != nil {
		k.errorf("%s did not answer within %v (Options.Timeout): %v", what, k.opts.timeout(), err)
		return false
	}
	return true
}

// verification calls Verify or VerifyAll on files; it reports and returns
// nil when the call did not answer in time or gave neither a
// Verification nor an error.
func (k *kit) verification(all bool, files ...complete.File) (*complete.Verification, error) {
	k.t.Helper()
	what, do := "Verify", k.v.Verify
	if all {
		what, do = "VerifyAll", k.v.VerifyAll
	}
	what += " of " + files[0].Name
	var v *complete.Verification
	var err error
	if !k.call(what, func(ctx context.Context) error { v, err = do(ctx, files...); return err }) {
		return nil, err
	}
	if v == nil && err == nil {
		k.errorf("%s: no Verification and no error", what)
	}
	return v, err
}

// lemmas writes the lemmas of a Verification as "Name@line:status".
func lemmas(v *complete.Verification) string {
	var ls []string
	for _, l := range v.Lemmas {
		ls = append(ls, fmt.Sprintf("%s@%d:%v", l.Name, l.Line, l.Status))
	}
	return strings.Join(ls, " ")
}

func (k *kit) dialect() {
	if k.v.Version() == "" {
		k.errorf("Version is empty")
	}
	if d := k.v.Dialect(); d != complete.Legacy && d != complete.Modern {
		k.errorf("Dialect is %v, neither complete.Legacy nor complete.Modern", d)
	}
}

func (k *kit) verify() {
	v, err := k.verification(false, file("verifies.dfy"), file("wrong.dfy"))
	if v == nil || err != nil {
		if err != nil {
			k.errorf("Verify of a file that verifies: %v", err)
		}
		return
	}
	if got, want := lemmas(v), "Add@3:verified Index@8:verified"; got != want {
		k.errorf("lemmas %s, want %s\n%s", got, want, v.Output)
	}
	if !v.Clean() {
		k.errorf("the run is not Clean (Verify verifies the first file only; exit %d, finished %v, %d errors)\n%s", v.ExitCode, v.Finished, v.Errors(), v.Output)
	}
	if s := v.Status("NoSuchLemma"); s != complete.Unknown {
		k.errorf("Status of a name no lemma has is %v, want unknown", s)
	}
}

func (k *kit) verifyAll() {
	v, err := k.verification(true, file("verifies.dfy"), file("wrong.dfy"))
	if v == nil || err != nil {
		if err != nil {
			k.errorf("VerifyAll: %v", err)
		}
		return
	}
	if v.Clean() {
		k.errorf("the run is Clean, but the included wrong.dfy does not verify\n%s", v.Output)
	}
	d, ok := v.FirstError()
	if !ok || path.Base(d.File) != "wrong.dfy" || d.Line != 1 {
		k.errorf("FirstError = %v, %v; want one in wrong.dfy, line 1\n%s", d, ok, v.Output)
	}
}

func (k *kit) fail() {
	v, err := k.verification(false, file("fails.dfy"))
	if v == nil || err != nil {
		if err != nil {
			k.errorf("Verify of a file with a failing lemma: %v (a failed proof is an answer, not an error)", err)
		}
		return
	}
	if got, want := lemmas(v), "Good@1:verified Bad@2:failed"; got != want {
		k.errorf("lemmas %s, want %s\n%s", got, want, v.Output)
	}
	if v.Status("Bad") != complete.Failed {
		k.errorf("Status(Bad) = %v, want failed", v.Status("Bad"))
	}
	if v.Clean() {
		k.errorf("a run with a failed lemma is Clean\n%s", v.Output)
	}
	if d, ok := v.FirstError(); !ok || d.Line != 2 {
		k.errorf("FirstError = %v, %v; want one on line 2\n%s", d, ok, v.Output)
	}
}

func (k *kit) unresolved() {
	f := file("unresolved.dfy")
	v, err := k.verification(false, f)
	if !errors.Is(err, complete.ErrUnresolved) {
		k.errorf("Verify: err = %v, want one matching complete.ErrUnresolved", err)
	}
	if v == nil {
		k.errorf("Verify gave no Verification with its error")
	} else if !slices.ContainsFunc(v.Diagnostics, func(d complete.Diagnostic) bool { return d.Line == 1 }) {
		k.errorf("Verify: diagnostics %v, want one on line 1", v.Diagnostics)
	}
	var rerr error
	if k.call("Run of unresolved.dfy", func(ctx context.Context) error { _, rerr = k.v.Run(ctx, f); return rerr }) &&
		!errors.Is(rerr, complete.ErrUnresolved) {
		k.errorf("Run: err = %v, want one matching complete.ErrUnresolved", rerr)
	}
}

// execution calls Run on the embedded program name.
func (k *kit) execution(name string) (*complete.Execution, bool) {
	k.t.Helper()
	var ex *complete.Execution
	var err error
	if !k.call("Run of "+name, func(ctx context.Context) error { ex, err = k.v.Run(ctx, file(name)); return err }) {
		return nil, false
	}
	if err != nil || ex == nil {
		out := ""
		if ex != nil {
			out = ex.Output
		}
		k.errorf("Run of %s: %v, execution %v\n%s", name, err, ex != nil, out)
		return nil, false
	}
	return ex, true
}

func (k *kit) run() {
	ex, ok := k.execution("run.dfy")
	if !ok {
		return
	}
	if want := "out 49 [1, 2]\n"; ex.ExitCode != 0 || string(ex.Stdout) != want {
		k.errorf("exit %d, stdout %q; want 0 and %q\n%s", ex.ExitCode, ex.Stdout, want, ex.Output)
	}
}

func (k *kit) runFailure() {
	ex, ok := k.execution("crash.dfy")
	if !ok {
		return
	}
	if ex.ExitCode == 0 || !bytes.HasPrefix(ex.Stdout, []byte("first 1\n")) || bytes.Contains(ex.Stdout, []byte("second")) {
		k.errorf("exit %d, stdout %q; want a non-zero exit and %q first\n%s", ex.ExitCode, ex.Stdout, "first 1\n", ex.Output)
	}
}

func (k *kit) cancel() {
	grace := k.opts.grace()
	done, stop := context.WithCancel(context.Background())
	stop()
	calls := []struct {
		what string
		f    func(ctx context.Context) error
	}{
		{"Verify", func(ctx context.Context) error { _, err := k.v.Verify(ctx, file("fails.dfy")); return err }},
		{"VerifyAll", func(ctx context.Context) error { _, err := k.v.VerifyAll(ctx, file("fails.dfy")); return err }},
		{"Run", func(ctx context.Context) error { _, err := k.v.Run(ctx, file("run.dfy")); return err }},
	}
	for _, c := range calls {
		start := time.Now()
		err := c.f(done)
		if !errors.Is(err, context.Canceled) {
			k.errorf("%s with a cancelled context: err = %v, want one matching context.Canceled", c.what, err)
		}
		if d := time.Since(start); d > grace {
			k.errorf("%s with a cancelled context took %v (Options.Grace %v)", c.what, d.Round(time.Millisecond), grace)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const after = time.Second
	timer := time.AfterFunc(after, cancel)
	defer timer.Stop()
	start := time.Now()
	type answer struct {
		v   *complete.Verification
		err error
	}
	ch := make(chan answer, 1)
	go func() {
		v, err := k.v.Verify(ctx, file("hard.dfy"))
		ch <- answer{v, err}
	}()
	select {
	case a := <-ch:
		switch took := time.Since(start); {
		case took < after && a.err == nil:
			k.t.Logf("%s: Verify of hard.dfy answered in %v, before it was cancelled: cancellation not seen (%s)", k.name, took.Round(time.Millisecond), lemmas(a.v))
		case !errors.Is(a.err, context.Canceled):
			k.errorf("Verify cancelled after %v: err = %v, want one matching context.Canceled", after, a.err)
		case took > after+grace:
			k.errorf("Verify cancelled after %v returned %v later (Options.Grace %v)", after, (took - after).Round(time.Millisecond), grace)
		}
	case <-time.After(after + grace + k.opts.timeout()):
		k.errorf("Verify cancelled after %v has not returned %v later", after, grace+k.opts.timeout())
	}
}
