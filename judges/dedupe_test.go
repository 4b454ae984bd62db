package judges

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/rxeval/rxeval/eval"
)

// TestRepeatedPairsDecidedOnce: pairs equal but for their Idx are decided
// once, serially and across workers, and each takes the decision its
// texts get alone; the lean-ast judge decides each pair of a repetitive
// set (repeated pairs, golds shared by many pairs) as it decides that
// pair by itself.
func TestRepeatedPairsDecidedOnce(t *testing.T) {
	for _, n := range []int{10, 1000} {
		var pairs []eval.Pair
		for i := range n {
			pairs = append(pairs, eval.Pair{Kind: eval.Correction, Idx: fmt.Sprint("s", i), Gold: fmt.Sprint("theorem t : ", i%7, " = 1"), Pred: "theorem t : 1 = 1"})
		}
		var calls atomic.Int64
		out, err := judgeEach(context.Background(), "test", eval.Correction, pairs, func(p eval.Pair) (eval.Verdict, string) {
			calls.Add(1)
			return eval.Equivalent, p.Gold
		})
		if err != nil {
			t.Fatal(err)
		}
		if got := calls.Load(); got != 7 {
			t.Errorf("%d pairs of 7 distinct texts: decided %d times, want 7", n, got)
		}
		for i, d := range out {
			if d.Reason != pairs[i].Gold || d.Verdict != eval.Equivalent || d.By != "test" {
				t.Fatalf("%d pairs: pair %d has decision %+v, want its own texts' (%s)", n, i, d, pairs[i].Gold)
			}
		}
	}
	// 4 golds, each shared by 150 distinct pairs (decided across the
	// workers, the gold read once), and every pair twice
	texts := []string{"theorem t (x : ℝ) : x = 1", "theorem t (x : ℝ) : x = 2", "theorem t (y : ℝ) : y = 1", "theorem t (x : ℝ) : 1 = x"}
	var pairs []eval.Pair
	for i := range 1200 {
		pred := texts[i/4%4]
		if i%8 >= 4 {
			pred = fmt.Sprintf("theorem t (x : ℝ) : x = %d", i/8%150)
		}
		pairs = append(pairs, eval.Pair{Kind: eval.Correction, Idx: fmt.Sprint(i), Gold: texts[i%4], Pred: pred})
	}
	all, err := LeanJudge{}.Judge(context.Background(), pairs)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pairs {
		alone, err := LeanJudge{}.Judge(context.Background(), []eval.Pair{p})
		if err != nil || alone[0] != all[i] {
			t.Errorf("pair %d (%s vs %s): %+v among repeats, %+v alone (%v)", i, p.Gold, p.Pred, all[i], alone[0], err)
		}
	}
}
