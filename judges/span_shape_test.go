package judges

import (
	"strings"
	"testing"

	"github.com/rxeval/rxeval/eval"
)

// TestShapeOf: the body a statement's fragments are measured against
// starts after the theorem's name (after the keyword for an example) and
// ends before ':='; binders are the bracketed groups before the colon.
func TestShapeOf(t *testing.T) {
	for _, tt := range []struct {
		statement string
		body      string // the body's tokens, joined by spaces
		binders   int
	}{
		{"theorem t (x : ℕ) (h : 0 < x) : x ^ 2 > 0 := by simp", "( x : ℕ ) ( h : 0 < x ) : x ^ 2 > 0", 2},
		{"example (x : ℕ) : x + 0 = x := by simp", "( x : ℕ ) : x + 0 = x", 1},
		{"lemma l : 1 = 1 := rfl", ": 1 = 1", 0},
		// A stray closer before the binders: the next opener balances it,
		// the colon after is the conclusion's, and the proof stays out of
		// the body.
		{"theorem t ) (x : ℕ) : x = 1 := by simp", ") ( x : ℕ ) : x = 1", 0},
	} {
		toks, ok := spanTokens(tt.statement)
		if !ok {
			t.Fatalf("%q does not lex", tt.statement)
		}
		sh := shapeOf(toks)
		if sh.body.lo < 0 || sh.body.hi > len(toks) || sh.body.lo > sh.body.hi {
			t.Errorf("%q: body %v out of the %d tokens", tt.statement, sh.body, len(toks))
			continue
		}
		if got := strings.Join(toks[sh.body.lo:sh.body.hi], " "); got != tt.body || len(sh.binders) != tt.binders {
			t.Errorf("%q: body %q with %d binders, want %q with %d", tt.statement, got, len(sh.binders), tt.body, tt.binders)
		}
	}
}

// TestSpanVerdictThresholds: the shared-token rule at its boundaries. The
// fragments are equivalent when they share at least half of the gold's
// tokens and at least a third of the prediction's; one token less on
// either side leaves the pair undecided.
func TestSpanVerdictThresholds(t *testing.T) {
	sh := statementShape{body: span{0, 100}}
	for _, tt := range []struct {
		g, p span
		want eval.Verdict
	}{
		{span{10, 14}, span{10, 14}, eval.Equivalent},    // the same tokens
		{span{10, 14}, span{20, 24}, eval.NotEquivalent}, // none shared
		{span{10, 14}, span{14, 18}, eval.NotEquivalent}, // touching, none shared
		{span{10, 14}, span{12, 18}, eval.Equivalent},    // 2 of 4 gold, 2 of 6 pred: both exactly at the bound
		{span{10, 14}, span{13, 19}, eval.Undecided},     // 1 of 4 gold: under half
		{span{10, 14}, span{12, 19}, eval.Undecided},     // 2 of 7 pred: under a third
		{span{10, 15}, span{12, 18}, eval.Equivalent},    // 3 of 5 gold, 3 of 6 pred
		{span{10, 16}, span{13, 22}, eval.Equivalent},    // 3 of 6 gold (half), 3 of 9 pred (a third)
		{span{10, 16}, span{13, 23}, eval.Undecided},     // 3 of 10 pred
		{span{10, 17}, span{13, 22}, eval.Equivalent},    // 4 of 7 gold, 4 of 9 pred
	} {
		if v, why := spanVerdict(sh, tt.g, tt.p); v != tt.want {
			t.Errorf("gold %v, pred %v: %v (%s), want %v", tt.g, tt.p, v, why, tt.want)
		}
	}
}

// TestSameLocationNotFound: which fragment is missing is said, and a pair
// where both are found is decided.
func TestSameLocationNotFound(t *testing.T) {
	st := "theorem t (x : ℕ) (h : 0 < x) : x ^ 2 > 0 := by simp"
	for _, tt := range []struct {
		gold, pred string
		want       eval.Verdict
		why        string
	}{
		{"y ^ 3", "z + 1", eval.Undecided, "neither fragment occurs in the statement as whole tokens"},
		{"y ^ 3", "x ^ 2", eval.Undecided, "the gold fragment does not occur in the statement as whole tokens"},
		{"x ^ 2", "y ^ 3", eval.Undecided, "the predicted fragment does not occur in the statement as whole tokens"},
		{"x ^ 2", "x ^ 2 > 0", eval.Equivalent, "the fragments overlap in most of the gold location"},
		{"x ^ 2", "0 < x", eval.NotEquivalent, "the fragments share no token of the statement"},
	} {
		v, why := sameLocation(st, tt.gold, tt.pred)
		if v != tt.want || why != tt.why {
			t.Errorf("%q vs %q: %v %q, want %v %q", tt.gold, tt.pred, v, why, tt.want, tt.why)
		}
	}
	// An example's body starts after the keyword: a fragment from there
	// is located like any other.
	if v, why := sameLocation("example (x : ℕ) : x + 0 = x := by simp", "x + 0", "x + 0 = x"); v != eval.Equivalent {
		t.Errorf("example: %v (%s)", v, why)
	}
}
