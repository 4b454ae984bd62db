package judges

import (
	"context"
	"os"
	"testing"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/study"
)

// gtedPairs are the 205 human-labelled miniF2F pairs of the GTED paper as
// correction pairs (reference vs prediction), with the human verdict.
func gtedPairs(t testing.TB) ([]eval.Pair, []bool) {
	b, err := os.ReadFile("../testdata/gted/minif2f_human_evaluation.json")
	if err != nil {
		t.Fatal(err)
	}
	labelled, _, err := study.ReadLabels(b)
	if err != nil {
		t.Fatal(err)
	}
	pairs := make([]eval.Pair, len(labelled))
	human := make([]bool, len(labelled))
	for i, l := range labelled {
		pairs[i] = eval.Pair{Kind: eval.Correction, Idx: l.Name, Gold: l.Reference, Pred: l.Candidate}
		human[i] = l.Label
	}
	return pairs, human
}

// TestDeterministicJudgeOnGTED measures the lean-ast judge against human
// verdicts: how many pairs it decides and how often it is right there.
func TestDeterministicJudgeOnGTED(t *testing.T) {
	pairs, human := gtedPairs(t)
	ds, err := LeanJudge{}.Judge(context.Background(), pairs)
	if err != nil {
		t.Fatal(err)
	}
	var decided, right, eq, eqRight, ne, neRight int
	for i, d := range ds {
		if d.Verdict == eval.Undecided {
			continue
		}
		decided++
		ok := (d.Verdict == eval.Equivalent) == human[i]
		if ok {
			right++
		}
		if d.Verdict == eval.Equivalent {
			eq++
			if ok {
				eqRight++
			}
		} else {
			ne++
			if ok {
				neRight++
			}
		}
		if !ok {
			t.Logf("disagrees with the human (%v): %s\n  gold %s\n  pred %s", human[i], d.Reason, pairs[i].Gold, pairs[i].Pred)
		}
	}
	t.Logf("GTED 205 pairs: lean-ast decides %d (equivalent %d, %d right; not equivalent %d, %d right); agreement with humans where decided %d/%d",
		decided, eq, eqRight, ne, neRight, right, decided)
	if len(pairs) != 205 {
		t.Errorf("%d pairs, want 205", len(pairs))
	}
	if decided > 0 && float64(right) < 0.9*float64(decided) {
		t.Errorf("precision where decided %d/%d is below 90%%", right, decided)
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
