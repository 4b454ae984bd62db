// Package study measures equivalence judges against human labels and
// against each other: confusion counts, precision, recall, F1, accuracy,
// Cohen's kappa, bootstrap intervals, threshold sweeps. No I/O, no flags.
package study

import (
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

func (c Confusion) N() int { return c.TP + c.TN + c.FP + c.FN }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Precision is TP / (TP + FP); 0 when nothing was predicted positive.
func (c Confusion) Precision() float64 { return ratio(c.TP, c.TP+c.FP) }

// Recall is TP / (TP + FN).
func (c Confusion) Recall() float64 { return ratio(c.TP, c.TP+c.FN) }

// F1 is 2TP / (2TP + FP + FN).
func (c Confusion) F1() float64 { return ratio(2*c.TP, 2*c.TP+c.FP+c.FN) }

// Accuracy is (TP + TN) / N.
func (c Confusion) Accuracy() float64 { return ratio(c.TP+c.TN, c.N()) }

// Kappa is Cohen's kappa between the judge and the labels: (po - pe) /
// (1 - pe). When pe = 1 (neither side varies) it is undefined; we report 1
// for perfect agreement and 0 otherwise.
func (c Confusion) Kappa() float64 {
	n := float64(c.N())
	if n == 0 {
		return 0
	}
	po := float64(c.TP+c.TN) / n
	pYes := float64(c.TP+c.FP) / n * float64(c.TP+c.FN) / n
	pNo := float64(c.TN+c.FN) / n * float64(c.TN+c.FP) / n
	pe := pYes + pNo
	if pe >= 1 {
		if po == 1 {
			return 1
		}
		return 0
	}
	return (po - pe) / (1 - pe)
}

// Figures are the reported numbers of a confusion table.
type Figures struct {
	N         int     `json:"n"`
	TP        int     `json:"tp"`
	TN        int     `json:"tn"`
	FP        int     `json:"fp"`
	FN        int     `json:"fn"`
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
	Accuracy  float64 `json:"accuracy"`
	Kappa     float64 `json:"kappa"`
}

// Figures computes the reported numbers.
func (c Confusion) Figures() Figures {
	return Figures{N: c.N(), TP: c.TP, TN: c.TN, FP: c.FP, FN: c.FN, Precision: c.Precision(), Recall: c.Recall(), F1: c.F1(), Accuracy: c.Accuracy(), Kappa: c.Kappa()}
}

// Bootstrap returns 95% percentile intervals of precision, recall, F1,
// accuracy and kappa, resampling the pairs.
func Bootstrap(preds, labels []bool, rounds int, seed uint64) map[string][2]float64 {
	rng := rand.New(rand.NewPCG(seed, 0xb007))
	series := map[string][]float64{}
	for r := 0; r < rounds; r++ {
		var c Confusion
		for range preds {
			i := rng.IntN(len(preds))
			c.Add(preds[i], labels[i])
		}
		series["precision"] = append(series["precision"], c.Precision())
		series["recall"] = append(series["recall"], c.Recall())
		series["f1"] = append(series["f1"], c.F1())
		series["accuracy"] = append(series["accuracy"], c.Accuracy())
		series["kappa"] = append(series["kappa"], c.Kappa())
	}
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
		if first || k > bestK || (k == bestK && a > bestA) {
			threshold, best, bestK, bestA, first = th, c, k, a, false
		}
	}
	return threshold, best
}
