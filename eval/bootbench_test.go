package eval

import (
	"context"
	"testing"

	"github.com/rxeval/rxeval/internal/benchdata"
)

// BenchmarkBootstrap1000 is the cost of --bootstrap 1000 on 7,030 rows.
func BenchmarkBootstrap1000(b *testing.B) {
	rows := benchdata.Rows(7030, 1)
	gold, _, err := ParseGold(benchdata.Gold(rows))
	if err != nil {
		b.Fatal(err)
	}
	preds := map[string]Pred{}
	for i, r := range benchdata.Rows(7030, 2) {
		p := Pred{Idx: rows[i].Idx, Misaligned: r.Misaligned, Category: Text{S: r.Category, Null: r.Category == ""}, CategoryName: r.Category, Segment: Text{S: r.Segment, Null: r.Segment == ""}, Corrected: Text{S: r.Corrected, Null: r.Corrected == ""}}
		preds[p.Idx] = p
	}
	rep, err := Score(context.Background(), gold, preds, ExactJudge{}, Options{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		bootstrap(rep.Outcomes, 1000, 1)
	}
}
