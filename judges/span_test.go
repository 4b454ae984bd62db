package judges

import (
	"context"
	"testing"

	"github.com/rxeval/rxeval/eval"
)

func TestSpanJudge(t *testing.T) {
	st := "theorem omni_theorem_2139 : IsLeast {n | ∃ x y : ℝ, n = x * y ^ 2 + (x + 7) ^ 2 + (2 * y + 7) ^ 2} 45 := by sorry"
	tests := []struct {
		gold, pred string
		want       eval.Verdict
	}{
		{"x * y ^ 2", "n = x * y ^ 2", eval.Equivalent},      // one contains the other
		{"x * y ^ 2", "y ^ 2 + (x + 7)", eval.Equivalent},    // overlap
		{"x * y ^ 2", "x*y^2", eval.Equivalent},              // modulo token spacing
		{"x * y ^ 2", "x  *  y\n^ 2", eval.Equivalent},       // modulo white space
		{"x * y ^ 2", "(2 * y + 7) ^ 2", eval.NotEquivalent}, // disjoint
		{"x * y ^ 2", "45", eval.NotEquivalent},              // disjoint
		{"x * y ^ 2", "x * y ^ 3", eval.Undecided},           // not in the statement
		{"x * y ^ 2", "", eval.Undecided},                    // empty
		{"x * y ^ 2", "^ 2", eval.Undecided},                 // three occurrences, some overlap
		{"(2 * y + 7) ^ 2", st, eval.Undecided},              // the whole statement
		{"x * y ^ 2", "ｘ * y ^ 2", eval.Undecided},           // a look-alike is another text
		{"e\u0301", "é", eval.Equivalent},                    // NFC (in a statement that has it)
		{"^ 2", "^2 ", eval.Equivalent},                      // found several times, but the same tokens as the gold (issue 17.8)
		{"(x + 7) ^ 2 ", "( x+7 )^2", eval.Equivalent},       // the same text up to spacing
	}
	for _, tt := range tests {
		statement := st
		if tt.gold == "e\u0301" {
			statement = "theorem t : é = 1"
		}
		ds, _ := SpanJudge{}.Judge(context.Background(), []eval.Pair{{Kind: eval.Localization, FormalStatement: statement, Gold: tt.gold, Pred: tt.pred}})
		if ds[0].Verdict != tt.want {
			t.Errorf("%q vs %q: %v (%s), want %v", tt.gold, tt.pred, ds[0].Verdict, ds[0].Reason, tt.want)
		}
	}
	// Correction pairs are not the span judge's.
	ds, _ := SpanJudge{}.Judge(context.Background(), []eval.Pair{{Kind: eval.Correction, FormalStatement: st, Gold: "a", Pred: "a"}})
	if ds[0].Verdict != eval.Undecided {
		t.Error("span judge decided a correction pair")
	}
}

func TestChainOrder(t *testing.T) {
	pairs := []eval.Pair{
		{Kind: eval.Localization, FormalStatement: "theorem t : x = 1", Gold: "x = 1", Pred: "x=1"},
		{Kind: eval.Correction, Gold: "theorem t : x = 1", Pred: "theorem t : (x) = 1"},
		{Kind: eval.Correction, Gold: "theorem t : x = 1", Pred: "theorem t : x + 0 = 1"},
	}
	ds, err := Deterministic().Judge(context.Background(), pairs)
	if err != nil {
		t.Fatal(err)
	}
	if ds[0].By != "span" || ds[0].Verdict != eval.Equivalent || ds[1].By != "lean-ast" || ds[1].Verdict != eval.Equivalent || ds[2].Verdict != eval.Undecided {
		t.Errorf("%+v", ds)
	}
}

func TestSimilarityJudge(t *testing.T) {
	pairs := []eval.Pair{
		{Kind: eval.Correction, Gold: "theorem t (x : ℝ) : x ^ 2 = 1", Pred: "theorem t (x : ℝ) : x ^ 2 = 1 + 0"},
		{Kind: eval.Correction, Gold: "theorem t (x : ℝ) : x ^ 2 = 1", Pred: "theorem t : ∀ n : ℕ, ∃ m, n < m ∧ Nat.Prime m"},
		{Kind: eval.Localization, Gold: "x", Pred: "x"},
	}
	for _, metric := range []string{"gted", "bleu"} {
		ds, _ := SimilarityJudge{Metric: metric, Threshold: 0.5}.Judge(context.Background(), pairs)
		if ds[0].Verdict != eval.Equivalent || ds[1].Verdict != eval.NotEquivalent || ds[2].Verdict != eval.Undecided {
			t.Errorf("%s: %+v", metric, ds)
		}
	}
}
