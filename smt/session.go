package smt

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/suretydev/surety/internal/proc"
)

// ErrSessionClosed reports a call on a Session that was closed, or that
// was killed because a check timed out, was cancelled, or the solver died.
var ErrSessionClosed = errors.New("smt: session closed")

// ErrNoSession reports a Solver that cannot keep a session (boolector, a
// portfolio, a Solver of another package).
var ErrNoSession = errors.New("smt: solver has no sessions")

// SessionOptions configure a Session. The zero value is valid and nil
// means the zero value.
type SessionOptions struct {
	// Timeout limits each Check; 0 means no limit beyond ctx. A check that
	// runs out is Unknown with Reason "timeout". The solver is told the
	// limit; if it overruns it by the solver's grace (Options.Grace) the
	// process is killed and started again on the same assertions, so the
	// session goes on.
	Timeout time.Duration
	// SyncTimeout bounds how long Assert, Push and Pop wait for the solver
	// to acknowledge; 0 means 30s. Past it the session is killed.
	SyncTimeout time.Duration
}

// A Session is one long-lived solver process for many related checks:
// declare and assert a common part once, then Push, Assert, Check and Pop
// per question. It is safe for concurrent use; calls are serialised.
//
// A Session holds a process: Close it. Cancelling the ctx given to
// StartSession kills the process; cancelling the ctx of one call kills it
// too (a solver cannot be interrupted mid-check), and every later call
// returns ErrSessionClosed. An (error ...) reply leaves the session usable
// (see Assert); for that the session keeps the commands accepted so far,
// minus the scopes already popped.
type Session struct {
	mu      sync.Mutex
	name    string
	opts    Options
	sopts   SessionOptions
	p       *proc.Process
	r       *bufio.Reader
	closed  error // non-nil once the session is unusable
	decls   *script
	stack   []*script
	started time.Time

	// To restart cvc5, which stops at a parse error: the ctx and solver
	// that started the session, the prelude, and the accepted commands
	// (scopes closed by Pop dropped), with where each open scope starts.
	ctx     context.Context
	solver  *procSolver
	args    []string
	prelude string
	log     []string
	marks   []int
}

// A sessionSolver is a Solver that can run a Session.
type sessionSolver interface {
	StartSession(ctx context.Context, opts *SessionOptions) (*Session, error)
}

// StartSession starts a session on s if s supports it (z3 and cvc5 do),
// else returns an error matching ErrNoSession.
func StartSession(ctx context.Context, s Solver, opts *SessionOptions) (*Session, error) {
	if ss, ok := s.(sessionSolver); ok {
		return ss.StartSession(ctx, opts)
	}
	return nil, fmt.Errorf("%w: %s", ErrNoSession, s.Name())
}

// StartSession starts the solver process for a Session (z3 and cvc5 only).
func (s *procSolver) StartSession(ctx context.Context, opts *SessionOptions) (*Session, error) {
	if ctx == nil {
		panic("smt: nil Context")
	}
	var so SessionOptions
	if opts != nil {
		so = *opts
	}
	if so.SyncTimeout <= 0 {
		so.SyncTimeout = 30 * time.Second
	}
	var args []string
	var prelude strings.Builder
	ms := strconv.FormatInt(max(1, so.Timeout.Milliseconds()), 10)
	switch s.name {
	case "z3":
		args = []string{"-in", "-smt2"}
		if so.Timeout > 0 {
			prelude.WriteString("(set-option :timeout " + ms + ")\n")
		}
		if s.opts.Logic != "" {
			prelude.WriteString("(set-logic " + s.opts.Logic + ")\n")
		}
	case "cvc5":
		args = []string{"--lang", "smt2", "--produce-models", "--incremental"}
		if so.Timeout > 0 {
			args = append(args, "--tlimit-per="+ms)
		}
		logic := s.opts.Logic
		if logic == "" {
			logic = "ALL"
		}
		prelude.WriteString("(set-logic " + logic + ")\n")
	default:
		return nil, fmt.Errorf("%w: %s", ErrNoSession, s.name)
	}
	args = append(args, s.opts.Args...)
	sess := &Session{name: s.name, opts: s.opts, sopts: so, ctx: ctx, solver: s, args: args, prelude: prelude.String(),
		decls: &script{consts: map[string]sexp{}, funcs: map[string]sexp{}}, started: time.Now()}
	if err := sess.start(); err != nil {
		return nil, err
	}
	return sess, nil
}

// start starts the process and replays the prelude and the log.
func (s *Session) start() error {
	p, err := proc.Start(s.ctx, &proc.Cmd{Path: s.solver.program(), Args: s.args, Limits: proc.Limits{MemoryBytes: s.opts.MemoryBytes}})
	if errors.Is(err, proc.ErrNotFound) {
		return notFound(s.name, s.solver.program(), err)
	}
	if err != nil {
		return fmt.Errorf("smt: %s: %w", s.name, err)
	}
	s.p, s.r, s.closed = p, bufio.NewReader(p.Stdout()), nil
	if err := s.send(s.ctx, s.prelude+strings.Join(s.log, "\n")); err != nil {
		s.p.Kill()
		_, _ = s.p.Wait()
		return err
	}
	return nil
}

// Solver names the session's solver.
func (s *Session) Solver() string { return s.name }

// Assert sends declarations and assertions (SMT-LIB text without
// check-sat) and waits for the solver to accept them. It is all or
// nothing: when the solver replies (error ...), Assert returns a
// *SolverError and the session goes on as if the text had not been sent
// (the solver is restarted on the commands accepted before, which costs a
// start-up and the replay).
func (s *Session) Assert(ctx context.Context, text string) error {
	sc, err := parseScript(text)
	if err != nil {
		return err
	}
	for _, c := range sc.cmds {
		if h := c.head(); h == "push" || h == "pop" || h == "set-logic" || h == "reset" || h == "reset-assertions" {
			return fmt.Errorf("smt: session: line %d: use the Session's methods, not (%s)", c.line, h)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.send(ctx, text); err != nil {
		var se *SolverError
		if errors.As(err, &se) {
			// Assert is all or nothing, but z3 keeps the commands before
			// and after a bad one, and cvc5 stops at a parse error: start
			// the solver again on what was accepted before.
			s.kill(err)
			_, _ = s.p.Wait()
			if rerr := s.start(); rerr != nil {
				return fmt.Errorf("%w (and restarting the solver failed: %v)", err, rerr)
			}
		}
		return err
	}
	s.log = append(s.log, text)
	maps.Copy(s.decls.consts, sc.consts)
	maps.Copy(s.decls.funcs, sc.funcs)
	return nil
}

// Push opens a scope; Pop discards everything asserted and declared since
// the matching Push.
func (s *Session) Push(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.send(ctx, "(push 1)"); err != nil {
		return err
	}
	s.marks = append(s.marks, len(s.log))
	s.log = append(s.log, "(push 1)")
	s.stack = append(s.stack, &script{consts: maps.Clone(s.decls.consts), funcs: maps.Clone(s.decls.funcs)})
	return nil
}

// Pop closes the innermost scope opened by Push.
func (s *Session) Pop(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.stack) == 0 {
		return errors.New("smt: session: Pop without Push")
	}
	if err := s.send(ctx, "(pop 1)"); err != nil {
		return err
	}
	s.log = s.log[:s.marks[len(s.marks)-1]]
	s.marks = s.marks[:len(s.marks)-1]
	s.decls = s.stack[len(s.stack)-1]
	s.stack = s.stack[:len(s.stack)-1]
	return nil
}

// Check decides the assertions so far and reports the values of the given
// terms when sat, as Solver.Check does.
func (s *Session) Check(ctx context.Context, values ...string) (*Result, error) {
	start := time.Now()
	parsed := make([]sexp, len(values))
	for i, v := range values {
		es, err := parseSexps(v)
		if err != nil || len(es) != 1 {
			return nil, fmt.Errorf("smt: value %q: want exactly one term", v)
		}
		parsed[i] = es[0]
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed != nil {
		return nil, s.closed
	}
	deadline := time.Time{}
	if s.sopts.Timeout > 0 {
		deadline = start.Add(s.sopts.Timeout + s.opts.grace(s.sopts.Timeout))
	}
	res := &Result{Solver: s.name}
	if err := s.write(ctx, "(check-sat)\n", time.Now().Add(s.sopts.SyncTimeout)); err != nil {
		return nil, err
	}
	var errs []string
	for {
		r, err := s.read(ctx, deadline)
		if err != nil {
			if errors.Is(err, errHardTimeout) {
				// The solver overran its own limit and was killed; start it
				// again on the same assertions so the session goes on.
				_, _ = s.p.Wait()
				if rerr := s.start(); rerr != nil {
					s.closed = fmt.Errorf("%w: restarting after a timeout: %v", ErrSessionClosed, rerr)
				}
				res.Status, res.Reason, res.Duration = Unknown, "timeout", time.Since(start)
				return res, nil
			}
			return nil, err
		}
		if r.head() == "error" {
			errs = append(errs, errorMessage(r))
			continue
		}
		status, ok := map[string]Status{"sat": Sat, "unsat": Unsat, "unknown": Unknown}[r.atom]
		if !ok || r.isList {
			return nil, s.kill(fmt.Errorf("smt: %s: unexpected reply %s to check-sat", s.name, r))
		}
		res.Status = status
		break
	}
	if len(errs) > 0 {
		return nil, &SolverError{Solver: s.name, Messages: errs}
	}
	switch {
	case res.Status == Sat && len(values) > 0:
		if err := s.write(ctx, "(get-value ("+strings.Join(values, " ")+"))\n", time.Now().Add(s.sopts.SyncTimeout)); err != nil {
			return nil, err
		}
		r, err := s.read(ctx, time.Now().Add(s.sopts.SyncTimeout))
		if err != nil {
			return nil, err
		}
		if r.head() == "error" {
			return nil, &SolverError{Solver: s.name, Messages: []string{"get-value: " + errorMessage(r)}}
		}
		if !r.isList || len(r.list) != len(values) {
			return nil, s.kill(fmt.Errorf("smt: %s: get-value reply %s does not match %d terms", s.name, r, len(values)))
		}
		res.Model = make(map[string]Value, len(values))
		for i, pair := range r.list {
			if !pair.isList || len(pair.list) != 2 {
				return nil, s.kill(fmt.Errorf("smt: %s: bad get-value pair %s", s.name, pair))
			}
			res.Model[values[i]] = decodeValue(pair.list[1], s.decls.sortOf(parsed[i]))
		}
	case res.Status == Unknown:
		if err := s.write(ctx, "(get-info :reason-unknown)\n", time.Now().Add(s.sopts.SyncTimeout)); err != nil {
			return nil, err
		}
		r, err := s.read(ctx, time.Now().Add(s.sopts.SyncTimeout))
		if err != nil {
			return nil, err
		}
		if r.head() == ":reason-unknown" && len(r.list) == 2 {
			res.Reason = r.list[1].stringValue()
		}
		if res.Reason == "" {
			res.Reason = "solver gave no reason"
		}
		if s.sopts.Timeout > 0 && (res.Reason == "canceled" || res.Reason == "resourceout") {
			res.Reason = "timeout"
		}
		if s.name == "z3" && res.Reason == "timeout" {
			// z3 4.8 leaves its cancel flag set after a timeout, and the
			// next push fails with "push canceled". Spend it on a probe.
			if err := s.send(ctx, "(push 1)"); err == nil {
				if err := s.send(ctx, "(pop 1)"); err != nil {
					return nil, s.kill(fmt.Errorf("smt: z3: resetting after a timeout: %w", err))
				}
			} else if se := (*SolverError)(nil); !errors.As(err, &se) {
				return nil, err
			}
		}
	}
	res.Duration = time.Since(start)
	return res, nil
}

// Close ends the solver process. It is safe to call more than once.
func (s *Session) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed == nil {
		_, _ = io.WriteString(s.p.Stdin(), "(exit)\n")
		s.p.Stdin().Close()
		select {
		case <-s.p.Done():
		case <-time.After(time.Second):
			s.p.Kill()
		}
		s.closed = ErrSessionClosed
	}
	s.p.Kill()
	_, err := s.p.Wait()
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		err = nil // the session's ctx ended it; nothing is left running
	}
	return err
}

var errHardTimeout = errors.New("smt: solver overran its time limit")

// send writes text followed by a sync marker and reads up to the marker,
// gathering (error ...) replies into a *SolverError. The caller holds mu.
func (s *Session) send(ctx context.Context, text string) error {
	if s.closed != nil {
		return s.closed
	}
	deadline := time.Now().Add(s.sopts.SyncTimeout)
	if err := s.write(ctx, text+"\n(echo \""+checkMarker+"\")\n", deadline); err != nil {
		return err
	}
	var errs []string
	for {
		r, err := s.read(ctx, deadline)
		if err != nil {
			if len(errs) > 0 && ctx.Err() == nil {
				// The solver reported errors and stopped (cvc5 does so
				// at parse errors): the errors are the news.
				return &SolverError{Solver: s.name, Messages: errs}
			}
			if errors.Is(err, errHardTimeout) {
				return fmt.Errorf("smt: %s: no acknowledgement within %v", s.name, s.sopts.SyncTimeout)
			}
			return err
		}
		if r.head() == "error" {
			errs = append(errs, errorMessage(r))
			continue
		}
		if !r.isList && r.stringValue() == checkMarker {
			break
		}
	}
	if len(errs) > 0 {
		return &SolverError{Solver: s.name, Messages: errs}
	}
	return nil
}

// write sends text, giving up at deadline (zero: none) or when ctx is
// done: a solver busy with earlier input stops reading, and a write into
// its full pipe would otherwise block for as long as it works. Giving up
// kills the session.
func (s *Session) write(ctx context.Context, text string, deadline time.Time) error {
	if s.closed != nil {
		return s.closed
	}
	if err := ctx.Err(); err != nil {
		return s.kill(fmt.Errorf("smt: %s: %w", s.name, err))
	}
	in := s.p.Stdin()
	d, _ := in.(interface{ SetWriteDeadline(time.Time) error })
	if d != nil {
		_ = d.SetWriteDeadline(deadline)
		stop := context.AfterFunc(ctx, func() { _ = d.SetWriteDeadline(time.Now()) })
		defer stop()
	}
	if _, err := io.WriteString(in, text); err != nil {
		switch {
		case ctx.Err() != nil:
			return s.kill(fmt.Errorf("smt: %s: %w", s.name, ctx.Err()))
		case !deadline.IsZero() && time.Now().After(deadline):
			return s.kill(fmt.Errorf("smt: %s: the solver read no input for %v", s.name, s.sopts.SyncTimeout))
		}
		return s.kill(fmt.Errorf("smt: %s: writing to the solver: %w (stderr: %s)", s.name, err, strings.TrimSpace(string(s.p.Stderr()))))
	}
	return nil
}

// read reads one reply, giving up at deadline (zero: none) or when ctx is
// done; either kills the session, since the solver cannot be interrupted.
func (s *Session) read(ctx context.Context, deadline time.Time) (sexp, error) {
	if s.closed != nil {
		return sexp{}, s.closed
	}
	if err := ctx.Err(); err != nil {
		return sexp{}, s.kill(fmt.Errorf("smt: %s: %w", s.name, err))
	}
	out := s.p.Stdout()
	_ = out.SetReadDeadline(deadline)
	stop := context.AfterFunc(ctx, func() { _ = out.SetReadDeadline(time.Now()) })
	text, err := readSexpText(s.r)
	stop()
	if err != nil {
		switch {
		case ctx.Err() != nil:
			return sexp{}, s.kill(fmt.Errorf("smt: %s: %w", s.name, ctx.Err()))
		case !deadline.IsZero() && time.Now().After(deadline):
			s.kill(ErrSessionClosed)
			return sexp{}, errHardTimeout
		}
		return sexp{}, s.kill(fmt.Errorf("smt: %s: solver stopped: %v (stderr: %s)", s.name, err, strings.TrimSpace(string(s.p.Stderr()))))
	}
	es, err := parseSexps(text)
	if err != nil || len(es) != 1 {
		return sexp{}, s.kill(fmt.Errorf("smt: %s: unreadable reply %q", s.name, text))
	}
	return es[0], nil
}

// kill ends the session after a failure and returns err.
func (s *Session) kill(err error) error {
	if s.closed == nil {
		s.closed = fmt.Errorf("%w: %v", ErrSessionClosed, err)
	}
	s.p.Kill()
	return err
}

func errorMessage(r sexp) string {
	if len(r.list) > 1 {
		return r.list[1].stringValue()
	}
	return ""
}

// readSexpText reads one complete S-expression (or atom) from r.
func readSexpText(r *bufio.Reader) (string, error) {
	var b strings.Builder
	depth := 0
	for {
		c, err := r.ReadByte()
		if err != nil {
			return "", err
		}
		switch {
		case c == ';':
			if _, err := r.ReadString('\n'); err != nil {
				return "", err
			}
			continue
		case c == '|' || c == '"':
			b.WriteByte(c)
			for {
				d, err := r.ReadByte()
				if err != nil {
					return "", err
				}
				b.WriteByte(d)
				if d == c {
					if c == '"' {
						if next, err := r.Peek(1); err == nil && next[0] == '"' {
							r.ReadByte()
							b.WriteByte('"')
							continue
						}
					}
					break
				}
			}
		case c == '(':
			depth++
			b.WriteByte(c)
		case c == ')':
			depth--
			b.WriteByte(c)
			if depth < 0 {
				return "", fmt.Errorf("unbalanced ')'")
			}
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			if depth == 0 && b.Len() > 0 {
				return b.String(), nil
			}
			if b.Len() > 0 {
				b.WriteByte(c)
			}
			continue
		default:
			b.WriteByte(c)
			continue
		}
		if depth == 0 {
			return b.String(), nil
		}
	}
}
