package selftest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/selftest/cgen"
)

// csmithArgs keep Csmith's programs small, terminating in practice, and
// within what the engines read: no pointers, structs, unions, arrays,
// volatiles, bit-fields or jumps (Options.CsmithStructs allows structs
// and bit-fields), at most three functions, shallow blocks and simple
// expressions.
var csmithArgs = []string{"--no-pointers", "--no-structs", "--no-unions", "--no-volatiles", "--no-bitfields",
	"--no-argc", "--no-arrays", "--no-jumps", "--max-funcs", "3", "--max-block-depth", "2",
	"--max-block-size", "3", "--max-expr-complexity", "4", "--quiet", "--concise"}

// CsmithInclude finds the directory of csmith.h (Debian's libcsmith-dev
// puts it in /usr/include/csmith); "" when it is not installed.
func CsmithInclude() string {
	for _, d := range []string{"/usr/include/csmith", "/usr/local/include/csmith", "/usr/include"} {
		if _, err := os.Stat(filepath.Join(d, "csmith.h")); err == nil {
			return d
		}
	}
	return ""
}

// stubStdint and stubLimits stand in for the headers of Csmith's minimal
// runtime (LP64).
const (
	stubStdint = `typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long uint64_t;
`
	stubLimits = `#define INT8_MIN (-128)
#define INT8_MAX 127
#define UINT8_MAX 255
#define INT16_MIN (-32768)
#define INT16_MAX 32767
#define UINT16_MAX 65535
#define INT32_MIN (-2147483647-1)
#define INT32_MAX 2147483647
#define UINT32_MAX 4294967295U
#define INT64_MIN (-9223372036854775807L-1)
#define INT64_MAX 9223372036854775807L
#define UINT64_MAX 18446744073709551615UL
#define CHAR_BIT 8
#define FLT_MAX 3.40282346638528859811704183484516925e+38F
#define DBL_MAX ((double)1.79769313486231570814527423731704357e+308L)
float fabsf(float);
double fabs(double);
`
)

// csmithGlobal matches a scalar global of Csmith's, after preprocessing.
var csmithGlobal = regexp.MustCompile(`^static (?:const )?(u?)int(8|16|32|64)_t (g_[0-9]+) = `)

// csmithDropped are the lines of Csmith's main that compute and print its
// checksum: a CRC table of 256 entries and a loop over each global's bytes,
// which would put every assertion after loops no bound reaches.
var csmithDropped = []string{"platform_main_begin", "crc32_gentab", "transparent_crc", "platform_main_end"}

// csmithProgram generates Csmith's program of seed, drops its checksum,
// preprocesses its header in, and puts a probe on each scalar global at
// the end of main.
func csmithProgram(ctx context.Context, b *builder, seed int64, structs bool) (*cgen.Program, error) {
	inc := CsmithInclude()
	if inc == "" {
		return nil, fmt.Errorf("selftest: csmith.h not found (Debian package libcsmith-dev)")
	}
	// Csmith writes platform.info into its working directory.
	args := append([]string{"--seed", strconv.FormatInt(seed, 10)}, csmithArgs...)
	if structs {
		args = slices.DeleteFunc(args, func(a string) bool { return a == "--no-structs" || a == "--no-bitfields" })
	}
	r, err := proc.Run(ctx, &proc.Cmd{Path: "csmith", Dir: b.dir, Args: args,
		Timeout: time.Minute})
	if err != nil {
		return nil, fmt.Errorf("selftest: csmith: %w", err)
	}
	if r.ExitCode != 0 {
		return nil, fmt.Errorf("%w: csmith exited %d: %s", errNoTruth, r.ExitCode, firstLine(r.Stderr))
	}
	var kept []string
	for _, l := range strings.Split(string(r.Stdout), "\n") {
		drop := false
		for _, d := range csmithDropped {
			drop = drop || strings.Contains(l, d)
		}
		if !drop {
			kept = append(kept, l)
		}
	}
	raw := filepath.Join(b.dir, fmt.Sprintf("csmith-%d-raw.c", seed))
	if err := os.WriteFile(raw, []byte(strings.Join(kept, "\n")), 0o644); err != nil {
		return nil, err
	}
	// Csmith's minimal runtime (CSMITH_MINIMAL) keeps the C library's
	// headers out: their _Float128 and friends are beyond ESBMC's parser
	// and make every program thousands of lines. Debian does not ship
	// the two headers it includes; these stand in for them.
	stub := filepath.Join(b.dir, "csmith-stub")
	if err := os.MkdirAll(stub, 0o755); err != nil {
		return nil, err
	}
	for name, text := range map[string]string{"custom_stdint_x86.h": stubStdint, "custom_limits.h": stubLimits} {
		if err := os.WriteFile(filepath.Join(stub, name), []byte(text), 0o644); err != nil {
			return nil, err
		}
	}
	pp, err := proc.Run(ctx, &proc.Cmd{Path: "gcc", Args: []string{"-E", "-P", "-DCSMITH_MINIMAL", "-I", stub, "-I", inc, raw}, Timeout: time.Minute})
	if err != nil {
		return nil, fmt.Errorf("selftest: gcc -E: %w", err)
	}
	if pp.ExitCode != 0 {
		return nil, fmt.Errorf("%w: gcc -E failed: %s", errNoTruth, firstLine(pp.Stderr))
	}
	p := &cgen.Program{Seed: seed}
	// Line 2 is <assert.h>, as in cgen's programs; the preprocessed
	// header already declares printf, and <stdio.h> again would clash.
	p.Lines = append(p.Lines, cgen.Line{Text: fmt.Sprintf("/* csmith --seed %d, checksum dropped, header preprocessed in */", seed), Probe: -1},
		cgen.Line{Text: "#include <assert.h>", Probe: -1})
	lines := strings.Split(string(pp.Stdout), "\n")
	inMain := false
	for _, l := range lines {
		if m := csmithGlobal.FindStringSubmatch(l); m != nil {
			p.Probes = append(p.Probes, cgen.Probe{ID: len(p.Probes), Expr: m[3], Unsigned: m[1] == "u"})
		}
		if strings.HasPrefix(l, "int main (void)") || strings.HasPrefix(l, "int main(void)") {
			inMain = true
		}
		if inMain && strings.TrimSpace(l) == "return 0;" {
			for _, pr := range p.Probes {
				p.Lines = append(p.Lines, cgen.Line{Text: "    ", Probe: pr.ID})
			}
			inMain = false
		}
		p.Lines = append(p.Lines, cgen.Line{Text: l, Probe: -1})
	}
	if len(p.Probes) == 0 {
		return nil, fmt.Errorf("%w: csmith program %d has no scalar global", errNoTruth, seed)
	}
	return p, nil
}
