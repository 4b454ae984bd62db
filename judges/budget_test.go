package judges

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges/lean"
)

// TestHugePairsUndecided: a pair whose text is past the offline budget is
// left undecided by every deterministic judge with the reason "too large
// to compare offline", in bounded work (bytes allocated) (issue 18.2, 18.4, 18.5:
// a 4 MB '1 + 1 + …' correction overflowed lean-ast's stack; 160 KB of
// hypotheses took 108 s; a 250 MB line used 10.4 GB).
func TestHugePairsUndecided(t *testing.T) {
	small := "theorem t : 1 + 1 = 2"
	chain := "theorem t : " + strings.Repeat("1 + ", 1_000_000) + "1 = 0"
	var hyps strings.Builder
	hyps.WriteString("theorem t ")
	for i := range 20_000 {
		hyps.WriteString("(h")
		hyps.WriteString(strings.Repeat("x", i%7))
		hyps.WriteString(" : p = q) ")
	}
	hyps.WriteString(": True")
	deep := "theorem t : " + strings.Repeat("(", 200_000) + "1" + strings.Repeat(")", 200_000) + " = 1"
	judges := []eval.Judge{LeanJudge{}, SpanJudge{}, SimilarityJudge{Metric: "gted", Threshold: 0.5}, SimilarityJudge{Metric: "bleu", Threshold: 0.5}, Deterministic()}
	for _, big := range []struct{ name, text string }{{"chain", chain}, {"hypotheses", hyps.String()}, {"nested", deep}} {
		for _, j := range judges {
			for _, kind := range []eval.Kind{eval.Correction, eval.Localization} {
				pairs := []eval.Pair{
					{Kind: kind, Idx: "a", FormalStatement: small, Gold: small, Pred: big.text},
					{Kind: kind, Idx: "b", FormalStatement: big.text, Gold: big.text, Pred: big.text},
				}
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				ds, err := j.Judge(context.Background(), pairs)
				runtime.ReadMemStats(&after)
				if err != nil {
					t.Fatalf("%s/%s: %v", big.name, j.Name(), err)
				}
				// Each judge reads one kind of pair (the chain both); the
				// other kind stays undecided with no reason.
				reads := kind == eval.Correction
				switch j.(type) {
				case SpanJudge:
					reads = !reads
				case Chain:
					reads = true
				}
				for i, d := range ds {
					if d.Verdict != eval.Undecided || reads != strings.Contains(d.Reason, "too large to compare offline") {
						t.Errorf("%s/%s/%v pair %d: %v (%s), want undecided as too large", big.name, j.Name(), kind, i, d.Verdict, d.Reason)
					}
				}
				if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(10*2*len(big.text)) {
					t.Errorf("%s/%s: allocated %d bytes for %d bytes of text", big.name, j.Name(), alloc, 2*len(big.text))
				}
			}
		}
	}
	// Under the budget, the same judges still decide.
	ds, _ := LeanJudge{}.Judge(context.Background(), []eval.Pair{{Kind: eval.Correction, Gold: small, Pred: "theorem t : (1 + 1) = 2"}})
	if ds[0].Verdict != eval.Equivalent {
		t.Errorf("small pair: %v (%s)", ds[0].Verdict, ds[0].Reason)
	}
	if _, err := lean.Parse(chain); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("lean.Parse of a 4 MB statement: %v, want too large", err)
	}
}
