package main

import (
	"bytes"
	"fmt"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/report"
	"github.com/rxeval/rxeval/validate"
)

func init() {
	register(&command{
		name:    "report",
		summary: "write the HTML error-analysis report of saved runs (per-sample files), without rescoring",
		usage: `Usage: rxeval report -o FILE [flags] RUN.per-sample.jsonl [RUN...]

Writes the self-contained HTML report (as 'rxeval score --html') from
per-sample files written by 'rxeval score --per-sample': the figures,
bounds and stage-two counts are rebuilt from the recorded outcomes, the
intervals by a new bootstrap. With several files (runs over the same gold
samples) the page compares them. Nothing is judged again.

Examples:
  rxeval score --gold gold.jsonl --per-sample run.jsonl preds.jsonl
  rxeval report -o report.html run.jsonl
  rxeval report -o compare.html run_a.jsonl run_b.jsonl

Exit code 0: written; 1: a file is not a per-sample file, or the runs cover
different samples; 2: usage or I/O error.

Flags:
`,
		run: runReport,
	})
}

func runReport(e *env, args []string) error {
	c := commands["report"]
	fs := newFlagSet(c)
	out := outputFlag(fs, "write the page to `FILE` ('-' for stdout; required)")
	boot := fs.Int("bootstrap", 1000, "`N` bootstrap resamples for the intervals and the paired comparison (0: none, one file only)")
	seed := fs.Uint64("seed", 1, "bootstrap random `SEED`")
	maxSize := fs.Int64("max-size", validate.DefaultMaxSize, "refuse files larger than `BYTES`")
	if err := c.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() < 1 {
		return usageError{fmt.Errorf("want one or more per-sample files, got none")}
	}
	if *out == "" {
		return usageError{fmt.Errorf("-o FILE is required (the page is several megabytes; '-o -' writes it to stdout)")}
	}
	ins := make([]namedPath, 0, fs.NArg())
	for _, p := range fs.Args() {
		ins = append(ins, namedPath{"RUN", p})
	}
	if err := checkPaths(ins, []namedPath{{"--output", *out}}); err != nil {
		return err
	}
	if *boot < 0 || *boot == 0 && fs.NArg() > 1 {
		return usageError{fmt.Errorf("--bootstrap must be positive to compare several runs")}
	}
	var preds []string
	type run struct {
		outs []eval.Outcome
		info *eval.RunInfo
	}
	runs := make([]run, fs.NArg())
	for i, path := range fs.Args() {
		src, err := validate.ReadSource(path, *maxSize)
		if err != nil {
			return err
		}
		if src.Data == nil {
			src.WriteProblems(e.stderr)
			return problemsError{fmt.Sprintf("%s: not read", path)}
		}
		outs, info, err := eval.ParsePerSample(src.Data)
		if err != nil {
			return problemsError{fmt.Sprintf("%s: %v", path, err)}
		}
		runs[i] = run{outs, info}
		name := path
		if info != nil && info.Pred != "" {
			name = info.Pred
		}
		preds = append(preds, name)
	}
	names := systemNames(preds)
	// The samples in the first run's order; every run must cover the same.
	order := map[string]int{}
	for i, o := range runs[0].outs {
		order[o.Idx] = i
	}
	docs := make([]eval.Document, len(runs))
	for k, r := range runs {
		if len(r.outs) != len(runs[0].outs) {
			return problemsError{fmt.Sprintf("%s has %d samples, %s has %d: the runs must score the same gold samples", fs.Arg(k), len(r.outs), fs.Arg(0), len(runs[0].outs))}
		}
		sorted := make([]eval.Outcome, len(r.outs))
		for _, o := range r.outs {
			i, ok := order[o.Idx]
			if !ok {
				return problemsError{fmt.Sprintf("%s: sample %s is not in %s: the runs must score the same gold samples", fs.Arg(k), o.Idx, fs.Arg(0))}
			}
			sorted[i] = o
		}
		info := r.info
		if info == nil {
			info = &eval.RunInfo{Pred: fs.Arg(k)}
			fmt.Fprintf(e.stderr, "rxeval report: %s: no run record (written by an older rxeval): gold and judge unknown\n", fs.Arg(k))
		}
		rep := eval.FromOutcomes(sorted, eval.Options{Bootstrap: *boot, Seed: *seed, UndecidedRight: info.UndecidedScoredAs == "right"})
		docs[k] = eval.Document{Version: info.Version, Report: rep, Gold: info.Gold, GoldShape: info.GoldShape, Pred: info.Pred, Judge: info.Judge}
		if len(runs) > 1 {
			docs[k].System = names[k]
		}
	}
	// Runs judged by different chains are not comparable figure for figure:
	// say so (the page names each system's judge).
	for k := 1; k < len(docs); k++ {
		a, b := fmt.Sprint(docs[0].Judge["chain"]), fmt.Sprint(docs[k].Judge["chain"])
		if a != b {
			fmt.Fprintf(e.stderr, "rxeval report: warning: %s was judged by %s, %s by %s: their localization, correction and joint figures are not comparable\n", fs.Arg(0), a, fs.Arg(k), b)
		}
	}
	var cmp *eval.Comparison
	if len(docs) > 1 {
		reps := make([]*eval.Report, len(docs))
		for i := range docs {
			reps[i] = docs[i].Report
		}
		var err error
		if cmp, err = eval.Compare(names, reps, *boot, *seed); err != nil {
			return err
		}
	}
	var page bytes.Buffer
	if err := report.Write(&page, docs, cmp); err != nil {
		return err
	}
	if err := writeOut(e.stdout, *out, page.Bytes()); err != nil {
		return err
	}
	if *out != "-" {
		runWord := "runs"
		if len(runs) == 1 {
			runWord = "run"
		}
		fmt.Fprintf(e.stderr, "rxeval report: wrote %s (%d samples, %d %s, %d bytes)\n", *out, len(runs[0].outs), len(runs), runWord, page.Len())
	}
	return nil
}
