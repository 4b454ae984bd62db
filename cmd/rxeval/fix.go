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

Repairs what can be repaired without guessing: a byte order mark, CRLF
line ends, objects that are not one per line (a JSON array, pretty-printed
objects, a comma after each object: rewritten one compact object per line,
every value kept as written), and verdicts and categories that name the
right thing in a spelling the rules do not use ("Aligned", a code such as
"S2.4", a known misspelling), rewritten to the canonical strings. Each
repair is listed on stderr; what fix could not repair (an unknown category,
a missing field) is listed after, for you to edit.
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
	repaired, notes := validate.Repair(src.Data)
	for _, n := range notes {
		fmt.Fprintf(e.stderr, "%s: %s\n", validate.TermSafe(src.Name), n)
	}
	data, rewrites := validate.Canonicalize(repaired)
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
	if rep.ErrorCount > 0 {
		// Rejected or penalised: fix could not repair them without guessing.
		rep.WriteText(e.stderr, 20, false)
		counts := append(rep.ErrorCounts(true), rep.ErrorCounts(false)...)
		return problemsError{fmt.Sprintf("%s: wrote %s, but problems fix cannot repair without guessing remain (%s): edit them by hand", src.Name, *out, strings.Join(counts, ", "))}
	}
	return nil
}

// writeRewrites lists what Canonicalize changed, one line each.
func writeRewrites(w io.Writer, name string, rewrites []validate.Rewrite) {
	for _, r := range rewrites {
		fmt.Fprintf(w, "%s:%d: %s: %s: %q -> %q\n", name, r.Line, r.Idx, r.Field, r.From, r.To)
	}
}
