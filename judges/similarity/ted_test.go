package similarity

import (
	"math"
	"strings"
	"testing"
)

// tr builds a tree from a label and children.
func tr(label string, kids ...*Tree) *Tree { return &Tree{Label: label, Kids: kids} }

func TestTEDKnownDistances(t *testing.T) {
	tests := []struct {
		name string
		a, b *Tree
		want int
	}{
		// The example of Zhang & Shasha (1989), figure 2: distance 2
		// (delete c, insert c above d).
		{"zhang-shasha", tr("f", tr("d", tr("a"), tr("c", tr("b"))), tr("e")), tr("f", tr("c", tr("d", tr("a"), tr("b"))), tr("e")), 2},
		{"identical", tr("a", tr("b"), tr("c")), tr("a", tr("b"), tr("c")), 0},
		{"relabel root", tr("a"), tr("b"), 1},
		{"insert leaf", tr("a"), tr("a", tr("b")), 1},
		{"delete inner", tr("a", tr("b", tr("c"), tr("d"))), tr("a", tr("c"), tr("d")), 1},
		{"swap children", tr("a", tr("b"), tr("c")), tr("a", tr("c"), tr("b")), 2},
		{"empty vs chain", tr("x"), tr("a", tr("b", tr("c"))), 3},
		// From the classic python zss test suite: a(b(c d) e) vs a(c d e) → 1... and a(b c) vs a(d) → 2
		{"zss 1", tr("a", tr("b", tr("c"), tr("d")), tr("e")), tr("a", tr("c"), tr("d"), tr("e")), 1},
		{"zss 2", tr("a", tr("b"), tr("c")), tr("a", tr("d")), 2},
	}
	for _, tt := range tests {
		if got := TED(tt.a, tt.b); got != tt.want {
			t.Errorf("%s: TED = %d, want %d", tt.name, got, tt.want)
		}
		if got := TED(tt.b, tt.a); got != tt.want {
			t.Errorf("%s: TED is not symmetric: %d", tt.name, got)
		}
	}
}

func TestBLEU(t *testing.T) {
	toks := func(s string) []string { return strings.Fields(s) }
	// Identical sentences score 1.
	if got := SentenceBLEU(toks("a b c d e"), toks("a b c d e")); math.Abs(got-1) > 1e-12 {
		t.Errorf("identical: %v", got)
	}
	// By hand: cand "a b c d" vs ref "a b c e": p1 = 3/4, p2 = (2+1)/(3+1), p3 = (1+1)/(2+1),
	// p4 = (0+1)/(1+1); BP = 1.
	want := math.Pow(0.75*0.75*(2.0/3)*0.5, 0.25)
	if got := SentenceBLEU(toks("a b c d"), toks("a b c e")); math.Abs(got-want) > 1e-12 {
		t.Errorf("by hand: %v, want %v", got, want)
	}
	// Brevity: cand of 2 tokens vs ref of 4 → BP = e^(1-2).
	c := toks("a b")
	r := toks("a b c d")
	wantBP := math.Exp(-1) * math.Pow(1*(2.0/2)*(1.0/1)*(1.0/1), 0.25)
	if got := SentenceBLEU(c, r); math.Abs(got-wantBP) > 1e-12 {
		t.Errorf("brevity: %v, want %v", got, wantBP)
	}
	// Corpus BLEU without smoothing: no 4-gram match anywhere → 0.
	if got := CorpusBLEU([][]string{toks("a b c")}, [][]string{toks("a b c")}); got != 0 {
		t.Errorf("corpus without 4-grams: %v", got)
	}
	if got := CorpusBLEU([][]string{toks("a b c d"), toks("x y z w")}, [][]string{toks("a b c d"), toks("x y z w")}); math.Abs(got-1) > 1e-12 {
		t.Errorf("corpus identical: %v", got)
	}
	if tk := BLEUTokens("theorem foo (x : ℕ) : x = x := by sorry"); tk[1] != "thm" {
		t.Errorf("tokens %v", tk)
	}
}

func TestGTEDScore(t *testing.T) {
	s, by, ok := GTEDScore("theorem a (x : ℝ) : x ^ 2 = 1", "theorem b (y : ℝ) : y ^ 2 = 1")
	if !ok || s != 1 || by != "lean-ast" {
		t.Errorf("alpha-equivalent: %v %s", s, by)
	}
	s, by, _ = GTEDScore("theorem a (x : ℝ) : x ^ 2 = 1", "theorem a (x : ℝ) : x ^ 2 = 1 + 0")
	if by != "gted" || s <= 0.5 || s >= 1 {
		t.Errorf("close: %v %s", s, by)
	}
	a, _ := OperatorTree("theorem t (x y : ℝ) : (x + y) = 1")
	b, _ := OperatorTree("theorem t (x : ℝ) (y : ℝ) : x + y = 1")
	if TED(a, b) != 0 {
		t.Errorf("grouped binders and parentheses changed the tree: %d", TED(a, b))
	}
}
