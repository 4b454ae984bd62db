package eval

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// The per-sample file round-trips: a report rebuilt from it has the same
// figures, bounds, stage-two counts and intervals as the scored one.
func TestPerSampleRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := 0; round < 20; round++ {
		g, p := randomCase(rng, 40)
		g[1].Informal, g[1].FormalStatement = "informal", "theorem x : s1 := sorry"
		opts := Options{Bootstrap: 50, Seed: 9, UndecidedRight: round%2 == 1}
		rep, err := Score(context.Background(), g, p, stubJudge{}, opts)
		if err != nil {
			t.Fatal(err)
		}
		doc := Document{Report: rep, Gold: "g.jsonl", GoldShape: Flat, Pred: "p.jsonl", Judge: JudgeInfo{"chain": "stub"}}
		var buf bytes.Buffer
		if err := doc.WritePerSample(&buf); err != nil {
			t.Fatal(err)
		}
		outs, run, err := ParsePerSample(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if run == nil || run.Pred != "p.jsonl" || run.Judge["chain"] != "stub" {
			t.Fatalf("run = %+v", run)
		}
		if outs[1].Informal != "informal" || outs[1].Formal == "" {
			t.Errorf("texts lost: %+v", outs[1])
		}
		back := FromOutcomes(outs, opts)
		back.Outcomes, rep.Outcomes = nil, nil
		if !reflect.DeepEqual(back, rep) {
			t.Fatalf("round %d: rebuilt report differs:\n got %+v\nwant %+v", round, back, rep)
		}
	}
}

func TestParsePerSampleErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "no samples"},
		{"{\"idx\":\"a\",\"verdict_ok\":true,\"category_ok\":true,\"localization\":{\"ok\":true},\"correction\":{\"ok\":true},\"joint_ok\":true}\nnot json\n", "line 2:"},
		{"{\"verdict_ok\":true}\n", "line 1: idx: missing"},
		{"{\"idx\":\"a\",\"diagnosis\":{}}\n", `line 1: idx "a": field "verdict_ok": missing`},
		{"{\"idx\":\"a\",\"verdict_ok\":true,\"category_ok\":true,\"localization\":{\"ok\":true},\"correction\":{\"ok\":true},\"joint_ok\":true}\n\n{\"idx\":\"a\",\"verdict_ok\":true,\"category_ok\":true,\"localization\":{\"ok\":true},\"correction\":{\"ok\":true},\"joint_ok\":true}\n", `line 3: duplicate id: "a" appears twice`},
	} {
		_, _, err := ParsePerSample([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: err = %v, want %q", c.in, err, c.want)
		}
	}
}

func FuzzParsePerSample(f *testing.F) {
	f.Add([]byte(`{"idx":"1","verdict_ok":true,"pred_category":"Missing Premise","localization":{"ok":true,"by":"span"},"correction":{"ok":false,"by":"undecided","undecided":true},"joint_ok":false,"run":{"gold":"g"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		outs, _, err := ParsePerSample(data)
		if err != nil {
			return
		}
		r := FromOutcomes(outs, Options{Bootstrap: 2})
		if r.N != len(outs) {
			t.Fatalf("N = %d for %d outcomes", r.N, len(outs))
		}
	})
}

// Two systems over four samples, by hand: A is right on s1, s2; B on s1,
// s2, s3 (joint). B - A joint = +0.25.
func TestCompare(t *testing.T) {
	g := []Gold{gold("s1", "", "", ""), gold("s2", mp, "a", "b"), gold("s3", mp, "a", "b"), gold("s4", ep, "x", "y")}
	a := predMap(pred("s1", false, "", "", ""), pred("s2", true, mp, "a", "b"), pred("s3", true, ep, "a", "b"), pred("s4", false, "", "", ""))
	b := predMap(pred("s1", false, "", "", ""), pred("s2", true, mp, "a", "b"), pred("s3", true, mp, "a", "b"), pred("s4", true, ep, "z", "y"))
	ra, rb := score(t, g, a, Options{}), score(t, g, b, Options{})
	c, err := Compare([]string{"A", "B"}, []*Report{ra, rb}, 500, 1)
	if err != nil {
		t.Fatal(err)
	}
	if c.Ranking[0].System != "B" || c.Ranking[0].Rank != 1 || c.Ranking[1].System != "A" || !near(c.Ranking[0].JointAccuracy, 0.75) {
		t.Errorf("ranking = %+v", c.Ranking)
	}
	if lo, hi := c.Ranking[0].CI[0], c.Ranking[0].CI[1]; lo > 0.75 || hi < 0.75 || lo < 0 || hi > 1 || lo == hi {
		t.Errorf("B's interval = %v", c.Ranking[0].CI)
	}
	d := c.Pairs[0].Deltas["joint_accuracy"]
	check(t, "joint delta", d.Observed, 0.25)
	// B is never worse than A on any sample: the difference is >= 0 in
	// every resample, and > 0 unless s3 was never drawn: (3/4)^4 ≈ 0.32.
	if d.PSameSign < 0.55 || d.PSameSign > 0.8 || d.CI[0] < 0 {
		t.Errorf("joint delta = %+v, want P about 0.68 and a non-negative interval", d)
	}
	if v := c.Pairs[0].Deltas["verdict_macro_f1"]; v.Observed <= 0 {
		t.Errorf("verdict delta = %+v", v)
	}
	joint := c.Disagreements["joint"]
	if joint.Count != 1 || joint.Samples[0].Idx != "s3" || !reflect.DeepEqual(joint.Samples[0].Right, []string{"B"}) {
		t.Errorf("joint disagreements = %+v", joint)
	}
	if v := c.Disagreements["verdict"]; v.Count != 1 || v.Samples[0].Idx != "s4" {
		t.Errorf("verdict disagreements = %+v", v)
	}
	if v := c.Disagreements["localization"]; v.Count != 0 {
		t.Errorf("localization disagreements = %+v (both wrong on s4)", v)
	}
	if _, err := Compare([]string{"A"}, []*Report{ra}, 10, 1); err == nil {
		t.Error("one system compared")
	}
	short := score(t, g[:3], a, Options{})
	if _, err := Compare([]string{"A", "S"}, []*Report{ra, short}, 10, 1); err == nil || !strings.Contains(err.Error(), "S has 3 samples") {
		t.Errorf("different sample sets: %v", err)
	}
	// Equal systems: no difference observed, every resample agrees.
	c2, _ := Compare([]string{"A", "A2"}, []*Report{ra, ra}, 50, 1)
	if d := c2.Pairs[0].Deltas["joint_accuracy"]; d.Observed != 0 || d.PSameSign != 1 || c2.Ranking[1].Rank != 1 {
		t.Errorf("equal systems: %+v %+v", d, c2.Ranking)
	}
	if _, err := json.Marshal(c); err != nil {
		t.Error(err)
	}
}

// countingJudge records every pair it is asked.
type countingJudge struct{ asked []string }

func (*countingJudge) Name() string { return "count" }
func (j *countingJudge) Judge(_ context.Context, ps []Pair) ([]Decision, error) {
	out := make([]Decision, len(ps))
	for i, p := range ps {
		j.asked = append(j.asked, p.Idx+"/"+p.Kind.String()+"/"+p.Pred)
		out[i] = Decision{Verdict: Equivalent, By: "count"}
		if p.Pred == "fail" {
			out[i] = Decision{Verdict: Undecided, By: "count", Failed: true}
		}
	}
	return out, nil
}

// Pairs two files (or two samples) share are judged once in a run; a
// failed pair is asked again.
func TestMemoJudgesSharedPairsOnce(t *testing.T) {
	g := []Gold{gold("s1", mp, "a", "b"), gold("s2", mp, "a", "b")}
	a := predMap(pred("s1", true, mp, "a2", "b2"), pred("s2", true, mp, "a2", "fail"))
	b := predMap(pred("s1", true, mp, "a2", "b3"), pred("s2", true, mp, "a2", "fail"))
	cj := &countingJudge{}
	m := NewMemo(cj)
	ra, err := Score(context.Background(), g, a, m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	rb, err := Score(context.Background(), g, b, m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// s2's localization pair has s1's texts and context: asked once.
	want := []string{"s1/localization/a2", "s1/correction/b2", "s2/correction/fail",
		"s1/correction/b3", "s2/correction/fail"}
	if !reflect.DeepEqual(cj.asked, want) {
		t.Errorf("asked %v, want %v", cj.asked, want)
	}
	if asked, reused := m.Counts(); asked != 5 || reused != 3 {
		t.Errorf("counts = %d asked, %d reused", asked, reused)
	}
	if !rb.Outcomes[0].Localization.OK || rb.Outcomes[0].Localization.By != "count" || !rb.Outcomes[1].Correction.JudgeFailed {
		t.Errorf("reused decisions: %+v", rb.Outcomes)
	}
	if ra.StageTwo.Pairs != 4 || rb.StageTwo.Pairs != 4 {
		t.Errorf("pairs %d %d", ra.StageTwo.Pairs, rb.StageTwo.Pairs)
	}
}

// The compact figures equal compute's, float for float, on random cases
// and random resamples.
func TestFiguresEqualCompute(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for round := 0; round < 200; round++ {
		g, p := randomCase(rng, 1+rng.IntN(60))
		rep, err := Score(context.Background(), g, p, stubJudge{}, Options{Partial: true})
		if err != nil {
			t.Fatal(err)
		}
		tab, ok := figureTable(rep.Outcomes)
		if !ok {
			t.Fatal("gold categories are all canonical here")
		}
		idx := make([]int, len(rep.Outcomes))
		for i := range idx {
			idx[i] = rng.IntN(len(idx))
		}
		want, _, _ := compute(rep.Outcomes, idx)
		if got := liteFigures(tab, idx); got != want {
			t.Fatalf("round %d:\n got %+v\nwant %+v", round, got, want)
		}
	}
	// A gold category outside the 28 falls back to compute.
	outs := []Outcome{{Idx: "x", GoldMisaligned: true, GoldCategory: "Made Up"}}
	if _, ok := figureTable(outs); ok {
		t.Error("unknown gold category accepted")
	}
	if m := resampler(outs)([]int{0}); m.N != 1 || m.CategoryMacroF1 != 0 {
		t.Errorf("fallback: %+v", m)
	}
}

// One figure, one interval: the ranking shows exactly the joint-accuracy
// interval of each system's own report, both when the reports carry it
// (score with --bootstrap) and when Compare draws it itself.
func TestCompareRankingIntervalIsTheSystems(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for round := 0; round < 10; round++ {
		g, pa := randomCase(rng, 60)
		_, pb := randomCase(rng, 60)
		for id := range pb { // same gold ids, other predictions
			if _, ok := pa[id]; !ok {
				delete(pb, id)
			}
		}
		for id, p := range pa {
			if _, ok := pb[id]; !ok {
				pb[id] = p
			}
		}
		const rounds, seed = 200, 11
		with := Options{Bootstrap: rounds, Seed: seed}
		ra, rb := score(t, g, pa, with), score(t, g, pb, with)
		c, err := Compare([]string{"A", "B"}, []*Report{ra, rb}, rounds, seed)
		if err != nil {
			t.Fatal(err)
		}
		bare := []*Report{score(t, g, pa, Options{}), score(t, g, pb, Options{})}
		c2, err := Compare([]string{"A", "B"}, bare, rounds, seed)
		if err != nil {
			t.Fatal(err)
		}
		own := map[string][2]float64{"A": ra.CI["joint_accuracy"], "B": rb.CI["joint_accuracy"]}
		for _, r := range c.Ranking {
			if r.CI != own[r.System] {
				t.Errorf("round %d: %s ranked with %v, its own block has %v", round, r.System, r.CI, own[r.System])
			}
		}
		for _, r := range c2.Ranking {
			if r.CI != own[r.System] {
				t.Errorf("round %d: %s ranked (drawn by Compare) with %v, its own bootstrap gives %v", round, r.System, r.CI, own[r.System])
			}
		}
	}
}

// kindJudge says localization pairs are the same location and correction
// pairs not equivalent, whatever their texts.
type kindJudge struct{}

func (kindJudge) Name() string { return "kind" }
func (kindJudge) Judge(_ context.Context, pairs []Pair) ([]Decision, error) {
	out := make([]Decision, len(pairs))
	for i, p := range pairs {
		out[i] = Decision{Verdict: NotEquivalent, By: "kind"}
		if p.Kind == Localization {
			out[i].Verdict = Equivalent
		}
	}
	return out, nil
}

// TestMemoKeepsKindsApart: a localization pair and a correction pair with
// the very same texts are two questions; the memo never answers one with
// the other's decision.
func TestMemoKeepsKindsApart(t *testing.T) {
	m := NewMemo(kindJudge{})
	loc := Pair{Kind: Localization, Idx: "s", FormalStatement: "theorem t : x = 1", Gold: "x = 1", Pred: "x = 2"}
	cor := loc
	cor.Kind = Correction
	for _, order := range [][]Pair{{loc, cor}, {cor, loc}} {
		ds, err := m.Judge(context.Background(), order)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range order {
			if want := map[Kind]Verdict{Localization: Equivalent, Correction: NotEquivalent}[p.Kind]; ds[i].Verdict != want {
				t.Errorf("%v pair: %v, want %v", p.Kind, ds[i].Verdict, want)
			}
		}
	}
}

// TestCompareNamesTheMismatchedSample: runs over different samples are
// refused, naming the first sample (1-based) where they differ.
func TestCompareNamesTheMismatchedSample(t *testing.T) {
	g1 := []Gold{gold("s1", "", "", ""), gold("s2", "", "", "")}
	g2 := []Gold{gold("s1", "", "", ""), gold("t2", "", "", "")}
	ra := score(t, g1, predMap(pred("s1", false, "", "", ""), pred("s2", false, "", "", "")), Options{})
	rb := score(t, g2, predMap(pred("s1", false, "", "", ""), pred("t2", false, "", "", "")), Options{})
	_, err := Compare([]string{"A", "B"}, []*Report{ra, rb}, 10, 1)
	if err == nil || !strings.Contains(err.Error(), "sample 2 is t2 in B but s2 in A") {
		t.Errorf("err = %v, want it to name sample 2", err)
	}
}

// failingWriter fails every write after the first n.
type failingWriter struct{ n int }

func (f *failingWriter) Write(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, errors.New("disk full")
	}
	f.n--
	return len(p), nil
}

// TestMultiDocumentWriteTextErrors: a write that fails while writing a
// system's header or its table is the text report's error; the listing of
// disagreeing samples starts with ':' and separates with ',', the first
// 10 then '...'.
func TestMultiDocumentWriteTextErrors(t *testing.T) {
	var g []Gold
	var pa, pb []Pred
	for i := range 12 {
		id := fmt.Sprintf("s%02d", i)
		g = append(g, gold(id, mp, "a", "b"))
		pa = append(pa, pred(id, true, mp, "a", "b"))
		pb = append(pb, pred(id, false, "", "", ""))
	}
	ra, rb := score(t, g, predMap(pa...), Options{}), score(t, g, predMap(pb...), Options{})
	c, err := Compare([]string{"A", "B"}, []*Report{ra, rb}, 10, 1)
	if err != nil {
		t.Fatal(err)
	}
	m := MultiDocument{Systems: []Document{{System: "A", Report: ra}, {System: "B", Report: rb}}, Comparison: c}
	for _, n := range []int{0, 1} {
		if err := m.WriteText(&failingWriter{n: n}); err == nil {
			t.Errorf("a writer failing after %d writes: no error", n)
		}
	}
	var b strings.Builder
	if err := m.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	want := "  joint         12: s00 [A], s01 [A], s02 [A], s03 [A], s04 [A], s05 [A], s06 [A], s07 [A], s08 [A], s09 [A] ...\n"
	if !strings.Contains(b.String(), want) {
		t.Errorf("the disagreement listing is not\n%s\nin\n%s", want, b.String())
	}
}

// failingJudge leaves every pair undecided because it failed.
type failingJudge struct{}

func (failingJudge) Name() string { return "failing" }
func (failingJudge) Judge(_ context.Context, ps []Pair) ([]Decision, error) {
	out := make([]Decision, len(ps))
	for i := range ps {
		out[i] = Decision{Verdict: Undecided, By: "failing", Reason: "server down", Failed: true}
	}
	return out, nil
}

// TestPerSampleKeepsJudgeFailures: the pairs a judge failed on are counted
// again, one each, when a report is rebuilt from its per-sample file.
func TestPerSampleKeepsJudgeFailures(t *testing.T) {
	g := []Gold{gold("s1", mp, "a", "b"), gold("s2", mp, "a", "b")}
	p := predMap(pred("s1", true, mp, "x", "y"), pred("s2", true, mp, "a", "z"))
	rep, err := Score(context.Background(), g, p, failingJudge{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.StageTwo.JudgeFailed != 3 {
		t.Fatalf("scored: %d judge failures, want 3 (two corrections, one localization)", rep.StageTwo.JudgeFailed)
	}
	var buf bytes.Buffer
	if err := (Document{Report: rep}).WritePerSample(&buf); err != nil {
		t.Fatal(err)
	}
	outs, _, err := ParsePerSample(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if back := FromOutcomes(outs, Options{}); back.StageTwo.JudgeFailed != 3 || back.StageTwo.Undecided != 3 {
		t.Errorf("rebuilt: %d judge failures of %d undecided, want 3 of 3", back.StageTwo.JudgeFailed, back.StageTwo.Undecided)
	}
}
