package judges

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/rxeval/rxeval/eval"
)

// TestOfflineJudgesStopOnInterrupt: a cancelled context (Ctrl-C) stops the
// offline judges between two pairs, with the context's error, serially
// and across workers alike.
func TestOfflineJudgesStopOnInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, n := range []int{1, 1000} {
		pairs := make([]eval.Pair, n)
		for i := range pairs {
			pairs[i] = eval.Pair{Kind: eval.Correction, Gold: fmt.Sprintf("theorem t : %d = 1", i), Pred: "theorem t : 1 = 2"} // distinct: a repeated pair is decided once
		}
		for _, j := range []eval.Judge{LeanJudge{}, SpanJudge{}} {
			if ds, err := j.Judge(ctx, pairs); !errors.Is(err, context.Canceled) || ds != nil {
				t.Errorf("%s on %d pairs after an interrupt: %d decisions, error %v; want none and context.Canceled", j.Name(), n, len(ds), err)
			}
		}
	}
	if ds, err := (LeanJudge{}).Judge(context.Background(), []eval.Pair{{Kind: eval.Correction, Gold: "theorem t (x : ℝ) : x = 1", Pred: "theorem t (x : ℝ) : x = 2"}}); err != nil || len(ds) != 1 || ds[0].Verdict != eval.NotEquivalent {
		t.Errorf("without an interrupt: %v, %v", ds, err)
	}
}
