package native

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/proc"
)

// TestSafetyRandomInputs is the soundness check of Safety's VERIFIED: for
// programs whose loops all finish within the bound (so a k-bounded claim
// covers every run), the program is compiled with the sanitizers and run
// on random nondet values and stdin; the first sanitizer report of a run
// must never fall on a claim that Safety called VERIFIED.
func TestSafetyRandomInputs(t *testing.T) {
	needTools(t)
	if testing.Short() {
		t.Skip("runs gcc and sanitized programs hundreds of times")
	}
	var files []string
	safety, _ := filepath.Glob("testdata/safety/*.c")
	files = append(files, safety...)
	for i, c := range loadDiff(t) {
		if i%3 == 0 {
			files = append(files, c.file)
		}
	}
	chk := New(nil)
	const runs = 20
	programs, reports, found := 0, 0, 0
	for fi, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := bmc.ParseProgram(f, src)
		if err != nil {
			t.Fatal(err)
		}
		k := 5
		if m := kRE.FindStringSubmatch(string(src)); m != nil {
			k = atoiMust(m[1])
		}
		ctx := context.Background()
		claims, err := chk.Safety(ctx, p, &SafetyOptions{K: k, Timeout: 30 * time.Second})
		if err != nil {
			continue // unsupported: nothing claimed
		}
		tr, _, err := chk.translateSafety(ctx, p, k)
		if err != nil {
			t.Fatal(err)
		}
		// only programs whose every loop ends within k: then no run goes
		// where the bounded claims did not look
		complete := true
		for _, c := range claims {
			if c.Status == bmc.Verified && !c.BoundComplete {
				complete = false
			}
		}
		if !complete {
			continue
		}
		verified, other := map[string]bool{}, map[string]bool{}
		for _, c := range claims {
			key := fmt.Sprintf("%s:%d", c.Property, c.Line)
			if c.Status == bmc.Verified {
				verified[key] = true
			} else {
				other[key] = true
			}
		}
		programs++
		dir, remove, err := proc.TempDir("native-safety-random")
		if err != nil {
			t.Fatal(err)
		}
		all := make([]int, len(p.Asserts))
		for i := range all {
			all[i] = i
		}
		rendered := string((&bmc.Query{Program: p, Target: -1, Assume: all}).Render("__surety_assert", "__surety_assume"))
		os.WriteFile(filepath.Join(dir, "prog.c"), []byte(prelude+"#line 1 \"prog.c\"\n"+rendered), 0o644)
		os.WriteFile(filepath.Join(dir, "harness.c"), []byte(randomDefs(rendered, tr.Defined)), 0o644)
		args := append([]string{"-std=gnu11", "-O0", "-w"}, sanitizeFlags...)
		cr, err := proc.Run(ctx, &proc.Cmd{Path: "gcc", Dir: dir, Args: append(args, "-o", "prog", "prog.c", "harness.c", "-lm")})
		if err != nil || cr.ExitCode != 0 {
			remove()
			t.Fatalf("%s: gcc: %v %s", f, err, cr.Stderr)
		}
		rnd := rand.New(rand.NewSource(int64(fi + 1)))
		for k := 0; k < runs; k++ {
			env := append([]string{fmt.Sprintf("SURETY_SEED=%d", k+1)}, sanitizerEnv...)
			rr, err := proc.Run(ctx, &proc.Cmd{Path: filepath.Join(dir, "prog"), Dir: dir, Env: env,
				Stdin: randomStdin(rnd), Timeout: 10 * time.Second})
			if err != nil && rr == nil {
				t.Fatal(err)
			}
			rep, ok := parseSanitizer(string(rr.Stderr), "prog.c")
			if !ok || rep.prop == "" {
				continue
			}
			reports++
			key := fmt.Sprintf("%s:%d", rep.prop, rep.line)
			switch {
			case verified[key] && !other[key]:
				t.Errorf("%s:%d: %s VERIFIED but a random run reported %q (seed %d)", f, rep.line, rep.prop, rep.msg, k+1)
			case other[key]:
				found++
			default:
				t.Logf("%s:%d: a report on no claim: %s", f, rep.line, rep.msg)
			}
		}
		remove()
	}
	if programs < 20 {
		t.Errorf("only %d programs with complete bounds", programs)
	}
	if found == 0 {
		t.Error("no random run hit a FALSIFIED or UNKNOWN claim: the runs show nothing")
	}
	t.Logf("%d programs, %d random runs each, %d sanitizer reports (%d on a claim not VERIFIED), none on a VERIFIED claim", programs, runs, reports, found)
}
