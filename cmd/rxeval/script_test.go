package main

import (
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/rxeval/rxeval/internal/fakerepl"
)

func TestMain(m *testing.M) {
	if out := os.Getenv(peakEnv); out != "" {
		os.Exit(runMeasured(out, os.Args[1:]))
	}
	testscript.Main(m, map[string]func(){
		"rxeval": func() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) },
		// A stand-in for the Lean REPL (no Lean here): fakerepl MODE.
		"fakerepl": func() { os.Exit(fakerepl.Main(os.Args[1])) },
	})
}

// update is the one golden flag of the package: it rewrites the cmp files
// of testdata/script and the tables of docs/study-minif2f.md.
var update = flag.Bool("update", false, "rewrite golden files (testdata/script cmp files, docs/study-minif2f.md) from the actual output")

// TestScripts runs testdata/script/*.txtar: each documents a subcommand's
// stdout, stderr and exit code. The example and the malformed corpus are
// copied into each script's work directory as example/ and bad/.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "../../testdata/script",
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			for _, d := range []string{"example", "bad"} {
				if err := copyDir(filepath.Join("../../testdata", d), filepath.Join(env.WorkDir, d)); err != nil {
					return err
				}
			}
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// exits CODE PROG ARGS... runs PROG and checks its exit code.
			"exits": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) < 2 {
					ts.Fatalf("usage: exits CODE PROG [ARGS...]")
				}
				want, err := strconv.Atoi(args[0])
				if err != nil {
					ts.Fatalf("exits: bad code %q", args[0])
				}
				got := 0
				if err := ts.Exec(args[1], args[2:]...); err != nil {
					var ee *exec.ExitError
					if !errors.As(err, &ee) {
						ts.Fatalf("exits: %v", err)
					}
					got = ee.ExitCode()
				}
				if got != want {
					ts.Fatalf("exit code %d, want %d", got, want)
				}
			},
		},
	})
}

func copyDir(from, to string) error {
	if err := os.MkdirAll(to, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(from)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
