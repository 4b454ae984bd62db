package judges

// Tests that pin the judges' rules (docs/judges.md, docs/rules.md) at the
// judges' own API, one rule each (issue 19); docs/testing.md maps the rules
// to them.

import (
	"github.com/rxeval/rxeval/internal/fixtures"
	"testing"

	"github.com/rxeval/rxeval/eval"
)

// TestSpanBareHypothesisName: a localization that is one hypothesis name
// stands for that hypothesis's body, but only when the name is a binder's
// name with a body, occurs nowhere else in the statement, and is the whole
// fragment.
func TestSpanBareHypothesisName(t *testing.T) {
	const st = "theorem t (x : ℕ) (h₀ : 2 < x) (h₁ : x < 5) : x ^ 2 > 3 := by sorry"
	for _, c := range []struct {
		statement, gold, pred string
		want                  eval.Verdict
	}{
		// The name for its body, either side.
		{st, "2 < x", "h₀", eval.Equivalent},
		{st, "h₁", "x < 5", eval.Equivalent},
		{st, "h₀", "h₀", eval.Equivalent},
		// Another hypothesis's name: another body, no shared token.
		{st, "2 < x", "h₁", eval.NotEquivalent},
		// The conclusion is not the hypothesis.
		{st, "x ^ 2 > 3", "h₀", eval.NotEquivalent},
		// Two names are not a name: as written they are not in the
		// statement side by side.
		{st, "2 < x", "h₀ h₁", eval.Undecided},
		// A name used elsewhere (x occurs in every hypothesis and the
		// conclusion) is that token, wherever it is, never its binder's
		// type ℕ: apart from ℕ everywhere; inside "2 < x" at one place
		// and not at the others, so undecided.
		{st, "ℕ", "x", eval.NotEquivalent},
		{st, "2 < x", "x", eval.Undecided},
		// A name that is also used in a later hypothesis stays a token.
		{"theorem t (h : ℕ) (k : h > 2) : h ^ 2 > 3 := by sorry", "ℕ", "h", eval.NotEquivalent},
		// Any name of a grouped binder stands for the shared body when
		// it occurs nowhere else.
		{"theorem t (a b : ℝ) (hab : a + b = 1) : a * b ≤ 1 / 4 := by sorry", "a + b = 1", "hab", eval.Equivalent},
	} {
		d := fixtures.JudgeOne(t, SpanJudge{}, eval.Pair{Kind: eval.Localization, FormalStatement: c.statement, Gold: c.gold, Pred: c.pred})
		if d.Verdict != c.want {
			t.Errorf("%s | gold %q, pred %q: %v (%s), want %v", c.statement, c.gold, c.pred, d.Verdict, d.Reason, c.want)
		}
	}
}

// TestLeanJudgeNumeralsFoldByType: numerals compare by value only where
// the type is known to be ℚ, ℝ or ℂ. The judge may leave any of these pairs
// undecided (judges/lean decides only where sure), but never decides one
// wrongly: on ℕ and ℤ 1 / 2 is 0 and 0.5 is no literal, so "= 1 / 2" and
// "= 0.5" are never equivalent there, and "= 7 / 2" and "= 3" are never
// different there (they are equal). The three examples docs/judges.md
// gives are decided equivalent.
func TestLeanJudgeNumeralsFoldByType(t *testing.T) {
	type verdicts []eval.Verdict
	okEq, okNot := verdicts{eval.Equivalent, eval.Undecided}, verdicts{eval.NotEquivalent, eval.Undecided}
	for _, c := range []struct {
		gold, pred string
		allowed    verdicts
	}{
		// docs/judges.md's examples: decided.
		{"theorem t (x : ℝ) : x = 13 / 2", "theorem t (x : ℝ) : x = 6.5", verdicts{eval.Equivalent}},
		{"theorem t (x : ℝ) : x + 1 = 2", "theorem t (x : ℝ) : x + 1 = 2.0", verdicts{eval.Equivalent}},
		{"theorem t : (13 / 2 : ℝ) = 6.5", "theorem t : (6.5 : ℝ) = 6.5", verdicts{eval.Equivalent}},
		// ℚ and ℂ as ℝ; a function into ℝ; a coercion into ℝ.
		{"theorem t (q : ℚ) : q = 1 / 4", "theorem t (q : ℚ) : q = 0.25", okEq},
		{"theorem t (z : ℂ) : z * 2 = 3 / 2", "theorem t (z : ℂ) : z * 2 = 1.5", okEq},
		{"theorem t (f : ℕ → ℝ) : f 1 = 1 / 2", "theorem t (f : ℕ → ℝ) : f 1 = 0.5", okEq},
		{"theorem t (n : ℕ) : (n : ℝ) / 2 = 7 / 2", "theorem t (n : ℕ) : (n : ℝ) / 2 = 3.5", okEq},
		// Different values on ℝ: never equivalent.
		{"theorem t (x : ℝ) : x = 13 / 2", "theorem t (x : ℝ) : x = 6.4", okNot},
		{"theorem t (x : ℝ) : x = 2", "theorem t (x : ℝ) : x = 2.5", okNot},
		// ℕ and ℤ: no folding.
		{"theorem t (n : ℕ) : n = 1 / 2", "theorem t (n : ℕ) : n = 0.5", okNot},
		{"theorem t (n : ℕ) : n + 1 / 2 = 3", "theorem t (n : ℕ) : n + 0.5 = 3", okNot},
		{"theorem t (n : ℤ) : n = 3 / 2", "theorem t (n : ℤ) : n = 1.5", okNot},
		{"theorem t (f : ℕ → ℕ) : f 1 = 1 / 2", "theorem t (f : ℕ → ℕ) : f 1 = 0.5", okNot},
		{"theorem t (n : ℕ) : n = 7 / 2", "theorem t (n : ℕ) : n = 3", okEq},
		{"theorem t (n : ℤ) : n = 6 / 4", "theorem t (n : ℤ) : n = 1", okEq},
		// A leaf of unknown type: its tree's type is unknown.
		{"theorem t (x : ℝ) : x + g = 2.0", "theorem t (x : ℝ) : x + g = 2", okNot},
		// No type at all: an unconstrained 2.0 is a Float.
		{"theorem t : (2.0 + 1 = 3)", "theorem t : (2 + 1 = 3)", okNot},
	} {
		for _, swap := range []bool{false, true} {
			g, p := c.gold, c.pred
			if swap {
				g, p = p, g
			}
			d := fixtures.JudgeOne(t, LeanJudge{}, eval.Pair{Kind: eval.Correction, Gold: g, Pred: p})
			ok := false
			for _, a := range c.allowed {
				ok = ok || d.Verdict == a
			}
			if !ok {
				t.Errorf("%q vs %q: %v (%s), want one of %v", g, p, d.Verdict, d.Reason, c.allowed)
			}
		}
	}
}

// TestSpanCoarseOverHypotheses: a candidate covering most of the
// statement's hypotheses points at no location, whatever the gold, even
// when the statement has only two and its conclusion is long (the
// candidate is then far from "most of the statement"); the gold's very
// span stays the same location.
func TestSpanCoarseOverHypotheses(t *testing.T) {
	const st = "theorem t (x : ℕ) (h : 0 < x) : x ^ 2 + 3 * x + 7 > 2 * x + 1 + x ^ 2 - 5 * x + 9 := by sorry"
	for _, c := range []struct {
		gold, pred string
		want       eval.Verdict
	}{
		{"(h : 0 < x)", "(x : ℕ) (h : 0 < x)", eval.Undecided},
		{"(x : ℕ)", "(x : ℕ) (h : 0 < x)", eval.Undecided},
		{"(x : ℕ) (h : 0 < x)", "(x : ℕ) (h : 0 < x)", eval.Equivalent},
		{"(h : 0 < x)", "(h : 0 < x)", eval.Equivalent},
	} {
		d := fixtures.JudgeOne(t, SpanJudge{}, eval.Pair{Kind: eval.Localization, FormalStatement: st, Gold: c.gold, Pred: c.pred})
		if d.Verdict != c.want {
			t.Errorf("gold %q, pred %q: %v (%s), want %v", c.gold, c.pred, d.Verdict, d.Reason, c.want)
		}
	}
}
