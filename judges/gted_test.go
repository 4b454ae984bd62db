package judges

import (
	"context"
	"github.com/rxeval/rxeval/internal/fixtures"
	"testing"

	"github.com/rxeval/rxeval/eval"
)

// gtedPairs are the 205 human-labelled miniF2F pairs of the GTED paper as
// correction pairs (reference vs prediction), with the human verdict.
func gtedPairs(t testing.TB) ([]eval.Pair, []bool) {
	var pairs []eval.Pair
	var human []bool
	for _, r := range fixtures.GTED(t) {
		pairs = append(pairs, eval.Pair{Kind: eval.Correction, Idx: r.Name, Gold: r.Label, Pred: r.Pred})
		human = append(human, r.Human)
	}
	return pairs, human
}

// TestDeterministicJudgeOnGTED measures the lean-ast judge against human
// verdicts: how many pairs it decides and how often it is right there. The
// figures are exact (docs/judges.md quotes them): a change in the judge
// that decides fewer pairs, or decides one wrongly, fails here.
func TestDeterministicJudgeOnGTED(t *testing.T) {
	pairs, human := gtedPairs(t)
	if len(pairs) != 205 {
		t.Fatalf("%d pairs, want 205", len(pairs))
	}
	ds, err := LeanJudge{}.Judge(context.Background(), pairs)
	if err != nil {
		t.Fatal(err)
	}
	// equivalent/not equivalent by the judge × the human's verdict
	var eqYes, eqNo, neYes, neNo int
	for i, d := range ds {
		switch {
		case d.Verdict == eval.Equivalent && human[i]:
			eqYes++
		case d.Verdict == eval.Equivalent:
			eqNo++
			t.Errorf("judged equivalent, the human says no (%s)\n  gold %s\n  pred %s", d.Reason, pairs[i].Gold, pairs[i].Pred)
		case d.Verdict == eval.NotEquivalent && human[i]:
			neYes++
			t.Errorf("judged not equivalent, the human says yes (%s)\n  gold %s\n  pred %s", d.Reason, pairs[i].Gold, pairs[i].Pred)
		case d.Verdict == eval.NotEquivalent:
			neNo++
		}
	}
	// lean-ast v2 on the 205 pairs: 47 judged equivalent, all so judged by
	// the human; none judged not equivalent.
	if got, want := [4]int{eqYes, eqNo, neYes, neNo}, [4]int{47, 0, 0, 0}; got != want {
		t.Errorf("equivalent (human yes, no), not equivalent (human yes, no) = %v, want %v", got, want)
	}
}

// BenchmarkOfflineJudgeGTED: throughput of the deterministic judges on the
// 205 GTED pairs (reported per pair).
func BenchmarkOfflineJudgeGTED(b *testing.B) {
	pairs, _ := gtedPairs(b)
	d := Deterministic()
	for b.Loop() {
		if _, err := d.Judge(context.Background(), pairs); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(pairs)), "ns/pair")
}
