package native

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/proc"
)

// esbmcViolRe reads ESBMC's --multi-property report of one violated
// property: where, then what.
var esbmcViolRe = regexp.MustCompile(`Violated property:\s*\n\s*file \S+ line (\d+) column \d+ function \S+\s*\n\s*(.+)`)

// esbmcProperty maps ESBMC's property text to ours ("" for none).
func esbmcProperty(msg string) Property {
	switch {
	case strings.Contains(msg, "division by zero"):
		return DivisionByZero
	case strings.Contains(msg, "on shl"), strings.Contains(msg, "shift operation"):
		return Shift
	case strings.Contains(msg, "arithmetic overflow"):
		return SignedOverflow
	case strings.Contains(msg, "array bounds violated"):
		return ArrayBounds
	case strings.Contains(msg, "NULL pointer"):
		return NullDereference
	}
	return ""
}

// TestSafetyAgainstESBMC: ESBMC, an independent checker, must also find
// every violation Safety calls FALSIFIED (same property, same line) on the
// testdata/safety programs. The converse need not hold: ESBMC keeps going
// after an overflow (its later claims may rest on a wrapped value, where
// a sanitized run has stopped) and reports char++ as an overflow, while C
// converts the int result back to char without undefined behaviour.
func TestSafetyAgainstESBMC(t *testing.T) {
	needTools(t)
	es := needESBMC(t)
	path, err := es.Path(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("testdata/safety/*.c")
	chk := New(nil)
	falsified := 0
	for _, f := range files {
		p := mustReadProgram(t, f)
		claims, err := chk.Safety(context.Background(), p, &SafetyOptions{K: 5})
		if err != nil {
			t.Fatal(err)
		}
		res, err := proc.Run(context.Background(), &proc.Cmd{Path: path, Timeout: 120 * time.Second,
			Args: []string{f, "--overflow-check", "--ub-shift-check", "--unwind", "6", "--no-unwinding-assertions", "--multi-property"}})
		if err != nil {
			t.Fatalf("%s: esbmc: %v", f, err)
		}
		found := map[string]bool{}
		for _, m := range esbmcViolRe.FindAllStringSubmatch(string(res.Stdout)+string(res.Stderr), -1) {
			found[fmt.Sprintf("%s:%s", esbmcProperty(m[2]), m[1])] = true
		}
		for _, c := range claims {
			if c.Status != bmc.Falsified {
				continue
			}
			falsified++
			if !found[fmt.Sprintf("%s:%d", c.Property, c.Line)] {
				t.Errorf("%s:%d: %s FALSIFIED on %q, ESBMC found no such violation", f, c.Line, c.Property, c.Expr)
			}
		}
	}
	if falsified == 0 {
		t.Fatal("no FALSIFIED claims compared")
	}
	t.Logf("%d FALSIFIED claims, each also found by ESBMC", falsified)
}

func mustReadProgram(t *testing.T, file string) *bmc.Program {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p, err := bmc.ParseProgram(file, src)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
