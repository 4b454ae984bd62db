package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// namedPath is a file named on the command line and what names it (a flag
// such as "--gold", or "PRED" for an argument).
type namedPath struct{ what, path string }

// checkPaths refuses a command line that would destroy its own input or
// read standard input twice: an output that is an input or another output
// (the same path, or the same file through another name; outputs may share
// a device such as /dev/null, see isDevice), and "-" given
// as more than one input. Empty paths are skipped; "-" as an output is
// standard output and is never a clash.
func checkPaths(inputs, outputs []namedPath) error {
	var stdin *namedPath
	for i, in := range inputs {
		if !isStdin(in.path) {
			continue
		}
		if stdin != nil {
			names := "-"
			if stdin.path != "-" || in.path != "-" {
				names = stdin.path + ", " + in.path
			}
			return usageError{fmt.Errorf("%s and %s both name standard input (%s), which can be read only once", stdin.what, in.what, names)}
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
			if other.path != "" && other.path != "-" && sameFile(out.path, other.path) && !isDevice(out.path) {
				return usageError{fmt.Errorf("%s and %s both name %s: each output needs its own file", other.what, out.what, out.path)}
			}
		}
	}
	return nil
}

// isDevice reports whether path names a device (/dev/null, a terminal):
// outputs may share one, written in turn, and a --cache that is one is
// then "not a regular file" when the cache opens, not a clash (issue 34.8).
// A FIFO is no device: two outputs to one would interleave.
func isDevice(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode()&fs.ModeDevice != 0
}

// isStdin reports whether path is "-" or names this process's standard
// input when that is a pipe or socket (/dev/stdin, /dev/fd/0), which a
// second open finds drained. A regular file given as standard input is
// read afresh by each open, so it is no clash.
func isStdin(path string) bool {
	if path == "-" {
		return true
	}
	if path == "" {
		return false
	}
	in, err := os.Stdin.Stat()
	if err != nil || in.Mode()&(fs.ModeNamedPipe|fs.ModeSocket) == 0 {
		return false
	}
	st, err := os.Stat(path)
	return err == nil && os.SameFile(in, st)
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

// checkWritable refuses, before any work, an output that cannot be written:
// a directory, or a file in a directory that does not exist or refuses a
// new file (outputs are written through a temporary file beside them, see
// writeFileAtomic). Without it a long score failed only at the end, after
// the judging. Empty paths, "-" and existing non-regular files (/dev/null,
// a FIFO), which are written as they are, are skipped.
func checkWritable(outputs []namedPath) error {
	for _, out := range outputs {
		if out.path == "" || out.path == "-" {
			continue
		}
		if st, err := os.Stat(out.path); err == nil {
			if st.IsDir() {
				return fmt.Errorf("%s %s: is a directory; name a file in it", out.what, out.path)
			}
			if !st.Mode().IsRegular() {
				continue
			}
		}
		dir := filepath.Dir(out.path)
		st, err := os.Stat(dir)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			// The nearest missing or wrong part of the path.
			return fmt.Errorf("%s %s: cannot be written: %s", out.what, out.path, missingPart(dir))
		case err != nil:
			return fmt.Errorf("%s %s: cannot be written: %w", out.what, out.path, unwrapPath(err))
		case !st.IsDir():
			return fmt.Errorf("%s %s: cannot be written: %s is not a directory", out.what, out.path, dir)
		}
		tmp, err := createTemp(out.path)
		if err != nil {
			return fmt.Errorf("%s %s: cannot be written: %w", out.what, out.path, unwrapPath(err))
		}
		tmp.Close()
		os.Remove(tmp.Name())
	}
	return nil
}

// missingPart says which part of a directory path is missing, or is a file.
func missingPart(dir string) string {
	for d := dir; ; {
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		if st, err := os.Stat(parent); err == nil {
			if !st.IsDir() {
				return parent + " is not a directory"
			}
			break
		}
		d = parent
	}
	return "directory " + dir + " does not exist"
}

// unwrapPath drops the path an *fs.PathError repeats (a temporary name).
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
