package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/rxeval/rxeval/judges"
	"github.com/rxeval/rxeval/study"
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
accuracy and Cohen's kappa. Judges: exact, offline, gted[:THRESHOLD],
bleu[:THRESHOLD], ollama:MODEL, ollama-only:MODEL. --sweep picks the
threshold of gted or bleu that maximizes kappa on the set. On the GTED
paper's miniF2F set the paper's published rows are printed beside.

agree compares two per-sample files from 'rxeval score --per-sample'.

Flags:
`,
		run: runStudy,
	})
}

func runStudy(e *env, args []string) error {
	c := commands["study"]
	if len(args) == 0 {
		return usageError{fmt.Errorf("want a subcommand: calibrate or agree")}
	}
	switch args[0] {
	case "calibrate":
		return runCalibrate(e, c, args[1:])
	case "agree":
		return runAgree(e, c, args[1:])
	case "-h", "--help", "help":
		return runCalibrate(e, c, []string{"--help"}) // lists calibrate's flags

	}
	return usageError{fmt.Errorf("unknown study %q: want calibrate or agree", args[0])}
}

func runCalibrate(e *env, c *command, args []string) error {
	fs := newFlagSet(c)
	labels := fs.String("labels", "", "human-labelled pairs `FILE` (required)")
	judgeSpec := fs.String("judge", "", "`JUDGE`: exact, offline, gted[:THRESHOLD], bleu[:THRESHOLD], ollama:MODEL, ollama-only:MODEL, openai:MODEL, openai-only:MODEL (required)")
	sweep := fs.Bool("sweep", false, "choose the threshold of gted or bleu that maximizes kappa on the set")
	format := fs.String("format", "text", "output `FORMAT`: text or json")
	boot := fs.Int("bootstrap", 0, "add 95% percentile intervals from `N` resamples")
	seed := fs.Uint64("seed", 1, "bootstrap random `SEED`")
	var jf judgeFlags
	jf.register(fs)
	if err := c.parse(fs, args); err != nil {
		return err
	}
	if *labels == "" || *judgeSpec == "" {
		return usageError{fmt.Errorf("--labels and --judge are required")}
	}
	if *format != "text" && *format != "json" {
		return usageError{fmt.Errorf("--format must be text or json, not %q", *format)}
	}
	if _, _, err := study.ParseJudge(*judgeSpec); err != nil {
		return usageError{err}
	}
	data, err := os.ReadFile(*labels)
	if err != nil {
		return err
	}
	pairs, _, err := study.ReadLabels(data)
	if err != nil {
		fmt.Fprintf(e.stderr, "%s: %v\n", *labels, err)
		return problemsError{fmt.Sprintf("%s: not a labelled set", *labels)}
	}
	opts := study.Options{Sweep: *sweep, Bootstrap: *boot, Seed: *seed, Localization: judges.SpanJudge{}}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if strings.HasPrefix(*judgeSpec, "ollama") || strings.HasPrefix(*judgeSpec, "openai") {
		j, _, closeJudge, err := jf.open(ctx, *judgeSpec, e.stderr)
		if err != nil {
			return err
		}
		defer closeJudge()
		opts.Judge = j
	}
	res, err := study.Calibrate(ctx, pairs, *judgeSpec, opts)
	if err != nil {
		if strings.Contains(err.Error(), "needs a threshold") || strings.Contains(err.Error(), "unknown judge") || strings.Contains(err.Error(), "localization pairs (") {
			return usageError{err}
		}
		return err
	}
	if *format == "json" {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	return writeCalibration(e.stdout, *labels, res)
}

func pct(x float64) string { return fmt.Sprintf("%6.2f%%", 100*x) }

func writeCalibration(w io.Writer, labels string, r *study.Result) error {
	fmt.Fprintf(w, "labels %s: %d pairs (set %s)\n", labels, r.N, r.Set)
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
		for k, n := range r.DecidedBy {
			if !strings.Contains("exact lean-ast gted bleu undecided unparsed", k) {
				parts = append(parts, fmt.Sprintf("%s %d", k, n))
			}
		}
		fmt.Fprintf(w, "decided by %s\n", strings.Join(parts, ", "))
	}
	if r.CorpusBLEU != nil {
		fmt.Fprintf(w, "corpus BLEU %.4f\n", *r.CorpusBLEU)
	}
	fmt.Fprintf(w, "\n  %-22s %4s %4s %4s %4s %9s %9s %9s %9s %7s\n", "metric", "TP", "TN", "FP", "FN", "precision", "recall", "F1", "accuracy", "kappa")
	row := func(name string, f study.Figures) {
		fmt.Fprintf(w, "  %-22s %4d %4d %4d %4d %9s %9s %9s %9s %7.3f\n", name, f.TP, f.TN, f.FP, f.FN, pct(f.Precision), pct(f.Recall), pct(f.F1), pct(f.Accuracy), f.Kappa)
	}
	row("rxeval "+r.Judge, r.Figures)
	if r.CI != nil {
		fmt.Fprintf(w, "  %-22s %19s %9s %9s %9s %9s %7s\n", "  95% CI", "", span(r.CI["precision"]), span(r.CI["recall"]), span(r.CI["f1"]), span(r.CI["accuracy"]), fmt.Sprintf("%.2f-%.2f", r.CI["kappa"][0], r.CI["kappa"][1]))
	}
	if len(r.ByKind) > 0 {
		fmt.Fprintf(w, "\n  %-35s %4s %4s %4s %4s %9s %9s %9s\n", "by kind (task/kind)", "TP", "TN", "FP", "FN", "precision", "recall", "accuracy")
		for _, k := range r.ByKind {
			f := k.Figures
			fmt.Fprintf(w, "  %-35s %4d %4d %4d %4d %9s %9s %9s\n", k.Task+"/"+k.Kind, f.TP, f.TN, f.FP, f.FN, pct(f.Precision), pct(f.Recall), pct(f.Accuracy))
		}
	}
	if len(r.Published) > 0 {
		fmt.Fprintf(w, "\n  published on the same pairs (%s):\n", r.PublishedSource)
		for _, p := range r.Published {
			row(p.Metric, p.Figures)
		}
	}
	return nil
}

func span(iv [2]float64) string { return fmt.Sprintf("%.1f-%.1f", 100*iv[0], 100*iv[1]) }

func runAgree(e *env, c *command, args []string) error {
	fs := newFlagSet(c)
	format := fs.String("format", "text", "output `FORMAT`: text or json")
	if err := c.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		return usageError{fmt.Errorf("want two per-sample files, got %d", fs.NArg())}
	}
	var runs [2]map[string]study.Outcome
	for i, name := range fs.Args() {
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		if runs[i], _, err = study.ReadOutcomes(data); err != nil {
			fmt.Fprintf(e.stderr, "%s: %v\n", name, err)
			return problemsError{fmt.Sprintf("%s: not a per-sample file", name)}
		}
	}
	res := study.Agree(runs[0], runs[1])
	if *format == "json" {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	w := e.stdout
	fmt.Fprintf(w, "A %s\nB %s\n%d samples in both", fs.Arg(0), fs.Arg(1), res.N)
	if res.OnlyInA+res.OnlyInB > 0 {
		fmt.Fprintf(w, " (%d only in A, %d only in B, not compared)", res.OnlyInA, res.OnlyInB)
	}
	fmt.Fprintf(w, "\n\n  %-13s %9s %6s %6s %6s %6s %6s %9s %9s %8s\n", "sub-task", "agreement", "kappa", "both", "A only", "B only", "none", "acc A", "acc B", "moves")
	for _, p := range res.SubTasks {
		fmt.Fprintf(w, "  %-13s %9s %6.3f %6d %6d %6d %6d %9s %9s %+8.4f\n", p.SubTask, pct(p.Agreement), p.Kappa, p.BothRight, p.AOnly, p.BOnly, p.BothWrong, pct(p.AccuracyA), pct(p.AccuracyB), p.Delta)
	}
	for _, p := range res.SubTasks {
		if p.Disagreements > 0 {
			fmt.Fprintf(w, "\n%s: %d disagreements: %s", p.SubTask, p.Disagreements, strings.Join(p.DisagreementsFirst, " "))
			if p.Disagreements > len(p.DisagreementsFirst) {
				fmt.Fprint(w, " ...")
			}
		}
	}
	fmt.Fprintln(w)
	return nil
}
