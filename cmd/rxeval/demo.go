package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/rxeval/rxeval"
)

func init() {
	register(&command{
		name:    "demo",
		summary: "validate and score the embedded example with the offline judge",
		usage: `Usage: rxeval demo

Writes the embedded example (5 official test inputs, example gold labels,
example predictions) to a temporary folder, then runs
  rxeval validate --inputs inputs.jsonl predictions.jsonl
  rxeval score --gold gold.jsonl predictions.jsonl
on it and prints both.

Examples:
  go run ./cmd/rxeval demo
  rxeval demo | less

Exit code 0: done; 1: the example did not validate or
score (a defect of rxeval: please report it); 2: the temporary folder could
not be written.

Flags:
`,
		run: runDemo,
	})
}

func runDemo(e *env, args []string) error {
	c := commands["demo"]
	fs := newFlagSet(c)
	if err := c.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usageError{fmt.Errorf("demo takes no arguments")}
	}
	dir, err := os.MkdirTemp("", "rxeval-demo")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := writeExample(dir); err != nil {
		return err
	}
	// Run in the folder, so that the output names the files as a user
	// who ran the commands there would see them.
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	if err := os.Chdir(dir); err != nil {
		return err
	}
	defer os.Chdir(wd)
	fmt.Fprintln(e.stdout, "$ rxeval validate --inputs inputs.jsonl predictions.jsonl")
	if err := runValidate(e, []string{"--inputs", "inputs.jsonl", "predictions.jsonl"}); err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, "\n$ rxeval score --gold gold.jsonl predictions.jsonl")
	return runScore(e, []string{"--gold", "gold.jsonl", "predictions.jsonl"})
}

// writeExample writes the embedded example's three files into dir.
func writeExample(dir string) error {
	for _, name := range []string{"inputs.jsonl", "gold.jsonl", "predictions.jsonl"} {
		b, err := rxeval.Example.ReadFile("testdata/example/" + name)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o666); err != nil { // the umask narrows it
			return err
		}
	}
	return nil
}
