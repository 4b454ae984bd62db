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
	"unicode"

	"github.com/rxeval/rxeval/schema"
	"github.com/rxeval/rxeval/synth"
	"github.com/rxeval/rxeval/validate"
	"github.com/spf13/pflag"
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

A summary goes to stderr (--format json: to stdout; synth -o FILE: to
FILE).

Examples:
  rxeval synth --inputs-out dev_inputs.jsonl --gold-out dev_gold.jsonl
  rxeval synth --from my_aligned.jsonl --n 1000 --categories 'S2.4,C3.1' --gold-out g.jsonl --inputs-out i.jsonl
  rxeval synth pairs --help

Exit code 0: written; 1: the source file has problems; 2: usage or I/O
error.

Flags:
`,
		run:  runSynth,
		subs: []string{"pairs"},
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

// synthOptions are synth's flags and arguments ("synth pairs" when pairs).
type synthOptions struct {
	reportFlags
	pairs                        bool
	from, cats, idPrefix         string
	inputsOut, goldOut, predsOut string
	n                            int
	seed                         uint64
	alignedFrac                  float64
	categories                   []string // canonical names, from cats
}

// addFlags declares synth's flags, or synth pairs' (o.pairs): each help
// lists only the flags its command takes.
func (o *synthOptions) addFlags(fs *pflag.FlagSet) {
	fs.StringVar(&o.from, "from", "", "source `JSONL` of aligned statements (default: the built-in ProofNet-lean4 set)")
	if o.pairs {
		fs.IntVar(&o.n, "n", 7030, "`N` misaligned samples to make pairs from")
	} else {
		fs.IntVar(&o.n, "n", 7030, "`N` samples to make")
	}
	fs.Uint64Var(&o.seed, "seed", 1, "random `SEED`; the same seed and sources give byte-identical output")
	if !o.pairs {
		fs.Float64Var(&o.alignedFrac, "aligned-frac", 0.25, "`FRACTION` of aligned samples, in [0, 1]")
	}
	fs.StringVar(&o.cats, "categories", "", "comma-separated `LIST` of categories (names or codes) to draw misaligned samples from, uniformly (default: every category that can be made)")
	fs.StringVar(&o.idPrefix, "id-prefix", "dev_", "id `PREFIX` (ids PREFIX0001 ...)")
	if o.pairs {
		o.reportFlags.register(fs, synthPairsReportUsage)
		return
	}
	fs.StringVar(&o.inputsOut, "inputs-out", "", "write the test-inputs file to `FILE`")
	fs.StringVar(&o.goldOut, "gold-out", "", "write the gold file to `FILE`")
	fs.StringVar(&o.predsOut, "preds-out", "", "also write the gold as a perfect prediction file to `FILE` (for checking a scoring pipeline)")
	o.reportFlags.register(fs, synthReportUsage)
}

// check refuses what cannot run (exit 2) before any source is read, and
// reads --categories.
func (o *synthOptions) check(args []string) error {
	if len(args) > 0 {
		return usageError{fmt.Errorf("unexpected argument %q (subcommands: pairs)", args[0])}
	}
	// An id is one JSON string a prediction file repeats: no empty prefix
	// (the default dev_ silently), no white space or control character.
	if o.idPrefix == "" || strings.IndexFunc(o.idPrefix, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return usageError{fmt.Errorf("--id-prefix %q: want a non-empty prefix without white space or control characters", o.idPrefix)}
	}
	if o.pairs {
		if o.out == "" {
			return usageError{fmt.Errorf("-o FILE is required (- for standard output)")}
		}
		o.alignedFrac = 0
	} else if o.inputsOut == "" && o.goldOut == "" {
		return usageError{fmt.Errorf("--inputs-out FILE and --gold-out FILE are required")}
	}
	// Outputs that are one file would keep only the last written, and an
	// output that is --from would destroy the source.
	outs := []namedPath{{"--inputs-out", o.inputsOut}, {"--gold-out", o.goldOut}, {"--preds-out", o.predsOut}, {"-o", o.out}}
	if err := checkPaths([]namedPath{{"--from", o.from}}, outs); err != nil {
		return err
	}
	var toStdout []string
	for _, out := range outs {
		if out.path == "-" {
			toStdout = append(toStdout, out.what)
		}
	}
	if o.format == "json" && (o.pairs || o.out == "") {
		toStdout = append(toStdout, "--format json")
	}
	if len(toStdout) > 1 {
		return usageError{fmt.Errorf("%s would all write to standard output: give files", strings.Join(toStdout, ", "))}
	}
	if o.cats != "" {
		for _, s := range strings.Split(o.cats, ",") {
			s = strings.TrimSpace(s)
			cat, m := schema.Lookup(s)
			if m == schema.NoMatch {
				hint := ""
				if sug, ok := schema.Suggest(s); ok {
					hint = fmt.Sprintf(" (did you mean %q?)", sug)
				}
				return usageError{fmt.Errorf("--categories: unknown category %q%s", s, hint)}
			}
			o.categories = append(o.categories, cat.Name)
		}
	}
	return nil
}

// otherModesFlag says, of a flag synth pairs refuses that synth takes (or
// the other way round), whose flag it is.
func (o *synthOptions) otherModesFlag(err error) error {
	name, ok := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !ok {
		return err
	}
	other := synthOptions{pairs: !o.pairs}
	fs := pflag.NewFlagSet("synth", pflag.ContinueOnError)
	other.addFlags(fs)
	if fs.Lookup(name) == nil {
		return err
	}
	mine, theirs := "synth", "synth pairs"
	if o.pairs {
		mine, theirs = theirs, mine
	}
	return usageError{withHint{errors.New(err.Error()), fmt.Sprintf("--%s is a flag of 'rxeval %s', not of 'rxeval %s'", name, theirs, mine)}}
}

// synthReport is what a run made and wrote: the summary printed on stderr,
// or the JSON on stdout.
type synthReport struct {
	Source  string                `json:"source"`
	Skipped []synth.SkippedSource `json:"skipped_rows,omitempty"`
	synth.Summary
	Pairs   map[string]int    `json:"pairs,omitempty"`
	Written map[string]string `json:"written"`
}

// runSynth runs synth in phases: check the options, read the sources,
// generate the samples, write the files, report.
func runSynth(e *env, args []string) error {
	c := commands["synth"]
	var o synthOptions
	if len(args) > 0 && args[0] == "pairs" {
		o.pairs, args = true, args[1:]
		c = &command{name: c.name, usage: synthPairsUsage}
	}
	fs := newFlagSet(c)
	o.addFlags(fs)
	if err := c.parse(fs, args); err != nil {
		return o.otherModesFlag(err)
	}
	if err := o.check(fs.Args()); err != nil {
		return err
	}
	srcs, srcName, skipped, err := o.loadSources(e)
	if err != nil {
		return err
	}
	opts := synth.Options{N: o.n, Seed: o.seed, AlignedFrac: o.alignedFrac, Categories: o.categories, IDPrefix: o.idPrefix}
	if !o.quiet && o.n >= 1000 && isTerminal(e.stderr) {
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
	report := synthReport{Source: srcName, Skipped: skipped, Summary: set.Summary, Written: map[string]string{}}
	if err := o.writeFiles(e, set, &report); err != nil {
		return err
	}
	// The summary: on stderr (text) or stdout (json), or in synth's -o
	// FILE (synth pairs' -o holds the pairs).
	var buf bytes.Buffer
	if o.format == "json" {
		enc := json.NewEncoder(&buf)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(report); err != nil {
			return err
		}
	} else {
		o.printSummary(&buf, report)
	}
	switch {
	case !o.pairs && o.out != "":
		return writeOut(e.stdout, o.out, buf.Bytes())
	case o.format == "json":
		_, err = e.stdout.Write(buf.Bytes())
	default:
		_, err = e.stderr.Write(buf.Bytes())
	}
	return err
}

// loadSources reads --from, or takes the built-in source set.
func (o *synthOptions) loadSources(e *env) ([]synth.Source, string, []synth.SkippedSource, error) {
	if o.from == "" {
		return synth.Builtin(), synth.BuiltinName, nil, nil
	}
	f, err := os.Open(o.from)
	if err != nil {
		return nil, "", nil, err
	}
	srcs, skipped, err := synth.ReadSources(f)
	f.Close()
	if err != nil {
		fmt.Fprintf(e.stderr, "%s: %s\n", validate.TermSafe(o.from), validate.TermSafe(err.Error()))
		return nil, "", nil, problemsError{fmt.Sprintf("%s: not a source file", o.from)}
	}
	return srcs, o.from, skipped, nil
}

// writeFiles writes the pairs (synth pairs) or the inputs, gold and
// prediction files, and records each in the report.
func (o *synthOptions) writeFiles(e *env, set *synth.Set, report *synthReport) error {
	if o.pairs {
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
		if err := writeOut(e.stdout, o.out, buf.Bytes()); err != nil {
			return err
		}
		report.Written["pairs"] = o.out
		return nil
	}
	for _, f := range []struct {
		path, what string
		write      func(io.Writer, []synth.Sample) error
	}{{o.inputsOut, "inputs", synth.WriteInputs}, {o.goldOut, "gold", synth.WriteGold}, {o.predsOut, "predictions", synth.WritePredictions}} {
		if f.path == "" {
			continue
		}
		var buf bytes.Buffer
		if err := f.write(&buf, set.Samples); err != nil {
			return err
		}
		if err := writeOut(e.stdout, f.path, buf.Bytes()); err != nil {
			return err
		}
		report.Written[f.what] = f.path
	}
	return nil
}

// printSummary prints the text summary: warnings always, the rest unless
// --quiet.
func (o *synthOptions) printSummary(w io.Writer, report synthReport) {
	sum, srcName, skipped := report.Summary, report.Source, report.Skipped
	for _, s := range sum.Warnings { // up front, even with -q
		fmt.Fprintf(w, "warning: %s\n", s)
	}
	if o.quiet {
		return
	}
	fmt.Fprintf(w, "synth: %s (%d aligned, %d misaligned) from %s: %s", countOf(sum.Samples, "sample"), sum.Aligned, sum.Misaligned, srcName, countOf(sum.Sources, "source"))
	if len(skipped) > 0 {
		fmt.Fprintf(w, ", %s skipped", countOf(len(skipped), "row"))
	}
	if len(sum.Unusable) > 0 {
		fmt.Fprintf(w, ", %s the Lean parser cannot read skipped", countOf(len(sum.Unusable), "statement"))
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
		fmt.Fprintf(w, "aligned: %s from %s", countOf(sum.Aligned, "sample"), countOf(sum.AlignedSources, "distinct source"))
		if sum.AlignedReuse > 0 {
			fmt.Fprintf(w, ", each used up to %d times (%d repeats: more aligned samples than usable sources)", sum.AlignedMaxUses, sum.AlignedReuse)
		}
		fmt.Fprintln(w)
	}
	if o.pairs {
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
