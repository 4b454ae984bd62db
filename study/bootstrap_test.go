package study

import (
	"math"
	"testing"
)

// TestBootstrapAgainstNormal compares the study bootstrap's accuracy and
// recall intervals with an independent calculation: the normal
// approximation of the binomial, p ± 1.96·sqrt(p(1-p)/m), where m is the
// number of pairs (accuracy) or of positive labels (recall, approximately:
// the positives' count varies between resamples). 400 pairs: 200 positive
// of which 150 predicted positive (recall 0.75), 200 negative of which 130
// predicted negative (accuracy 280/400 = 0.7).
func TestBootstrapAgainstNormal(t *testing.T) {
	var preds, labels []bool
	for i := 0; i < 400; i++ {
		label := i < 200
		pred := label && i < 150 || !label && i >= 330
		preds, labels = append(preds, pred), append(labels, label)
	}
	var c Confusion
	for i := range preds {
		c.Add(preds[i], labels[i])
	}
	if c.Accuracy() != 0.7 || c.Recall() != 0.75 {
		t.Fatalf("fixture: accuracy %v recall %v", c.Accuracy(), c.Recall())
	}
	for _, seed := range []uint64{1, 2} {
		ci := Bootstrap(preds, labels, 2000, seed)
		for _, tt := range []struct {
			key string
			p   float64
			m   float64
			tol float64
		}{
			{"accuracy", 0.7, 400, 0.15},
			{"recall", 0.75, 200, 0.20},
		} {
			want := 2 * 1.96 * math.Sqrt(tt.p*(1-tt.p)/tt.m)
			iv := ci[tt.key]
			if w := iv[1] - iv[0]; math.Abs(w-want)/want > tt.tol {
				t.Errorf("seed %d: %s interval %v is %.4f wide, want %.4f ± %.0f%%", seed, tt.key, iv, w, want, 100*tt.tol)
			}
			if mid := (iv[0] + iv[1]) / 2; math.Abs(mid-tt.p) > 0.015 {
				t.Errorf("seed %d: %s interval %v centred at %.4f, want %.2f", seed, tt.key, iv, mid, tt.p)
			}
		}
	}
	if a, b := Bootstrap(preds, labels, 500, 1), Bootstrap(preds, labels, 500, 2); a["accuracy"] == b["accuracy"] {
		t.Errorf("seeds 1 and 2 gave the same accuracy interval %v", a["accuracy"])
	}
	if a, b := Bootstrap(preds, labels, 500, 3), Bootstrap(preds, labels, 500, 3); a["kappa"] != b["kappa"] {
		t.Errorf("seed 3 twice: kappa %v then %v", a["kappa"], b["kappa"])
	}
}
