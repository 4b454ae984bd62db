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
	"path/filepath"
	"strings"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/internal/arena"
	"github.com/rxeval/rxeval/judges"
	htmlreport "github.com/rxeval/rxeval/report"
	"github.com/rxeval/rxeval/validate"
)

func init() {
	register(&command{
		name:    "score",
		summary: "compute the official metrics of a prediction file against gold labels",
		usage: `Usage: rxeval score --gold GOLD [flags] PRED [PRED...]

Scores PRED (.jsonl or .zip) against GOLD (labelled rows with a diagnosis
object, or rows in the prediction shape). PRED is validated first: what the
official server would reject is refused (exit 1); penalised rows are scored
as the rules say and listed as warnings on stderr.

With several PRED files, each is scored, then they are compared: a ranking
by joint accuracy with intervals, a paired bootstrap for each pair (1000
resamples unless --bootstrap says otherwise), and the samples where they
disagree per sub-task. A stage-two pair several files share is judged once.
--html writes the same as a self-contained page for error analysis.

Pairs no judge decides score wrong by default, so localization, correction
and joint accuracy are lower bounds; the report gives both bounds.

Examples:
  rxeval score --gold gold.jsonl predictions.jsonl
  rxeval score --gold gold.jsonl --inputs FormalRx_Test.jsonl --judge ollama:qwen2.5:7b-instruct preds.jsonl
  rxeval score --gold gold.jsonl --html report.html --format json -o report.json a.jsonl b.jsonl

Exit code 0: scored; 1: predictions refused or gold malformed; 2: usage or
I/O error; 3: the judge cannot run; 4: scored, but undecided pairs remain
(with --undecided fail, or left by a judge failure without --allow-undecided).

Flags:
`,
		run: runScore,
	})
}

func runScore(e *env, args []string) error {
	c := commands["score"]
	fs := newFlagSet(c)
	goldPath := fs.String("gold", "", "gold labels `FILE` (required)")
	inputs := fs.String("inputs", "", "test-inputs `JSONL` giving formal_statement, header and informal_statement to the judges")
	judgeSpec := fs.String("judge", "offline", "stage-two `JUDGE`: "+judges.SpecHelp)
	format := fs.String("format", "text", "output `FORMAT`: text or json")
	out := outputFlag(fs, "write the report to `FILE` instead of stdout")
	confusion := fs.String("confusion", "", "write the category confusion matrix (gold,predicted,count) to `FILE.csv` (with several PRED, FILE.SYSTEM.csv each)")
	perSample := fs.String("per-sample", "", "write one JSON line per sample to `FILE` (with several PRED, FILE.SYSTEM.jsonl each)")
	html := fs.String("html", "", "write an HTML error-analysis report to `FILE` (self-contained, opens offline)")
	partial := fs.Bool("partial", false, "score gold ids without a prediction as all-wrong instead of refusing")
	boot := fs.Int("bootstrap", 0, "add 95% percentile intervals from `N` bootstrap resamples (default 1000 with several PRED or --html)")
	seed := fs.Uint64("seed", 1, "bootstrap random `SEED`")
	maxSize := fs.Int64("max-size", validate.DefaultMaxSize, "refuse files (and zip entries) larger than `BYTES`")
	undecided := fs.String("undecided", "wrong", "score pairs no judge decided as `wrong|right|fail`: wrong (lower bounds), right (upper bounds), or fail (wrong, and exit 4 if any)")
	allowUndecided := fs.Bool("allow-undecided", false, "exit 0 even when a judge failure (server error, timeout) left pairs undecided")
	var jf judgeFlags
	jf.register(fs)
	if err := c.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() < 1 {
		return usageError{fmt.Errorf("want one or more prediction files, got none")}
	}
	if (fs.NArg() > 1 || *html != "") && !fs.Changed("bootstrap") {
		*boot = 1000 // the comparison and the page show intervals
	}
	if *goldPath == "" {
		return usageError{fmt.Errorf("--gold is required")}
	}
	if *format != "text" && *format != "json" {
		return usageError{fmt.Errorf("--format must be text or json, not %q", *format)}
	}
	if *perSample == "-" && fs.NArg() > 1 {
		return usageError{fmt.Errorf("--per-sample - cannot hold several systems: pass a FILE (each system gets FILE.SYSTEM.jsonl)")}
	}
	// The page on standard output shares it with nothing (issue 18.15);
	// the report and --per-sample - may share it (JSON lines, then the
	// report).
	var onStdout []string
	if *html == "-" {
		if *out == "" || *out == "-" {
			onStdout = append(onStdout, "the report")
		}
		if *perSample == "-" {
			onStdout = append(onStdout, "--per-sample -")
		}
		onStdout = append(onStdout, "--html -")
	}
	if len(onStdout) > 1 {
		return usageError{fmt.Errorf("%s would both go to standard output: send all but one to a FILE (the report with -o FILE)", strings.Join(onStdout[len(onStdout)-2:], " and "))}
	}
	if *undecided != "wrong" && *undecided != "right" && *undecided != "fail" {
		return usageError{fmt.Errorf("--undecided must be wrong, right or fail, not %q", *undecided)}
	}
	if _, _, err := judges.ParseSpec(*judgeSpec); err != nil {
		return usageError{err}
	}
	if jf.parallel < 1 {
		return usageError{fmt.Errorf("--parallel must be at least 1")}
	}
	ins := []namedPath{{"--gold", *goldPath}, {"--inputs", *inputs}}
	for _, p := range fs.Args() {
		ins = append(ins, namedPath{"PRED", p})
	}
	outs := []namedPath{{"--output", *out}, {"--html", *html}, {"--cache", jf.cache}, {"--confusion", *confusion}}
	if fs.NArg() > 1 && *perSample != "" {
		for _, n := range systemNames(fs.Args()) {
			outs = append(outs, namedPath{"--per-sample", perSystemPath(*perSample, n)})
		}
	} else {
		outs = append(outs, namedPath{"--per-sample", *perSample})
	}
	if err := checkPaths(ins, outs); err != nil {
		return err
	}

	// The judge first: a server that is down or a model that is missing
	// stops the run before any work.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	judge, info, closeJudge, err := jf.open(ctx, *judgeSpec, e.stderr)
	if err != nil {
		return err
	}
	defer closeJudge()

	goldSrc, err := validate.ReadSource(*goldPath, *maxSize)
	if err != nil {
		return err
	}
	if goldSrc.Data == nil {
		goldSrc.WriteProblems(e.stderr)
		return problemsError{fmt.Sprintf("%s: no readable gold rows", *goldPath)}
	}
	// The gold rows share the mapped file's memory, which stays open until
	// the process ends; decoded text of both files goes to one pre-faulted
	// arena.
	text := new(arena.Arena)
	gold, shape, err := eval.ParseGoldIn(goldSrc.Data, text)
	if err != nil {
		fmt.Fprintf(e.stderr, "%s: %v\n", *goldPath, err)
		return problemsError{fmt.Sprintf("%s: gold file is malformed", *goldPath)}
	}
	if *inputs != "" {
		if err := addContext(gold, *inputs, *maxSize); err != nil {
			return err
		}
	}
	if *judgeSpec != "exact" {
		missing := 0
		for _, g := range gold {
			if g.Misaligned && g.FormalStatement == "" {
				missing++
			}
		}
		if missing > 0 {
			fmt.Fprintf(e.stderr, "rxeval score: %d misaligned gold samples have no formal_statement: the judges cannot locate error segments in them\nhint: pass the test inputs with --inputs FILE\n", missing)
		}
	}

	// One memo for the run: a pair several files share is judged once.
	memo := eval.NewMemo(judge)
	names := systemNames(fs.Args())
	docs := make([]eval.Document, fs.NArg())
	var st eval.StageTwo // summed over the files, for the exit code
	// Every file is read, validated and checked for missing ids before the
	// judge is asked anything: a bad last file must not cost the model
	// calls of the ones before it (issue 18.11).
	missingErr := func(path string, err error) error {
		var me *eval.MissingError
		if !errors.As(err, &me) {
			return nil
		}
		msg := err.Error() + " (use --partial to score them as wrong)"
		if fs.NArg() > 1 {
			msg = path + ": " + msg
		}
		return problemsError{msg}
	}
	allPreds := make([]map[string]eval.Pred, fs.NArg())
	for i, path := range fs.Args() {
		preds, err := readPredictions(e, path, gold, *maxSize, text)
		if err != nil {
			return err
		}
		if !*partial && fs.NArg() > 1 {
			if _, err := eval.Score(ctx, gold, preds, eval.ExactJudge{}, eval.Options{}); err != nil {
				if me := missingErr(path, err); me != nil {
					return me
				}
				return err
			}
		}
		allPreds[i] = preds
	}
	for i, path := range fs.Args() {
		rep, err := eval.Score(ctx, gold, allPreds[i], memo, eval.Options{Partial: *partial, Bootstrap: *boot, Seed: *seed, UndecidedRight: *undecided == "right"})
		if err != nil {
			if me := missingErr(path, err); me != nil {
				return me
			}
			return judgeFailure(err)
		}
		ji := eval.JudgeInfo{}
		for k, v := range info {
			ji[k] = v
		}
		ji["decided_by"] = rep.StageTwo.Decided
		docs[i] = eval.Document{Version: version(), Report: rep, Gold: *goldPath, GoldShape: shape, Pred: path, Judge: ji}
		if fs.NArg() > 1 {
			docs[i].System = names[i]
		}
		st.Undecided += rep.StageTwo.Undecided
		st.JudgeFailed += rep.StageTwo.JudgeFailed
	}
	asked, reused := memo.Counts()
	for i := range docs {
		describeCalls(docs[i].Judge, judge, io.Discard)
		docs[i].Judge["pairs_judged_in_run"] = asked
		docs[i].Judge["pairs_reused_in_run"] = reused
	}
	describeCalls(eval.JudgeInfo{}, judge, e.stderr) // the cache warning, once

	var cmp *eval.Comparison
	if len(docs) > 1 {
		reps := make([]*eval.Report, len(docs))
		for i := range docs {
			reps[i] = docs[i].Report
		}
		if cmp, err = eval.Compare(names, reps, *boot, *seed); err != nil {
			return err
		}
	}
	var buf bytes.Buffer
	switch {
	case cmp != nil && *format == "json":
		err = eval.MultiDocument{Systems: docs, Comparison: cmp}.WriteJSON(&buf)
	case cmp != nil:
		err = eval.MultiDocument{Systems: docs, Comparison: cmp}.WriteText(&buf)
	case *format == "json":
		err = docs[0].WriteJSON(&buf)
	default:
		err = docs[0].WriteText(&buf)
	}
	if err != nil {
		return err
	}
	if err := writeOut(e.stdout, *out, buf.Bytes()); err != nil {
		return err
	}
	// One file per system for the per-sample records and the confusion
	// matrix (FILE.SYSTEM.ext with several PRED).
	perSystem := func(flagPath string, write func(eval.Document, io.Writer) error) error {
		if flagPath == "" {
			return nil
		}
		for i, d := range docs {
			path := flagPath
			if len(docs) > 1 {
				path = perSystemPath(path, names[i])
			}
			var b bytes.Buffer
			if err := write(d, &b); err != nil {
				return err
			}
			if err := writeOut(e.stdout, path, b.Bytes()); err != nil {
				return err
			}
		}
		return nil
	}
	if err := perSystem(*perSample, func(d eval.Document, w io.Writer) error { return d.WritePerSample(w) }); err != nil {
		return err
	}
	if err := perSystem(*confusion, func(d eval.Document, w io.Writer) error { return d.Report.Breakdown.WriteConfusionCSV(w) }); err != nil {
		return err
	}
	if *html != "" {
		var page bytes.Buffer
		if err := htmlreport.Write(&page, docs, cmp); err != nil {
			return err
		}
		if err := writeOut(e.stdout, *html, page.Bytes()); err != nil {
			return err
		}
		if *html != "-" {
			fmt.Fprintf(e.stderr, "rxeval score: wrote %s (%d bytes)\n", *html, page.Len())
		}
	}
	return inexact(st, *undecided == "fail", *allowUndecided)
}

// systemNames names each prediction file by its base name without the
// extension, made unique by the parent directory or a number.
func systemNames(paths []string) []string {
	names := make([]string, len(paths))
	count := map[string]int{}
	for i, p := range paths {
		base := filepath.Base(p)
		names[i] = strings.TrimSuffix(strings.TrimSuffix(base, filepath.Ext(base)), ".jsonl")
		count[names[i]]++
	}
	seen := map[string]int{}
	for i, p := range paths {
		if count[names[i]] > 1 {
			if dir := filepath.Base(filepath.Dir(p)); dir != "." && dir != "/" {
				names[i] = dir + "/" + names[i]
			}
		}
		seen[names[i]]++
		if seen[names[i]] > 1 {
			names[i] = fmt.Sprintf("%s#%d", names[i], seen[names[i]])
		}
	}
	return names
}

// perSystemPath inserts a system's name before the extension of path:
// run.jsonl and sysA give run.sysA.jsonl.
func perSystemPath(path, system string) string {
	if path == "-" {
		return path
	}
	safe := strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == '#' || r == ' ' {
			return '_'
		}
		return r
	}, system)
	ext := filepath.Ext(path)
	return strings.TrimSuffix(path, ext) + "." + safe + ext
}

// inexact decides, once the report is out, whether undecided pairs fail
// the run: always with --undecided fail, and when a judge failure left
// pairs undecided unless --allow-undecided.
func inexact(st eval.StageTwo, failOnAny, allowFailures bool) error {
	switch {
	case failOnAny && st.Undecided > 0:
		isAre := "pairs are"
		if st.Undecided == 1 {
			isAre = "pair is"
		}
		return inexactError{fmt.Sprintf("%d stage-two %s undecided (--undecided fail); the report gives their bounds", st.Undecided, isAre),
			"a judge that decides more pairs (--judge ollama:MODEL) narrows them"}
	case st.JudgeFailed > 0 && !allowFailures:
		return inexactError{fmt.Sprintf("the judge failed on %d stage-two pairs, left undecided; the report gives their bounds", st.JudgeFailed),
			"rerun to judge them (cached verdicts are kept), or pass --allow-undecided to accept the bounds"}
	}
	return nil
}

func writeOut(stdout io.Writer, path string, data []byte) error {
	if path == "" || path == "-" {
		_, err := stdout.Write(data)
		return err
	}
	return writeFileAtomic(path, data)
}

// addContext fills the judges' context of gold rows from a test-inputs file.
func addContext(gold []eval.Gold, path string, maxSize int64) error {
	data, err := readAux(path, maxSize)
	if err != nil {
		return err
	}
	type row struct {
		Idx             string `json:"idx"`
		FormalStatement string `json:"formal_statement"`
		Header          string `json:"header"`
		Informal        string `json:"informal_statement"`
	}
	byID := map[string]row{}
	lineOf := map[string]int{}
	for n, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var r row
		if err := json.Unmarshal(line, &r); err != nil {
			return problemsError{fmt.Sprintf("%s: line %d: %v", path, n+1, err)}
		}
		if prev, dup := lineOf[r.Idx]; dup {
			// Which row's statement would the judges see? Refused, as
			// validate refuses it.
			return problemsError{fmt.Sprintf("%s: line %d: id %q already appeared on line %d", path, n+1, r.Idx, prev)}
		}
		byID[r.Idx], lineOf[r.Idx] = r, n+1
	}
	for i := range gold {
		r, ok := byID[gold[i].Idx]
		if !ok {
			continue
		}
		if gold[i].FormalStatement == "" {
			gold[i].FormalStatement = r.FormalStatement
		}
		if gold[i].Header == "" {
			gold[i].Header = r.Header
		}
		if gold[i].Informal == "" {
			gold[i].Informal = r.Informal
		}
	}
	return nil
}

// readPredictions validates the prediction file and returns its rows for
// the scorer. Ids are checked against the official test set when every gold
// id is an official one (a team's dev labels), else against the gold ids;
// gold ids without a prediction are eval's to report (see --partial), and
// predictions without a gold label are not scored. Problems go to stderr;
// what the track's server would reject is refused. The rows share memory
// with the file, which stays mapped until the process ends.
func readPredictions(e *env, path string, gold []eval.Gold, maxSize int64, text *arena.Arena) (map[string]eval.Pred, error) {
	exp := validate.OfficialIDs()
	ids := make([]string, len(gold))
	official := true
	for i, g := range gold {
		ids[i] = g.Idx
		official = official && exp.Has(g.Idx)
	}
	if !official {
		var err error
		if exp, err = validate.NewIDSet(ids); err != nil {
			return nil, fmt.Errorf("gold ids: %w", err)
		}
	}
	src, err := validate.ReadSource(path, maxSize)
	if err != nil {
		return nil, err
	}
	v, err := validate.New()
	if err != nil {
		return nil, err
	}
	rep := v.Validate(src, validate.Options{Expected: exp, KeepRows: true, AliasRows: true, Arena: text, MaxDetails: 20}).Without(validate.CodeMissingID)
	if rep.ErrorCount+rep.WarningCount > 0 {
		rep.WriteText(e.stderr, 20, false)
	}
	if rep.Rejected() {
		return nil, problemsError{fmt.Sprintf("%s would be rejected by the track's server (%s); not scored", path, strings.Join(rep.ErrorCounts(true), ", "))}
	}
	if pen := rep.ErrorCounts(false); len(pen) > 0 {
		fmt.Fprintf(e.stderr, "%s: scored anyway: the server accepts these rows and scores them as wrong where the rules say (%s)\n", path, strings.Join(pen, ", "))
	}
	inGold := make(map[string]bool, len(ids))
	for _, id := range ids {
		inGold[id] = true
	}
	preds := make(map[string]eval.Pred, len(rep.Parsed))
	unlabelled := 0
	for _, r := range rep.Parsed {
		if !inGold[r.Idx] {
			unlabelled++
			continue
		}
		p := eval.Pred{
			Idx: r.Idx, Misaligned: r.Misaligned, VerdictNoncanonical: !r.VerdictCanonical(),
			Category: eval.Text(r.Category), CategoryName: r.CategoryName,
			Segment: eval.Text(r.Segment), Corrected: eval.Text(r.Corrected),
		}
		if p.VerdictNoncanonical {
			p.VerdictAsWritten = r.Verdict
		}
		preds[r.Idx] = p
	}
	if unlabelled > 0 {
		fmt.Fprintf(e.stderr, "%s: %d predictions have no gold label and are not scored\n", path, unlabelled)
	}
	return preds, nil
}
