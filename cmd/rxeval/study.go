package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges"
	"github.com/rxeval/rxeval/study"
	"github.com/rxeval/rxeval/validate"
	"github.com/spf13/pflag"
)

func init() {
	register(&command{
		name:    "study",
		summary: "measure judges: 'study calibrate' against human labels, 'study agree' between two runs",
		usage: `Usage: rxeval study calibrate --labels FILE --judge NAME [flags]
       rxeval study agree [flags] A.jsonl B.jsonl

calibrate runs a judge over human-labelled (reference, candidate, label)
pairs (the GTED human-evaluation JSON, or JSONL with "reference",
"candidate", "label" and optional "task", "kind", "statement", as
'rxeval synth pairs' writes: localization pairs go to the span judge,
figures are also given per kind) and reports TP/TN/FP/FN, precision, recall, F1,
accuracy and Cohen's kappa. Pairs the judge leaves undecided stand apart
(U=eq, U=not: by their label), with the coverage (decided / all), the
figures on the decided pairs, and on all pairs with an undecided pair
scored as not equivalent. A ratio with a zero denominator prints "-"
(JSON null). Judges: exact, offline, gted[:THRESHOLD], bleu[:THRESHOLD],
ollama:MODEL, ollama-only:MODEL. gted and bleu compare statements: they
skip localization pairs and say how many; --task picks one task. --sweep
picks the threshold of gted or bleu that maximizes kappa on the set. On
the GTED paper's miniF2F set the paper's published rows are printed beside.

agree compares two per-sample files from 'rxeval score --per-sample'; its
kappa is "-" with the reason where it is undefined (one sample, or both
runs right, or both wrong, on every sample).

Examples:
  rxeval study calibrate --labels testdata/gted/minif2f_human_evaluation.json --judge offline
  rxeval study agree a.jsonl b.jsonl
  rxeval study calibrate --help

Exit code 0: done; 1: a file is not a labelled set or a per-sample file, or
has nothing to judge or compare; 2: usage or I/O error; 3: the judge cannot
run (server down, model missing); 4: calibrate's report is written, but the
judge failed on some pairs; 130: interrupted (Ctrl-C).
`,
		run:  runStudy,
		subs: []string{"calibrate", "agree"},
	})
}

// The subcommands' own help.
const (
	calibrateUsage = `Usage: rxeval study calibrate --labels FILE --judge NAME [flags]

Runs a judge over human-labelled (reference, candidate, label) pairs and
reports TP/TN/FP/FN, precision, recall, F1, accuracy and Cohen's kappa, with
the undecided pairs apart and the coverage. Labels: the GTED
human-evaluation JSON, or JSONL with "reference", "candidate", "label" and
optional "task", "kind", "statement" ('rxeval synth pairs' writes it).
Judges: exact, offline, gted[:THRESHOLD], bleu[:THRESHOLD], beq+ (with
--lean-repl), ollama:MODEL, ollama-only:MODEL, openai:MODEL.

Examples:
  rxeval study calibrate --labels testdata/gted/minif2f_human_evaluation.json --judge offline
  rxeval study calibrate --labels pairs.jsonl --judge gted --sweep
  rxeval study calibrate --labels pairs.jsonl --judge ollama:qwen2.5:7b-instruct --format json

Exit code 0: done; 1: the file is not a labelled set, or has nothing to
judge; 2: usage or I/O error; 3: the judge cannot run; 4: the report is
written, but the judge failed on some pairs (they are undecided); 130:
interrupted (Ctrl-C).

Flags:
`
	agreeUsage = `Usage: rxeval study agree [flags] A.jsonl B.jsonl

Compares two per-sample files from 'rxeval score --per-sample' (two judges,
two runs): how often they agree on each sub-task, with Cohen's kappa ("-"
with the reason where it is undefined). Runs scored against different gold
files are compared with a warning on stderr.

Examples:
  rxeval score --gold g.jsonl --judge offline --per-sample a.jsonl p.jsonl
  rxeval score --gold g.jsonl --judge ollama:qwen2.5:7b-instruct --per-sample b.jsonl p.jsonl
  rxeval study agree a.jsonl b.jsonl

Exit code 0: done; 1: a file is not a per-sample file, or the two share no
sample; 2: usage or I/O error.

Flags:
`
)

func runStudy(e *env, args []string) error {
	c := commands["study"]
	if len(args) == 0 {
		return usageError{fmt.Errorf("want a subcommand: calibrate or agree")}
	}
	switch args[0] {
	case "calibrate":
		return runCalibrate(e, &command{name: c.name, usage: calibrateUsage}, args[1:])
	case "agree":
		return runAgree(e, &command{name: c.name, usage: agreeUsage}, args[1:])
	case "-h", "--help", "help":
		return helpText{c.usage, nil}
	}
	err := fmt.Errorf("unknown study %q: want calibrate or agree", args[0])
	if s, ok := closest(args[0], c.subs); ok {
		return usageError{withHint{err, fmt.Sprintf("did you mean 'rxeval study %s'?", s)}}
	}
	return usageError{err}
}

// calibrateOptions are study calibrate's flags.
type calibrateOptions struct {
	reportFlags
	labels, judge, task string
	sweep               bool
	boot                int
	seed                uint64
	jf                  judgeFlags
	spec                judges.Spec
}

func (o *calibrateOptions) addFlags(fs *pflag.FlagSet) {
	fs.StringVar(&o.labels, "labels", "", "human-labelled pairs `FILE` (required)")
	fs.StringVar(&o.judge, "judge", "", "`JUDGE`: exact, offline, gted[:THRESHOLD], bleu[:THRESHOLD], ollama:MODEL, ollama-only:MODEL, openai:MODEL, openai-only:MODEL (required)")
	fs.BoolVar(&o.sweep, "sweep", false, "choose the threshold of gted or bleu that maximizes kappa on the set")
	o.reportFlags.register(fs, calibrateReportUsage)
	fs.IntVar(&o.boot, "bootstrap", 0, "add 95% percentile intervals from `N` resamples, at most 100000")
	fs.Uint64Var(&o.seed, "seed", 1, "bootstrap random `SEED`")
	fs.StringVar(&o.task, "task", "", "judge only the pairs of `TASK`: correction or localization (default: every task the judge can decide; gted and bleu skip localization pairs and say how many)")
	o.jf.register(fs)
}

// check refuses bad usage and parses the judge spec.
func (o *calibrateOptions) check() error {
	if o.labels == "" || o.judge == "" {
		return usageError{fmt.Errorf("--labels and --judge are required")}
	}
	o.jf.quiet = o.quiet // the judges' progress lines
	spec, err := judges.ParseSpec(o.judge)
	if err != nil {
		return usageError{err}
	}
	o.spec = spec
	if o.task != "" && o.task != study.TaskCorrection && o.task != study.TaskLocalization {
		return usageError{fmt.Errorf("--task must be correction or localization, not %q", o.task)}
	}
	outs := []namedPath{{"--output", o.out}}
	if err := checkPaths([]namedPath{{"--labels", o.labels}}, outs); err != nil {
		return err
	}
	return checkWritable(outs)
}

func runCalibrate(e *env, c *command, args []string) error {
	fs := newFlagSet(c)
	var o calibrateOptions
	o.addFlags(fs)
	if err := c.parse(fs, args); err != nil {
		return err
	}
	if err := o.check(); err != nil {
		return err
	}
	pairs, err := o.readLabels(e)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := o.calibrate(ctx, e, pairs)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if o.format == "json" {
		err = writeJSON(&buf, res)
	} else {
		err = writeCalibration(&buf, o.labels, res)
	}
	if err != nil {
		return err
	}
	if err := writeOut(e.stdout, o.out, buf.Bytes()); err != nil {
		return err
	}
	if res.JudgeFailed > 0 {
		return inexactError{
			msg:  fmt.Sprintf("the judge failed on %s of %d: they are undecided, and the figures are not the judge's own", countOf(res.JudgeFailed, "pair"), res.N),
			hint: "the messages above say why; fix the judge (or raise its timeout) and run again",
		}
	}
	return nil
}

// readLabels reads the human-labelled set.
func (o *calibrateOptions) readLabels(e *env) ([]study.LabeledPair, error) {
	data, err := os.ReadFile(o.labels)
	if err != nil {
		return nil, err
	}
	pairs, _, err := study.ReadLabels(data)
	if err != nil {
		fmt.Fprintf(e.stderr, "%s: %v\n", o.labels, err)
		return nil, problemsError{fmt.Sprintf("%s: not a labelled set", o.labels)}
	}
	return pairs, nil
}

// calibrate opens the judge (a model server only when the spec needs one)
// and measures it on the pairs.
func (o *calibrateOptions) calibrate(ctx context.Context, e *env, pairs []study.LabeledPair) (*study.Result, error) {
	opts := study.Options{Sweep: o.sweep, Bootstrap: o.boot, Seed: o.seed, Localization: judges.SpanJudge{}, Task: o.task}
	if o.spec.NeedsServer() {
		j, _, closeJudge, err := o.jf.open(ctx, o.judge, e.stderr)
		if err != nil {
			return nil, err
		}
		defer closeJudge()
		opts.Judge = j
	}
	res, err := study.Calibrate(ctx, pairs, o.judge, opts)
	if err != nil {
		if errors.As(err, new(study.UsageError)) {
			return nil, usageError{err}
		}
		if errors.Is(err, study.ErrNothingToJudge) {
			fmt.Fprintf(e.stderr, "%s: %v\n", o.labels, err)
			return nil, problemsError{fmt.Sprintf("%s: nothing to judge", o.labels)}
		}
		return nil, judgeFailure(err)
	}
	return res, nil
}

// writeJSON writes v indented, as every --format json does.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func pct(x float64) string { return fmt.Sprintf("%6.2f%%", 100*x) }

// pctOf is pct, or "-" for a ratio with a zero denominator.
func pctOf(x *float64) string {
	if x == nil {
		return "-"
	}
	return pct(*x)
}

// kappaOf is kappa to three decimals, or "-" when undefined.
func kappaOf(x *float64) string {
	if x == nil {
		return "-"
	}
	return fmt.Sprintf("%.3f", *x)
}

// writeCalibration prints a calibration: what was judged and how much was
// decided, the figures table, the figures by kind, the published rows.
func writeCalibration(w io.Writer, labels string, r *study.Result) error {
	writeCalibrationHead(w, labels, r)
	rows := calibrationRows(r)
	n := len(rows) - len(r.Published)
	writeFigures(w, r, rows[:n])
	writeByKind(w, r)
	if len(r.Published) > 0 {
		fmt.Fprintf(w, "\n  published on the same pairs (%s):\n", r.PublishedSource)
		width := rowsWidth(rows)
		for _, x := range rows[n:] {
			writeFigureLine(w, width, x)
		}
	}
	return nil
}

// writeCalibrationHead prints the set, the judge, who decided what, and
// the coverage.
func writeCalibrationHead(w io.Writer, labels string, r *study.Result) {
	fmt.Fprintf(w, "labels %s: %s (set %s)\n", validate.TermSafe(labels), countOf(r.N+r.Skipped, "pair"), r.Set)
	if r.Skipped > 0 {
		fmt.Fprintf(w, "skipped %s: %s\n", countOf(r.Skipped, "pair"), r.SkippedWhy)
	}
	judge := r.Judge
	if r.Threshold != nil {
		how := "given"
		if r.Swept {
			how = "swept for the best kappa on this set"
		}
		judge += fmt.Sprintf(" (threshold %.4f, %s)", *r.Threshold, how)
	}
	fmt.Fprintf(w, "judge  %s\n", judge)
	if len(r.DecidedBy) > 0 {
		parts := []string{}
		for _, k := range []string{"exact", "lean-ast", "gted", "bleu", "undecided", "unparsed"} {
			if n, ok := r.DecidedBy[k]; ok {
				parts = append(parts, fmt.Sprintf("%s %d", k, n))
			}
		}
		var others []string
		for k, n := range r.DecidedBy {
			if !strings.Contains("exact lean-ast gted bleu undecided unparsed", k) {
				others = append(others, fmt.Sprintf("%s %d", k, n))
			}
		}
		sort.Strings(others)
		fmt.Fprintf(w, "decided by %s\n", strings.Join(append(parts, others...), ", "))
		if r.JudgeFailed > 0 {
			fmt.Fprintf(w, "judge failed on %s: undecided, and counted as not equivalent in the all-pairs row\n", countOf(r.JudgeFailed, "pair"))
		}
	}
	if r.CorpusBLEU != nil {
		fmt.Fprintf(w, "corpus BLEU %.4f\n", *r.CorpusBLEU)
	}
	undecided := r.N - r.Decided
	fmt.Fprintf(w, "coverage %s: %d of %s decided", strings.TrimSpace(pctOf(r.Coverage)), r.Decided, countOf(r.N, "pair"))
	if undecided > 0 {
		fmt.Fprintf(w, "; %d undecided (U=eq: %d the labels call equivalent, U=not: %d not)", undecided, r.UndecidedEquivalent, r.UndecidedNotEquivalent)
	}
	if r.CoverageCI != nil && undecided > 0 {
		fmt.Fprintf(w, ", 95%% CI %s", span(*r.CoverageCI))
	}
	fmt.Fprintln(w)
}

// figureRow is one line of the figures table.
type figureRow struct {
	name   string
	f      study.Figures
	ue, un string
}

// calibrationRows are rxeval's rows (on the decided pairs, and on all
// pairs with an undecided pair scored as not equivalent; one row when
// every pair is decided), then the published ones.
func calibrationRows(r *study.Result) []figureRow {
	var rows []figureRow
	if r.N-r.Decided > 0 {
		rows = append(rows,
			figureRow{"rxeval " + r.Judge + ", decided pairs", r.DecidedPairs, fmt.Sprint(r.UndecidedEquivalent), fmt.Sprint(r.UndecidedNotEquivalent)},
			figureRow{"rxeval " + r.Judge + ", all, U as not", r.AllPairs, "-", "-"})
	} else {
		rows = append(rows, figureRow{"rxeval " + r.Judge, r.AllPairs, "0", "0"})
	}
	for _, p := range r.Published {
		rows = append(rows, figureRow{p.Metric, p.Figures, "0", "0"})
	}
	return rows
}

func rowsWidth(rows []figureRow) int {
	width := 22
	for _, x := range rows {
		width = max(width, len([]rune(x.name)))
	}
	return width
}

// writeFigures prints the table of rxeval's rows and their notes.
func writeFigures(w io.Writer, r *study.Result, ours []figureRow) {
	width := rowsWidth(calibrationRows(r))
	fmt.Fprintf(w, "\n  %-*s %4s %4s %4s %4s %5s %5s %9s %9s %9s %9s %7s\n", width, "metric", "TP", "TN", "FP", "FN", "U=eq", "U=not", "precision", "recall", "F1", "accuracy", "kappa")
	for _, x := range ours {
		writeFigureLine(w, width, x)
	}
	for _, x := range ours {
		if x.f.Kappa == nil && x.f.N > 0 {
			fmt.Fprintf(w, "  (%s: kappa undefined, %s)\n", x.name, x.f.KappaUndefined)
		}
	}
	if r.N-r.Decided > 0 {
		fmt.Fprintf(w, "  (decided pairs: the %d pairs the judge decided; all, U as not: all %d pairs, an undecided pair\n   scored as not equivalent, as 'rxeval score' does by default)\n", r.Decided, r.N)
	}
}

// writeFigureLine prints one row, and its intervals under it.
func writeFigureLine(w io.Writer, width int, x figureRow) {
	f := x.f
	fmt.Fprintf(w, "  %-*s %4d %4d %4d %4d %5s %5s %9s %9s %9s %9s %7s\n", width, x.name, f.TP, f.TN, f.FP, f.FN, x.ue, x.un, pctOf(f.Precision), pctOf(f.Recall), pctOf(f.F1), pctOf(f.Accuracy), kappaOf(f.Kappa))
	if f.CI != nil {
		fmt.Fprintf(w, "  %-*s %31s %9s %9s %9s %9s %7s\n", width, "  95% CI", "", ciOf(f.CI, "precision", span), ciOf(f.CI, "recall", span), ciOf(f.CI, "f1", span), ciOf(f.CI, "accuracy", span), ciOf(f.CI, "kappa", func(iv [2]float64) string { return fmt.Sprintf("%.2f-%.2f", iv[0], iv[1]) }))
	}
}

// writeByKind prints the figures per task and kind of a synth pairs set.
func writeByKind(w io.Writer, r *study.Result) {
	if len(r.ByKind) == 0 {
		return
	}
	fmt.Fprintf(w, "\n  %-35s %4s %4s %4s %4s %5s %5s %9s %9s %9s %9s %9s\n", "by kind (task/kind)", "TP", "TN", "FP", "FN", "U=eq", "U=not", "coverage", "precision", "recall", "accuracy", "acc. all")
	for _, k := range r.ByKind {
		f := k.DecidedPairs
		fmt.Fprintf(w, "  %-35s %4d %4d %4d %4d %5d %5d %9s %9s %9s %9s %9s\n", k.Task+"/"+k.Kind, f.TP, f.TN, f.FP, f.FN, k.UndecidedEquivalent, k.UndecidedNotEquivalent, pctOf(k.Coverage), pctOf(f.Precision), pctOf(f.Recall), pctOf(f.Accuracy), pctOf(k.AllPairs.Accuracy))
	}
	fmt.Fprintf(w, "  (TP..FN, precision, recall, accuracy: on the decided pairs; acc. all: on all pairs, U as not)\n")
}

func span(iv [2]float64) string { return fmt.Sprintf("%.1f-%.1f", 100*iv[0], 100*iv[1]) }

// ciOf formats the interval of key, or "-" when the ratio had none.
func ciOf(ci map[string][2]float64, key string, f func([2]float64) string) string {
	iv, ok := ci[key]
	if !ok {
		return "-"
	}
	return f(iv)
}

// agreeOptions are study agree's flags.
type agreeOptions struct {
	reportFlags
}

func runAgree(e *env, c *command, args []string) error {
	fs := newFlagSet(c)
	var o agreeOptions
	o.reportFlags.register(fs, agreeReportUsage)
	if err := c.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		return usageError{fmt.Errorf("want two per-sample files, got %d", fs.NArg())}
	}
	outs := []namedPath{{"--output", o.out}}
	if err := checkPaths([]namedPath{{"A", fs.Arg(0)}, {"B", fs.Arg(1)}}, outs); err != nil {
		return err
	}
	if err := checkWritable(outs); err != nil {
		return err
	}
	var runs [2]map[string]study.Outcome
	var infos [2]*eval.RunInfo
	for i, name := range fs.Args() {
		var err error
		if runs[i], infos[i], err = readOutcomes(e, name); err != nil {
			return err
		}
	}
	res := study.Agree(runs[0], runs[1])
	if res.N == 0 {
		return problemsError{fmt.Sprintf("%s and %s share no sample id: nothing to compare", fs.Arg(0), fs.Arg(1))}
	}
	warnGoldDiffers(e.stderr, "rxeval study agree", fs.Arg(0), fs.Arg(1), infos[0], infos[1], goldDiff(infos, runs))
	var buf bytes.Buffer
	if o.format == "json" {
		if err := writeJSON(&buf, res); err != nil {
			return err
		}
	} else {
		writeAgreement(&buf, fs.Arg(0), fs.Arg(1), res, o.quiet)
	}
	return writeOut(e.stdout, o.out, buf.Bytes())
}

// readOutcomes reads one per-sample file and its run record (nil when it
// has none).
func readOutcomes(e *env, name string) (map[string]study.Outcome, *eval.RunInfo, error) {
	var data []byte
	var err error
	if name == "-" {
		data, err = io.ReadAll(os.Stdin)
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		return nil, nil, err
	}
	run, _, err := study.ReadOutcomes(data)
	if err != nil {
		fmt.Fprintf(e.stderr, "%s: %v\n", name, err)
		if errors.As(err, new(eval.DuplicateIDError)) {
			return nil, nil, problemsError{fmt.Sprintf("%s: a per-sample file with a duplicate id (one sample on two lines): refused", name)}
		}
		if errors.As(err, new(eval.EditedLineError)) {
			return nil, nil, problemsError{fmt.Sprintf("%s: a per-sample file with a line edited by hand: refused", name)}
		}
		return nil, nil, problemsError{fmt.Sprintf("%s: not a per-sample file", name)}
	}
	return run, eval.PerSampleRun(data), nil
}

// goldDiff compares the gold behind two runs of study agree, the shared
// ids in sorted order.
func goldDiff(infos [2]*eval.RunInfo, runs [2]map[string]study.Outcome) eval.GoldDiff {
	var labels [2]map[string]eval.GoldLabel
	for i, r := range runs {
		labels[i] = map[string]eval.GoldLabel{}
		for id, o := range r {
			if o.GoldKnown {
				labels[i][id] = o.Gold
			}
		}
	}
	var ids []string
	for id := range runs[0] {
		if _, ok := runs[1][id]; ok {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	return eval.DiffGold(infos[0], infos[1], ids, labels[0], labels[1])
}

// countOf is a count with its noun: "1 sample", "5 samples".
func countOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// writeAgreement writes study agree's text report.
// With quiet, the ids of the disagreements are not listed.
func writeAgreement(w io.Writer, a, b string, res study.Agreement, quiet bool) {
	fmt.Fprintf(w, "A %s\nB %s\n%s in both", validate.TermSafe(a), validate.TermSafe(b), countOf(res.N, "sample"))
	if res.OnlyInA+res.OnlyInB > 0 {
		fmt.Fprintf(w, " (%d only in A, %d only in B, not compared)", res.OnlyInA, res.OnlyInB)
	}
	fmt.Fprintf(w, "\n\n  %-13s %9s %6s %6s %6s %6s %6s %9s %9s %8s\n", "sub-task", "agreement", "kappa", "both", "A only", "B only", "none", "acc A", "acc B", "moves")
	for _, p := range res.SubTasks {
		fmt.Fprintf(w, "  %-13s %9s %6s %6d %6d %6d %6d %9s %9s %+8.4f\n", p.SubTask, pct(p.Agreement), kappaOf(p.Kappa), p.BothRight, p.AOnly, p.BOnly, p.BothWrong, pct(p.AccuracyA), pct(p.AccuracyB), p.Delta)
	}
	for _, p := range res.SubTasks {
		if p.Kappa == nil {
			fmt.Fprintf(w, "  (%s: kappa undefined, %s)\n", p.SubTask, p.KappaUndefined)
		}
	}
	for _, p := range res.SubTasks {
		if p.Disagreements > 0 {
			noun := "disagreements"
			if p.Disagreements == 1 {
				noun = "disagreement"
			}
			if quiet {
				fmt.Fprintf(w, "\n%s: %d %s", p.SubTask, p.Disagreements, noun)
				continue
			}
			ids := make([]string, len(p.DisagreementsFirst))
			for i, id := range p.DisagreementsFirst {
				ids[i] = validate.TermSafe(cutName(id))
			}
			fmt.Fprintf(w, "\n%s: %d %s: %s", p.SubTask, p.Disagreements, noun, strings.Join(ids, " "))
			if p.Disagreements > len(p.DisagreementsFirst) {
				fmt.Fprint(w, " ...")
			}
		}
	}
	fmt.Fprintln(w)
}
