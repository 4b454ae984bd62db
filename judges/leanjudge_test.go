package judges

import (
	"context"
	"strings"
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
		// one relation apart, but no witness: at x = 0 the prediction's
		// conclusion is Real.sqrt (0 ^ 2) = 0, which lean-ast does not
		// work out (and both statements hold: they are equivalent)
		{"no statement known", "", gold, stmt, eval.Undecided},
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

// TestLeanJudgeHeaderNotation: a notation the sample's header declares
// changes how Lean reads the statements, and lean-ast reads them without
// it; a pair using a token the header declares stays undecided, naming the
// declaration (issue 17.2). Real headers do this: 21 of the 240 sampled
// test inputs declare notation, one of them redefining *.
// A header that opens a namespace, defines names or declares instances
// changes what the statements' names and notation mean: only statements
// equal as written (bound names aside) are equivalent, and an instance
// blocks "not equivalent".
func TestLeanJudgeHeaderContext(t *testing.T) {
	for _, c := range []struct {
		header, gold, pred string
		want               eval.Verdict
	}{
		// abs inside namespace Foo is Foo.abs; |x| is Mathlib's abs
		{"import Mathlib\nnamespace Foo\ndef abs (x : ℤ) : ℤ := x + 1", "theorem t (x : ℤ) (h : abs x = 3) : x = 2", "theorem t (x : ℤ) (h : |x| = 3) : x = 2", eval.Undecided},
		{"import Mathlib\nnamespace Foo", "theorem t (x : ℤ) (h : abs x = 3) : x = 2", "theorem t (y : ℤ) (h : abs y = 3) : y = 2", eval.Equivalent},
		{"import Mathlib\nnamespace Foo", "theorem t (a b : ℕ) (h₁ : a < b) (h₂ : b < 5) : a < 4", "theorem t (a b : ℕ) (h₂ : b < 5) (h₁ : a < b) : a < 4", eval.Undecided},
		{"import Mathlib", "theorem t (a b : ℕ) (h₁ : a < b) (h₂ : b < 5) : a < 4", "theorem t (a b : ℕ) (h₂ : b < 5) (h₁ : a < b) : a < 4", eval.Equivalent},
		// an instance may make 2 be 3
		{"import Mathlib\ninstance : OfNat ℝ 2 := ⟨3⟩", "theorem t (x : ℝ) (h : x = 2) : x + x = 6", "theorem t (x : ℝ) (h : x = 3) : x + x = 6", eval.Undecided},
		{"import Mathlib\nopen Real", "theorem t (x : ℝ) (h : x = 2) : x + x = 6", "theorem t (x : ℝ) (h : x = 3) : x + x = 6", eval.NotEquivalent},
		// n ! is notation scoped in Nat: read only where the header opens Nat
		{"import Mathlib", "theorem t (n : ℕ) : Nat.factorial n > 0", "theorem t (n : ℕ) : n ! > 0", eval.Undecided},
		{"import Mathlib\nopen BigOperators Real Nat Topology Rat", "theorem t (n : ℕ) : Nat.factorial n > 0", "theorem t (n : ℕ) : n ! > 0", eval.Equivalent},
		{"import Mathlib\nvariable (abs : ℤ → ℤ)", "theorem t (x : ℤ) (h : abs x = 3) : x = 2", "theorem t (x : ℤ) (h : |x| = 3) : x = 2", eval.Undecided},
	} {
		ds, err := LeanJudge{}.Judge(context.Background(), []eval.Pair{{Kind: eval.Correction, Header: c.header, Gold: c.gold, Pred: c.pred}})
		if err != nil {
			t.Fatal(err)
		}
		if ds[0].Verdict != c.want {
			t.Errorf("header %q, %q vs %q: %v (%s), want %v", c.header, c.gold, c.pred, ds[0].Verdict, ds[0].Reason, c.want)
		}
	}
}

func TestLeanJudgeHeaderNotation(t *testing.T) {
	for _, c := range []struct {
		header, gold, pred string
		want               eval.Verdict
	}{
		// Under the header ⊓ is infixl:60, below +: the gold is
		// a ⊓ (b + c), the prediction (a ⊓ b) + c.
		{"import Mathlib\nlocal infixl:60 \" ⊓ \" => min", "theorem t (a b c d : ℕ) : a ⊓ b + c = d", "theorem t (a b c d : ℕ) : (a ⊓ b) + c = d", eval.Undecided},
		{"import Mathlib\nlocal notation a \" * \" b => op a b", "theorem t (x y : M) : x * y = y * x", "theorem t (x y : M) : (x * y) = y * x", eval.Undecided},
		{"import Mathlib\nmacro_rules | `($a + $b) => `(HSub.hSub $a $b)", "theorem t (a b : ℕ) : a + b = 2", "theorem t (x y : ℕ) : x + y = 2", eval.Undecided},
		{"import Mathlib\n\nlocal notation \"ω\" => o.areaForm", "theorem t (x : V) : ω x x = 0", "theorem t (y : V) : ω y y = 0", eval.Undecided},
		// A declared token neither statement uses changes nothing.
		{"import Mathlib\nlocal infixl:50 \" ∈+ \" => List.Duplicate", "theorem t (a b c d : ℕ) : a ⊓ b + c = d", "theorem t (a b c d : ℕ) : (a ⊓ b) + c = d", eval.Equivalent},
		{"import Mathlib\nopen Real", "theorem t (x : ℝ) : x + 1 = 2", "theorem t (y : ℝ) : y + 1 = 2", eval.Equivalent},
	} {
		ds, err := LeanJudge{}.Judge(context.Background(), []eval.Pair{{Kind: eval.Correction, Header: c.header, Gold: c.gold, Pred: c.pred}})
		if err != nil {
			t.Fatal(err)
		}
		if ds[0].Verdict != c.want {
			t.Errorf("header %q, %q vs %q: %v (%s), want %v", c.header, c.gold, c.pred, ds[0].Verdict, ds[0].Reason, c.want)
		}
		if c.want == eval.Undecided && !strings.Contains(ds[0].Reason, "the header declares") {
			t.Errorf("reason %q does not name the header's notation", ds[0].Reason)
		}
	}
}
