package run

import (
	"fmt"
	"strings"
)

// The run log is a file of little-endian int64 words that the harness maps
// shared, so that what a run wrote survives its crash:
//
//	[0] magic, [1] evaluation counter, [2] values consumed, [3] flags,
//	[4] assertions, [5..7] unused,
//	then 5 words per assertion: statement reached, evaluations, failures,
//	sequence number of the first evaluation, of the first failure (0: none),
//	then 2 words per value consumed: function id, value bits.
const (
	logHeader   = 8
	logPerAssn  = 5
	logMaxVals  = 1 << 14
	logMagic    = 0x7375726574790001
	flagForkCap = 1 << 0 // side-effecting predicates went unevaluated
	flagForkBad = 1 << 1 // a predicate evaluated apart died or hung
	flagAssume  = 1 << 2 // an assume of the program failed: the run left
	maxForks    = 4096
)

// Input kinds a program reads, as bits.
const (
	inNondet = 1 << 0 // nondeterministic functions, rand
	inStdin  = 1 << 1 // stdin
)

// Generation modes of the harness (SURETY_GEN); "" reads bytes.
var genModes = []string{"zero", "one", "m1", "min", "max", "cycle:1", "cycle:2", "cycle:3", "cycle:4"}

// A nondetFn is a function the harness defines, returning an input value.
type nondetFn struct {
	Name  string
	CType string
	kind  byte // 'i' integer, 'b' bool, 'f' float, 'd' double, 'p' pointer, 'r' rand
	size  int  // bytes read in bytes mode
	sgn   bool
	// bodiless: the program declares it with a prototype of its own
	// (bmc.BodilessFunc), which the definition, in a file of its own,
	// leaves unchecked: "T f()" links whatever the parameters.
	bodiless bool
}

func newNondetFn(name, ct string) nondetFn {
	f := nondetFn{Name: name, CType: ct}
	switch ct {
	case "_Bool":
		f.kind, f.size = 'b', 1
	case "float":
		f.kind, f.size = 'f', 4
	case "double":
		f.kind, f.size = 'd', 8
	case "void *":
		f.kind, f.size = 'p', 0
	default:
		f.kind, f.sgn = 'i', !strings.HasPrefix(ct, "unsigned")
		switch {
		case strings.HasSuffix(ct, "char"):
			f.size = 1
		case strings.HasSuffix(ct, "short"):
			f.size = 2
		case strings.HasSuffix(ct, "long"):
			f.size = 8
		default:
			f.size = 4
		}
	}
	if name == "rand" {
		f.kind, f.size, f.sgn = 'r', 4, true
	}
	return f
}

// harnessSpec says what the harness of one build defines.
type harnessSpec struct {
	asserts int
	in      int // inNondet|inStdin
	fns     []nondetFn
	voids   []string // functions without a body returning void: no effect
	assumes []string // assume functions to define
	errors  []string // error functions to define (abort)
	query   bool     // define __surety_fail/__surety_infeasible
	sw      string   // the variant switch, set from SURETY_VARIANT
}

// harnessC writes the C file linked with every build: the hooks the
// instrumented assertions call, the input functions and the run log.
func harnessC(h *harnessSpec) string {
	var b strings.Builder
	fmt.Fprintf(&b, "#define SURETY_NA %d\n#define SURETY_IN %d\n#define SURETY_MAXVALS %d\n#define SURETY_MAXFORKS %d\n",
		h.asserts, h.in, logMaxVals, maxForks)
	if h.sw != "" {
		fmt.Fprintf(&b, "#define SURETY_SWITCH %s\n", h.sw)
	}
	b.WriteString(harnessRuntime)
	for id, f := range h.fns {
		params := "void"
		if f.bodiless {
			params = ""
		}
		fmt.Fprintf(&b, "%s %s(%s) {\n\tint e = errno;\n\tsurety_setup();\n", f.CType, f.Name, params)
		switch f.kind {
		case 'b':
			fmt.Fprintf(&b, "\t_Bool v = surety_int(1, 0) & 1;\n\tsurety_log(%d, v);\n", id)
		case 'f':
			fmt.Fprintf(&b, "\tfloat v = (float)surety_real(4);\n\tsurety_logd(%d, v);\n", id)
		case 'd':
			fmt.Fprintf(&b, "\tdouble v = surety_real(8);\n\tsurety_logd(%d, v);\n", id)
		case 'p':
			fmt.Fprintf(&b, "\tvoid *v = 0;\n\tsurety_log(%d, 0);\n", id)
		case 'r':
			fmt.Fprintf(&b, "\tint v = (int)(surety_int(4, 1) & 0x7fffffff);\n\tsurety_log(%d, v);\n", id)
		default:
			fmt.Fprintf(&b, "\t%s v = (%s)surety_int(%d, %d);\n\tsurety_log(%d, (long long)v);\n", f.CType, f.CType, f.size, b2i(f.sgn), id)
		}
		b.WriteString("\terrno = e;\n\treturn v;\n}\n")
		if f.Name == "rand" {
			b.WriteString("void srand(unsigned s) { (void)s; }\n")
		}
	}
	for _, fn := range h.voids {
		fmt.Fprintf(&b, "void %s() {}\n", fn)
	}
	for _, fn := range h.assumes {
		fmt.Fprintf(&b, "void %s(int c) { if (!c) surety_leave(); }\n", fn)
	}
	for _, fn := range h.errors {
		fmt.Fprintf(&b, "void %s(void) { abort(); }\n", fn)
	}
	if h.query {
		b.WriteString(`void __surety_fail(void) { fputs("` + queryMarker + `\n", stderr); fflush(stderr); _exit(86); }
void __surety_infeasible(void) { _exit(87); }
`)
	}
	return b.String()
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// queryMarker is what a per-query build prints when the target fails.
const queryMarker = "SURETY-RUN-TARGET-VIOLATED"

// harnessRuntime is the fixed part of the harness.
const harnessRuntime = `
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static long long *surety_map;
static long long surety_words;
static int surety_ready, surety_child_mode;
static unsigned char *surety_in;
static size_t surety_inlen, surety_inpos;
static int surety_gen; /* 0 bytes, 1 zero, 2 one, 3 m1, 4 min, 5 max, 6 cycle, 7 random */
static unsigned long long surety_rng, surety_calls, surety_off;
static long long surety_forks;
static int surety_failed;
static unsigned char surety_want[SURETY_NA + 1];

static void surety_readall(void) {
	size_t cap = 1 << 12;
	surety_in = malloc(cap);
	if (!surety_in) return;
	for (;;) {
		if (surety_inlen == cap) {
			if (cap >= (1u << 24)) break;
			unsigned char *n = realloc(surety_in, cap * 2);
			if (!n) break;
			surety_in = n, cap *= 2;
		}
		ssize_t r = read(0, surety_in + surety_inlen, cap - surety_inlen);
		if (r < 0 && errno == EINTR) continue;
		if (r <= 0) break;
		surety_inlen += (size_t)r;
	}
}

static void surety_setup(void) {
	if (surety_ready) return;
	surety_ready = 1;
	int e = errno;
	const char *p = getenv("SURETY_LOG");
	if (p && *p) {
		int fd = open(p, O_RDWR);
		if (fd >= 0) {
			struct stat st;
			if (fstat(fd, &st) == 0 && st.st_size >= 64) {
				void *m = mmap(0, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
				if (m != MAP_FAILED) surety_map = m, surety_words = st.st_size / 8;
			}
			close(fd);
		}
	}
#ifdef SURETY_SWITCH
	{
		extern int SURETY_SWITCH;
		const char *v = getenv("SURETY_VARIANT");
		if (v && *v) SURETY_SWITCH = (int)strtol(v, 0, 10);
	}
#endif
	const char *g = getenv("SURETY_GEN");
	if (g && *g) {
		if (!strcmp(g, "zero")) surety_gen = 1;
		else if (!strcmp(g, "one")) surety_gen = 2;
		else if (!strcmp(g, "m1")) surety_gen = 3;
		else if (!strcmp(g, "min")) surety_gen = 4;
		else if (!strcmp(g, "max")) surety_gen = 5;
		else if (!strncmp(g, "cycle:", 6)) surety_gen = 6, surety_off = strtoull(g + 6, 0, 10);
		else if (!strncmp(g, "rand:", 5)) surety_gen = 7, surety_rng = strtoull(g + 5, 0, 10);
	}
	/* SURETY_WANT: the fuzzing build aborts when one of these fails;
	   SURETY_WANT_FIRST: when one of these fails before any other. */
	const char *w = getenv("SURETY_WANT");
	while (w && *w) {
		long i = strtol(w, (char **)&w, 10);
		if (i >= 0 && i < SURETY_NA) surety_want[i] = 1;
		if (*w) w++;
	}
	w = getenv("SURETY_WANT_FIRST");
	while (w && *w) {
		long i = strtol(w, (char **)&w, 10);
		if (i >= 0 && i < SURETY_NA) surety_want[i] = 2;
		if (*w) w++;
	}
	if (!surety_gen && (SURETY_IN & 1)) {
		surety_readall();
		if ((SURETY_IN & 2) && surety_in) {
			size_t l = surety_inlen >= 2 ? (size_t)surety_in[0] | (size_t)surety_in[1] << 8 : 0;
			size_t start = surety_inlen >= 2 ? 2 : surety_inlen;
			if (l > surety_inlen - start) l = surety_inlen - start;
			char tmpl[] = "/tmp/surety-stdin-XXXXXX";
			int fd = mkstemp(tmpl);
			if (fd >= 0) {
				unlink(tmpl);
				size_t off = start + l;
				while (off < surety_inlen) {
					ssize_t r = write(fd, surety_in + off, surety_inlen - off);
					if (r <= 0) break;
					off += (size_t)r;
				}
				lseek(fd, 0, SEEK_SET);
				dup2(fd, 0);
				close(fd);
			}
			memmove(surety_in, surety_in + start, l);
			surety_inlen = l;
		}
	}
	errno = e;
}

__attribute__((constructor(101))) static void surety_init(void) {
#ifdef __AFL_HAVE_MANUAL_CONTROL
	__AFL_INIT();
#endif
	surety_setup();
}

static unsigned long long surety_next(void) {
	unsigned long long z = (surety_rng += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static unsigned long long surety_class(int c, int size, int sgn) {
	unsigned long long mask = size >= 8 ? ~0ULL : (1ULL << (8 * size)) - 1;
	switch (c) {
	case 0: return 0;
	case 1: return 1;
	case 2: return ~0ULL;
	case 3: return sgn ? ~0ULL << (8 * size - 1) : 0;
	default: return sgn ? mask >> 1 : mask;
	}
}

static unsigned long long surety_int(int size, int sgn) {
	unsigned long long c = surety_calls++, r;
	switch (surety_gen) {
	case 0:
		r = 0;
		for (int i = 0; i < size; i++, surety_inpos++)
			r |= (unsigned long long)(surety_inpos < surety_inlen ? surety_in[surety_inpos] : 0) << (8 * i);
		return r;
	case 6: return surety_class((int)((c + surety_off) % 5), size, sgn);
	case 7:
		r = surety_next();
		switch (r & 7) {
		case 0: case 1: case 2: return (unsigned long long)((long long)((r >> 8) % 17) - 8);
		case 3: return surety_class((int)((r >> 8) % 5), size, sgn);
		default: return r >> 3;
		}
	default: return surety_class(surety_gen - 1, size, sgn);
	}
}

static double surety_real(int size) {
	unsigned long long c = surety_calls++, r;
	int cls;
	switch (surety_gen) {
	case 0:
		if (size == 4) {
			unsigned u = 0; float f;
			for (int i = 0; i < 4; i++, surety_inpos++)
				u |= (unsigned)(surety_inpos < surety_inlen ? surety_in[surety_inpos] : 0) << (8 * i);
			memcpy(&f, &u, 4);
			return f;
		} else {
			unsigned long long u = 0; double d;
			for (int i = 0; i < 8; i++, surety_inpos++)
				u |= (unsigned long long)(surety_inpos < surety_inlen ? surety_in[surety_inpos] : 0) << (8 * i);
			memcpy(&d, &u, 8);
			return d;
		}
	case 6: cls = (int)((c + surety_off) % 5); break;
	case 7:
		r = surety_next();
		if ((r & 3) == 0) { cls = (int)((r >> 8) % 5); break; }
		if ((r & 3) == 1) return (double)((long long)((r >> 8) % 17) - 8);
		return ((double)(r >> 11) / 9007199254740992.0) * 2e6 - 1e6;
	default: cls = surety_gen - 1;
	}
	switch (cls) {
	case 0: return 0;
	case 1: return 1;
	case 2: return -1;
	case 3: return size == 4 ? -FLT_MAX : -DBL_MAX;
	default: return size == 4 ? FLT_MAX : DBL_MAX;
	}
}

static void surety_log(int id, long long bits) {
	if (!surety_map || surety_child_mode) return;
	long long n = surety_map[2]++;
	long long at = 8 + 5LL * SURETY_NA + 2 * n;
	if (n < SURETY_MAXVALS && at + 2 <= surety_words) surety_map[at] = id, surety_map[at + 1] = bits;
}

static void surety_logd(int id, double d) {
	long long bits;
	memcpy(&bits, &d, 8);
	surety_log(id, bits);
}

static void surety_leave(void) {
	if (surety_map && !surety_child_mode) surety_map[3] |= 4;
	_exit(0);
}

static long long *surety_slot(int i) {
	if (!surety_map || surety_child_mode || i < 0 || 8 + 5LL * (i + 1) > surety_words) return 0;
	return surety_map + 8 + 5LL * i;
}

static void surety_record(int i, int v) {
	if (surety_child_mode) return;
	long long *s = surety_slot(i);
	if (s) {
		long long seq = ++surety_map[1];
		s[1]++;
		if (!s[3]) s[3] = seq;
		if (!v) {
			s[2]++;
			if (!s[4]) s[4] = seq;
		}
	}
	if (!v && i >= 0 && i < SURETY_NA && (surety_want[i] == 1 || (surety_want[i] == 2 && !surety_failed))) abort();
	if (!v) surety_failed = 1;
}

void __surety_at(int i) {
	int e = errno;
	surety_setup();
	long long *s = surety_slot(i);
	if (s) s[0]++;
	errno = e;
}

void __surety_ev(int i, int v) {
	int e = errno;
	surety_setup();
	surety_record(i, v);
	errno = e;
}

static int surety_resfd = -1;

int __surety_fk(int i) {
	int e = errno;
	surety_setup();
	if (surety_child_mode) return 0;
	int fds[2];
	if (surety_forks >= SURETY_MAXFORKS) {
		if (surety_map) surety_map[3] |= 1;
		errno = e;
		return 0;
	}
	surety_forks++;
	if (pipe(fds) != 0) {
		if (surety_map) surety_map[3] |= 2;
		errno = e;
		return 0;
	}
	pid_t pid = fork();
	if (pid < 0) {
		close(fds[0]), close(fds[1]);
		if (surety_map) surety_map[3] |= 2;
		errno = e;
		return 0;
	}
	if (pid == 0) {
		surety_child_mode = 1;
		close(fds[0]);
		surety_resfd = fds[1];
		int fd = open("/dev/null", O_RDWR);
		if (fd >= 0) dup2(fd, 1), dup2(fd, 2);
		alarm(2);
		errno = e;
		return 1;
	}
	close(fds[1]);
	char v = 0;
	ssize_t r;
	while ((r = read(fds[0], &v, 1)) < 0 && errno == EINTR)
		;
	close(fds[0]);
	int st = 0;
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	/* Only the byte the child wrote after evaluating the predicate is
	   its value: a child that exited otherwise (exit() in a called
	   function, a crash, the alarm) said nothing. */
	if (r == 1 && (v == 'T' || v == 'F')) surety_record(i, v == 'T');
	else if (surety_map) surety_map[3] |= 2;
	errno = e;
	return 0;
}

int __surety_child(int v) {
	char c = v ? 'T' : 'F';
	if (surety_resfd >= 0) (void)!write(surety_resfd, &c, 1);
	_exit(0);
}
`

// preludeC declares the hooks before the program's first line.
const preludeC = `void __surety_at(int); void __surety_ev(int, int); int __surety_fk(int); int __surety_child(int);
`
