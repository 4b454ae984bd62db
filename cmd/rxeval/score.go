package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/internal/arena"
	"github.com/rxeval/rxeval/judges"
	"github.com/rxeval/rxeval/report"
	"github.com/rxeval/rxeval/validate"
	"github.com/spf13/pflag"
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
(with --undecided fail, or left by a judge failure without --allow-undecided);
130: interrupted (Ctrl-C), nothing written.

Flags:
`,
		run: runScore,
	})
}

// scoreOptions are score's flags and arguments.
type scoreOptions struct {
	goldNote string // loadGold's note, printed once the predictions are read

	reportFlags
	gold, inputs, judge                string
	confusion, perSample, html         string
	undecided                          string
	goldSHA                            string // the gold file's SHA-256, recorded in per-sample files
	partial, allowUndecided, bootGiven bool
	boot, maxErrors                    int
	seed                               uint64
	maxSize                            int64
	jf                                 judgeFlags
	preds                              []string
}

func (o *scoreOptions) addFlags(fs *pflag.FlagSet) {
	fs.StringVar(&o.gold, "gold", "", "gold labels `FILE` (required)")
	fs.StringVar(&o.inputs, "inputs", "", "test-inputs `JSONL` giving formal_statement, header and informal_statement to the judges")
	fs.StringVar(&o.judge, "judge", "offline", "stage-two `JUDGE`: "+judges.SpecHelp)
	o.reportFlags.register(fs, scoreReportUsage)
	fs.StringVar(&o.confusion, "confusion", "", "write the category confusion matrix (gold,predicted,count) to `FILE.csv` (with several PRED, FILE.SYSTEM.csv each)")
	fs.StringVar(&o.perSample, "per-sample", "", "write one JSON line per sample to `FILE` (with several PRED, FILE.SYSTEM.jsonl each)")
	fs.StringVar(&o.html, "html", "", "write an HTML error-analysis report to `FILE` (self-contained, opens offline)")
	fs.BoolVar(&o.partial, "partial", false, "score gold ids without a prediction as all-wrong instead of refusing")
	fs.IntVar(&o.boot, "bootstrap", 0, "add 95% percentile intervals from `N` bootstrap resamples, at most 100000 (default 1000 with several PRED or --html)")
	fs.Uint64Var(&o.seed, "seed", 1, "bootstrap random `SEED`")
	fs.Int64Var(&o.maxSize, "max-size", validate.DefaultMaxSize, "refuse files (and zip entries) larger than `BYTES`")
	maxErrorsVar(fs, &o.maxErrors)
	fs.StringVar(&o.undecided, "undecided", "wrong", "score pairs no judge decided as `wrong|right|fail`: wrong (lower bounds), right (upper bounds), or fail (wrong, and exit 4 if any)")
	fs.BoolVar(&o.allowUndecided, "allow-undecided", false, "exit 0 even when a judge failure (server error, timeout) left pairs undecided")
	o.jf.register(fs)
}

// check refuses what cannot run (a usage error, exit 2) before anything is
// read or judged.
func (o *scoreOptions) check() error {
	if len(o.preds) < 1 {
		return usageError{fmt.Errorf("want one or more prediction files, got none")}
	}
	if (len(o.preds) > 1 || o.html != "") && !o.bootGiven {
		o.boot = 1000 // the comparison and the page show intervals
	}
	if o.gold == "" {
		return usageError{fmt.Errorf("--gold is required")}
	}
	o.jf.quiet = o.quiet // the judges' progress lines
	if o.perSample == "-" && len(o.preds) > 1 {
		return usageError{fmt.Errorf("--per-sample - cannot hold several systems: pass a FILE (each system gets FILE.SYSTEM.jsonl)")}
	}
	// The page on standard output shares it with nothing (issue 18.15);
	// the report and --per-sample - may share it (JSON lines, then the
	// report).
	var onStdout []string
	if o.html == "-" {
		if o.out == "" || o.out == "-" {
			onStdout = append(onStdout, "the report")
		}
		if o.perSample == "-" {
			onStdout = append(onStdout, "--per-sample -")
		}
		onStdout = append(onStdout, "--html -")
	}
	if len(onStdout) > 1 {
		return usageError{fmt.Errorf("%s would both go to standard output: send all but one to a FILE (the report with -o FILE)", strings.Join(onStdout[len(onStdout)-2:], " and "))}
	}
	if o.undecided != "wrong" && o.undecided != "right" && o.undecided != "fail" {
		return usageError{fmt.Errorf("--undecided must be wrong, right or fail, not %q", o.undecided)}
	}
	spec, err := judges.ParseSpec(o.judge)
	if err != nil {
		return usageError{err}
	}
	if _, _, _, err := judges.Offline(spec); err != nil {
		return usageError{err}
	}
	if spec.Kind == "beq+" {
		return usageError{fmt.Errorf("--judge beq+ is for study calibrate; in score, --lean-repl COMMAND adds BEq+ to the chain (docs/lean.md)")}
	}
	if o.jf.parallel < 1 {
		return usageError{fmt.Errorf("--parallel must be at least 1")}
	}
	ins := []namedPath{{"--gold", o.gold}, {"--inputs", o.inputs}}
	for _, p := range o.preds {
		ins = append(ins, namedPath{"PRED", p})
	}
	outs := []namedPath{{"--output", o.out}, {"--html", o.html}, {"--cache", o.jf.cache}, {"--confusion", o.confusion}}
	if len(o.preds) > 1 && o.perSample != "" {
		for _, n := range systemNames(o.preds) {
			outs = append(outs, namedPath{"--per-sample", perSystemPath(o.perSample, n)})
		}
	} else {
		outs = append(outs, namedPath{"--per-sample", o.perSample})
	}
	if err := checkPaths(ins, outs); err != nil {
		return err
	}
	// The cache is left out: one that cannot be written is a warning at
	// the end (the report is complete without it).
	return checkWritable(slices.DeleteFunc(outs, func(p namedPath) bool { return p.what == "--cache" }))
}

// runScore runs score in phases: check the options, open the judge (a
// server that is down or a model that is missing stops the run before any
// work), load the gold, score every system, write the outputs.
func runScore(e *env, args []string) error {
	c := commands["score"]
	fs := newFlagSet(c)
	var o scoreOptions
	o.addFlags(fs)
	if err := c.parse(fs, args); err != nil {
		return err
	}
	o.preds, o.bootGiven = fs.Args(), fs.Changed("bootstrap")
	if err := o.check(); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	judge, info, closeJudge, err := o.jf.open(ctx, o.judge, e.stderr)
	if err != nil {
		return err
	}
	defer closeJudge()
	// Reading keeps the decoded files for the whole run and allocates
	// little else: a GC target of 5x the live heap instead of 2x takes ~7%
	// off a 7,030-row offline score (53.3 -> 49.6 ms, peak RSS 59 -> 61 MB,
	// medians of 21 runs of the process). It is reset once the files are
	// read (scoreSystems). A GOGC the user sets still wins.
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	// Decoded text of the gold and of every prediction file goes to one
	// pre-faulted arena.
	text := new(arena.Arena)
	gold, shape, err := o.loadGold(e, text)
	if err != nil {
		return err
	}
	docs, st, err := o.scoreSystems(ctx, e, gold, shape, judge, info, text)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		// Ctrl-C while a judge failed or recovered: the pairs it cut short
		// are no judge failures, and an interrupted run writes nothing.
		return err
	}
	var cmp *eval.Comparison
	if len(docs) > 1 {
		reps := make([]*eval.Report, len(docs))
		for i := range docs {
			reps[i] = docs[i].Report
		}
		if cmp, err = eval.Compare(systemNames(o.preds), reps, o.boot, o.seed); err != nil {
			return err
		}
	}
	if err := o.writeOutputs(e, docs, cmp); err != nil {
		return err
	}
	return tooLongHint(inexact(st, o.undecided == "fail", o.allowUndecided), judge)
}

// loadGold reads the gold labels, with the test inputs' context when
// given, and warns when the judges will lack the statements.
func (o *scoreOptions) loadGold(e *env, text *arena.Arena) ([]eval.Gold, eval.GoldShape, error) {
	goldSrc, err := validate.ReadSource(o.gold, o.maxSize)
	if err != nil {
		return nil, "", err
	}
	if goldSrc.Data == nil {
		goldSrc.WriteProblems(e.stderr)
		return nil, "", problemsError{fmt.Sprintf("%s: no readable gold rows", o.gold)}
	}
	if msg, hint, ok := validate.AuxCROnly("--gold", o.gold, goldSrc.Data); ok {
		return nil, "", withHint{problemsError{msg}, hint}
	}
	// A JSON array, pretty-printed JSON, a comma after each object: said
	// as the prediction reader says it, not as a broken first row.
	if msg, hint, ok := validate.AuxLayout("--gold", o.gold, goldSrc.Data); ok {
		return nil, "", withHint{problemsError{msg}, hint}
	}
	if p, ok := validate.WrongKind(goldSrc.Data); ok && !strings.Contains(p.Message, "gold-label") {
		// Test inputs (every diagnosis null) or a per-sample report given
		// as the gold: said as validate says it, not as a broken gold row.
		hint := "it is an output of rxeval score: --gold takes the labelled file"
		if strings.Contains(p.Message, "test-inputs") {
			hint = "the test inputs are no gold labels: pass them as --inputs FILE, and the labelled file as --gold"
		}
		return nil, "", withHint{problemsError{fmt.Sprintf("%s:%d: %s, not a gold file [%s]", o.gold, p.Line, strings.TrimSuffix(p.Message, ", not a prediction file"), p.Code)}, hint}
	}
	o.goldSHA = fmt.Sprintf("%x", sha256.Sum256(goldSrc.Data))
	gold, shape, warns, err := eval.ParseGoldWarn(goldSrc.Data, text)
	if err != nil {
		fmt.Fprintf(e.stderr, "%s: %v\n", validate.TermSafe(o.gold), validate.TermSafe(err.Error()))
		var h hinted // an unknown category's "did you mean", as for predictions
		if errors.As(err, &h) && h.Hint() != "" {
			return nil, "", withHint{problemsError{fmt.Sprintf("%s: gold file is malformed", o.gold)}, h.Hint()}
		}
		return nil, "", problemsError{fmt.Sprintf("%s: gold file is malformed", o.gold)}
	}
	// Gold read otherwise than the rules write it is scored, and said: one
	// line each, compiler style, then a count.
	for _, w := range warns {
		fmt.Fprintf(e.stderr, "%s:%s\n", validate.TermSafe(o.gold), validate.TermSafe(w.String()))
	}
	if len(warns) > 0 {
		fmt.Fprintf(e.stderr, "%s: %s in the gold (see docs/rules.md, Gold labels)\n", validate.TermSafe(o.gold), countOf(len(warns), "warning"))
	}
	if o.inputs != "" {
		if err := addContext(gold, o.inputs, o.maxSize); err != nil {
			return nil, "", err
		}
	}
	if o.judge != "exact" {
		missing := 0
		for _, g := range gold {
			if g.Misaligned && g.FormalStatement == "" {
				missing++
			}
		}
		if missing > 0 {
			// Said once the prediction files are read: a file refused
			// (predictions and inputs swapped) is the error to see alone.
			has := map[bool]string{true: "has", false: "have"}[missing == 1]
			o.goldNote = fmt.Sprintf("rxeval score: %s %s no formal_statement: the judges cannot locate error segments in them\nhint: pass the test inputs with --inputs FILE\n", countOf(missing, "misaligned gold sample"), has)
		}
	}
	return gold, shape, nil
}

// scoreSystems reads and validates every prediction file, then scores
// each against the gold with one memo (a pair several files share is
// judged once). It returns one document a file and the stage-two totals
// summed over them, for the exit code.
func (o *scoreOptions) scoreSystems(ctx context.Context, e *env, gold []eval.Gold, shape eval.GoldShape, judge eval.Judge, info eval.JudgeInfo, text *arena.Arena) ([]eval.Document, eval.StageTwo, error) {
	var st eval.StageTwo
	memo := eval.NewMemo(judge)
	names := systemNames(o.preds)
	docs := make([]eval.Document, len(o.preds))
	// Every file is read, validated and checked for missing ids before the
	// judge is asked anything: a bad last file must not cost the model
	// calls of the ones before it (issue 18.11).
	missingErr := func(path string, err error) error {
		var me *eval.MissingError
		if !errors.As(err, &me) {
			return nil
		}
		msg := err.Error() + " (use --partial to score them as wrong)"
		if len(o.preds) > 1 {
			msg = path + ": " + msg
		}
		return problemsError{msg}
	}
	allPreds := make([]map[string]eval.Pred, len(o.preds))
	for i, path := range o.preds {
		preds, err := readPredictions(e, path, gold, o.maxSize, o.maxErrors, text)
		if err != nil {
			return nil, st, err
		}
		if !o.partial && len(o.preds) > 1 {
			if _, err := eval.Score(ctx, gold, preds, eval.ExactJudge{}, eval.Options{}); err != nil {
				if me := missingErr(path, err); me != nil {
					return nil, st, me
				}
				return nil, st, err
			}
		}
		allPreds[i] = preds
	}
	fmt.Fprint(e.stderr, o.goldNote)
	// The files are read: the judges' work allocates and frees much
	// (lean-ast parses each pair), and at the reading's GC target of 5x
	// the live heap the synthetic dev set's offline score peaked at
	// 143-166 MB; at the default target, 76-78 MB and no slower.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(100)
	}
	for i, path := range o.preds {
		rep, err := eval.Score(ctx, gold, allPreds[i], memo, eval.Options{Partial: o.partial, Bootstrap: o.boot, Seed: o.seed, UndecidedRight: o.undecided == "right"})
		if err != nil {
			if me := missingErr(path, err); me != nil {
				return nil, st, me
			}
			return nil, st, judgeFailure(err)
		}
		ji := eval.JudgeInfo{}
		for k, v := range info {
			ji[k] = v
		}
		ji["decided_by"] = rep.StageTwo.Decided
		docs[i] = eval.Document{Version: version(), Report: rep, Gold: o.gold, GoldSHA256: o.goldSHA, GoldShape: shape, Pred: path, Judge: ji}
		if len(o.preds) > 1 {
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
	return docs, st, nil
}

// writeOutputs writes the report (text or JSON, to stdout or --output),
// the per-sample records and confusion matrices (one file per system with
// several PRED), and the HTML page.
func (o *scoreOptions) writeOutputs(e *env, docs []eval.Document, cmp *eval.Comparison) error {
	var buf bytes.Buffer
	var err error
	switch {
	case cmp != nil && o.format == "json":
		err = eval.MultiDocument{Systems: docs, Comparison: cmp}.WriteJSON(&buf)
	case cmp != nil:
		err = eval.MultiDocument{Systems: docs, Comparison: cmp}.WriteText(&buf)
	case o.format == "json":
		err = docs[0].WriteJSON(&buf)
	default:
		err = docs[0].WriteText(&buf)
	}
	if err != nil {
		return err
	}
	// Every output is written even when one fails (a full disk, a
	// vanished directory): the others hold what the run computed. Each
	// failure is named by its flag; the last is the run's error (exit 2).
	var failed []error
	var putWith func(flag, path string, write func(io.Writer) error) bool
	put := func(flag, path string, data []byte) bool {
		return putWith(flag, path, func(w io.Writer) error { _, err := w.Write(data); return err })
	}
	putWith = func(flag, path string, write func(io.Writer) error) bool {
		err := writeOutWith(e.stdout, path, write)
		if err != nil {
			if path != "" && path != "-" {
				err = fmt.Errorf("%s %s: %w", flag, path, err)
			}
			failed = append(failed, err)
		}
		return err == nil
	}
	put("--output", o.out, buf.Bytes())
	names := systemNames(o.preds)
	perSystem := func(flag, flagPath string, write func(eval.Document, io.Writer) error) error {
		if flagPath == "" {
			return nil
		}
		for i, d := range docs {
			path := flagPath
			if len(docs) > 1 {
				path = perSystemPath(path, names[i])
			}
			// Streamed to the file: a per-sample file carries every text
			// of the predictions (one more copy of a 120 MB correction).
			// An error of the writer is the output's (put lists it and the
			// other outputs are still written); any other is the run's.
			var werr error
			putWith(flag, path, func(w io.Writer) error {
				ew := &errWriter{w: w}
				werr = write(d, ew)
				if werr != nil && ew.err != nil {
					werr = nil
					return ew.err
				}
				return werr
			})
			if werr != nil {
				return werr
			}
		}
		return nil
	}
	if err := perSystem("--per-sample", o.perSample, func(d eval.Document, w io.Writer) error { return d.WritePerSample(w) }); err != nil {
		return err
	}
	if err := perSystem("--confusion", o.confusion, func(d eval.Document, w io.Writer) error { return d.Report.Breakdown.WriteConfusionCSV(w) }); err != nil {
		return err
	}
	if o.html != "" {
		var page bytes.Buffer
		if err := report.Write(&page, docs, cmp); err != nil {
			return err
		}
		if put("--html", o.html, page.Bytes()) && o.html != "-" {
			fmt.Fprintf(e.stderr, "rxeval score: wrote %s (%d bytes)\n", o.html, page.Len())
		}
	}
	return lastFailure(e.stderr, "score", failed)
}

// lastFailure prints every failure but the last on stderr, as exitCode
// prints an error, and returns the last (nil for none): a command that
// writes several outputs writes them all and reports each that failed.
func lastFailure(stderr io.Writer, cmd string, failed []error) error {
	if len(failed) == 0 {
		return nil
	}
	for _, err := range failed[:len(failed)-1] {
		fmt.Fprintf(stderr, "rxeval %s: %s\n", cmd, validate.TermSafe(err.Error()))
	}
	return failed[len(failed)-1]
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

// errWriter remembers the first error of the writer it wraps.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	n, err := e.w.Write(p)
	if err != nil && e.err == nil {
		e.err = err
	}
	return n, err
}

// writeOutWith is writeOut of what write writes, streamed (through a
// buffer, to standard output or a temporary file renamed at the end)
// instead of held whole in memory.
func writeOutWith(stdout io.Writer, path string, write func(io.Writer) error) error {
	if path == "" || path == "-" {
		bw := bufio.NewWriterSize(stdout, 64<<10)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	}
	return writeFileAtomicWith(path, write)
}

// addContext fills the judges' context of gold rows from a test-inputs file.
func addContext(gold []eval.Gold, path string, maxSize int64) error {
	data, err := readAux("--inputs", path, maxSize)
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
			return problemsError{fmt.Sprintf("%s: line %d: %s", path, n+1, validate.DescribeJSONError(err))}
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
func readPredictions(e *env, path string, gold []eval.Gold, maxSize int64, maxErrors int, text *arena.Arena) (map[string]eval.Pred, error) {
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
	rep := v.Validate(src, validate.Options{Expected: exp, KeepRows: true, AliasRows: true, Arena: text, MaxDetails: maxErrors}).Without(validate.CodeMissingID)
	if rep.ErrorCount+rep.WarningCount > 0 {
		rep.WriteText(e.stderr, maxErrors, false)
	}
	if rep.Rejected() {
		// zip_bomb is rxeval's own limit: no one knows whether the
		// server refuses such a zip, so it is not said to.
		var server, own []string
		for _, c := range rep.ErrorCounts(true) {
			if strings.HasPrefix(c, string(validate.CodeZipBomb)+":") {
				own = append(own, c)
			} else {
				server = append(server, c)
			}
		}
		var why []string
		if len(server) > 0 {
			why = append(why, fmt.Sprintf("would be rejected by the track's server (%s)", strings.Join(server, ", ")))
		}
		if len(own) > 0 {
			why = append(why, fmt.Sprintf("is refused by rxeval's own zip-bomb limit (%s; other readers may refuse it too)", strings.Join(own, ", ")))
		}
		return nil, problemsError{fmt.Sprintf("%s %s; not scored", path, strings.Join(why, ", and "))}
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
		fmt.Fprintf(e.stderr, "%s: %s no gold label and %s not scored\n", path, map[bool]string{true: "1 prediction has", false: fmt.Sprint(unlabelled) + " predictions have"}[unlabelled == 1], map[bool]string{true: "is", false: "are"}[unlabelled == 1])
	}
	return preds, nil
}
