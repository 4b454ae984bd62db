package eval

import (
	"context"
	"testing"

	"github.com/rxeval/rxeval/internal/benchdata"
)

// BenchmarkScore7030Exact scores 7,030 rows with the exact judge, from
// parsed gold and predictions (the CLI adds validation, see
// cmd/rxeval BenchmarkScoreProcess).
func BenchmarkScore7030Exact(b *testing.B) {
	gold, preds := benchGoldPreds(b, 7030)
	for b.Loop() {
		if _, err := Score(context.Background(), gold, preds, ExactJudge{}, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// benchGoldPreds is n rows of benchdata's gold and, from a different draw
// (many answers wrong), predictions for the same ids.
func benchGoldPreds(tb testing.TB, n int) ([]Gold, map[string]Pred) {
	tb.Helper()
	rows := benchdata.Rows(n, 1)
	gold, _, err := ParseGold(benchdata.Gold(rows))
	if err != nil {
		tb.Fatal(err)
	}
	preds := map[string]Pred{}
	for i, r := range benchdata.Rows(n, 2) {
		p := Pred{Idx: rows[i].Idx, Misaligned: r.Misaligned, Category: Text{S: r.Category, Null: r.Category == ""}, CategoryName: r.Category, Segment: Text{S: r.Segment, Null: r.Segment == ""}, Corrected: Text{S: r.Corrected, Null: r.Corrected == ""}}
		preds[p.Idx] = p
	}
	return gold, preds
}

// benchOutcomes is the outcomes of scoring benchGoldPreds(n) exactly.
func benchOutcomes(tb testing.TB, n int) []Outcome {
	tb.Helper()
	gold, preds := benchGoldPreds(tb, n)
	rep, err := Score(context.Background(), gold, preds, ExactJudge{}, Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return rep.Outcomes
}
