package bmc

import (
	"sort"
	"strings"
)

// Combine is the rule by which several engines' answers to one query make
// one answer, the Portfolio's. The answer is implied by the answers given
// and never stronger than the strongest evidence among them:
//
//   - A violation is a FALSIFIED answer whose counterexample a run of the
//     program built by gcc reproduced, failing the target itself
//     (Result.Replayed, not Result.Unwound). Any violation makes the answer
//     FALSIFIED: a real run is evidence no proof outweighs. A proof for
//     every execution (VERIFIED, BoundComplete) that it contradicts is
//     listed in WrongClaims, the engine's finding against itself; a
//     bounded VERIFIED speaks only of runs within its bound, and engines
//     count unwindings differently, so it is dropped without blame.
//   - A FALSIFIED answer that is not a violation (not replayed, or the
//     replay failed something other than the target) is no evidence: it
//     counts as UNKNOWN. The portfolio replays such answers before
//     combining them, so one that reproduces becomes a violation.
//   - An unwinding counterexample (Result.Unwound: a loop or recursion runs
//     past K) says only that the bound is incomplete. It never makes the
//     target FALSIFIED; it contradicts a complete unwinding (a VERIFIED
//     whose unwinding assertions held), never an induction, which needs no
//     bound. A complete unwinding that a replayed unwinding counterexample
//     refutes is a wrong claim; one that an unreplayed counterexample
//     contests leaves the answer UNKNOWN, with the disagreement.
//   - Otherwise VERIFIED for every execution when some engine proved it
//     and nothing refutes that proof; else the unwinding counterexample
//     (the bound is incomplete) when there is one; else a bounded VERIFIED
//     when some engine gave one; else UNKNOWN.
//
// The answer's flags (Replayed, BoundComplete, Induction, Proof, Unwound) and its
// counterexample come from one answer that carries them, never from
// several: the first such answer in the order given. Engine names every
// engine whose answer the result is, sorted and joined by "+";
// Assumptions are the union of theirs. The result does not depend on the
// order of answers except for which counterexample is shown.
//
// name is the portfolio's name, used for UNKNOWN answers; answers that are
// UNKNOWN are ignored (the caller reports their reasons).
func Combine(name string, answers []*Result) *Result {
	var violations, proofs, bounded, unwound []*Result
	for _, r := range answers {
		switch {
		case r == nil:
		case r.Status == Falsified && r.Unwound:
			unwound = append(unwound, r)
		case r.Status == Falsified && r.Replayed:
			violations = append(violations, r)
		case r.Status == Verified && r.BoundComplete:
			proofs = append(proofs, r)
		case r.Status == Verified:
			bounded = append(bounded, r)
		}
	}
	if len(violations) > 0 {
		out := merge(violations)
		out.Status, out.Replayed, out.Unwound = Falsified, true, false
		out.BoundComplete, out.Induction, out.Invariants, out.Proof = false, 0, nil, ""
		out.WrongClaims = claims(proofs)
		return out
	}
	replayedUnwound := false
	for _, r := range unwound {
		replayedUnwound = replayedUnwound || r.Replayed
	}
	var standing, refuted, contested []*Result
	for _, r := range proofs {
		switch {
		case r.Induction > 0 || r.Proof != "" || len(unwound) == 0:
			standing = append(standing, r)
		case replayedUnwound:
			refuted = append(refuted, r)
		default:
			contested = append(contested, r)
		}
	}
	wrong := claims(refuted)
	if len(standing) > 0 {
		out := merge(standing)
		out.Status, out.BoundComplete, out.Replayed, out.Unwound = Verified, true, false, false
		out.WrongClaims = wrong
		return out
	}
	if len(contested) > 0 {
		d := definiteAnswers(append(append([]*Result(nil), contested...), unwound...))
		parts := make([]string, len(d))
		for i, e := range d {
			parts[i] = e.Engine + " " + e.Status.String()
		}
		return &Result{Status: Unknown, Engine: name, Reason: "disagreement: " + strings.Join(parts, ", "),
			Disagreement: d, Duration: maxDuration(answers)}
	}
	if len(unwound) > 0 {
		// Prefer the counterexample a run confirmed.
		sort.SliceStable(unwound, func(i, j int) bool { return unwound[i].Replayed && !unwound[j].Replayed })
		out := merge(unwound)
		out.Status, out.Unwound, out.BoundComplete, out.Induction, out.Invariants, out.Proof = Falsified, true, false, 0, nil, ""
		out.WrongClaims = wrong
		return out
	}
	if len(bounded) > 0 {
		out := merge(bounded)
		out.Status, out.BoundComplete, out.Induction, out.Invariants, out.Proof, out.Replayed = Verified, false, 0, nil, "", false
		out.WrongClaims = wrong
		return out
	}
	return &Result{Status: Unknown, Engine: name, Reason: "no engine gave evidence", Duration: maxDuration(answers)}
}

// merge is the first of rs, named by every engine of rs, under every
// assumption any of them made, taking the longest of their durations.
func merge(rs []*Result) *Result {
	out := *rs[0]
	var names, assumptions []string
	for _, r := range rs {
		names = append(names, r.Engine)
		assumptions = append(assumptions, r.Assumptions...)
	}
	out.Engine = strings.Join(sortedSet(names), "+")
	out.Assumptions = sortedSet(assumptions)
	out.Duration = maxDuration(rs)
	out.Disagreement = nil
	return &out
}

// claims lists the answers as engine answers, sorted by engine; nil when
// there are none.
func claims(rs []*Result) []EngineAnswer {
	if len(rs) == 0 {
		return nil
	}
	out := definiteAnswers(rs)
	for i := range out {
		out[i].BoundComplete = true // only proofs for every execution are blamed
	}
	return out
}
