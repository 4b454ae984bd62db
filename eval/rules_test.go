package eval

// Tests that pin the scoring rules of docs/rules.md one by one (issue 19):
// each fails when the rule it names changes. docs/testing.md maps the
// rules to these tests.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestJointBoundsWrongVerdict: the joint-accuracy bounds count a sample
// only when its verdict and category are right, whatever its undecided
// pairs. Gold: w1 aligned, predicted misaligned with no category and null
// fields (its category, localization and correction are right by the null
// rule: only the verdict is wrong); w2 aligned, predicted aligned with a
// filled segment (penalised: localization wrong, decided by the null rule,
// never by a judge); w3 misaligned, predicted aligned with the right
// category and fields equal to gold (stage one accepts both; the verdict
// and so the category are wrong); u1 misaligned, all right but the
// correction undecided; u2 misaligned, wrong verdict (a spelling of
// neither class) and both pairs undecided. By hand, joint: scored wrong
// 0/5, scored right 1/5 (u1 only).
func TestJointBoundsWrongVerdict(t *testing.T) {
	g := []Gold{gold("w1", "", "", ""), gold("w2", "", "", ""), gold("w3", mp, "s", "c"), gold("u1", mp, "s", "c"), gold("u2", mp, "s", "c")}
	u2 := pred("u2", true, mp, "s2", "c2")
	u2.Misaligned, u2.VerdictNoncanonical, u2.VerdictAsWritten = false, true, "Misaligned"
	p := predMap(pred("w1", true, "", "", ""), pred("w2", false, "", "seg", ""), pred("w3", false, mp, "s", "c"),
		pred("u1", true, mp, "s", "c2"), u2)
	und := Decision{Verdict: Undecided, By: "x"}
	j := scriptedJudge{"u1/correction": und, "u2/localization": und, "u2/correction": und}
	for _, right := range []bool{false, true} {
		rep, err := Score(context.Background(), g, p, j, Options{UndecidedRight: right})
		if err != nil {
			t.Fatal(err)
		}
		o := rep.Outcomes
		if o[0].VerdictOK || !o[0].CategoryOK || !o[0].Localization.OK || !o[0].Correction.OK || o[0].Joint {
			t.Errorf("w1 (aligned, predicted misaligned with nulls): %+v", o[0])
		}
		if o[1].Localization.OK || o[1].Localization.By != "null-rule" || o[1].Joint {
			t.Errorf("w2 (aligned, filled segment): %+v", o[1].Localization)
		}
		if o[2].VerdictOK || o[2].CategoryOK || o[2].Localization.By != "stage-one" || o[2].Joint {
			t.Errorf("w3 (misaligned, predicted aligned): %+v", o[2])
		}
		if !o[4].PredNeither || o[4].VerdictOK || o[4].CategoryOK {
			t.Errorf("u2 (verdict of neither class): %+v", o[4])
		}
		if got := rep.Bounds["joint_accuracy"]; !near(got[0], 0) || !near(got[1], 0.2) {
			t.Errorf("right=%v: joint bounds = %v, want [0, 0.2]", right, got)
		}
		// Localization: w1 right (null), w2 wrong, w3 right (stage one),
		// u1 right (stage one), u2 undecided: 3/5 .. 4/5. Correction: w1,
		// w3 right; u1, u2 undecided; w2 right (null): 3/5 .. 5/5.
		if got := rep.Bounds["localization_accuracy"]; !near(got[0], 0.6) || !near(got[1], 0.8) {
			t.Errorf("right=%v: localization bounds = %v, want [0.6, 0.8]", right, got)
		}
		if got := rep.Bounds["correction_accuracy"]; !near(got[0], 0.6) || !near(got[1], 1) {
			t.Errorf("right=%v: correction bounds = %v, want [0.6, 1]", right, got)
		}
		want := 0.0
		if right {
			want = 0.2
		}
		check(t, "joint", rep.JointAccuracy, want)
	}
}

// TestPartialMissingCount: under --partial the report counts every gold
// id without a prediction (more than the five the error lists), in the
// text ("N samples had no prediction") and in JSON (missing_predictions);
// a report rebuilt from the per-sample file counts the same. Without
// --partial the error names the count and the first five ids.
func TestPartialMissingCount(t *testing.T) {
	var g []Gold
	for i := 1; i <= 8; i++ {
		g = append(g, gold(fmt.Sprintf("m%d", i), mp, "s", "c"))
	}
	p := predMap(pred("m4", true, mp, "s", "c"))
	_, err := Score(context.Background(), g, p, nil, Options{})
	me, ok := err.(*MissingError)
	if !ok || me.Count != 7 || len(me.Examples) != 5 || me.Examples[0] != "m1" || me.Examples[4] != "m6" {
		t.Fatalf("without --partial: %#v", err)
	}
	if want := "7 gold ids have no prediction (first: m1, m2, m3, m5, m6)"; err.Error() != want {
		t.Errorf("error = %q, want %q", err, want)
	}
	rep := score(t, g, p, Options{Partial: true})
	if rep.Missing != 7 {
		t.Errorf("Missing = %d, want 7", rep.Missing)
	}
	doc := Document{Report: rep, Gold: "g", Pred: "p", Judge: JudgeInfo{"chain": "exact"}}
	var text, js bytes.Buffer
	if err := doc.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "\n            7 samples had no prediction and score as all-wrong (--partial)\n") {
		t.Errorf("text report:\n%s", text.String())
	}
	if err := doc.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Missing *int `json:"missing_predictions"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || back.Missing == nil || *back.Missing != 7 {
		t.Errorf("JSON missing_predictions = %v (%v)", back.Missing, err)
	}
	var ps bytes.Buffer
	if err := doc.WritePerSample(&ps); err != nil {
		t.Fatal(err)
	}
	outs, _, err := ParsePerSample(ps.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if r := FromOutcomes(outs, Options{}); r.Missing != 7 {
		t.Errorf("rebuilt from the per-sample file: Missing = %d, want 7", r.Missing)
	}
	// One missing: the singular error; none missing: no line, JSON 0.
	_, err = Score(context.Background(), g[:2], predMap(pred("m1", true, mp, "s", "c")), nil, Options{})
	if err == nil || err.Error() != "1 gold id has no prediction: m2" {
		t.Errorf("one missing: %v", err)
	}
	full := score(t, g[3:4], p, Options{Partial: true})
	text.Reset()
	js.Reset()
	doc = Document{Report: full, Judge: JudgeInfo{"chain": "exact"}}
	doc.WriteText(&text)
	doc.WriteJSON(&js)
	if strings.Contains(text.String(), "no prediction") || !strings.Contains(js.String(), `"missing_predictions": 0`) {
		t.Errorf("nothing missing:\n%s\n%s", text.String(), js.String())
	}
}

// recordingJudge records the pairs it is asked and decides none.
type recordingJudge struct{ asked []Pair }

func (*recordingJudge) Name() string { return "rec" }
func (j *recordingJudge) Judge(_ context.Context, ps []Pair) ([]Decision, error) {
	j.asked = append(j.asked, ps...)
	out := make([]Decision, len(ps))
	for i := range out {
		out[i] = Decision{Verdict: NotEquivalent, By: "rec"}
	}
	return out, nil
}

// TestStageOneByteForByte: stage one accepts a localization or correction
// only when it is byte for byte the gold string. Any difference a
// normalization would remove (spaces, case, Unicode composition, a
// trailing newline, a non-breaking space, a full-width letter) leaves the
// pair to stage two.
func TestStageOneByteForByte(t *testing.T) {
	const goldText = "theorem t (x : ℝ) : x ^ 2 = é"
	near := []string{
		goldText + " ", " " + goldText, goldText + "\n", "theorem t (x : ℝ) : x ^ 2 = e\u0301", // NFD é
		"Theorem t (x : ℝ) : x ^ 2 = é", "theorem t (x : ℝ) : x  ^ 2 = é", "theorem t (x : ℝ) : x\u00a0^ 2 = é",
		"theorem t (ｘ : ℝ) : x ^ 2 = é", "theorem t (x : ℝ) : x^2 = é", "theorem t (x : \u211d) :\tx ^ 2 = é",
	}
	var g []Gold
	var ps []Pred
	for i, s := range near {
		id := fmt.Sprintf("n%d", i)
		g = append(g, gold(id, mp, goldText, goldText))
		ps = append(ps, pred(id, true, mp, s, s))
	}
	g = append(g, gold("same", mp, goldText, goldText))
	ps = append(ps, pred("same", true, mp, goldText, goldText))
	j := &recordingJudge{}
	rep, err := Score(context.Background(), g, predMap(ps...), j, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if st := rep.StageTwo.StageOne; st["localization"] != 1 || st["correction"] != 1 {
		t.Errorf("stage one accepted %v, want the identical pair only", st)
	}
	if len(j.asked) != 2*len(near) {
		t.Errorf("stage two was asked %d pairs, want %d", len(j.asked), 2*len(near))
	}
	for i := range near {
		o := rep.Outcomes[i]
		if o.Localization.By != "rec" || o.Correction.By != "rec" || o.Localization.OK || o.Correction.OK {
			t.Errorf("%q: localization %+v, correction %+v: stage one accepted a string that is not the gold's", near[i], o.Localization, o.Correction)
		}
	}
	if o := rep.Outcomes[len(near)]; o.Localization.By != "stage-one" || !o.Localization.OK || o.Correction.By != "stage-one" || !o.Joint {
		t.Errorf("identical pair: %+v", o)
	}
}

// brackets says whether iv holds v (within rounding).
func brackets(iv [2]float64, v float64) bool { return iv[0] <= v+1e-12 && v <= iv[1]+1e-12 }

// TestEveryIntervalBracketsItsFigure: on random cases, each reported
// interval holds the figure it is printed beside: the five bootstrap
// intervals, the undecided bounds (scored either way), the ranking's joint
// interval and every paired difference's interval.
func TestEveryIntervalBracketsItsFigure(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 1))
	for round := 0; round < 30; round++ {
		g, pa := randomCase(rng, 80)
		pb := map[string]Pred{}
		for id, p := range pa { // B: A with a fifth of its answers redrawn
			pb[id] = p
		}
		_, redraw := randomCase(rng, 80)
		for id, p := range redraw {
			if _, ok := pb[id]; ok && rng.IntN(5) == 0 {
				pb[id] = p
			}
		}
		opts := Options{Bootstrap: 300, Seed: uint64(round), UndecidedRight: round%2 == 1}
		ra, err := Score(context.Background(), g, pa, stubJudge{}, opts)
		if err != nil {
			t.Fatal(err)
		}
		rb, err := Score(context.Background(), g, pb, ExactJudge{}, opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, rep := range []*Report{ra, rb} {
			if len(rep.CI) != len(figures) {
				t.Fatalf("CI has %d figures, want %d", len(rep.CI), len(figures))
			}
			for _, f := range figures {
				if v := figure(rep.Metrics, f); !brackets(rep.CI[f], v) {
					t.Errorf("round %d: %s = %.4f outside its interval %v", round, f, v, rep.CI[f])
				}
				if b, ok := rep.Bounds[f]; ok && !brackets(b, figure(rep.Metrics, f)) {
					t.Errorf("round %d: %s = %.4f outside its bounds %v", round, f, figure(rep.Metrics, f), b)
				}
			}
			if len(rep.Bounds) != 3 {
				t.Errorf("bounds for %d figures, want 3", len(rep.Bounds))
			}
		}
		c, err := Compare([]string{"A", "B"}, []*Report{ra, rb}, 300, uint64(round))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range c.Ranking {
			if !brackets(r.CI, r.JointAccuracy) || !brackets(r.Bounds, r.JointAccuracy) {
				t.Errorf("round %d: %s joint %.4f, interval %v, bounds %v", round, r.System, r.JointAccuracy, r.CI, r.Bounds)
			}
		}
		for f, d := range c.Pairs[0].Deltas {
			if !brackets(d.CI, d.Observed) {
				t.Errorf("round %d: %s difference %+.4f outside its interval %v", round, f, d.Observed, d.CI)
			}
		}
	}
}

// TestCompareEveryDelta: every figure's paired difference, interval and P,
// for negative, zero and positive differences, against a replay of the
// documented procedure: the same resamples (PCG seeded with the seed and
// bootStream) scored by compute, B - A per resample, the 2.5th and
// 97.5th percentiles, and P = the share of resamples whose difference has
// the observed sign (with none observed, the share with none).
func TestCompareEveryDelta(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 5))
	g, pa := randomCase(rng, 50)
	// B: A with half its answers redrawn (differences either way); C: A
	// with one joint-right sample made wrong and one joint-wrong sample
	// made right (joint difference zero, yet they disagree).
	pb := map[string]Pred{}
	_, redraw := randomCase(rng, 50)
	for id, p := range pa {
		pb[id] = p
		if rng.IntN(2) == 0 {
			pb[id] = redraw[id]
		}
	}
	perfect := func(i int) Pred { return pred(g[i].Idx, true, g[i].Category, g[i].Segment.S, g[i].Corrected.S) }
	i1, i2 := -1, -1 // two misaligned samples: A right on i1, wrong on i2
	for i := range g {
		if g[i].Misaligned && i1 < 0 {
			i1 = i
		} else if g[i].Misaligned && i2 < 0 {
			i2 = i
		}
	}
	pa[g[i1].Idx] = perfect(i1)
	q := perfect(i2)
	q.Misaligned = false
	pa[g[i2].Idx] = q
	ra := score(t, g, pa, Options{})
	pc := map[string]Pred{}
	for id, p := range pa {
		pc[id] = p
	}
	q = perfect(i1)
	q.Misaligned = false
	pc[g[i1].Idx], pc[g[i2].Idx] = q, perfect(i2)
	reps := []*Report{ra, score(t, g, pb, Options{}), score(t, g, pc, Options{})}
	names := []string{"A", "B", "C"}
	const rounds, seed = 400, 77
	c, err := Compare(names, reps, rounds, seed)
	if err != nil {
		t.Fatal(err)
	}
	// The replay.
	draw := rand.New(rand.NewPCG(seed, bootStream))
	series := make([][]Metrics, len(reps))
	idx := make([]int, len(g))
	for r := 0; r < rounds; r++ {
		for i := range idx {
			idx[i] = draw.IntN(len(g))
		}
		for k, rep := range reps {
			m, _, _ := compute(rep.Outcomes, idx)
			series[k] = append(series[k], m)
		}
	}
	signs := map[string]bool{}
	if len(c.Pairs) != 3 {
		t.Fatalf("%d pairs, want 3", len(c.Pairs))
	}
	k := 0
	for a := range reps {
		for b := a + 1; b < len(reps); b++ {
			pt := c.Pairs[k]
			k++
			if pt.A != names[a] || pt.B != names[b] || len(pt.Deltas) != len(figures) {
				t.Fatalf("pair %d = %s, %s with %d deltas", k, pt.A, pt.B, len(pt.Deltas))
			}
			for _, f := range figures {
				obs := figure(reps[b].Metrics, f) - figure(reps[a].Metrics, f)
				diffs := make([]float64, rounds)
				same := 0
				for r := range diffs {
					diffs[r] = figure(series[b][r], f) - figure(series[a][r], f)
					switch {
					case obs > 0 && diffs[r] > 0, obs < 0 && diffs[r] < 0, obs == 0 && diffs[r] == 0:
						same++
					}
				}
				want := Delta{Observed: obs, CI: Percentile95(diffs), PSameSign: float64(same) / rounds}
				got := pt.Deltas[f]
				if !near(got.Observed, want.Observed) || !near(got.CI[0], want.CI[0]) || !near(got.CI[1], want.CI[1]) || !near(got.PSameSign, want.PSameSign) {
					t.Errorf("%s - %s, %s: got %+v, want %+v", pt.B, pt.A, f, got, want)
				}
				switch {
				case obs > 0:
					signs["positive"] = true
				case obs < 0:
					signs["negative"] = true
				default:
					signs["zero"] = true
				}
			}
		}
	}
	if d := c.Pairs[1].Deltas["joint_accuracy"]; d.Observed != 0 || d.PSameSign <= 0 || d.PSameSign >= 1 {
		t.Errorf("C - A joint: %+v, want no difference and 0 < P < 1 (they disagree on two samples)", d)
	}
	for _, s := range []string{"negative", "zero", "positive"} {
		if !signs[s] {
			t.Errorf("no %s difference among the cases: the test does not cover it", s)
		}
	}
	// Equal joint accuracy: the same rank.
	if r := c.Ranking; len(r) != 3 {
		t.Fatalf("ranking %+v", r)
	}
	rank := map[string]int{}
	for _, r := range c.Ranking {
		rank[r.System] = r.Rank
	}
	if rank["A"] != rank["C"] {
		t.Errorf("A and C have the same joint accuracy but ranks %d and %d", rank["A"], rank["C"])
	}
}
