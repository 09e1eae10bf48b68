package selftest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/selftest/cgen"
)

// csmithArgs keep Csmith's programs small, terminating in practice, and
// within what the engines read: no pointers, structs, unions, arrays,
// volatiles, bit-fields or jumps, at most three functions, shallow blocks
// and simple expressions.
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

// csmithGlobal matches a scalar global of Csmith's, after preprocessing.
var csmithGlobal = regexp.MustCompile(`^static (?:const )?(u?)int(8|16|32|64)_t (g_[0-9]+) = `)

// csmithDropped are the lines of Csmith's main that compute and print its
// checksum: a CRC table of 256 entries and a loop over each global's bytes,
// which would put every assertion after loops no bound reaches.
var csmithDropped = []string{"platform_main_begin", "crc32_gentab", "transparent_crc", "platform_main_end"}

// csmithProgram generates Csmith's program of seed, drops its checksum,
// preprocesses its header in, and puts a probe on each scalar global at
// the end of main.
func csmithProgram(ctx context.Context, b *builder, seed int64) (*cgen.Program, error) {
	inc := CsmithInclude()
	if inc == "" {
		return nil, fmt.Errorf("selftest: csmith.h not found (Debian package libcsmith-dev)")
	}
	r, err := proc.Run(ctx, &proc.Cmd{Path: "csmith", Args: append([]string{"--seed", strconv.FormatInt(seed, 10)}, csmithArgs...),
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
	pp, err := proc.Run(ctx, &proc.Cmd{Path: "gcc", Args: []string{"-E", "-P", "-I", inc, raw}, Timeout: time.Minute})
	if err != nil {
		return nil, fmt.Errorf("selftest: gcc -E: %w", err)
	}
	if pp.ExitCode != 0 {
		return nil, fmt.Errorf("%w: gcc -E failed: %s", errNoTruth, firstLine(pp.Stderr))
	}
	p := &cgen.Program{Seed: seed}
	for _, l := range strings.Split(strings.TrimSuffix(cgen.Header, "\n"), "\n") {
		p.Lines = append(p.Lines, cgen.Line{Text: l, Probe: -1})
	}
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
