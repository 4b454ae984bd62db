package study

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges"
	"github.com/rxeval/rxeval/judges/similarity"
)

// Result is a judge's calibration table on a labelled set.
type Result struct {
	Judge string `json:"judge"`
	// Task is the task whose pairs were judged ("" for all).
	Task string `json:"task,omitempty"`
	// Skipped counts pairs left out, and SkippedWhy says why (a judge that
	// cannot decide localization pairs skips them).
	Skipped    int    `json:"skipped,omitempty"`
	SkippedWhy string `json:"skipped_reason,omitempty"`
	Calibration
	// Threshold is the decision threshold of a scoring judge (gted, bleu):
	// the one given, or the one --sweep chose.
	Threshold *float64 `json:"threshold"`
	Swept     bool     `json:"swept,omitempty"`
	// DecidedBy counts which part of the judge decided each pair.
	DecidedBy map[string]int `json:"decided_by,omitempty"`
	// JudgeFailed counts the undecided pairs left so because the judge
	// failed on them (a REPL or a server that did not answer): the
	// figures are then not the judge's own.
	JudgeFailed int `json:"judge_failed,omitempty"`
	// CorpusBLEU of all candidates against their references (bleu only).
	CorpusBLEU *float64 `json:"corpus_bleu,omitempty"`
	Set        string   `json:"set_fingerprint"`
	// ByKind has the figures of each task and kind of pair, when the
	// pairs say their kind (rxeval synth pairs).
	ByKind []KindFigures `json:"by_kind,omitempty"`
	// Published rows of a seed paper on the same set, when it is one.
	PublishedSource string         `json:"published_source,omitempty"`
	Published       []PublishedRow `json:"published,omitempty"`
}

// Calibration is a judge's table against the labels with the undecided
// pairs apart: the figures on the decided pairs, and on all pairs with
// undecided ones scored as not equivalent (as 'rxeval score' does by
// default: a lower bound).
type Calibration struct {
	N       int `json:"n"`
	Decided int `json:"decided"`
	// Coverage is Decided / N.
	Coverage   *float64    `json:"coverage"`
	CoverageCI *[2]float64 `json:"coverage_ci,omitempty"`
	// Undecided pairs by their label.
	UndecidedEquivalent    int `json:"undecided_equivalent"`
	UndecidedNotEquivalent int `json:"undecided_not_equivalent"`
	// DecidedPairs are the figures on the decided pairs alone.
	DecidedPairs Figures `json:"decided_pairs"`
	// AllPairs are the figures on every pair, an undecided pair scored as
	// "not equivalent" (its FN or TN).
	AllPairs Figures `json:"all_pairs_undecided_as_not_equivalent"`
}

// Table counts a three-way judge (equivalent, not equivalent, undecided)
// against binary labels.
type Table struct {
	Decided                             Confusion
	UndecidedEquivalent, UndecidedNotEq int
}

// Add counts one verdict against its label.
func (t *Table) Add(v eval.Verdict, label bool) {
	switch {
	case v != eval.Undecided:
		t.Decided.Add(v == eval.Equivalent, label)
	case label:
		t.UndecidedEquivalent++
	default:
		t.UndecidedNotEq++
	}
}

// Conservative is the table with undecided pairs scored as not equivalent.
func (t Table) Conservative() Confusion {
	c := t.Decided
	c.FN += t.UndecidedEquivalent
	c.TN += t.UndecidedNotEq
	return c
}

// Calibration computes the reported numbers.
func (t Table) Calibration() Calibration {
	n := t.Decided.N() + t.UndecidedEquivalent + t.UndecidedNotEq
	return Calibration{N: n, Decided: t.Decided.N(), Coverage: defined(ratio(t.Decided.N(), n)),
		UndecidedEquivalent: t.UndecidedEquivalent, UndecidedNotEquivalent: t.UndecidedNotEq,
		DecidedPairs: t.Decided.Figures(), AllPairs: t.Conservative().Figures()}
}

// bootstrapTable adds 95% percentile intervals to c, resampling the pairs.
func bootstrapTable(c *Calibration, verdicts []eval.Verdict, labels []bool, rounds int, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 0xb007))
	series := map[string][]float64{}
	for r := 0; r < rounds; r++ {
		var t Table
		for range verdicts {
			i := rng.IntN(len(verdicts))
			t.Add(verdicts[i], labels[i])
		}
		addRatios(series, "decided_", t.Decided)
		addRatios(series, "all_", t.Conservative())
		series["coverage"] = append(series["coverage"], ratio(t.Decided.N(), len(verdicts)))
	}
	iv := intervals(series)
	c.DecidedPairs.CI, c.AllPairs.CI = map[string][2]float64{}, map[string][2]float64{}
	for k, v := range iv {
		switch {
		case k == "coverage":
			c.CoverageCI = &v
		case strings.HasPrefix(k, "decided_"):
			c.DecidedPairs.CI[strings.TrimPrefix(k, "decided_")] = v
		default:
			c.AllPairs.CI[strings.TrimPrefix(k, "all_")] = v
		}
	}
}

// Options tune Calibrate.
type Options struct {
	Sweep     bool
	Bootstrap int
	Seed      uint64
	// Task keeps only the pairs of one task (TaskCorrection or
	// TaskLocalization); "" keeps every task the judge can decide, and a
	// judge that compares statements (gted, bleu) skips localization pairs.
	Task string
	// Judge is used for specs Calibrate does not know itself (a model
	// judge built by the caller); undecided pairs count as not equivalent.
	Judge eval.Judge
	// Localization decides the localization pairs of the offline judge
	// (the span judge, which this package cannot import); undecided
	// pairs count as not the same location.
	Localization eval.Judge
}

// KindFigures are a judge's figures on the pairs of one task and kind.
type KindFigures struct {
	Task string `json:"task"`
	Kind string `json:"kind"`
	Calibration
}

func taskOf(p LabeledPair) string {
	if p.Task == "" {
		return TaskCorrection
	}
	return p.Task
}

func evalPair(p LabeledPair) eval.Pair {
	k := eval.Correction
	if taskOf(p) == TaskLocalization {
		k = eval.Localization
	}
	return eval.Pair{Kind: k, Idx: p.Name, Gold: p.Reference, Pred: p.Candidate, FormalStatement: p.Statement}
}

// UsageError is a Calibrate error in what was asked (a judge spec, a task
// the judge cannot decide), not in the labelled pairs.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// ErrNothingToJudge: no labelled pair is left for the judge.
var ErrNothingToJudge = errors.New("nothing to judge")

// Calibrate runs a judge over labelled pairs and reports its agreement with
// the labels. Judges: exact (the strings are equal), offline (the lean-ast
// judge, and opts.Localization for localization pairs), gted[:θ] (lean-ast
// first, then GTED similarity ≥ θ), bleu[:θ] (sentence BLEU ≥ θ), or
// opts.Judge. A scoring judge needs a threshold or opts.Sweep, which picks
// the one that maximizes kappa on these pairs. Undecided pairs are counted
// apart (see Calibration).
func Calibrate(ctx context.Context, pairs []LabeledPair, spec string, opts Options) (*Result, error) {
	parsed, err := judges.ParseSpec(spec)
	if err != nil {
		return nil, UsageError{err}
	}
	name, threshold := parsed.Kind, parsed.Threshold
	if parsed.Model != "" {
		name = spec
	}
	res := &Result{Judge: name, Task: opts.Task, DecidedBy: map[string]int{}, Set: Fingerprint(pairs)}
	res.PublishedSource, res.Published = Published(pairs)
	statementsOnly := name == "gted" || name == "bleu"
	switch opts.Task {
	case "":
	case TaskCorrection:
	case TaskLocalization:
		if statementsOnly {
			return nil, UsageError{fmt.Errorf("judge %s compares statements and cannot decide localization pairs: use exact, offline or a model judge", name)}
		}
	default:
		return nil, UsageError{fmt.Errorf("task %q: want %s or %s", opts.Task, TaskCorrection, TaskLocalization)}
	}
	var kept []LabeledPair
	for _, p := range pairs {
		switch {
		case opts.Task != "" && taskOf(p) != opts.Task:
			res.Skipped++
			res.SkippedWhy = "not " + opts.Task + " pairs (--task " + opts.Task + ")"
		case opts.Task == "" && statementsOnly && taskOf(p) == TaskLocalization:
			res.Skipped++
			res.SkippedWhy = "localization pairs: judge " + name + " compares statements (use exact, offline or a model judge for them)"
		default:
			kept = append(kept, p)
		}
	}
	if len(kept) == 0 {
		if opts.Task != "" {
			return nil, fmt.Errorf("%w: no %s pairs among the %d", ErrNothingToJudge, opts.Task, len(pairs))
		}
		return nil, fmt.Errorf("%w: no pair judge %s can decide among the %d (%s)", ErrNothingToJudge, name, len(pairs), res.SkippedWhy)
	}
	pairs = kept
	if res.Skipped > 0 {
		res.Published = nil // a table of the whole set
		res.PublishedSource = ""
	}
	labels := make([]bool, len(pairs))
	for i, p := range pairs {
		labels[i] = p.Label
	}
	verdicts := make([]eval.Verdict, len(pairs))
	yes := func(b bool) eval.Verdict {
		if b {
			return eval.Equivalent
		}
		return eval.NotEquivalent
	}
	// take records what a judge decided for pairs at[k].
	take := func(ds []eval.Decision, at []int) {
		for k, d := range ds {
			verdicts[at[k]] = d.Verdict
			if d.Failed {
				res.JudgeFailed++
			}
			if d.Verdict == eval.Undecided {
				res.DecidedBy["undecided"]++
			} else {
				res.DecidedBy[d.By]++
			}
		}
	}
	switch name {
	case "exact":
		for i, p := range pairs {
			verdicts[i] = yes(p.Candidate == p.Reference)
			res.DecidedBy["exact"]++
		}
	case "offline":
		var loc, cor []eval.Pair
		var locAt, corAt []int
		for i, p := range pairs {
			if taskOf(p) == TaskLocalization {
				loc, locAt = append(loc, evalPair(p)), append(locAt, i)
				continue
			}
			cor, corAt = append(cor, evalPair(p)), append(corAt, i)
		}
		ds, err := judges.LeanJudge{}.Judge(ctx, cor)
		if err != nil {
			return nil, err
		}
		take(ds, corAt)
		at := locAt
		if len(loc) > 0 {
			if opts.Localization == nil {
				return nil, fmt.Errorf("%d localization pairs and no localization judge", len(loc))
			}
			ds, err := opts.Localization.Judge(ctx, loc)
			if err != nil {
				return nil, err
			}
			take(ds, at)
		}
	case "gted", "bleu":
		scores := make([]float64, len(pairs))
		var cands, refs [][]string
		for i, p := range pairs {
			if name == "gted" {
				s, by, _ := similarity.GTEDScore(p.Reference, p.Candidate)
				scores[i] = s
				res.DecidedBy[by]++
				continue
			}
			c, r := similarity.BLEUTokens(p.Candidate), similarity.BLEUTokens(p.Reference)
			cands, refs = append(cands, c), append(refs, r)
			scores[i] = similarity.SentenceBLEU(c, r)
			res.DecidedBy["bleu"]++
		}
		if name == "bleu" {
			cb := similarity.CorpusBLEU(cands, refs)
			res.CorpusBLEU = &cb
		}
		switch {
		case opts.Sweep:
			th, _ := Sweep(scores, labels)
			threshold, res.Swept = &th, true
		case threshold == nil:
			return nil, UsageError{fmt.Errorf("judge %s needs a threshold (%s:0.7) or --sweep", name, name)}
		}
		res.Threshold = threshold
		for i, s := range scores {
			verdicts[i] = yes(s >= *threshold)
		}
	default:
		if opts.Judge == nil {
			return nil, UsageError{fmt.Errorf("unknown judge %q; want exact, offline, gted[:θ], bleu[:θ] or a model judge", spec)}
		}
		res.Judge = opts.Judge.Name()
		ps := make([]eval.Pair, len(pairs))
		at := make([]int, len(pairs))
		for i, p := range pairs {
			ps[i], at[i] = evalPair(p), i
		}
		ds, err := opts.Judge.Judge(ctx, ps)
		if err != nil {
			return nil, err
		}
		take(ds, at)
	}
	var t Table
	for i := range verdicts {
		t.Add(verdicts[i], labels[i])
	}
	res.Calibration = t.Calibration()
	res.ByKind = byKind(pairs, verdicts)
	if opts.Bootstrap > 0 {
		bootstrapTable(&res.Calibration, verdicts, labels, opts.Bootstrap, opts.Seed)
	}
	return res, nil
}

// byKind splits the figures by task and kind, in order of first
// appearance; nil when no pair names its kind.
func byKind(pairs []LabeledPair, verdicts []eval.Verdict) []KindFigures {
	type key struct{ task, kind string }
	counts := map[key]*Table{}
	var order []key
	for i, p := range pairs {
		if p.Kind == "" {
			continue
		}
		k := key{taskOf(p), p.Kind}
		if counts[k] == nil {
			counts[k] = &Table{}
			order = append(order, k)
		}
		counts[k].Add(verdicts[i], p.Label)
	}
	var out []KindFigures
	for _, k := range order {
		out = append(out, KindFigures{k.task, k.kind, counts[k].Calibration()})
	}
	return out
}
