package main

import (
	"bytes"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/internal/textcut"
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
samples) the page compares them, with a warning on stderr when they were
scored against different gold files. Nothing is judged again.

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

// reportOptions are report's flags and arguments.
type reportOptions struct {
	reportFlags
	boot    int
	seed    uint64
	maxSize int64
	runs    []string // the per-sample files
}

func (o *reportOptions) addFlags(fs *pflag.FlagSet) {
	o.reportFlags.register(fs, reportPageUsage)
	fs.IntVar(&o.boot, "bootstrap", 1000, "`N` bootstrap resamples for the intervals and the paired comparison (0: none, one file only; at most 100000)")
	fs.Uint64Var(&o.seed, "seed", 1, "bootstrap random `SEED`")
	fs.Int64Var(&o.maxSize, "max-size", validate.DefaultMaxSize, "refuse files larger than `BYTES`")
}

func (o *reportOptions) check() error {
	if len(o.runs) < 1 {
		return usageError{fmt.Errorf("want one or more per-sample files, got none")}
	}
	if o.out == "" {
		return usageError{fmt.Errorf("-o FILE is required (the page is several megabytes; '-o -' writes it to stdout)")}
	}
	if err := o.oneStdout(); err != nil {
		return err
	}
	ins := make([]namedPath, 0, len(o.runs))
	for _, p := range o.runs {
		ins = append(ins, namedPath{"RUN", p})
	}
	if err := checkPaths(ins, []namedPath{{"--output", o.out}}); err != nil {
		return err
	}
	if o.boot < 0 || o.boot == 0 && len(o.runs) > 1 {
		return usageError{fmt.Errorf("--bootstrap must be positive to compare several runs")}
	}
	return nil
}

// savedRun is one per-sample file as read.
type savedRun struct {
	outs []eval.Outcome
	info *eval.RunInfo
}

func runReport(e *env, args []string) error {
	c := commands["report"]
	fs := newFlagSet(c)
	var o reportOptions
	o.addFlags(fs)
	if err := c.parse(fs, args); err != nil {
		return err
	}
	o.runs = fs.Args()
	if err := o.check(); err != nil {
		return err
	}
	runs, names, err := o.readRuns(e)
	if err != nil {
		return err
	}
	docs, err := o.documents(e, runs, names)
	if err != nil {
		return err
	}
	var cmp *eval.Comparison
	if len(docs) > 1 {
		reps := make([]*eval.Report, len(docs))
		for i := range docs {
			reps[i] = docs[i].Report
		}
		if cmp, err = eval.Compare(names, reps, o.boot, o.seed); err != nil {
			return err
		}
	}
	return o.writePage(e, docs, cmp, len(runs[0].outs))
}

// readRuns reads every per-sample file and names its system.
func (o *reportOptions) readRuns(e *env) ([]savedRun, []string, error) {
	runs := make([]savedRun, len(o.runs))
	var preds []string
	for i, path := range o.runs {
		src, err := validate.ReadSource(path, o.maxSize)
		if err != nil {
			return nil, nil, err
		}
		if src.Data == nil {
			src.WriteProblems(e.stderr)
			return nil, nil, problemsError{fmt.Sprintf("%s: not read", path)}
		}
		outs, info, err := eval.ParsePerSample(src.Data)
		if err != nil {
			return nil, nil, problemsError{fmt.Sprintf("%s: %v", path, err)}
		}
		runs[i] = savedRun{outs, info}
		name := path
		if info != nil && info.Pred != "" {
			name = info.Pred
		}
		preds = append(preds, name)
	}
	return runs, systemNames(preds), nil
}

// documents rebuilds each run's report from its outcomes, the samples in
// the first run's order (every run must cover the same), and warns when
// the runs were judged by different chains.
func (o *reportOptions) documents(e *env, runs []savedRun, names []string) ([]eval.Document, error) {
	order := map[string]int{}
	for i, out := range runs[0].outs {
		order[out.Idx] = i
	}
	docs := make([]eval.Document, len(runs))
	for k, r := range runs {
		if len(r.outs) != len(runs[0].outs) {
			return nil, problemsError{fmt.Sprintf("%s has %d samples, %s has %d: the runs must score the same gold samples", o.runs[k], len(r.outs), o.runs[0], len(runs[0].outs))}
		}
		sorted := make([]eval.Outcome, len(r.outs))
		for _, out := range r.outs {
			i, ok := order[out.Idx]
			if !ok {
				return nil, problemsError{fmt.Sprintf("%s: sample %s is not in %s: the runs must score the same gold samples", o.runs[k], textcut.Quote(out.Idx), o.runs[0])}
			}
			sorted[i] = out
		}
		info := r.info
		if info == nil {
			info = &eval.RunInfo{Pred: o.runs[k]}
			fmt.Fprintf(e.stderr, "rxeval report: %s: no run record (written by an older rxeval): gold and judge unknown\n", validate.TermSafe(o.runs[k]))
		}
		rep := eval.FromOutcomes(sorted, eval.Options{Bootstrap: o.boot, Seed: o.seed, UndecidedRight: info.UndecidedScoredAs == "right"})
		docs[k] = eval.Document{Version: info.Version, Report: rep, Gold: info.Gold, GoldShape: info.GoldShape, Pred: info.Pred, Judge: info.Judge}
		if len(runs) > 1 {
			docs[k].System = names[k]
		}
	}
	// Runs judged by different chains are not comparable figure for figure:
	// say so (the page names each system's judge). The chains are the
	// files' text: escaped, and cut when long.
	for k := 1; k < len(docs); k++ {
		a, b := chainName(docs[0].Judge), chainName(docs[k].Judge)
		if a != b {
			msg := fmt.Sprintf("%s was judged by %s, %s by %s: their localization, correction and joint figures are not comparable", o.runs[0], cutName(a), o.runs[k], cutName(b))
			fmt.Fprintf(e.stderr, "rxeval report: warning: %s\n", validate.TermSafe(msg))
		}
	}
	// Runs against different gold compare answers to different
	// questions: say so (the comparison goes on).
	ids := make([]string, len(runs[0].outs))
	for i, out := range runs[0].outs {
		ids[i] = out.Idx
	}
	first := eval.GoldLabels(runs[0].outs)
	for k := 1; k < len(runs); k++ {
		d := eval.DiffGold(runs[0].info, runs[k].info, ids, first, eval.GoldLabels(runs[k].outs))
		warnGoldDiffers(e.stderr, "rxeval report", o.runs[0], o.runs[k], runs[0].info, runs[k].info, d)
	}
	return docs, nil
}

// writePage writes the page and says so on stderr.
func (o *reportOptions) writePage(e *env, docs []eval.Document, cmp *eval.Comparison, samples int) error {
	var page bytes.Buffer
	if err := report.Write(&page, docs, cmp); err != nil {
		return err
	}
	if err := writeOut(e.stdout, o.out, page.Bytes()); err != nil {
		return err
	}
	if o.format == "json" {
		return writeJSON(e.stdout, writtenReport{Output: o.out, Samples: samples, Runs: len(docs), Bytes: page.Len()})
	}
	if o.out != "-" && !o.quiet {
		runWord := "runs"
		if len(docs) == 1 {
			runWord = "run"
		}
		fmt.Fprintf(e.stderr, "rxeval report: wrote %s (%s, %d %s, %d bytes)\n", validate.TermSafe(o.out), countOf(samples, "sample"), len(docs), runWord, page.Len())
	}
	return nil
}

// cutName is a name from a file (a judge chain, a gold file's name) for a
// message: as written, or its first bytes and its length when long.
func cutName(s string) string {
	if len(s) <= textcut.QuoteMax {
		return s
	}
	return textcut.Quote(s)
}

// chainName is the judge chain a run record names, in words when it names
// none (a file without a run record): never a Go value such as <nil>.
func chainName(j eval.JudgeInfo) string {
	if c, ok := j["chain"].(string); ok && c != "" {
		return c
	}
	if s, ok := j["spec"].(string); ok && s != "" {
		return s
	}
	return "an unknown judge (no run record)"
}
