package study

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges"
	"github.com/rxeval/rxeval/judges/similarity"
)

// Result is a judge's calibration table on a labelled set.
type Result struct {
	Judge string `json:"judge"`
	Figures
	// Threshold is the decision threshold of a scoring judge (gted, bleu):
	// the one given, or the one --sweep chose.
	Threshold *float64 `json:"threshold"`
	Swept     bool     `json:"swept,omitempty"`
	// DecidedBy counts which part of the judge decided each pair.
	DecidedBy map[string]int        `json:"decided_by,omitempty"`
	CI        map[string][2]float64 `json:"ci"`
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

// Options tune Calibrate.
type Options struct {
	Sweep     bool
	Bootstrap int
	Seed      uint64
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
	Figures
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

// ParseJudge splits "gted:0.8" into name and threshold.
func ParseJudge(spec string) (name string, threshold *float64, err error) {
	name, th, found := strings.Cut(spec, ":")
	switch name {
	case "gted", "bleu":
		if found {
			v, err := strconv.ParseFloat(th, 64)
			if err != nil || v < 0 || v > 1 {
				return "", nil, fmt.Errorf("%s threshold %q: want a number in [0, 1]", name, th)
			}
			threshold = &v
		}
		return name, threshold, nil
	case "exact", "offline":
		if found {
			return "", nil, fmt.Errorf("judge %s takes no threshold", name)
		}
		return name, nil, nil
	}
	return spec, nil, nil
}

// Calibrate runs a judge over labelled pairs and reports its agreement with
// the labels. Judges: exact (the strings are equal), offline (the lean-ast
// judge; undecided counts as not equivalent), gted[:θ] (lean-ast first,
// then GTED similarity ≥ θ), bleu[:θ] (sentence BLEU ≥ θ), or opts.Judge.
// A scoring judge needs a threshold or opts.Sweep, which picks the one
// that maximizes kappa on these pairs.
func Calibrate(ctx context.Context, pairs []LabeledPair, spec string, opts Options) (*Result, error) {
	name, threshold, err := ParseJudge(spec)
	if err != nil {
		return nil, err
	}
	res := &Result{Judge: name, DecidedBy: map[string]int{}, Set: Fingerprint(pairs)}
	labels := make([]bool, len(pairs))
	for i, p := range pairs {
		labels[i] = p.Label
	}
	preds := make([]bool, len(pairs))
	switch name {
	case "exact":
		for i, p := range pairs {
			preds[i] = p.Candidate == p.Reference
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
		for k, d := range ds {
			preds[corAt[k]] = d.Verdict == eval.Equivalent
			if d.Verdict == eval.Undecided {
				res.DecidedBy["undecided"]++
			} else {
				res.DecidedBy[d.By]++
			}
		}
		at := locAt
		if len(loc) > 0 {
			if opts.Localization == nil {
				return nil, fmt.Errorf("%d localization pairs and no localization judge", len(loc))
			}
			ds, err := opts.Localization.Judge(ctx, loc)
			if err != nil {
				return nil, err
			}
			for k, d := range ds {
				preds[at[k]] = d.Verdict == eval.Equivalent
				if d.Verdict == eval.Undecided {
					res.DecidedBy["undecided"]++
				} else {
					res.DecidedBy[d.By]++
				}
			}
		}
	case "gted", "bleu":
		for _, p := range pairs {
			if taskOf(p) == TaskLocalization {
				return nil, fmt.Errorf("judge %s compares statements, and this set has localization pairs (%s): use exact, offline or a model judge", name, p.Name)
			}
		}
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
			return nil, fmt.Errorf("judge %s needs a threshold (%s:0.7) or --sweep", name, name)
		}
		res.Threshold = threshold
		for i, s := range scores {
			preds[i] = s >= *threshold
		}
	default:
		if opts.Judge == nil {
			return nil, fmt.Errorf("unknown judge %q; want exact, offline, gted[:θ], bleu[:θ] or a model judge", spec)
		}
		res.Judge = opts.Judge.Name()
		ps := make([]eval.Pair, len(pairs))
		for i, p := range pairs {
			ps[i] = evalPair(p)
		}
		ds, err := opts.Judge.Judge(ctx, ps)
		if err != nil {
			return nil, err
		}
		for i, d := range ds {
			preds[i] = d.Verdict == eval.Equivalent
			if d.Verdict == eval.Undecided {
				res.DecidedBy["undecided"]++
			} else {
				res.DecidedBy[d.By]++
			}
		}
	}
	var c Confusion
	for i := range preds {
		c.Add(preds[i], labels[i])
	}
	res.Figures = c.Figures()
	res.ByKind = byKind(pairs, preds)
	if opts.Bootstrap > 0 {
		res.CI = Bootstrap(preds, labels, opts.Bootstrap, opts.Seed)
	}
	res.PublishedSource, res.Published = Published(pairs)
	return res, nil
}

// byKind splits the figures by task and kind, in order of first
// appearance; nil when no pair names its kind.
func byKind(pairs []LabeledPair, preds []bool) []KindFigures {
	type key struct{ task, kind string }
	counts := map[key]*Confusion{}
	var order []key
	for i, p := range pairs {
		if p.Kind == "" {
			continue
		}
		k := key{taskOf(p), p.Kind}
		if counts[k] == nil {
			counts[k] = &Confusion{}
			order = append(order, k)
		}
		counts[k].Add(preds[i], p.Label)
	}
	var out []KindFigures
	for _, k := range order {
		out = append(out, KindFigures{k.task, k.kind, counts[k].Figures()})
	}
	return out
}
