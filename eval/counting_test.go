package eval

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestClassWithTPFPFN: one class with a TP, an FP and an FN at once, the
// counts and F1 by hand. Gold: g1 A, g2 A, g3 aligned, g4 B. Predictions:
// g1 A (TP A), g2 B (FN A; under the multi-class convention also FP B),
// g3 aligned with category A (FP A), g4 aligned with category A (FN B;
// the verdict is aligned, so no multi-class FP for A).
// Track table: A: TP 1, FP 1, FN 1 -> F1 2/4 = 0.5; B: FN 1 -> 0. Macro 0.25.
// Multi-class: A as above; B: FP 1 (g2), FN 1 -> 0. Macro 0.25 as well, so
// the multi-class FP for B shows in B's counts, checked directly.
func TestClassWithTPFPFN(t *testing.T) {
	g := []Gold{gold("g1", mp, "s", "c"), gold("g2", mp, "s", "c"), gold("g3", "", "", ""), gold("g4", ep, "s", "c")}
	p := predMap(pred("g1", true, mp, "s", "c"), pred("g2", true, ep, "s", "c"), pred("g3", false, mp, "", ""), pred("g4", false, mp, "", ""))
	r := score(t, g, p, Options{})
	a := r.PerCategory[mp]
	if a.TP != 1 || a.FP != 1 || a.FN != 1 || a.Support != 2 || !near(a.F1, 0.5) {
		t.Errorf("%s: %+v, want TP 1 FP 1 FN 1 support 2 F1 0.5", mp, a)
	}
	b := r.PerCategory[ep]
	if b.TP != 0 || b.FP != 0 || b.FN != 1 || b.F1 != 0 {
		t.Errorf("%s: %+v, want FN 1 only (a wrong type is an FN for the true class only)", ep, b)
	}
	check(t, "category macro F1", r.CategoryMacroF1, 0.25)
	// Multi-class: B gets the FP of g2 (predicted misaligned with B), not
	// one for g4's A (predicted aligned): A stays TP 1 FP 1 FN 1.
	check(t, "multi-class macro F1", r.CategoryMacroF1Multiclass, 0.25)
	// Verdict: gold M M A M; predicted M M A A: misaligned TP 2 FN 1 (F1
	// 0.8), aligned TP 1 FP 1 (F1 2/3); macro 0.7333.
	check(t, "verdict macro F1", r.VerdictMacroF1, (0.8+2.0/3)/2)
}

// TestMulticlassFPNeedsMisalignedVerdict: a category on a row predicted
// aligned (gold misaligned) is no multi-class FP for that category.
func TestMulticlassFPNeedsMisalignedVerdict(t *testing.T) {
	g := []Gold{gold("g1", mp, "s", "c"), gold("g2", ep, "s", "c")}
	// g1: predicted aligned but carries category B: FN A only.
	// g2: B right.
	p := predMap(pred("g1", false, ep, "", ""), pred("g2", true, ep, "s", "c"))
	r := score(t, g, p, Options{})
	// Track and multi-class alike: A: FN 1 -> 0; B: TP 1 -> 1. Macro 0.5.
	// With an FP for B from g1, B would be 2/3 and the macro 1/3.
	check(t, "category macro F1", r.CategoryMacroF1, 0.5)
	check(t, "multi-class macro F1", r.CategoryMacroF1Multiclass, 0.5)
}

// TestPartialAllFigures: the --partial case on every figure. Gold a (aligned),
// b, c (misaligned); only a predicted, correctly. b and c score all-wrong:
// their verdict is neither class, an FN for misaligned and nothing for
// aligned. Verdict: misaligned TP 0 FN 2 (F1 0); aligned TP 1 (F1 1); macro
// 0.5 (scored as the gold verdict it would be 1; as the opposite, 0.25). Category: both classes FN 1 -> macro 0. Localization and
// correction: a right (null), b and c wrong: 1/3. Joint 1/3.
func TestPartialAllFigures(t *testing.T) {
	r := score(t, threeGold, predMap(pred("a", false, "", "", "")), Options{Partial: true})
	check(t, "verdict macro F1", r.VerdictMacroF1, 0.5)
	check(t, "category macro F1", r.CategoryMacroF1, 0)
	check(t, "localization", r.LocalizationAccuracy, 1.0/3)
	check(t, "correction", r.CorrectionAccuracy, 1.0/3)
	check(t, "joint", r.JointAccuracy, 1.0/3)
}

// TestNullRuleWithGoldNull: a gold field that is null on a misaligned
// sample is matched only by null: "" is a filled answer, never an exact
// match of an absent one.
func TestNullRuleWithGoldNull(t *testing.T) {
	g := []Gold{{Idx: "g", Misaligned: true, Category: mp, Segment: Text{Null: true}, Corrected: Text{Null: true}}}
	for _, tt := range []struct {
		name string
		p    Pred
		want bool
	}{
		{"null", Pred{Idx: "g", Misaligned: true, Category: Text{S: mp}, CategoryName: mp, Segment: Text{Null: true}, Corrected: Text{Null: true}}, true},
		{"empty string", Pred{Idx: "g", Misaligned: true, Category: Text{S: mp}, CategoryName: mp, Segment: Text{S: ""}, Corrected: Text{S: ""}}, false},
		{"text", Pred{Idx: "g", Misaligned: true, Category: Text{S: mp}, CategoryName: mp, Segment: Text{S: "x"}, Corrected: Text{S: "y"}}, false},
	} {
		r := score(t, g, predMap(tt.p), Options{})
		o := r.Outcomes[0]
		if o.Localization.OK != tt.want || o.Correction.OK != tt.want || o.Localization.By != "null-rule" {
			t.Errorf("%s: localization %+v correction %+v, want ok=%v by the null rule", tt.name, o.Localization, o.Correction, tt.want)
		}
		if r.StageTwo.Pairs != 0 {
			t.Errorf("%s: %d stage-two pairs, want 0", tt.name, r.StageTwo.Pairs)
		}
	}
}

// TestBootstrapSeed: the seed changes the resamples, so the interval.
func TestBootstrapSeed(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	g, p := randomCase(rng, 200)
	a, _ := Score(context.Background(), g, p, ExactJudge{}, Options{Bootstrap: 200, Seed: 1})
	b, _ := Score(context.Background(), g, p, ExactJudge{}, Options{Bootstrap: 200, Seed: 2})
	same := 0
	for k := range a.CI {
		if a.CI[k] == b.CI[k] {
			same++
		}
	}
	if same == len(a.CI) {
		t.Errorf("seeds 1 and 2 gave the same intervals: %v", a.CI)
	}
}

// TestNoncanonicalVerdictIsNeitherClass: a verdict not written as the rules
// write it is an FN for the gold class and no FP for the other (the server
// compares strings). Gold a (aligned), b, c (misaligned); a predicted
// "Aligned", b "misaligned " (both neither), c right.
// Misaligned: TP 1, FN 1 (b) -> 2/3. Aligned: TP 0, FN 1 (a), FP 0 -> 0.
// Macro 1/3. (Read as the opposite class it would be 0.4 and 0: 0.2.)
func TestNoncanonicalVerdictIsNeitherClass(t *testing.T) {
	a := pred("a", false, "", "", "")
	a.VerdictNoncanonical, a.VerdictAsWritten = true, "Aligned"
	b := pred("b", true, mp, "(x : ℕ)", "theorem t (x : ℕ) (h : 0 < x) : x ≥ 1")
	b.VerdictNoncanonical, b.VerdictAsWritten = true, "misaligned "
	c := pred("c", true, ep, "x ^ 2", "theorem u (x : ℝ) : x ^ 3 = 1")
	r := score(t, threeGold, predMap(a, b, c), Options{Bootstrap: 50, Seed: 1})
	check(t, "verdict macro F1", r.VerdictMacroF1, 1.0/3)
	for _, o := range r.Outcomes {
		switch o.Idx {
		case "a", "b":
			if !o.PredNeither || o.PredMisaligned || o.VerdictOK || o.Joint {
				t.Errorf("%s: neither %v, pred misaligned %v, verdict ok %v, joint %v; want neither, wrong", o.Idx, o.PredNeither, o.PredMisaligned, o.VerdictOK, o.Joint)
			}
		}
	}
	if got := r.Outcomes[1].PredVerdictAsWritten; got != "misaligned " {
		t.Errorf("verdict as written %q", got)
	}
	// b's category cannot be right without a misaligned verdict.
	check(t, "category macro F1", r.CategoryMacroF1, 0.5)
	// The bootstrap's compact path agrees with compute on the full sample.
	tbl, ok := figureTable(r.Outcomes)
	if !ok {
		t.Fatal("figure table refused")
	}
	all := []int{0, 1, 2}
	check(t, "lite verdict macro F1", liteFigures(tbl, all).VerdictMacroF1, 1.0/3)
}
