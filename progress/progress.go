// Package progress is the one way surety's long operations say how far
// they are: a pipeline, a bench, a self-test each take a func(Event), and
// the command line draws every one of them with Bar. One type, so that a
// tool embedding several pipelines handles their progress once.
package progress

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// An Event reports progress of a long operation: which stage, how far.
type Event struct {
	// Stage names the step: "load", "contracts", "reason", "confirm",
	// "graph" of fmagent; "schedule" of a callgraph schedule; a stage of
	// cospec's synthesis ("properties", "program", ...).
	Stage string `json:"stage"`
	Done  int    `json:"done"`
	Total int    `json:"total"`
	// Function names the function just finished, when the stage works per
	// function.
	Function string `json:"function,omitempty"`
	// Warning, when set, is a line for the user about something skipped
	// or kept in part (a file that could not be read inside a directory,
	// a file with syntax errors); Done and Total are then zero.
	Warning string `json:"warning,omitempty"`
	// Layer and Layers say which layer of the call graph a stage that
	// works layer by layer is in, counted from 1, and how many there are.
	Layer  int `json:"layer,omitempty"`
	Layers int `json:"layers,omitempty"`
	// Failed counts the items that failed so far, among Done.
	Failed int `json:"failed,omitempty"`
}

// Send returns a function that sends events to progress, one at a time,
// or drops them when progress is nil.
func Send(progress func(Event)) func(Event) {
	if progress == nil {
		return func(Event) {}
	}
	var mu sync.Mutex
	return func(ev Event) {
		mu.Lock()
		defer mu.Unlock()
		progress(ev)
	}
}

// Warn returns a function that sends a warning as an event of stage.
func Warn(send func(Event), stage string) func(string) {
	return func(msg string) { send(Event{Stage: stage, Warning: msg}) }
}

// Bar returns a progress callback for people, as the command line
// draws it: each warning as a line "surety WHAT: ..." on w; when terminal
// is true (w is a terminal), a bar of the layer's progress redrawn in
// place, and nothing otherwise, so that logs stay clean.
func Bar(w io.Writer, what string, terminal bool) func(Event) {
	return func(p Event) {
		if p.Warning != "" {
			fmt.Fprintf(w, "surety %s: %s\n", what, p.Warning)
			return
		}
		if !terminal || p.Layers == 0 {
			return
		}
		const width = 30
		done := 0
		if p.Total > 0 {
			done = width * p.Done / p.Total
		}
		fmt.Fprintf(w, "\r%s layer %d/%d [%s%s] %d/%d", what, p.Layer, p.Layers,
			strings.Repeat("#", done), strings.Repeat(".", width-done), p.Done, p.Total)
		if p.Done == p.Total {
			fmt.Fprintln(w)
		}
	}
}

// Stages returns a progress callback for people that reports stages, not
// counts (cospec's synthesis): a line "WHAT: STAGE (ELAPSED)" on w as each
// stage starts, the time counted from the call.
func Stages(w io.Writer, what string) func(Event) {
	started := time.Now()
	return func(ev Event) {
		fmt.Fprintf(w, "%s: %-10s (%s)\n", what, ev.Stage, time.Since(started).Round(time.Millisecond))
	}
}
