package bmc

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/suretydev/surety/bmc/internal/verifier"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/internal/atomicfile"
)

// The verifiers' functions without a declaration.
//
// CBMC and ESBMC read a call of nondet_T or __VERIFIER_nondet_T (T a type
// they know: int, uchar, float, size_t, ...) as returning T, declared or
// not; gcc reads a call without a declaration as returning int. A task
// that calls `double x = nondet_double();` with no declaration means any
// double to the verifiers, whose reading sets its expected verdict, and
// an int to gcc. So every gcc build of such a program (the native
// engine's preprocessing, runs, replays, the screen) includes a header
// that declares each such function as the verifiers read it
// (Program.BuildFlags), and the native engine reads it so too; its
// answers say so (Program.ConventionDecls). The header also defines
// CBMC's __CPROVER_bool as _Bool where the program uses the type without
// defining it, and CBMC's __CPROVER_allocate(size, zero) as malloc or
// calloc where the program calls it without defining it.

// A ConventionDecl is a function the program calls without declaring
// it, which its builds declare as the verifiers read it.
type ConventionDecl struct {
	Name string
	Type string // its C return type: "double", "unsigned char", ...
}

// conventionMemo keeps a program's convention header once written.
type conventionMemo struct {
	once  sync.Once
	decls []ConventionDecl
	path  string // "" when there is none, or it could not be written
}

var (
	nondetNameRE     = regexp.MustCompile(`^(?:__VERIFIER_)?nondet_(\w+)$`)
	cproverBoolRE    = regexp.MustCompile(`\b__CPROVER_bool\b`)
	cproverBoolDefRE = regexp.MustCompile(`\btypedef\b[^;]*\b__CPROVER_bool\s*;`)
)

// ConventionDecls lists the verifiers' functions p calls without any
// declaration of its own, sorted by name, with the return types its
// builds declare them with. It is empty when their header could not be
// written: the builds then read them as gcc does.
func (p *Program) ConventionDecls() []ConventionDecl {
	m := p.conventions()
	if m.path == "" {
		return nil
	}
	return m.decls
}

func (p *Program) conventions() *conventionMemo {
	m := p.convention
	if m == nil {
		m = &conventionMemo{}
	}
	m.once.Do(func() {
		m.decls = p.undeclaredNondet()
		cproverBool := cproverBoolRE.Match(p.Source) && !cproverBoolDefRE.Match(p.Source)
		allocate := p.callsUndefined("__CPROVER_allocate")
		if len(m.decls) == 0 && !cproverBool && !allocate {
			return
		}
		var b strings.Builder
		b.WriteString("#pragma GCC system_header\n")
		if cproverBool {
			b.WriteString("typedef _Bool __CPROVER_bool;\n")
		}
		if allocate {
			b.WriteString("void *malloc(unsigned long);\nvoid *calloc(unsigned long, unsigned long);\n")
			b.WriteString("static inline void *__CPROVER_allocate(unsigned long n, _Bool zero) { return zero ? calloc(1, n) : malloc(n); }\n")
		}
		for _, d := range m.decls {
			b.WriteString(d.Type + " " + d.Name + "(void);\n")
		}
		if allocate {
			m.decls = append(m.decls, ConventionDecl{Name: "__CPROVER_allocate", Type: "void *"})
			slices.SortFunc(m.decls, func(a, b ConventionDecl) int { return strings.Compare(a.Name, b.Name) })
		}
		sum := sha256.Sum256([]byte(b.String()))
		dir := filepath.Join(os.TempDir(), "surety-conventions")
		path := filepath.Join(dir, hex.EncodeToString(sum[:8])+".h")
		if data, err := os.ReadFile(path); err == nil && string(data) == b.String() {
			m.path = path
			return
		}
		if os.MkdirAll(dir, 0o755) == nil && atomicfile.Write(path, []byte(b.String())) == nil {
			m.path = path
		}
	})
	return m
}

// callsUndefined reports whether a function of p calls name, which p
// neither declares nor defines at file scope.
func (p *Program) callsUndefined(name string) bool {
	if p.fe == nil {
		return false
	}
	calls := false
	for _, fn := range p.fe.Functions {
		if fn.Name == name {
			return false
		}
		calls = calls || slices.ContainsFunc(fn.Calls, func(c *frontend.Call) bool { return c.Name == name })
	}
	return calls
}

// undeclaredNondet finds the calls of nondet_T and __VERIFIER_nondet_T
// (T a suffix the verifiers know) in the functions of p whose name p
// neither declares nor defines at file scope.
func (p *Program) undeclaredNondet() []ConventionDecl {
	if p.fe == nil {
		return nil
	}
	declared := map[string]bool{}
	for _, fn := range p.fe.Functions {
		declared[fn.Name] = true
	}
	seen := map[string]bool{}
	var out []ConventionDecl
	for _, fn := range p.fe.Functions {
		for _, c := range fn.Calls {
			m := nondetNameRE.FindStringSubmatch(c.Name)
			if m == nil || declared[c.Name] || seen[c.Name] {
				continue
			}
			if ct, ok := verifier.NondetCType(m[1]); ok {
				seen[c.Name] = true
				out = append(out, ConventionDecl{Name: c.Name, Type: ct})
			}
		}
	}
	slices.SortFunc(out, func(a, b ConventionDecl) int { return strings.Compare(a.Name, b.Name) })
	return out
}
