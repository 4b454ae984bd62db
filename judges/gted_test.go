package judges

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/rxeval/rxeval/eval"
)

// gtedPairs are the 205 human-labelled miniF2F pairs of the GTED paper as
// correction pairs (reference vs prediction), with the human verdict.
func gtedPairs(t testing.TB) ([]eval.Pair, []bool) {
	b, err := os.ReadFile("../../shared/data/gted/minif2f_human_evaluation.json")
	if err != nil {
		t.Skip("shared/data/gted not present")
	}
	var rows []struct {
		NL    string `json:"NL"`
		Label string `json:"FL (Label)"`
		Sub   []struct {
			Pred  string `json:"FL (Prediction)"`
			Human bool   `json:"Human_Evaluation"`
		} `json:"sub_questions"`
	}
	if err := json.Unmarshal(b, &rows); err != nil {
		t.Fatal(err)
	}
	var pairs []eval.Pair
	var human []bool
	for _, r := range rows {
		pairs = append(pairs, eval.Pair{Kind: eval.Correction, Informal: r.NL, Gold: r.Label, Pred: r.Sub[0].Pred})
		human = append(human, r.Sub[0].Human)
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
