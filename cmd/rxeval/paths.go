package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// namedPath is a file named on the command line and what names it (a flag
// such as "--gold", or "PRED" for an argument).
type namedPath struct{ what, path string }

// checkPaths refuses a command line that would destroy its own input or
// read standard input twice: an output that is an input or another output
// (the same path, or the same file through another name), and "-" given
// as more than one input. Empty paths are skipped; "-" as an output is
// standard output and is never a clash.
func checkPaths(inputs, outputs []namedPath) error {
	var stdin *namedPath
	for i, in := range inputs {
		if in.path != "-" {
			continue
		}
		if stdin != nil {
			return usageError{fmt.Errorf("%s and %s both name standard input (-), which can be read only once", stdin.what, in.what)}
		}
		stdin = &inputs[i]
	}
	for i, out := range outputs {
		if out.path == "" || out.path == "-" {
			continue
		}
		for _, in := range inputs {
			if in.path != "" && in.path != "-" && sameFile(out.path, in.path) {
				return usageError{fmt.Errorf("%s %s is also %s: refusing to overwrite an input", out.what, out.path, in.what)}
			}
		}
		for _, other := range outputs[:i] {
			if other.path != "" && other.path != "-" && sameFile(out.path, other.path) {
				return usageError{fmt.Errorf("%s and %s both name %s: each output needs its own file", other.what, out.what, out.path)}
			}
		}
	}
	return nil
}

// sameFile reports whether a and b name one file: the same cleaned absolute
// path, or, when both exist, the same file (links, ./x and x, bind mounts).
func sameFile(a, b string) bool {
	if absA, err := filepath.Abs(a); err == nil {
		if absB, err := filepath.Abs(b); err == nil && absA == absB {
			return true
		}
	}
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(sa, sb)
}
