package main

import (
	"bytes"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"unsafe"

	"github.com/rxeval/rxeval/validate"
	"github.com/spf13/pflag"
)

func init() {
	register(&command{
		name:    "fix",
		summary: "rewrite non-canonical verdicts and categories to the strings the rules use",
		usage: `Usage: rxeval fix [flags] PRED.jsonl -o FIXED.jsonl

Repairs what can be repaired without guessing: a byte order mark (at the
start of the file or of a later line), CRLF and CR-only (classic Mac OS)
line ends (a lone CR in a file with no LF, or between two rows; a raw CR
inside a string is escaped as \r, a stray CR after the last row removed),
objects that are not one per line (a JSON array, on one line or
many, pretty-printed objects, a comma after each object: rewritten one
compact object per line, every value kept as written), and verdicts and categories that name the right thing in
a spelling the rules do not use ("Aligned", a code such as "S2.4", a known
misspelling), rewritten to the canonical strings. A file already one object
per line keeps every other byte. Each repair is listed on stderr; what fix
could not repair (an unknown category, a missing field) is listed after,
for you to edit: the first 20 problems (--max-errors), with the line
numbers of the file written, and a count of every kind. Ids are not checked (the file may hold
a subset).
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

// fixOptions are fix's flags and argument.
type fixOptions struct {
	reportFlags
	in        string
	maxSize   int64
	maxErrors int
	report    fixReport // --format json
}

func (o *fixOptions) addFlags(fs *pflag.FlagSet) {
	o.reportFlags.register(fs, fixUsage)
	fs.Int64Var(&o.maxSize, "max-size", validate.DefaultMaxSize, "refuse a file over `BYTES`")
	maxErrorsVar(fs, &o.maxErrors)
}

// check refuses bad usage: one prediction file, and -o naming another.
func (o *fixOptions) check(args []string) error {
	if len(args) != 1 {
		return usageError{fmt.Errorf("want exactly one prediction file, got %d", len(args))}
	}
	o.in = args[0]
	if o.out == "" {
		return usageError{fmt.Errorf("-o FILE is required (- for standard output)")}
	}
	if err := o.oneStdout(); err != nil {
		return err
	}
	outs := []namedPath{{"--output", o.out}}
	if err := checkPaths([]namedPath{{"PRED", o.in}}, outs); err != nil {
		return err
	}
	return checkWritable(outs)
}

func runFix(e *env, args []string) error {
	c := commands["fix"]
	fs := newFlagSet(c)
	var o fixOptions
	o.addFlags(fs)
	if err := c.parse(fs, args); err != nil {
		return err
	}
	if err := o.check(fs.Args()); err != nil {
		return err
	}
	src, err := validate.ReadSource(o.in, o.maxSize)
	if err != nil {
		return err
	}
	defer src.Close()
	data, name, err := o.rewrite(e, src)
	if err != nil {
		return err
	}
	err = o.remaining(e, src.Name, name, data)
	if o.format == "json" {
		if werr := writeJSON(e.stdout, o.report); werr != nil {
			return werr
		}
	}
	return err
}

// rewrite repairs and canonicalizes the file, lists each change on stderr
// and writes the result. name is what the messages about the result call
// it: the input, or, once the objects were put one per line (a JSON array,
// pretty-printed objects ...), the output, whose line numbers they give.
func (o *fixOptions) rewrite(e *env, src *validate.Source) (data []byte, name string, err error) {
	if src.Data == nil {
		src.WriteProblems(e.stderr)
		return nil, "", problemsError{fmt.Sprintf("%s holds no readable .jsonl; nothing written", src.Name)}
	}
	if p, ok := validate.Compressed(src.Data); ok {
		fmt.Fprintf(e.stderr, "%s: %s\n", validate.TermSafe(src.Name), validate.TermSafe(p.String()))
		return nil, "", problemsError{fmt.Sprintf("%s holds no readable .jsonl; nothing written", src.Name)}
	}
	repaired, notes := validate.Repair(src.Data)
	if !holdsObject(repaired) {
		return nil, "", problemsError{fmt.Sprintf("%s: no line starts a JSON object (a binary or other file?); nothing written", src.Name)}
	}
	name = src.Name
	o.report = fixReport{Input: src.Name, Output: o.out, Repairs: nonNil(notes)}
	for _, n := range notes {
		o.listf(e.stderr, "%s: %s\n", validate.TermSafe(src.Name), n)
		if strings.Contains(n, "one per line") && o.out != "-" {
			name = o.out // Repair's note of a new layout
		}
	}
	// Each copy is dropped once the next replaces it: the input, a
	// repaired and a rewritten copy and the check's copy of a long text
	// were up to four of a 120 MB row at once (issue 34.9).
	dropInput(&src.Data, repaired)
	data, rewrites := validate.Canonicalize(repaired)
	dropInput(&repaired, data)
	o.listRewrites(e.stderr, name, rewrites)
	o.report.Rewrites = nonNil(rewrites)
	if err := writeOut(e.stdout, o.out, data); err != nil {
		return nil, "", err
	}
	if o.format == "text" {
		fmt.Fprintf(e.stderr, "%s: %s rewritten\n", src.Name, countOf(len(rewrites), "value"))
	}
	return data, name, nil
}

// remaining says what fix left as it was: lines that are not JSON, missing
// fields and the like. Ids are not checked (the file may hold a subset).
// Its lines are named as name (see rewrite); the summary names the input.
func (o *fixOptions) remaining(e *env, in, name string, data []byte) error {
	v, err := validate.New()
	if err != nil {
		return err
	}
	// Ids are ignored as they are found, not dropped afterwards: dropped
	// afterwards they would have used up the details kept, and hidden
	// every other problem past the first 20 rows (the listing said
	// "... not listed" and named no way to see them).
	rep := v.Validate(&validate.Source{Name: name, Data: data}, validate.Options{MaxDetails: o.maxErrors, Ignore: []validate.Code{validate.CodeMissingID, validate.CodeUnknownID}})
	if o.format == "json" {
		o.report.setRemaining(rep)
	}
	if rep.ErrorCount > 0 {
		// Rejected or penalised: fix could not repair them without guessing.
		if o.format == "text" {
			rep.WriteText(e.stderr, o.maxErrors, o.quiet)
		}
		counts := append(rep.ErrorCounts(true), rep.ErrorCounts(false)...)
		return problemsError{fmt.Sprintf("%s: wrote %s, but problems fix cannot repair without guessing remain (%s): edit them by hand", in, o.out, strings.Join(counts, ", "))}
	}
	return nil
}

// dropInput drops the bytes *in, once out (a rewritten copy) replaces
// them, and when large collects them and returns their pages to the
// system: the collector would otherwise wait until the heap doubled the
// two copies it last saw live, and even collected, their pages stayed
// resident while the check's copy of a long text took new ones: three
// copies of a 120 MB row at once (issue 34.9: fix 377 MiB, 258 with
// this). A small file, or one nothing rewrote, costs nothing.
func dropInput(in *[]byte, out []byte) {
	large := len(*in) >= 32<<20 && len(out) > 0 && unsafe.SliceData(*in) != unsafe.SliceData(out)
	*in = nil
	if large {
		debug.FreeOSMemory()
	}
}

// writeRewrites lists what Canonicalize changed, one line each.
func writeRewrites(w io.Writer, name string, rewrites []validate.Rewrite) {
	for _, r := range rewrites {
		fmt.Fprintf(w, "%s:%d: %s: %s: %q -> %q\n", name, r.Line, r.Idx, r.Field, r.From, r.To)
	}
}

// holdsObject reports whether some line of data starts a JSON object,
// even a broken one: fix writes nothing for a file with none (binary data,
// another format), and lists what is left in one that has.
func holdsObject(data []byte) bool {
	for line := range bytes.SplitSeq(data, []byte("\n")) {
		line = bytes.TrimSpace(bytes.TrimPrefix(line, []byte("\xef\xbb\xbf")))
		if len(line) > 0 && line[0] == '{' {
			return true
		}
	}
	return false
}
