package surety

import (
	"fmt"
)

// The one-line outcomes the command line prints after a pipeline, for a
// tool that embeds surety and prints as it does.

// RunError is the error to report for a run that asked m and ended with
// err: when the server refused a request for good (Refused), an error that
// says so and what to set; else err. It is safe on a nil m.
func (m *MeteredModel) RunError(err error) error {
	if rerr := m.Refused(); rerr != nil {
		return fmt.Errorf("the model server refused a request, and it will not get better: %v; check OPENAI_BASE_URL, OPENAI_API_KEY and SURETY_MODEL", rerr)
	}
	return err
}
