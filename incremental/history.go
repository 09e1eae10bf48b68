package incremental

import "context"

// A History reads a code base's past, for a baseline taken at an earlier
// revision: the tree of that revision, and the messages of the commits
// since it (a goal for Relevant when none is given). *git.Tool of package
// incremental/git implements it; fmagent's Update uses it when
// given a revision to compare with.
type History interface {
	// Checkout writes the tree of revision rev of the repository directory
	// dir into a new temporary directory (the subtree of dir when dir is
	// a subdirectory of the repository) and returns it with a function
	// that removes it.
	Checkout(ctx context.Context, dir, rev string) (tree string, remove func(), err error)
	// Messages returns the messages of the commits after since up to the
	// current one of the repository at dir, newest first.
	Messages(ctx context.Context, dir, since string) (string, error)
}
