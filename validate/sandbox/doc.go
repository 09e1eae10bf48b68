// Package sandbox runs a generated test, and the steps that build it, in
// isolation: each Run gets a fresh temporary directory, which is the only
// place its programs may write, and every step runs there under a wall-clock
// time limit, CPU, memory and file-size limits, without network, and with
// its whole process tree killed at the end.
//
// How each guarantee is obtained (Linux):
//
//   - Time: the step's process group is killed when Limits.Timeout expires
//     (internal/proc); the step is then marked TimedOut.
//   - CPU, memory, file size: setrlimit (RLIMIT_CPU, RLIMIT_AS, RLIMIT_FSIZE)
//     set before the step's first instruction and inherited by everything
//     it starts. A step over its CPU limit is killed by SIGXCPU/SIGKILL, one
//     over its file-size limit gets SIGXFSZ or EFBIG, an allocation past the
//     memory limit fails.
//   - No network: a new network namespace holding only a loopback device
//     (proc.Limits.NoNetwork).
//   - Writes: the step runs in a new mount namespace (unshare(1) from
//     util-linux) in which the directory is bind-mounted onto itself and
//     every other mount is remounted read-only. A write anywhere else fails
//     with EROFS. Reads are not restricted: the test may read the system
//     under test and its libraries. Device nodes such as /dev/null stay
//     usable. Changes to the mount table are private to the namespace.
//   - Process tree: the step runs in a PID namespace of its own (unshare
//     --pid --fork --kill-child), in which its shell is process 1; when it
//     exits, the kernel kills every process left in the namespace,
//     including daemons that left the process group or the session.
//     unshare gets the parent-death signal from internal/proc and has its
//     child killed when it dies, so kill -9 of surety ends the tree too.
//     Output held open by anything that still escapes is cut off after a
//     grace period and the step is a result (StepResult.OutputHeld), never
//     a failed run. Where no PID namespace can be had, the step's
//     descendants are followed through /proc and killed at its end, which
//     is best effort; Isolation.ProcessesContained says which held.
//
// Where the machine cannot give the network or write guarantee (no
// unshare(1), namespaces not permitted), Run fails with ErrNoIsolation
// naming what is missing instead of running unisolated. Options.AllowNetwork and Options.AllowWrites turn
// a guarantee off on purpose; the Result records which guarantees held.
//
// What it does not guarantee: it is not a security boundary against a
// hostile program (the step runs as the calling user, root in its own user
// namespace when the caller is not root, and may read any file the caller
// can); it confines the accidents a generated test can cause.
package sandbox
