package study

import (
	"context"
	"fmt"
	"github.com/rxeval/rxeval/internal/fixtures"
	"os"
	"testing"
)

func TestMiniF2FFingerprint(t *testing.T) {
	data, err := os.ReadFile(fixtures.Path(t, fixtures.GTEDFile))
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

// TestCalibrateMiniF2F checks the figures docs/study-minif2f.md states in
// its prose, to the digits it gives (its tables are checked whole by
// TestStudyDocMiniF2F in cmd/rxeval).
func TestCalibrateMiniF2F(t *testing.T) {
	data, err := os.ReadFile(fixtures.Path(t, fixtures.GTEDFile))
	if err != nil {
		t.Fatal(err)
	}
	pairs, _, err := ReadLabels(data)
	if err != nil {
		t.Fatal(err)
	}
	res := map[string]*Result{}
	for _, spec := range []string{"exact", "offline", "gted", "bleu"} {
		r, err := Calibrate(context.Background(), pairs, spec, Options{Sweep: true})
		if err != nil {
			t.Fatal(err)
		}
		res[spec] = r
	}
	f := func(format string, x *float64) string {
		if x == nil {
			return "-"
		}
		return fmt.Sprintf(format, *x)
	}
	for _, c := range []struct{ what, got, want string }{
		// "it accepts nothing"
		{"exact TP+FP", fmt.Sprint(res["exact"].AllPairs.TP + res["exact"].AllPairs.FP), "0"},
		// "It decides 47 of 205 pairs (coverage 22.93%), all as equivalent, and agrees with the human on all 47"
		{"offline decided", fmt.Sprint(res["offline"].DecidedBy), "map[lean-ast:47 undecided:158]"},
		{"offline coverage", f("%.2f%%", pct100(res["offline"].Coverage)), "22.93%"},
		{"offline TP FP", fmt.Sprint(res["offline"].AllPairs.TP, res["offline"].AllPairs.FP), "47 0"},
		{"offline undecided", fmt.Sprint(res["offline"].UndecidedEquivalent, res["offline"].UndecidedNotEquivalent), "75 83"},
		{"offline decided kappa", f("%.3f", res["offline"].DecidedPairs.Kappa), "-"},
		{"offline recall", f("%.0f%%", pct100(res["offline"].AllPairs.Recall)), "39%"},
		// "then our Go GTED for the other 158 pairs"
		{"gted decided", fmt.Sprint(res["gted"].DecidedBy), "map[gted:158 lean-ast:47]"},
		{"gted kappa", f("%.4f", res["gted"].AllPairs.Kappa), "0.4795"},
		{"gted accuracy", f("%.2f%%", pct100(res["gted"].AllPairs.Accuracy)), "73.66%"},
		{"gted precision", f("%.2f%%", pct100(res["gted"].AllPairs.Precision)), "85.42%"},
		{"gted recall", f("%.2f%%", pct100(res["gted"].AllPairs.Recall)), "67.21%"},
		{"gted threshold", f("%.4f", res["gted"].Threshold), "0.7222"},
		{"bleu kappa", f("%.3f", res["bleu"].AllPairs.Kappa), "0.408"},
		{"bleu threshold", f("%.4f", res["bleu"].Threshold), "0.4451"},
	} {
		if c.got != c.want {
			t.Errorf("%s = %s, docs/study-minif2f.md says %s", c.what, c.got, c.want)
		}
	}
}

func pct100(x *float64) *float64 {
	if x == nil {
		return nil
	}
	y := 100 * *x
	return &y
}

// BenchmarkCalibrateGTED: calibrating the 205 pairs with gted and a sweep
// (the budget: under one second).
func BenchmarkCalibrateGTED(b *testing.B) {
	data, err := os.ReadFile(fixtures.Path(b, fixtures.GTEDFile))
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
