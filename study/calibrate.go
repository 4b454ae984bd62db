package study

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges/lean"
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
		for i, p := range pairs {
			r, _ := lean.Compare(p.Reference, p.Candidate)
			preds[i] = r == lean.Same
			if r == lean.Undecided {
				res.DecidedBy["undecided"]++
			} else {
				res.DecidedBy["lean-ast"]++
			}
		}
	case "gted", "bleu":
		scores := make([]float64, len(pairs))
		var cands, refs [][]string
		for i, p := range pairs {
			if name == "gted" {
				s, by, _ := GTEDScore(p.Reference, p.Candidate)
				scores[i] = s
				res.DecidedBy[by]++
				continue
			}
			c, r := BLEUTokens(p.Candidate), BLEUTokens(p.Reference)
			cands, refs = append(cands, c), append(refs, r)
			scores[i] = SentenceBLEU(c, r)
			res.DecidedBy["bleu"]++
		}
		if name == "bleu" {
			cb := CorpusBLEU(cands, refs)
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
			ps[i] = eval.Pair{Kind: eval.Correction, Idx: p.Name, Gold: p.Reference, Pred: p.Candidate}
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
	if opts.Bootstrap > 0 {
		res.CI = Bootstrap(preds, labels, opts.Bootstrap, opts.Seed)
	}
	res.PublishedSource, res.Published = Published(pairs)
	return res, nil
}
