// Package study measures equivalence judges against human labels and
// against each other: confusion counts, precision, recall, F1, accuracy,
// Cohen's kappa, bootstrap intervals, threshold sweeps. No I/O, no flags.
package study

import (
	"math"
	"math/rand/v2"
	"sort"

	"github.com/rxeval/rxeval/eval"
)

// Confusion counts a binary judge against labels (positive = equivalent).
type Confusion struct {
	TP, TN, FP, FN int
}

// Add counts one prediction against its label.
func (c *Confusion) Add(pred, label bool) {
	switch {
	case pred && label:
		c.TP++
	case pred:
		c.FP++
	case label:
		c.FN++
	default:
		c.TN++
	}
}

// N is the number of pairs counted.
func (c Confusion) N() int { return c.TP + c.TN + c.FP + c.FN }

// ratio is a / b, NaN when b is 0 (undefined, reported as "-" or null).
func ratio(a, b int) float64 {
	if b == 0 {
		return math.NaN()
	}
	return float64(a) / float64(b)
}

// Precision is TP / (TP + FP); NaN when nothing was predicted positive.
func (c Confusion) Precision() float64 { return ratio(c.TP, c.TP+c.FP) }

// Recall is TP / (TP + FN); NaN when no label is positive.
func (c Confusion) Recall() float64 { return ratio(c.TP, c.TP+c.FN) }

// F1 is 2TP / (2TP + FP + FN); NaN when there is no TP, FP or FN.
func (c Confusion) F1() float64 { return ratio(2*c.TP, 2*c.TP+c.FP+c.FN) }

// Accuracy is (TP + TN) / N; NaN when N is 0.
func (c Confusion) Accuracy() float64 { return ratio(c.TP+c.TN, c.N()) }

// Kappa is Cohen's kappa between the judge and the labels: (po - pe) /
// (1 - pe); NaN when it is undefined (see KappaUndefined).
func (c Confusion) Kappa() float64 {
	if c.KappaUndefined() != "" {
		return math.NaN()
	}
	n := float64(c.N())
	po := float64(c.TP+c.TN) / n
	pYes := float64(c.TP+c.FP) / n * float64(c.TP+c.FN) / n
	pNo := float64(c.TN+c.FN) / n * float64(c.TN+c.FP) / n
	pe := pYes + pNo
	return (po - pe) / (1 - pe)
}

// KappaUndefined says why kappa is undefined, or "" when it is defined:
// no pairs, or chance agreement pe = 1 (both sides give one same answer
// on every pair, as they must with a single pair).
func (c Confusion) KappaUndefined() string {
	n := c.N()
	switch {
	case n == 0:
		return "no pairs"
	case n == 1:
		return "one pair: chance agreement is 1"
	case c.TP == n || c.TN == n:
		return "chance agreement is 1: both sides give the same answer on every pair"
	}
	return ""
}

// Figures are the reported numbers of a confusion table; a ratio whose
// denominator is 0 is nil (JSON null, "-" in text).
type Figures struct {
	N         int      `json:"n"`
	TP        int      `json:"tp"`
	TN        int      `json:"tn"`
	FP        int      `json:"fp"`
	FN        int      `json:"fn"`
	Precision *float64 `json:"precision"`
	Recall    *float64 `json:"recall"`
	F1        *float64 `json:"f1"`
	Accuracy  *float64 `json:"accuracy"`
	Kappa     *float64 `json:"kappa"`
	// KappaUndefined is why Kappa is null.
	KappaUndefined string `json:"kappa_undefined,omitempty"`
	// CI holds 95% bootstrap intervals of the ratios, when asked for.
	CI map[string][2]float64 `json:"ci,omitempty"`
}

// defined is x, or nil when x is NaN.
func defined(x float64) *float64 {
	if math.IsNaN(x) {
		return nil
	}
	return &x
}

// Figures computes the reported numbers.
func (c Confusion) Figures() Figures {
	return Figures{N: c.N(), TP: c.TP, TN: c.TN, FP: c.FP, FN: c.FN,
		Precision: defined(c.Precision()), Recall: defined(c.Recall()), F1: defined(c.F1()),
		Accuracy: defined(c.Accuracy()), Kappa: defined(c.Kappa()), KappaUndefined: c.KappaUndefined()}
}

// Bootstrap returns 95% percentile intervals of precision, recall, F1,
// accuracy and kappa, resampling the pairs. A ratio undefined in a
// resample is left out of its series; a ratio undefined in every resample
// has no interval.
func Bootstrap(preds, labels []bool, rounds int, seed uint64) map[string][2]float64 {
	rng := rand.New(rand.NewPCG(seed, 0xb007))
	series := map[string][]float64{}
	for r := 0; r < rounds; r++ {
		var c Confusion
		for range preds {
			i := rng.IntN(len(preds))
			c.Add(preds[i], labels[i])
		}
		addRatios(series, "", c)
	}
	return intervals(series)
}

// addRatios appends c's defined ratios to series, under prefix+name.
func addRatios(series map[string][]float64, prefix string, c Confusion) {
	for _, r := range []struct {
		name string
		x    float64
	}{{"precision", c.Precision()}, {"recall", c.Recall()}, {"f1", c.F1()}, {"accuracy", c.Accuracy()}, {"kappa", c.Kappa()}} {
		if !math.IsNaN(r.x) {
			series[prefix+r.name] = append(series[prefix+r.name], r.x)
		}
	}
}

func intervals(series map[string][]float64) map[string][2]float64 {
	out := map[string][2]float64{}
	for k, v := range series {
		out[k] = eval.Percentile95(v)
	}
	return out
}

// Sweep picks the threshold that maximizes kappa: a pair is positive when
// its score is at least the threshold. Candidates are the distinct scores;
// ties go to the higher accuracy, then the lower threshold.
func Sweep(scores []float64, labels []bool) (threshold float64, best Confusion) {
	cands := append([]float64(nil), scores...)
	sort.Float64s(cands)
	first := true
	bestK, bestA := 0.0, 0.0
	for i, th := range cands {
		if i > 0 && th == cands[i-1] {
			continue
		}
		var c Confusion
		for j, s := range scores {
			c.Add(s >= th, labels[j])
		}
		k, a := c.Kappa(), c.Accuracy()
		if math.IsNaN(k) {
			k = math.Inf(-1) // undefined: below any defined kappa
		}
		if first || k > bestK || (k == bestK && a > bestA) {
			threshold, best, bestK, bestA, first = th, c, k, a, false
		}
	}
	return threshold, best
}
