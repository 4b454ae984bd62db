package study

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/rxeval/rxeval/eval"
)

func show(x *float64) string {
	if x == nil {
		return "-"
	}
	return fmt.Sprintf("%.4f", *x)
}

// TestTableUndecidedApart: undecided pairs are counted by label beside the
// decided table; the decided figures leave them out, the all-pairs figures
// score them as not equivalent; a ratio with a zero denominator is nil.
func TestTableUndecidedApart(t *testing.T) {
	const (
		Y = eval.Equivalent
		N = eval.NotEquivalent
		U = eval.Undecided
	)
	for _, tt := range []struct {
		name     string
		verdicts []eval.Verdict
		labels   []bool
		// want: decided TP TN FP FN, U=eq U=not, coverage, decided
		// precision recall kappa, all-pairs TP TN FP FN precision recall kappa
		want string
	}{
		{"all decided", []eval.Verdict{Y, Y, N, N}, []bool{true, false, false, true},
			"1 1 1 1 | 0 0 | 1.0000 | 0.5000 0.5000 0.0000 | 1 1 1 1 0.5000 0.5000 0.0000"},
		// offline on miniF2F in small: the judge accepts what it decides,
		// the rest is undecided.
		{"decides only equivalents", []eval.Verdict{Y, Y, U, U, U}, []bool{true, true, true, false, false},
			"2 0 0 0 | 1 2 | 0.4000 | 1.0000 1.0000 - | 2 2 0 1 1.0000 0.6667 0.6154"}, // po .8, pe .24+.24
		{"nothing accepted", []eval.Verdict{N, N, U}, []bool{true, false, true},
			"0 1 0 1 | 1 0 | 0.6667 | - 0.0000 0.0000 | 0 1 0 2 - 0.0000 0.0000"},
		{"all undecided", []eval.Verdict{U, U}, []bool{true, false},
			"0 0 0 0 | 1 1 | 0.0000 | - - - | 0 1 0 1 - 0.0000 0.0000"},
		{"one pair", []eval.Verdict{Y}, []bool{true},
			"1 0 0 0 | 0 0 | 1.0000 | 1.0000 1.0000 - | 1 0 0 0 1.0000 1.0000 -"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var tab Table
			for i := range tt.verdicts {
				tab.Add(tt.verdicts[i], tt.labels[i])
			}
			c := tab.Calibration()
			d, a := c.DecidedPairs, c.AllPairs
			got := fmt.Sprintf("%d %d %d %d | %d %d | %s | %s %s %s | %d %d %d %d %s %s %s",
				d.TP, d.TN, d.FP, d.FN, c.UndecidedEquivalent, c.UndecidedNotEquivalent, show(c.Coverage),
				show(d.Precision), show(d.Recall), show(d.Kappa),
				a.TP, a.TN, a.FP, a.FN, show(a.Precision), show(a.Recall), show(a.Kappa))
			if got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			if c.N != len(tt.verdicts) || c.Decided != d.N || a.N != c.N {
				t.Errorf("n %d decided %d (decided table %d, all %d)", c.N, c.Decided, d.N, a.N)
			}
			if (d.Kappa == nil) != (d.KappaUndefined != "") {
				t.Errorf("kappa %s with reason %q", show(d.Kappa), d.KappaUndefined)
			}
		})
	}
}

func TestKappaUndefined(t *testing.T) {
	for _, tt := range []struct {
		c    Confusion
		want string // kappa or the start of the reason
	}{
		{Confusion{}, "no pairs"},
		{Confusion{TP: 1}, "one pair"},
		{Confusion{TN: 1}, "one pair"},
		{Confusion{TP: 5}, "chance agreement is 1"},
		{Confusion{TN: 5}, "chance agreement is 1"},
		{Confusion{FP: 5}, "0.0000"},        // always wrong: pe = 0, kappa (0-0)/1
		{Confusion{TP: 3, FP: 2}, "0.0000"}, // the judge never varies, the labels do
		{Confusion{TP: 1, TN: 1}, "1.0000"}, // two pairs, both right
		{Confusion{TP: 40, FN: 20, FP: 10, TN: 30}, "0.4000"},
	} {
		f := tt.c.Figures()
		got := show(f.Kappa)
		if f.Kappa == nil {
			got = f.KappaUndefined
		}
		if !strings.HasPrefix(got, tt.want) {
			t.Errorf("%+v: kappa %q, want %q", tt.c, got, tt.want)
		}
	}
}

func TestBootstrapUndecided(t *testing.T) {
	var verdicts []eval.Verdict
	var labels []bool
	for i := 0; i < 200; i++ { // 100 decided (all right), 100 undecided
		v := eval.Undecided
		if i%2 == 0 {
			v = eval.Equivalent
		}
		verdicts, labels = append(verdicts, v), append(labels, true)
	}
	var tab Table
	for i := range verdicts {
		tab.Add(verdicts[i], labels[i])
	}
	c := tab.Calibration()
	bootstrapTable(&c, verdicts, labels, 500, 1)
	if c.CoverageCI == nil || c.CoverageCI[0] > 0.5 || c.CoverageCI[1] < 0.5 || c.CoverageCI[0] < 0.4 {
		t.Errorf("coverage interval %v, want around 0.5", c.CoverageCI)
	}
	if iv := c.DecidedPairs.CI["precision"]; iv != [2]float64{1, 1} {
		t.Errorf("decided precision interval %v, want 1-1", iv)
	}
	if _, ok := c.DecidedPairs.CI["kappa"]; ok {
		t.Errorf("decided kappa is undefined in every resample (one label) but has an interval")
	}
	if iv := c.AllPairs.CI["recall"]; iv[0] < 0.4 || iv[1] > 0.6 {
		t.Errorf("all-pairs recall interval %v, want around 0.5", iv)
	}
}

// mixed is a set of correction and localization pairs, as 'rxeval synth
// pairs' writes.
var mixed = []LabeledPair{
	{Name: "c1", Task: TaskCorrection, Kind: "respaced", Reference: "theorem a (x : ℝ) : x = 1", Candidate: "theorem a (x : ℝ) :  x = 1", Label: true},
	{Name: "c2", Task: TaskCorrection, Kind: "near-miss", Reference: "theorem a (x : ℝ) : x = 1", Candidate: "theorem a (x : ℝ) : x = 2", Label: false},
	{Name: "l1", Task: TaskLocalization, Kind: "respaced", Statement: "theorem a (x : ℝ) : x = 2", Reference: "x = 2", Candidate: "x  = 2", Label: true},
	{Name: "l2", Task: TaskLocalization, Kind: "disjoint", Statement: "theorem a (x : ℝ) : x = 2", Reference: "x = 2", Candidate: "(x : ℝ)", Label: false},
	{Name: "l3", Task: TaskLocalization, Kind: "whole-statement", Statement: "theorem a (x : ℝ) : x = 2", Reference: "x = 2", Candidate: "theorem a (x : ℝ) : x = 2", Label: false},
}

func TestCalibrateTask(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		judge, task string
		want        string // n skipped, or the error
	}{
		{"gted:0.9", "", "n 2 skipped 3 (localization pairs: judge gted compares statements (use exact, offline or a model judge for them))"},
		{"bleu:0.5", "", "n 2 skipped 3 (localization pairs: judge bleu compares statements (use exact, offline or a model judge for them))"},
		{"gted:0.9", TaskCorrection, "n 2 skipped 3 (not correction pairs (--task correction))"},
		{"gted:0.9", TaskLocalization, "judge gted compares statements and cannot decide localization pairs: use exact, offline or a model judge"},
		{"exact", "", "n 5 skipped 0 ()"},
		{"exact", TaskLocalization, "n 3 skipped 2 (not localization pairs (--task localization))"},
		{"exact", "proof", `task "proof": want correction or localization`},
	} {
		r, err := Calibrate(ctx, mixed, tt.judge, Options{Task: tt.task})
		got := ""
		if err != nil {
			got = err.Error()
			if !errors.As(err, new(UsageError)) {
				got = "not a usage error: " + got
			}
		} else {
			got = fmt.Sprintf("n %d skipped %d (%s)", r.N, r.Skipped, r.SkippedWhy)
		}
		if got != tt.want {
			t.Errorf("%s --task %q: %s\nwant %s", tt.judge, tt.task, got, tt.want)
		}
	}
	// a set with nothing the judge can decide is an input problem, not usage
	_, err := Calibrate(ctx, mixed[2:], "bleu:0.5", Options{})
	if err == nil || errors.As(err, new(UsageError)) || !strings.Contains(err.Error(), "nothing to judge: no pair judge bleu can decide among the 3") {
		t.Errorf("localization pairs only, bleu: %v", err)
	}
	_, err = Calibrate(ctx, mixed[2:], "exact", Options{Task: TaskCorrection})
	if err == nil || errors.As(err, new(UsageError)) || err.Error() != "nothing to judge: no correction pairs among the 3" {
		t.Errorf("--task correction on localization pairs: %v", err)
	}
}

// TestCalibrateOfflineUndecided: the lean-ast judge leaves a pair it cannot
// parse undecided; it is counted apart, not as a TN.
func TestCalibrateOfflineUndecided(t *testing.T) {
	pairs := []LabeledPair{
		{Reference: "theorem a (x : ℝ) : x ^ 2 = 5", Candidate: "theorem b (y : ℝ) : y ^ 2 = 5", Label: true},
		{Reference: "theorem a (x : ℝ) : x ^ 2 = 5", Candidate: "theorem b (y : ℝ) : y ^ 3 = 5", Label: false},
		{Reference: "theorem a (x : ℝ) : x = 1", Candidate: "theorem a (x : ℝ) : 1 = x + 0", Label: true},
		{Reference: "theorem a (p q : Prop) : p ∧ q", Candidate: "theorem a (p q : Prop) : p ∨ q", Label: false},
	}
	r, err := Calibrate(context.Background(), pairs, "offline", Options{})
	if err != nil {
		t.Fatal(err)
	}
	d, a := r.DecidedPairs, r.AllPairs
	got := fmt.Sprintf("decided %d coverage %s U=eq %d U=not %d | %d %d %d %d | %d %d %d %d", r.Decided, show(r.Coverage),
		r.UndecidedEquivalent, r.UndecidedNotEquivalent, d.TP, d.TN, d.FP, d.FN, a.TP, a.TN, a.FP, a.FN)
	// y ^ 3 = 5 differs from x ^ 2 = 5 only at points lean-ast does not
	// try (∛5, √5): undecided, with no witness
	if want := "decided 2 coverage 0.5000 U=eq 1 U=not 1 | 1 1 0 0 | 1 2 0 1"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestAgreeOneSample(t *testing.T) {
	a, _, err := ReadOutcomes([]byte(`{"idx":"1","verdict_ok":true,"category_ok":false,"localization":{"ok":true},"correction":{"ok":true},"joint_ok":false}`))
	if err != nil {
		t.Fatal(err)
	}
	r := Agree(a, a)
	for _, p := range r.SubTasks {
		if p.Kappa != nil || p.KappaUndefined != "one sample: chance agreement is 1" || p.Agreement != 1 {
			t.Errorf("%s: kappa %s (%q), agreement %v", p.SubTask, show(p.Kappa), p.KappaUndefined, p.Agreement)
		}
	}
	if r := Agree(a, map[string]Outcome{"2": {}}); r.N != 0 || len(r.SubTasks) != 0 {
		t.Errorf("no shared sample: %+v", r)
	}
}
