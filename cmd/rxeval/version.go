package main

import (
	"fmt"
	"runtime/debug"
	"strings"
)

func init() {
	register(&command{
		name:    "version",
		summary: "print the version of this build",
		usage: `Usage: rxeval version

Prints the version of this build from the build information Go records in
the binary: the module version (a tag, or a pseudo-version naming the
commit), then, when the build was stamped with its VCS state, the revision,
whether the tree was modified and the commit time. It prints "devel" only
when nothing is known (go run, or go build -buildvcs=false outside a tagged
module). 'rxeval --version' is the same.

Examples:
  rxeval version
  go install github.com/rxeval/rxeval/cmd/rxeval@latest && rxeval version

Exit code 0: printed; 2: usage error.

Flags:
`,
		run: runVersion,
	})
}

func runVersion(e *env, args []string) error {
	c := commands["version"]
	fs := newFlagSet(c)
	if err := c.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usageError{fmt.Errorf("version takes no arguments")}
	}
	fmt.Fprintln(e.stdout, "rxeval", version())
	return nil
}

// version names this build (see versionOf).
func version() string {
	bi, ok := debug.ReadBuildInfo()
	return versionOf(bi, ok)
}

// noVersion is what version says when the build records nothing.
const noVersion = "devel (built without version stamping, e.g. by go run)"

// versionOf names a build from its build information: the module version
// when there is one (go install, or go build in a module whose VCS state
// Go reads), then the VCS revision, "modified" and the commit time when it
// was stamped: "v1.2.0 (revision 0123456789ab, 2026-12-01T10:00:00Z)",
// "revision 0123456789ab (modified, 2026-12-01T10:00:00Z)"; "devel" only
// when nothing is known.
func versionOf(bi *debug.BuildInfo, ok bool) string {
	if !ok || bi == nil {
		return "devel (no build information)"
	}
	mod := bi.Main.Version
	if mod == "(devel)" {
		mod = ""
	}
	var rev, at string
	var dirty bool
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	var vcs []string
	if dirty {
		vcs = append(vcs, "modified")
	}
	if at != "" {
		vcs = append(vcs, at)
	}
	switch {
	case mod == "" && rev == "":
		return noVersion
	case mod == "":
		v := "revision " + rev
		if len(vcs) > 0 {
			v += " (" + strings.Join(vcs, ", ") + ")"
		}
		return v
	case rev == "":
		return mod
	}
	return mod + " (" + strings.Join(append([]string{"revision " + rev}, vcs...), ", ") + ")"
}
