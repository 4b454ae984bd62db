package study

import (
	"math"
	"testing"
)

func TestMetricsByHand(t *testing.T) {
	// The GTED paper's Table 2 GTED row: TP 71, TN 74, FP 9, FN 51.
	c := Confusion{TP: 71, TN: 74, FP: 9, FN: 51}
	near := func(name string, got, want float64) {
		if math.Abs(got-want) > 5e-4 {
			t.Errorf("%s = %.4f, want %.4f", name, got, want)
		}
	}
	near("precision", c.Precision(), 0.8875)
	near("recall", c.Recall(), 0.5820)
	near("accuracy", c.Accuracy(), 0.7073)
	near("kappa", c.Kappa(), 0.438)
	// F1 = 142 / (142 + 9 + 51) = 0.7030
	near("f1", c.F1(), 142.0/202)
	// BLEU row: TP 79 TN 61 FP 22 FN 43: kappa 0.368
	near("bleu kappa", Confusion{TP: 79, TN: 61, FP: 22, FN: 43}.Kappa(), 0.368)
	// Typecheck: all positive, kappa 0.
	near("typecheck kappa", Confusion{TP: 122, FP: 83}.Kappa(), 0)
	// A 2x2 by hand: po = 0.7, pe = 0.5*0.6+0.5*0.4 = 0.5, kappa = 0.4.
	near("hand kappa", Confusion{TP: 40, FN: 20, FP: 10, TN: 30}.Kappa(), 0.4)
}

func TestSweepAndBootstrap(t *testing.T) {
	scores := []float64{0.9, 0.8, 0.7, 0.6, 0.5, 0.4}
	labels := []bool{true, true, true, false, false, false}
	th, c := Sweep(scores, labels)
	if th != 0.7 || c.Kappa() != 1 {
		t.Errorf("threshold %v, %+v", th, c)
	}
	preds := []bool{true, true, false, false, true, false, true, false}
	labs := []bool{true, false, false, false, true, true, true, false}
	a := Bootstrap(preds, labs, 500, 3)
	b := Bootstrap(preds, labs, 500, 3)
	for k := range a {
		if a[k] != b[k] || a[k][0] > a[k][1] {
			t.Errorf("%s: %v vs %v", k, a[k], b[k])
		}
	}
}
