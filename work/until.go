package work

import "context"

// RunUntil runs jobs on r as r.Run does, and after each result delivered
// asks stop whether to go on: once stop returns an error and jobs remain,
// the run ends (r drops the jobs not yet taken; those running finish
// unheard) and RunUntil returns the jobs whose results were not
// delivered, with a nil error, for the caller to settle otherwise (a
// spent token budget: the work left is refused in the caller's process,
// as it would have been had it run there). Any other failure is returned
// as Run returns it, with no jobs.
func RunUntil(ctx context.Context, r Runner, jobs []Job, deliver func(Result) error, stop func() error) (left []Job, err error) {
	delivered, ids := map[string]bool{}, map[string]bool{}
	for _, j := range jobs {
		ids[j.ID] = true
	}
	var stopped error
	err = r.Run(ctx, jobs, func(res Result) error {
		delivered[res.ID] = true
		if err := deliver(res); err != nil {
			return err
		}
		if len(delivered) < len(ids) {
			stopped = stop()
			return stopped
		}
		return nil
	})
	if stopped == nil || err != stopped {
		return nil, err
	}
	for _, j := range jobs {
		if !delivered[j.ID] {
			left = append(left, j)
			delivered[j.ID] = true // once each
		}
	}
	return left, nil
}
