package judges

import (
	"context"
	"testing"

	"github.com/rxeval/rxeval/eval"
)

// A correction that repeats the misaligned statement is not the gold's
// correction; one that differs from it, or a sample whose gold does not
// differ from it, is left to the other rules.
func TestLeanJudgeUnchangedStatement(t *testing.T) {
	const (
		stmt = "theorem t (x : ℝ) (h : 0 ≤ x) : Real.sqrt (x ^ 2) = x := sorry"
		gold = "theorem t (x : ℝ) (h : 0 < x) : Real.sqrt (x ^ 2) = x := sorry"
	)
	for _, c := range []struct {
		name, formal, gold, pred string
		want                     eval.Verdict
	}{
		{"the misaligned statement, re-spaced and renamed", stmt, gold, "theorem t (y : ℝ)  (h : 0 ≤ y) : Real.sqrt (y ^ 2) = y := by sorry", eval.NotEquivalent},
		{"the misaligned statement as is", stmt, gold, stmt, eval.NotEquivalent},
		{"the gold, renamed", stmt, gold, "theorem t (y : ℝ) (h : 0 < y) : Real.sqrt (y ^ 2) = y := sorry", eval.Equivalent},
		{"no statement known", "", gold, stmt, eval.NotEquivalent}, // one relation apart: Different on its own
		{"gold equal to the statement (bad label): no rule", stmt, stmt, "theorem t (x : ℝ) (h : 0 ≤ x) (k : x ≠ 3) : Real.sqrt (x ^ 2) = x := sorry", eval.Undecided},
		{"another statement entirely: undecided", stmt, gold, "theorem t (x : ℝ) (h : 0 < x) (k : x ≤ 4) : Real.sqrt (x ^ 2) = |x| := sorry", eval.Undecided},
	} {
		t.Run(c.name, func(t *testing.T) {
			ds, err := LeanJudge{}.Judge(context.Background(), []eval.Pair{{Kind: eval.Correction, FormalStatement: c.formal, Gold: c.gold, Pred: c.pred}})
			if err != nil {
				t.Fatal(err)
			}
			if ds[0].Verdict != c.want {
				t.Errorf("verdict %v (%s), want %v", ds[0].Verdict, ds[0].Reason, c.want)
			}
		})
	}
	// Without the statement-based rule, a prediction of the unchanged
	// statement that differs from gold in more than one place would stay
	// undecided: the rule is what decides it.
	far := "theorem t (x : ℝ) (h : 0 < x) (k : x ≤ 4) : Real.sqrt (x ^ 2) = |x| := sorry"
	ds, _ := LeanJudge{}.Judge(context.Background(), []eval.Pair{{Kind: eval.Correction, FormalStatement: stmt, Gold: far, Pred: stmt}})
	if ds[0].Verdict != eval.NotEquivalent || ds[0].Reason != "the prediction repeats the misaligned statement, which the gold corrects" {
		t.Errorf("unchanged statement against a far gold: %v (%s)", ds[0].Verdict, ds[0].Reason)
	}
}
