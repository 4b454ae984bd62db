package eval

import (
	"context"
	"reflect"
	"runtime"
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

// TestBootstrapSameOnEveryCoreCount: the resamples are drawn in order
// from one generator, so the intervals do not depend on how many cores
// compute the figures (GOMAXPROCS 1 and 4 give the same, for two seeds).
func TestBootstrapSameOnEveryCoreCount(t *testing.T) {
	rows := benchdata.Rows(500, 1)
	gold, _, err := ParseGold(benchdata.Gold(rows))
	if err != nil {
		t.Fatal(err)
	}
	preds := map[string]Pred{}
	for i, r := range benchdata.Rows(500, 2) {
		p := Pred{Idx: rows[i].Idx, Misaligned: r.Misaligned, Category: Text{S: r.Category, Null: r.Category == ""}, CategoryName: r.Category, Segment: Text{S: r.Segment, Null: r.Segment == ""}, Corrected: Text{S: r.Corrected, Null: r.Corrected == ""}}
		preds[p.Idx] = p
	}
	rep, err := Score(context.Background(), gold, preds, ExactJudge{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, seed := range []uint64{1, 7} {
		runtime.GOMAXPROCS(1)
		one := bootstrap(rep.Outcomes, 300, seed)
		runtime.GOMAXPROCS(4)
		four := bootstrap(rep.Outcomes, 300, seed)
		if !reflect.DeepEqual(one, four) {
			t.Errorf("seed %d: 1 core %v, 4 cores %v", seed, one, four)
		}
		if len(one) != 5 || one["joint_accuracy"][0] > one["joint_accuracy"][1] {
			t.Errorf("seed %d: intervals %v", seed, one)
		}
	}
}
