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
	rows := benchdata.Rows(7030, 1)
	gold, _, err := ParseGold(benchdata.Gold(rows))
	if err != nil {
		b.Fatal(err)
	}
	preds := map[string]Pred{}
	for i, r := range benchdata.Rows(7030, 2) { // a different draw: many answers wrong
		p := Pred{Idx: rows[i].Idx, Misaligned: r.Misaligned, Category: Text{S: r.Category, Null: r.Category == ""}, CategoryName: r.Category, Segment: Text{S: r.Segment, Null: r.Segment == ""}, Corrected: Text{S: r.Corrected, Null: r.Corrected == ""}}
		preds[p.Idx] = p
	}
	for b.Loop() {
		if _, err := Score(context.Background(), gold, preds, ExactJudge{}, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
