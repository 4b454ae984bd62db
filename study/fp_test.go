package study

import (
	"context"
	"fmt"
	"os"
	"testing"
)

func TestMiniF2FFingerprint(t *testing.T) {
	data, err := os.ReadFile("../testdata/gted/minif2f_human_evaluation.json")
	if err != nil {
		t.Fatal(err)
	}
	pairs, format, err := ReadLabels(data)
	if err != nil || format != "gted-human-evaluation" || len(pairs) != 205 {
		t.Fatalf("%v %s %d", err, format, len(pairs))
	}
	t.Logf("fingerprint %s", Fingerprint(pairs))
	if src, rows := Published(pairs); src == "" || len(rows) != 7 {
		t.Errorf("published rows not found for the miniF2F set (fingerprint %s)", Fingerprint(pairs))
	}
	pos := 0
	for _, p := range pairs {
		if p.Label {
			pos++
		}
	}
	if pos != 122 { // Table 2: Typecheck's TP + FN
		t.Errorf("%d positive labels, want 122", pos)
	}
}

func TestCalibrateMiniF2F(t *testing.T) {
	data, err := os.ReadFile("../testdata/gted/minif2f_human_evaluation.json")
	if err != nil {
		t.Fatal(err)
	}
	pairs, _, _ := ReadLabels(data)
	for _, spec := range []string{"exact", "offline", "gted", "bleu"} {
		r, err := Calibrate(context.Background(), pairs, spec, Options{Sweep: true})
		if err != nil {
			t.Fatal(err)
		}
		th := ""
		if r.Threshold != nil {
			th = fmt.Sprintf(" threshold %.4f", *r.Threshold)
		}
		t.Logf("%-8s TP %3d TN %3d FP %3d FN %3d  P %.4f R %.4f F1 %.4f Acc %.4f kappa %.4f%s %v", spec, r.TP, r.TN, r.FP, r.FN, r.Precision, r.Recall, r.F1, r.Accuracy, r.Kappa, th, r.DecidedBy)
	}
}

// BenchmarkCalibrateGTED: calibrating the 205 pairs with gted and a sweep
// (the budget: under one second).
func BenchmarkCalibrateGTED(b *testing.B) {
	data, err := os.ReadFile("../testdata/gted/minif2f_human_evaluation.json")
	if err != nil {
		b.Fatal(err)
	}
	pairs, _, _ := ReadLabels(data)
	for b.Loop() {
		if _, err := Calibrate(context.Background(), pairs, "gted", Options{Sweep: true}); err != nil {
			b.Fatal(err)
		}
	}
}
