package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/rxeval/rxeval/validate"
)

func init() {
	register(&command{
		name:    "fix",
		summary: "rewrite non-canonical verdicts and categories to the strings the rules use",
		usage: `Usage: rxeval fix [flags] PRED.jsonl -o FIXED.jsonl

Rewrites verdicts and categories that name the right thing in a spelling
the rules do not use ("Aligned", a code such as "S2.4", a known misspelling)
to the canonical strings; every other byte is kept. Each rewrite is listed
on stderr. Nothing else is repaired: run 'rxeval validate' on the result.
Examples:
  rxeval fix predictions.jsonl -o fixed.jsonl
  rxeval fix - -o - < predictions.jsonl > fixed.jsonl

Exit code 0: written, and nothing fix cannot rewrite remains; 1: written, but
problems remain that fix does not rewrite (listed), or the input holds no
readable .jsonl (nothing written); 2: usage or I/O error.

Flags:
`,
		run: runFix,
	})
}

func runFix(e *env, args []string) error {
	c := commands["fix"]
	fs := newFlagSet(c)
	out := fs.StringP("output", "o", "", "write the result to `FILE` (required; - for standard output)")
	maxSize := fs.Int64("max-size", validate.DefaultMaxSize, "refuse a file over `BYTES`")
	if err := c.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageError{fmt.Errorf("want exactly one prediction file, got %d", fs.NArg())}
	}
	if *out == "" {
		return usageError{fmt.Errorf("-o FILE is required (- for standard output)")}
	}
	if err := checkPaths([]namedPath{{"PRED", fs.Arg(0)}}, []namedPath{{"--output", *out}}); err != nil {
		return err
	}
	src, err := validate.ReadSource(fs.Arg(0), *maxSize)
	if err != nil {
		return err
	}
	defer src.Close()
	if src.Data == nil {
		src.WriteProblems(e.stderr)
		return problemsError{fmt.Sprintf("%s holds no readable .jsonl; nothing written", src.Name)}
	}
	data, rewrites := validate.Canonicalize(src.Data)
	writeRewrites(e.stderr, src.Name, rewrites)
	if err := writeOut(e.stdout, *out, data); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "%s: %d values rewritten\n", src.Name, len(rewrites))
	// Say what fix left as it was: lines that are not JSON, missing fields
	// and the like. Ids are not checked (the file may hold a subset).
	v, err := validate.New()
	if err != nil {
		return err
	}
	rep := v.Validate(&validate.Source{Name: src.Name, Data: data}, validate.Options{MaxDetails: 20}).
		Without(validate.CodeMissingID, validate.CodeUnknownID)
	if rep.Rejected() {
		rep.WriteText(e.stderr, 20, false)
		return problemsError{fmt.Sprintf("%s: wrote %s, but problems fix does not rewrite remain (%s)", src.Name, *out, strings.Join(rep.ErrorCounts(true), ", "))}
	}
	return nil
}

// writeRewrites lists what Canonicalize changed, one line each.
func writeRewrites(w io.Writer, name string, rewrites []validate.Rewrite) {
	for _, r := range rewrites {
		fmt.Fprintf(w, "%s:%d: %s: %s: %q -> %q\n", name, r.Line, r.Idx, r.Field, r.From, r.To)
	}
}
