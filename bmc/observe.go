package bmc

// An Observation is what concrete runs of a program showed about its
// assertions: the evidence of the run engine (bmc/run), which the
// portfolio, the audit (bmc/audit) and the self-test read. A run is a real
// execution of the program built by gcc, so what it shows happened; what it
// does not show proves nothing, unless Complete says the runs were every
// execution there is.
type Observation struct {
	// Engine names the observer ("run").
	Engine string `json:"engine"`
	// Runs is the number of runs made, Inputs how many of them were fed
	// inputs (seeded, random or from a fuzzer).
	Runs int `json:"runs"`
	// ReadsInput is set when the program reads input: a nondeterministic
	// function, stdin, argv, the environment, the clock, rand.
	ReadsInput bool `json:"reads_input"`
	// Complete is set when the runs are every execution of the program:
	// it reads no input, and its one run ended normally within the time
	// limit (not killed, no undefined behaviour the sanitizers saw). Only
	// then is an assertion that no run reached unreachable, and one that no
	// run failed true.
	Complete bool `json:"complete"`
	// Asserts holds what the runs saw of each assertion, by Assertion.Index.
	Asserts []Seen `json:"asserts"`
	// Undefined, when not empty, is undefined behaviour a sanitizer reported
	// on a run, in its words, with the line when it gave one.
	Undefined []Hazard `json:"undefined,omitempty"`
	// Why says what kept the observation from being complete, or why no
	// run could be made ("gcc failed: ...").
	Why string `json:"why,omitempty"`
}

// Seen is what the runs of an Observation saw of one assertion.
type Seen struct {
	// Reached counts the runs that evaluated the assertion at least once.
	Reached int `json:"reached"`
	// Failed counts the runs on which the assertion's predicate was false
	// at some evaluation.
	Failed int `json:"failed"`
	// First counts the failing runs on which this assertion was the first
	// of the program's assertions to fail: every other assertion held at
	// each evaluation before it. Such a run is also a run of the program
	// with every other assertion assumed, so it refutes a C-VERIFIED fact
	// as Failed refutes a VERIFIED one.
	First int `json:"first"`
	// Fail is the input of the first failing run (nil when none failed or
	// the run took no input).
	Fail *Counterexample `json:"fail,omitempty"`
}

// Reached reports whether some run evaluated assertion i.
func (o *Observation) Reached(i int) bool {
	return o != nil && i >= 0 && i < len(o.Asserts) && o.Asserts[i].Reached > 0
}

// Failed reports whether some run failed assertion i.
func (o *Observation) Failed(i int) bool {
	return o != nil && i >= 0 && i < len(o.Asserts) && o.Asserts[i].Failed > 0
}
