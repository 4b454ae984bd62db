package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/rxeval/rxeval/schema"
	"github.com/rxeval/rxeval/synth"
)

func init() {
	register(&command{
		name:    "synth",
		summary: "make a labelled dev set ('synth') or a judge benchmark ('synth pairs') by error injection",
		usage: `Usage: rxeval synth [flags] --inputs-out INPUTS.jsonl --gold-out GOLD.jsonl
       rxeval synth pairs [flags] -o PAIRS.jsonl

synth makes a labelled FormalRx dev set from aligned (informal, formal)
pairs: a test-inputs file and a gold file in the official shapes, ids
dev_0001... A misaligned sample carries one error injected into the formal
statement by an operator of its SCI category; its gold error_location is
the smallest enclosing sub-term holding the change, as written in the
misaligned statement, and its gold corrected_statement is the source
statement byte for byte. Every mutant parses, is not equivalent to its
source by the lean-ast judge, and is unique. Sources: --from FILE (JSONL
with formal_statement, informal_statement or informal_stmt or nl,
optional header and name), else the built-in ProofNet-lean4 statements
(MIT). The same --seed and sources give byte-identical files.

synth pairs makes a labelled benchmark for the stage-two judges, read by
'rxeval study calibrate --labels': correction and localization pairs of
named kinds (equivalent by construction, or near misses), each line with
"reference", "candidate", "label", "task", "kind" and, for localization,
the "statement" both fragments come from.

Two outputs that name one file (through any path or link), an output that
is --from, or two outputs to standard output are refused before any work.

A summary goes to stderr (--format json: to stdout).

Examples:
  rxeval synth --inputs-out dev_inputs.jsonl --gold-out dev_gold.jsonl
  rxeval synth --from my_aligned.jsonl --n 1000 --categories 'S2.4,C3.1' --gold-out g.jsonl --inputs-out i.jsonl
  rxeval synth pairs --help

Exit code 0: written; 1: the source file has problems; 2: usage or I/O
error.

Flags:
`,
		run: runSynth,
	})
}

const synthPairsUsage = `Usage: rxeval synth pairs [flags] -o PAIRS.jsonl

Makes a labelled benchmark for the stage-two judges, read by 'rxeval study
calibrate --labels': correction and localization pairs of named kinds
(equivalent by construction, or near misses), each line with "reference",
"candidate", "label", "task", "kind" and, for localization, the
"statement" both fragments come from.

Examples:
  rxeval synth pairs -o pairs.jsonl
  rxeval synth pairs --n 500 --seed 7 -o pairs.jsonl
  rxeval study calibrate --labels pairs.jsonl --judge offline

Exit code 0: written; 1: the source file has problems; 2: usage or I/O error.

Flags:
`

func runSynth(e *env, args []string) error {
	c := commands["synth"]
	pairs := len(args) > 0 && args[0] == "pairs"
	if pairs {
		args = args[1:]
		c = &command{name: c.name, usage: synthPairsUsage}
	}
	fs := newFlagSet(c)
	from := fs.String("from", "", "source `JSONL` of aligned statements (default: the built-in ProofNet-lean4 set)")
	n := fs.Int("n", 7030, "`N` samples to make (synth pairs: misaligned samples to make pairs from)")
	seed := fs.Uint64("seed", 1, "random `SEED`; the same seed and sources give byte-identical output")
	alignedFrac := fs.Float64("aligned-frac", 0.25, "`FRACTION` of aligned samples, in [0, 1]")
	cats := fs.String("categories", "", "comma-separated `LIST` of categories (names or codes) to draw misaligned samples from, uniformly (default: every category that can be made)")
	idPrefix := fs.String("id-prefix", "dev_", "id `PREFIX` (ids PREFIX0001 ...)")
	inputsOut := fs.String("inputs-out", "", "write the test-inputs file to `FILE`")
	goldOut := fs.String("gold-out", "", "write the gold file to `FILE`")
	predsOut := fs.String("preds-out", "", "also write the gold as a perfect prediction file to `FILE` (for checking a scoring pipeline)")
	out := fs.StringP("output", "o", "", "synth pairs: write the pairs to `FILE` (- for standard output)")
	format := fs.String("format", "text", "summary `FORMAT`: text (stderr) or json (stdout)")
	quiet := fs.BoolP("quiet", "q", false, "no summary, no progress")
	if err := c.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("unexpected argument %q (subcommands: pairs)", fs.Arg(0))}
	}
	if *format != "text" && *format != "json" {
		return usageError{fmt.Errorf("--format must be text or json, not %q", *format)}
	}
	if pairs {
		if *out == "" {
			return usageError{fmt.Errorf("-o FILE is required (- for standard output)")}
		}
		if *inputsOut != "" || *goldOut != "" || *predsOut != "" {
			return usageError{fmt.Errorf("--inputs-out, --gold-out and --preds-out are for 'synth', not 'synth pairs'")}
		}
		*alignedFrac = 0
	} else if *inputsOut == "" && *goldOut == "" {
		return usageError{fmt.Errorf("--inputs-out FILE and --gold-out FILE are required")}
	}
	// Outputs that are one file would keep only the last written, and an
	// output that is --from would destroy the source.
	outs := []namedPath{{"--inputs-out", *inputsOut}, {"--gold-out", *goldOut}, {"--preds-out", *predsOut}, {"-o", *out}}
	if err := checkPaths([]namedPath{{"--from", *from}}, outs); err != nil {
		return err
	}
	var toStdout []string
	for _, o := range outs {
		if o.path == "-" {
			toStdout = append(toStdout, o.what)
		}
	}
	if *format == "json" {
		toStdout = append(toStdout, "--format json")
	}
	if len(toStdout) > 1 {
		return usageError{fmt.Errorf("%s would all write to standard output: give files", strings.Join(toStdout, ", "))}
	}
	var categories []string
	if *cats != "" {
		for _, s := range strings.Split(*cats, ",") {
			s = strings.TrimSpace(s)
			cat, m := schema.Lookup(s)
			if m == schema.NoMatch {
				hint := ""
				if sug, ok := schema.Suggest(s); ok {
					hint = fmt.Sprintf(" (did you mean %q?)", sug)
				}
				return usageError{fmt.Errorf("--categories: unknown category %q%s", s, hint)}
			}
			categories = append(categories, cat.Name)
		}
	}
	srcs, srcName := synth.Builtin(), synth.BuiltinName
	var skipped []synth.SkippedSource
	if *from != "" {
		f, err := os.Open(*from)
		if err != nil {
			return err
		}
		srcs, skipped, err = synth.ReadSources(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(e.stderr, "%s:%v\n", *from, err)
			return problemsError{fmt.Sprintf("%s: not a source file", *from)}
		}
		srcName = *from
	}
	opts := synth.Options{N: *n, Seed: *seed, AlignedFrac: *alignedFrac, Categories: categories, IDPrefix: *idPrefix}
	if !*quiet && *n >= 1000 && isTerminal(e.stderr) {
		opts.Progress = func(done, total int) {
			fmt.Fprintf(e.stderr, "\rsynth: %d/%d samples", done, total)
			if done == total {
				fmt.Fprintln(e.stderr)
			}
		}
	}
	// A short batch run that allocates many small trees: trading memory
	// for less GC work cuts its CPU time by about a fifth (measured with
	// BenchmarkGenerate7030 at GOGC=400).
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	set, err := synth.Generate(srcs, opts)
	if err != nil {
		var ce *synth.CategoryError
		if errors.As(err, &ce) {
			return usageError{err}
		}
		return problemsError{fmt.Sprintf("%s: %v", srcName, err)}
	}
	sum := set.Summary
	report := struct {
		Source  string                `json:"source"`
		Skipped []synth.SkippedSource `json:"skipped_rows,omitempty"`
		synth.Summary
		Pairs   map[string]int    `json:"pairs,omitempty"`
		Written map[string]string `json:"written"`
	}{Source: srcName, Skipped: skipped, Summary: sum, Written: map[string]string{}}
	if pairs {
		ps := synth.Pairs(set.Samples)
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		report.Pairs = map[string]int{}
		for _, p := range ps {
			if err := enc.Encode(p); err != nil {
				return err
			}
			report.Pairs[fmt.Sprintf("%s/%s/%v", p.Task, p.Kind, p.Label)]++
		}
		if err := writeOut(e.stdout, *out, buf.Bytes()); err != nil {
			return err
		}
		report.Written["pairs"] = *out
	} else {
		for _, o := range []struct {
			path, what string
			write      func(io.Writer, []synth.Sample) error
		}{{*inputsOut, "inputs", synth.WriteInputs}, {*goldOut, "gold", synth.WriteGold}, {*predsOut, "predictions", synth.WritePredictions}} {
			if o.path == "" {
				continue
			}
			var buf bytes.Buffer
			if err := o.write(&buf, set.Samples); err != nil {
				return err
			}
			if err := writeOut(e.stdout, o.path, buf.Bytes()); err != nil {
				return err
			}
			report.Written[o.what] = o.path
		}
	}
	if *format == "json" {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(report)
	}
	w := e.stderr
	for _, s := range sum.Warnings { // up front, even with -q
		fmt.Fprintf(w, "warning: %s\n", s)
	}
	if *quiet {
		return nil
	}
	fmt.Fprintf(w, "synth: %d samples (%d aligned, %d misaligned) from %s: %d sources", sum.Samples, sum.Aligned, sum.Misaligned, srcName, sum.Sources)
	if len(skipped) > 0 {
		fmt.Fprintf(w, ", %d rows skipped", len(skipped))
	}
	if len(sum.Unusable) > 0 {
		fmt.Fprintf(w, ", %d statements the Lean parser cannot read skipped", len(sum.Unusable))
	}
	fmt.Fprintln(w)
	for _, s := range skipped {
		fmt.Fprintf(w, "  %s:%d: skipped: %s\n", srcName, s.Line, s.Reason)
	}
	for _, s := range sum.Unusable {
		fmt.Fprintf(w, "  %s:%d: %s: skipped: %s\n", srcName, s.Line, s.Name, s.Reason)
	}
	fmt.Fprintf(w, "  %-5s %-38s %6s %6s %10s\n", "code", "category", "made", "quota", "candidates")
	for _, b := range sum.ByCategory {
		fmt.Fprintf(w, "  %-5s %-38s %6d %6d %10d\n", b.Code, b.Category, b.Made, b.Quota, b.Candidates)
	}
	if len(sum.Rejected) > 0 {
		var parts []string
		for k, v := range sum.Rejected {
			parts = append(parts, fmt.Sprintf("%d %s", v, k))
		}
		sort.Strings(parts)
		fmt.Fprintf(w, "rejected mutations: %s\n", strings.Join(parts, ", "))
	}
	if sum.Aligned > 0 {
		fmt.Fprintf(w, "aligned: %d samples from %d distinct sources", sum.Aligned, sum.AlignedSources)
		if sum.AlignedReuse > 0 {
			fmt.Fprintf(w, ", each used up to %d times (%d repeats: more aligned samples than usable sources)", sum.AlignedMaxUses, sum.AlignedReuse)
		}
		fmt.Fprintln(w)
	}
	if pairs {
		keys := make([]string, 0, len(report.Pairs))
		for k := range report.Pairs {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		total := 0
		for _, k := range keys {
			total += report.Pairs[k]
		}
		fmt.Fprintf(w, "pairs: %d\n", total)
		for _, k := range keys {
			fmt.Fprintf(w, "  %-45s %5d\n", k, report.Pairs[k])
		}
	}
	names := make([]string, 0, len(report.Written))
	for _, v := range report.Written {
		names = append(names, v)
	}
	sort.Strings(names)
	fmt.Fprintf(w, "wrote %s\n", strings.Join(names, ", "))
	return nil
}

// isTerminal reports whether w is a character device (progress is shown
// only there).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
