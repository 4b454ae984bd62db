package study

import "testing"

// TestBootstrapSpreads: resampling must draw different pairs; an interval
// that collapses to a point means every round drew the same index.
func TestBootstrapSpreads(t *testing.T) {
	preds := []bool{true, true, false, false, true, false, true, false, true, true}
	labels := []bool{true, false, false, true, true, false, false, false, true, true}
	ci := Bootstrap(preds, labels, 400, 1)
	for _, k := range []string{"accuracy", "precision", "recall", "f1", "kappa"} {
		if iv := ci[k]; iv[1]-iv[0] < 0.1 {
			t.Errorf("%s interval %v: no spread", k, iv)
		}
	}
	// Accuracy is 7/10 on the full set; the interval must contain it.
	if iv := ci["accuracy"]; iv[0] > 0.7 || iv[1] < 0.7 {
		t.Errorf("accuracy interval %v does not contain 0.7", iv)
	}
}

// TestSweepTieBreak: when two thresholds give the same kappa and accuracy,
// the lower one wins; when kappa ties, the higher accuracy wins.
func TestSweepTieBreak(t *testing.T) {
	// Scores 0.2 and 0.4 give identical predictions for every label split
	// that matters: thresholds 0.2 and 0.4 separate nothing differently.
	scores := []float64{0.1, 0.4, 0.4, 0.9, 0.9}
	labels := []bool{false, false, true, true, true}
	th, c := Sweep(scores, labels)
	// th 0.1: all positive: kappa 0. th 0.4: TP 3 FP 1 TN 1: kappa 0.545.
	// th 0.9: TP 2 FN 1 TN 2: kappa 0.615 (best).
	if th != 0.9 || c.TP != 2 || c.TN != 2 || c.FN != 1 {
		t.Errorf("threshold %v, confusion %+v", th, c)
	}
	// A full tie: thresholds 0.2 and 0.4 both give kappa 0.5 and accuracy
	// 0.75; the lower wins.
	th, _ = Sweep([]float64{0.1, 0.2, 0.3, 0.4}, []bool{false, true, false, true})
	if th != 0.2 {
		t.Errorf("full tie: threshold %v, want the lower, 0.2", th)
	}
	// Kappa ties (0 at 0.1 and at 0.4), accuracy differs (1/3 and 1/2):
	// the higher accuracy wins.
	th, _ = Sweep([]float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6}, []bool{true, false, false, true, false, false})
	if th != 0.4 {
		t.Errorf("kappa tie: threshold %v, want 0.4 (higher accuracy)", th)
	}
}
