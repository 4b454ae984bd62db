package eval

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/quick"

	"github.com/rxeval/rxeval/schema"
)

const (
	mp = "Missing Premise"
	ep = "Exponent/Power Error"
)

func txt(s string) Text {
	if s == "" || s == "N/A" {
		return Text{Null: true}
	}
	return Text{S: s}
}

func gold(idx, category, seg, corr string) Gold {
	return Gold{Idx: idx, Misaligned: category != "", Category: category, Segment: txt(seg), Corrected: txt(corr)}
}

// pred builds a prediction the way the CLI does from a validated row.
func pred(idx string, misaligned bool, category, seg, corr string) Pred {
	p := Pred{Idx: idx, Misaligned: misaligned, Category: txt(category), Segment: txt(seg), Corrected: txt(corr)}
	if !p.Category.Null {
		if c, m := schema.Lookup(category); m != schema.NoMatch {
			p.CategoryName = c.Name
		}
	}
	return p
}

func predMap(ps ...Pred) map[string]Pred {
	m := map[string]Pred{}
	for _, p := range ps {
		m[p.Idx] = p
	}
	return m
}

// The gold set most tests share: one aligned, two misaligned samples.
var threeGold = []Gold{
	gold("a", "", "", ""),
	gold("b", mp, "(x : ℕ)", "theorem t (x : ℕ) (h : 0 < x) : x ≥ 1"),
	gold("c", ep, "x ^ 2", "theorem u (x : ℝ) : x ^ 3 = 1"),
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

func check(t *testing.T, name string, got, want float64) {
	t.Helper()
	if !near(got, want) {
		t.Errorf("%s = %v, want %v", name, got, want)
	}
}

func score(t *testing.T, g []Gold, p map[string]Pred, opts Options) *Report {
	t.Helper()
	r, err := Score(context.Background(), g, p, ExactJudge{}, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestAllCorrect(t *testing.T) {
	r := score(t, threeGold, predMap(
		pred("a", false, "", "", ""),
		pred("b", true, mp, "(x : ℕ)", "theorem t (x : ℕ) (h : 0 < x) : x ≥ 1"),
		pred("c", true, ep, "x ^ 2", "theorem u (x : ℝ) : x ^ 3 = 1"),
	), Options{})
	for name, v := range map[string]float64{"joint": r.JointAccuracy, "verdict": r.VerdictMacroF1, "category": r.CategoryMacroF1, "loc": r.LocalizationAccuracy, "corr": r.CorrectionAccuracy} {
		check(t, name, v, 1)
	}
	if r.N != 3 || r.NAligned != 1 || r.NMisaligned != 2 || r.StageTwo.Pairs != 0 || r.StageTwo.StageOne["correction"] != 2 {
		t.Errorf("counts: %+v %+v", r.Metrics, r.StageTwo)
	}
}

// Everything predicted aligned.
//
//	verdict (misaligned positive): TP 0, FN 2 -> F1 0; aligned class: TP 1, FP 2 -> 2/4 = 0.5; macro 0.25
//	category: MP FN 1, EP FN 1 -> both F1 0 -> macro 0
//	localization, correction: only the aligned sample is right -> 1/3
//	joint: the aligned share, 1/3
func TestEverythingAligned(t *testing.T) {
	r := score(t, threeGold, predMap(pred("a", false, "", "", ""), pred("b", false, "", "", ""), pred("c", false, "", "", "")), Options{})
	check(t, "joint", r.JointAccuracy, 1.0/3)
	check(t, "verdict", r.VerdictMacroF1, 0.25)
	check(t, "category", r.CategoryMacroF1, 0)
	check(t, "loc", r.LocalizationAccuracy, 1.0/3)
	check(t, "corr", r.CorrectionAccuracy, 1.0/3)
	if c := r.PerCategory[mp]; c.FN != 1 || c.Support != 1 || c.TP != 0 || c.FP != 0 {
		t.Errorf("MP counts %+v", c)
	}
}

// An aligned row with a category (FP for it) and a wrong type (FN only).
//
//	MP: TP 1 (b), FP 1 (a) -> 2/3; EP: FN 1 (c) -> 0; track macro = 1/3
//	multi-class convention: c's wrong type is also an FP for MP -> MP 2/4, EP 0 -> 0.25
//	verdict all right -> 1; localization and correction all exact -> 1
//	joint: a (category filled) and c (wrong type) fail -> 1/3
func TestFalsePositiveAndWrongType(t *testing.T) {
	r := score(t, threeGold, predMap(
		pred("a", false, mp, "", ""),
		pred("b", true, mp, "(x : ℕ)", "theorem t (x : ℕ) (h : 0 < x) : x ≥ 1"),
		pred("c", true, mp, "x ^ 2", "theorem u (x : ℝ) : x ^ 3 = 1"),
	), Options{})
	check(t, "category", r.CategoryMacroF1, 1.0/3)
	check(t, "category multiclass", r.CategoryMacroF1Multiclass, 0.25)
	check(t, "verdict", r.VerdictMacroF1, 1)
	check(t, "loc", r.LocalizationAccuracy, 1)
	check(t, "corr", r.CorrectionAccuracy, 1)
	check(t, "joint", r.JointAccuracy, 1.0/3)
	if c := r.PerCategory[mp]; c.TP != 1 || c.FP != 1 || c.FN != 0 || c.Support != 1 || !near(c.F1, 2.0/3) {
		t.Errorf("MP %+v", c)
	}
	if c := r.PerCategory[ep]; c.TP != 0 || c.FP != 0 || c.FN != 1 || c.Support != 1 {
		t.Errorf("EP %+v", c)
	}
}

// N/A, null and "" : "N/A" and null are the same; "" is a value.
//
//	a: aligned with error_segment "" -> localization wrong, joint wrong
//	b: correction "N/A" on a misaligned sample -> correction wrong (null rule)
//	c: segment "" on a misaligned sample -> wrong by empty-answer, no judge asked
//	loc: only b right -> 1/3; corr: a, c right -> 2/3; joint 0
func TestNullSpellings(t *testing.T) {
	r := score(t, threeGold, predMap(
		Pred{Idx: "a", Segment: Text{S: ""}, Category: Text{Null: true}, Corrected: Text{Null: true}},
		pred("b", true, mp, "(x : ℕ)", "N/A"),
		Pred{Idx: "c", Misaligned: true, Category: Text{S: ep}, CategoryName: ep, Segment: Text{S: ""}, Corrected: txt("theorem u (x : ℝ) : x ^ 3 = 1")},
	), Options{})
	check(t, "loc", r.LocalizationAccuracy, 1.0/3)
	check(t, "corr", r.CorrectionAccuracy, 2.0/3)
	check(t, "joint", r.JointAccuracy, 0)
	if r.StageTwo.Pairs != 0 || r.StageTwo.Undecided != 0 {
		t.Errorf("stage two %+v", r.StageTwo)
	}
	if o := r.Outcomes[2].Localization; o.OK || o.By != EmptyAnswer {
		t.Errorf("c localization %+v", o)
	}
	if o := r.Outcomes[1].Correction; o.OK || o.By != "null-rule" {
		t.Errorf("b correction %+v", o)
	}
}

// Disputed spellings map to one category on both sides.
func TestDisputedSpellings(t *testing.T) {
	g := []Gold{gold("a", "Partial Order Errors", "x ≤ y", "t"), gold("b", "Geometric Relationship/Object Error", "s", "t")}
	r := score(t, g, predMap(pred("a", true, "(Partial) Order Error", "x ≤ y", "t"), pred("b", true, "Geometric Error", "s", "t")), Options{})
	check(t, "category", r.CategoryMacroF1, 1)
	check(t, "joint", r.JointAccuracy, 1)
}

// A class with no support enters the macro mean through its FP.
//
//	MP: TP 1 -> 1; Range Shift: FP 1, support 0 -> 0; macro 0.5
func TestClassWithoutSupport(t *testing.T) {
	g := []Gold{gold("a", "", "", ""), gold("b", mp, "s", "t")}
	r := score(t, g, predMap(pred("a", false, "Range Shift", "", ""), pred("b", true, mp, "s", "t")), Options{})
	check(t, "category", r.CategoryMacroF1, 0.5)
	if c := r.PerCategory["Range Shift"]; c.Support != 0 || c.FP != 1 {
		t.Errorf("Range Shift %+v", c)
	}
	if len(r.PerCategory) != 2 {
		t.Errorf("classes: %v", r.PerCategory)
	}
}

func TestMissingPredictions(t *testing.T) {
	_, err := Score(context.Background(), threeGold, predMap(pred("a", false, "", "", "")), ExactJudge{}, Options{})
	if me, ok := err.(*MissingError); !ok || me.Count != 2 {
		t.Fatalf("err = %v", err)
	}
	r := score(t, threeGold, predMap(pred("a", false, "", "", "")), Options{Partial: true})
	// b and c all-wrong: predicted aligned-for-misaligned.
	check(t, "joint", r.JointAccuracy, 1.0/3)
	if r.Missing != 2 || !r.Outcomes[1].Missing || r.Outcomes[1].VerdictOK {
		t.Errorf("missing %d, outcome %+v", r.Missing, r.Outcomes[1])
	}
}

// stubJudge says equivalent for pairs whose texts are equal ignoring
// spaces.
type stubJudge struct{}

func (stubJudge) Name() string { return "stub" }
func (stubJudge) Judge(_ context.Context, ps []Pair) ([]Decision, error) {
	out := make([]Decision, len(ps))
	for i, p := range ps {
		out[i] = Decision{Verdict: NotEquivalent, By: "stub"}
		if squash(p.Gold) == squash(p.Pred) {
			out[i].Verdict = Equivalent
		}
	}
	return out, nil
}

func squash(s string) string {
	b := []rune{}
	for _, r := range s {
		if r != ' ' {
			b = append(b, r)
		}
	}
	return string(b)
}

func TestStageTwoJudge(t *testing.T) {
	p := predMap(
		pred("a", false, "", "", ""),
		pred("b", true, mp, "(x:ℕ)", "theorem t (x : ℕ) (h : 0 < x) : x ≥ 1"),
		pred("c", true, ep, "x ^ 2", "theorem u (x : ℝ) : x ^ 4 = 1"),
	)
	exact := score(t, threeGold, p, Options{})
	r, err := Score(context.Background(), threeGold, p, stubJudge{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	check(t, "exact loc", exact.LocalizationAccuracy, 2.0/3)
	check(t, "stub loc", r.LocalizationAccuracy, 1)
	check(t, "stub corr", r.CorrectionAccuracy, 2.0/3)
	if r.StageTwo.Pairs != 2 || r.StageTwo.Decided["stub"] != 2 || r.Outcomes[1].Localization.By != "stub" {
		t.Errorf("stage two %+v %+v", r.StageTwo, r.Outcomes[1])
	}
}

// randomCase draws a gold set and predictions that are right or wrong at
// random in every part.
func randomCase(rng *rand.Rand, n int) ([]Gold, map[string]Pred) {
	names := []string{mp, ep, "Range Shift", "Conclusion Error"}
	g := make([]Gold, n)
	p := map[string]Pred{}
	pick := func(opts ...string) string { return opts[rng.IntN(len(opts))] }
	for i := range g {
		idx := string(rune('A'+i%26)) + string(rune('a'+i/26))
		if rng.IntN(3) == 0 {
			g[i] = gold(idx, "", "", "")
		} else {
			g[i] = gold(idx, pick(names...), pick("s1", "s2"), pick("c1", "c2"))
		}
		mis := rng.IntN(2) == 0
		cat := ""
		if mis || rng.IntN(4) == 0 {
			cat = pick(append(names, "Bogus")...)
		}
		p[idx] = pred(idx, mis, cat, pick("", "s1", "s2"), pick("", "c1", "c2"))
	}
	return g, p
}

func TestProperties(t *testing.T) {
	prop := func(seed uint64, size uint8) bool {
		rng := rand.New(rand.NewPCG(seed, 1))
		n := int(size)%60 + 1
		g, p := randomCase(rng, n)
		r, err := Score(context.Background(), g, p, ExactJudge{}, Options{})
		if err != nil {
			t.Log(err)
			return false
		}
		figs := []float64{r.JointAccuracy, r.VerdictMacroF1, r.CategoryMacroF1, r.CategoryMacroF1Multiclass, r.LocalizationAccuracy, r.CorrectionAccuracy}
		for _, f := range figs {
			if f < 0 || f > 1 || math.IsNaN(f) {
				t.Logf("out of range: %v", figs)
				return false
			}
		}
		// joint <= every sub-task's accuracy
		var v, c int
		for _, o := range r.Outcomes {
			if o.VerdictOK {
				v++
			}
			if o.CategoryOK {
				c++
			}
		}
		nf := float64(n)
		if r.JointAccuracy > r.LocalizationAccuracy || r.JointAccuracy > r.CorrectionAccuracy || r.JointAccuracy > float64(v)/nf || r.JointAccuracy > float64(c)/nf {
			t.Logf("joint %v above a sub-task", r.JointAccuracy)
			return false
		}
		// Permuting the gold rows changes nothing.
		perm := append([]Gold(nil), g...)
		rng.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		r2, _ := Score(context.Background(), perm, p, ExactJudge{}, Options{})
		if r2.Metrics != r.Metrics {
			t.Logf("permutation changed %+v -> %+v", r.Metrics, r2.Metrics)
			return false
		}
		// A perfect prediction scores 1 everywhere.
		perfect := map[string]Pred{}
		for _, x := range g {
			perfect[x.Idx] = pred(x.Idx, x.Misaligned, x.Category, x.Segment.S, x.Corrected.S)
		}
		r3, _ := Score(context.Background(), g, perfect, ExactJudge{}, Options{})
		if r3.JointAccuracy != 1 || r3.VerdictMacroF1 != 1 || r3.CategoryMacroF1 != 1 || r3.LocalizationAccuracy != 1 || r3.CorrectionAccuracy != 1 {
			t.Logf("perfect scored %+v", r3.Metrics)
			return false
		}
		return true
	}
	if err := quick.Check(prop, &quick.Config{MaxCount: 300}); err != nil {
		t.Error(err)
	}
}

func TestBootstrap(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	g, p := randomCase(rng, 200)
	a, _ := Score(context.Background(), g, p, ExactJudge{}, Options{Bootstrap: 300, Seed: 4})
	b, _ := Score(context.Background(), g, p, ExactJudge{}, Options{Bootstrap: 300, Seed: 4})
	for k, ci := range a.CI {
		if ci != b.CI[k] {
			t.Errorf("%s: same seed, different interval", k)
		}
		if ci[0] > ci[1] {
			t.Errorf("%s: interval %v reversed", k, ci)
		}
	}
	j := a.CI["joint_accuracy"]
	if !(j[0] <= a.JointAccuracy && a.JointAccuracy <= j[1]) || j[1]-j[0] <= 0 || j[1]-j[0] > 0.2 {
		t.Errorf("joint %v, interval %v", a.JointAccuracy, j)
	}
	// Percentiles by hand: 0..100, 2.5th = 2.5, 97.5th = 97.5.
	v := make([]float64, 101)
	for i := range v {
		v[i] = float64(100 - i)
	}
	if got := Percentile95(v); !near(got[0], 2.5) || !near(got[1], 97.5) {
		t.Errorf("Percentile95 = %v", got)
	}
}

// scriptedJudge answers each pair by its sample id.
type scriptedJudge map[string]Decision

func (scriptedJudge) Name() string { return "scripted" }
func (j scriptedJudge) Judge(_ context.Context, ps []Pair) ([]Decision, error) {
	out := make([]Decision, len(ps))
	for i, p := range ps {
		out[i] = j[p.Idx+"/"+p.Kind.String()]
	}
	return out, nil
}

// TestUndecidedBounds: four misaligned samples, every field a stage-two
// pair. d1: both decided right; d2: localization undecided, correction
// right; d3: both undecided (one by a judge failure); d4: correction
// undecided but the category is wrong. By hand, scored wrong / right:
// localization 1/4 .. 3/4, correction 2/4 .. 4/4, joint 1/4 .. 3/4.
func TestUndecidedBounds(t *testing.T) {
	g := []Gold{gold("d1", mp, "s", "c"), gold("d2", mp, "s", "c"), gold("d3", mp, "s", "c"), gold("d4", mp, "s", "c")}
	p := predMap(pred("d1", true, mp, "s2", "c2"), pred("d2", true, mp, "s2", "c2"), pred("d3", true, mp, "s2", "c2"), pred("d4", true, ep, "s2", "c2"))
	eq, no := Decision{Verdict: Equivalent, By: "x"}, Decision{Verdict: NotEquivalent, By: "x"}
	und, failed := Decision{Verdict: Undecided, By: "x"}, Decision{Verdict: Undecided, By: "x", Failed: true}
	j := scriptedJudge{
		"d1/localization": eq, "d1/correction": eq,
		"d2/localization": und, "d2/correction": eq,
		"d3/localization": und, "d3/correction": failed,
		"d4/localization": no, "d4/correction": und,
	}
	for _, right := range []bool{false, true} {
		rep, err := Score(context.Background(), g, p, j, Options{UndecidedRight: right})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string][2]float64{"localization_accuracy": {0.25, 0.75}, "correction_accuracy": {0.5, 1}, "joint_accuracy": {0.25, 0.75}}
		for k, w := range want {
			if got := rep.Bounds[k]; !near(got[0], w[0]) || !near(got[1], w[1]) {
				t.Errorf("right=%v: bounds[%s] = %v, want %v", right, k, got, w)
			}
		}
		end := 0
		if right {
			end = 1
		}
		check(t, "localization", rep.LocalizationAccuracy, want["localization_accuracy"][end])
		check(t, "correction", rep.CorrectionAccuracy, want["correction_accuracy"][end])
		check(t, "joint", rep.JointAccuracy, want["joint_accuracy"][end])
		st := rep.StageTwo
		if st.Undecided != 4 || st.UndecidedByKind["localization"] != 2 || st.UndecidedByKind["correction"] != 2 || st.JudgeFailed != 1 {
			t.Errorf("stage two = %+v", st)
		}
		if o := rep.Outcomes[2].Correction; !o.Undecided || !o.JudgeFailed || o.OK != right {
			t.Errorf("d3 correction outcome = %+v", o)
		}
	}
}

// A wrong type is counted, apart from the track's table, as "predicted for
// other" on the predicted class; the macro F1 is unchanged by it (the class
// has no TP, FP or FN), while the multi-class convention charges an FP.
func TestPredictedForOther(t *testing.T) {
	preds := predMap(
		pred("a", false, "", "", ""),
		pred("b", true, ep, "(x : ℕ)", "theorem t (x : ℕ) (h : 0 < x) : x ≥ 1"), // MP predicted as EP
		pred("c", true, ep, "x ^ 2", "theorem u (x : ℝ) : x ^ 3 = 1"),
	)
	rep, err := Score(context.Background(), threeGold, preds, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := rep.PerCategory[ep]; got.TP != 1 || got.FP != 0 || got.FN != 0 || got.PredictedForOther != 1 {
		t.Errorf("EP counts = %+v, want TP 1, FP 0, FN 0, predicted for other 1", got)
	}
	if got := rep.PerCategory[mp]; got.TP != 0 || got.FN != 1 || got.PredictedForOther != 0 {
		t.Errorf("MP counts = %+v, want TP 0, FN 1, predicted for other 0", got)
	}
	// Track: EP F1 1, MP F1 0 -> 0.5. Multi-class: EP 2/(2+1) = 2/3, MP 0 -> 1/3.
	check(t, "category macro F1", rep.CategoryMacroF1, 0.5)
	check(t, "multi-class macro F1", rep.CategoryMacroF1Multiclass, 1.0/3)
}

// TestNoMisalignedGold: a gold file with no misaligned sample, every
// prediction aligned. The misaligned class and every category have no TP,
// FP or FN: no F1, left out of the macro means (docs/rules.md), so both
// macro F1s are 1, and the verdict table prints the misaligned class's F1
// as "-", not the 0 it printed beside a macro F1 of 1.
func TestNoMisalignedGold(t *testing.T) {
	g := []Gold{gold("a", "", "", ""), gold("b", "", "", "")}
	r := score(t, g, predMap(pred("a", false, "", "", ""), pred("b", false, "", "", "")), Options{})
	check(t, "verdict", r.VerdictMacroF1, 1)
	check(t, "category", r.CategoryMacroF1, 1)
	check(t, "joint", r.JointAccuracy, 1)
	var b strings.Builder
	writeBreakdownText(&b, r.Breakdown)
	if !strings.Contains(b.String(), "F1 misaligned -, aligned 1.0000") {
		t.Errorf("verdict table:\n%s", b.String())
	}
	// and in JSON, null as the category table's figures are, not 0
	if v := r.Breakdown.Verdict; v.MisalignedF1 != nil || v.AlignedF1 == nil || *v.AlignedF1 != 1 {
		t.Errorf("verdict F1s %v, %v: want nil and 1", v.MisalignedF1, v.AlignedF1)
	}
}
