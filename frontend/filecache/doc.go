// Package filecache keeps parsed files on disk, keyed by content, so that a
// rerun over an unchanged tree skips parsing. It implements frontend.Cache:
//
//	cache, err := filecache.Open(dir, &filecache.Options{Salt: buildID})
//	prog, ferrs, err := frontend.Load(ctx, paths, &frontend.LoadOptions{Cache: cache})
//
// An entry's key is the SHA-256 of the salt, the language, the load mode,
// the file's path and its bytes: the path is part of the key because the
// model records it in every span. The salt should change whenever the
// frontends may extract something different (a new build of the program);
// entries of other salts are then never read. Entries are gob files
// written atomically (a temporary file renamed into place), so concurrent
// loads and interrupted runs leave no half-written entry. The cache never
// fails a load: an entry that cannot be read or decoded counts as a miss,
// a write that fails is dropped, and Stats counts both.
package filecache
