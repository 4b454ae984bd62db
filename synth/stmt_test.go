package synth

import (
	"fmt"
	"strings"
	"testing"
)

// dumpTree prints a node as kind[its text] with its children.
func dumpTree(st *stmt, n *node) string {
	var b strings.Builder
	var walk func(n *node)
	walk = func(n *node) {
		fmt.Fprintf(&b, "%s[%s]", n.kind, st.nodeText(n))
		if len(n.kids) > 0 {
			b.WriteString("{")
			for i, k := range n.kids {
				if i > 0 {
					b.WriteString(" ")
				}
				walk(k)
			}
			b.WriteString("}")
		}
	}
	walk(n)
	return b.String()
}

// TestTreeShapes: the trees synth picks its mutation sites from are
// lean.Parse's trees over the tokens their spans cover: an if-then-else,
// attributes and modifiers, a big operator's body (term:67, so the ∑ ends
// before "+" and "="), |x| and the binders of a quantifier and a [MOD n]
// read as Lean reads them.
func TestTreeShapes(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"theorem t (x : ℝ) : (if x > 0 then x else -x) = 1 := sorry",
			"concl[(if x > 0 then x else -x) = 1]{bin[(if x > 0 then x else -x) = 1]{group[(if x > 0 then x else -x)]{ite[if x > 0 then x else -x]{bin[x > 0]{atom[x] atom[0]} atom[x] un[-x]{atom[x]}}} atom[1]}}"},
		{"theorem t (x : ℝ) : if x > 0 then x = 1 else x = 2 := sorry",
			"concl[if x > 0 then x = 1 else x = 2]{ite[if x > 0 then x = 1 else x = 2]{bin[x > 0]{atom[x] atom[0]} bin[x = 1]{atom[x] atom[1]} bin[x = 2]{atom[x] atom[2]}}}"},
		// Attributes and modifiers are not part of the conclusion.
		{"@[simp] private theorem t (x : ℕ) : x + 0 = x := sorry", "concl[x + 0 = x]{bin[x + 0 = x]{bin[x + 0]{atom[x] atom[0]} atom[x]}}"},
		{"theorem t : f (g x) = (1) := sorry", "concl[f (g x) = (1)]{bin[f (g x) = (1)]{app[f (g x)]{atom[f] group[(g x)]{app[g x]{atom[g] atom[x]}}} group[(1)]{atom[1]}}}"},
		{"theorem t (n : ℕ) : ∑ i ∈ range n, i + 1 = n := sorry",
			"concl[∑ i ∈ range n, i + 1 = n]{bin[∑ i ∈ range n, i + 1 = n]{bin[∑ i ∈ range n, i + 1]{quant[∑ i ∈ range n, i]{bin[i ∈ range n]{atom[i] app[range n]{atom[range] atom[n]}} atom[i]} atom[1]} atom[n]}}"},
		{"theorem t (f : ℝ → ℝ) : ∀ x y, |f x - f y| ≤ |x - y| ^ 2 := sorry",
			"concl[∀ x y, |f x - f y| ≤ |x - y| ^ 2]{quant[∀ x y, |f x - f y| ≤ |x - y| ^ 2]{seq[x y]{atom[x] atom[y]} bin[|f x - f y| ≤ |x - y| ^ 2]{group[|f x - f y|]{bin[f x - f y]{app[f x]{atom[f] atom[x]} app[f y]{atom[f] atom[y]}}} bin[|x - y| ^ 2]{group[|x - y|]{bin[x - y]{atom[x] atom[y]}} atom[2]}}}}"},
		{"theorem t : ∃ (p : ℕ) (q : ℤ), p = q := sorry",
			"concl[∃ (p : ℕ) (q : ℤ), p = q]{quant[∃ (p : ℕ) (q : ℤ), p = q]{seq[(p : ℕ) (q : ℤ)]{group[(p : ℕ)]{seq[p : ℕ]{atom[p] atom[ℕ]}} group[(q : ℤ)]{seq[q : ℤ]{atom[q] atom[ℤ]}}} bin[p = q]{atom[p] atom[q]}}}"},
		{"theorem t (a n : ℤ) : a ≡ 1 [ZMOD n + 1] := sorry",
			"concl[a ≡ 1 [ZMOD n + 1]]{bin[a ≡ 1 [ZMOD n + 1]]{atom[a] app[1 [ZMOD n + 1]]{atom[1] group[[ZMOD n + 1]]{app[ZMOD n + 1]{atom[ZMOD] bin[n + 1]{atom[n] atom[1]}}}}}}"},
	} {
		st, err := parseStmt(tt.src)
		if err != nil {
			t.Errorf("%s: %v", tt.src, err)
			continue
		}
		if got := dumpTree(st, st.concl); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
	if st, err := parseStmt("@[simp] private theorem t (x : ℕ) : x + 0 = x := sorry"); err != nil || len(st.binders) != 1 {
		t.Errorf("the binder after an attribute and a modifier is not read: %v", err)
	}
	// Text lean.Parse does not read has no tree: the error is the parser's.
	for src, want := range map[string]string{
		"theorem t (x : ℕ) : (x + 1 = 2 := sorry":                     "expected",
		"theorem t : x = 1 ∧ ¬ := sorry":                              `unexpected ":="`,
		"theorem t : " + strings.Repeat("- ", 500) + "x = 1 := sorry": "nested too deeply",
	} {
		if _, err := parseStmt(src); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%.40s: err = %v, want one saying %q", src, err, want)
		}
	}
}

// TestReadSourcesLineTooLong: a line past the 16 MB a source line may
// hold is an error naming that line (the line after the last one read).
func TestReadSourcesLineTooLong(t *testing.T) {
	in := `{"informal_statement":"I","formal_statement":"theorem a : 1 = 1 := sorry"}` + "\n" + strings.Repeat("x", 17<<20) + "\n"
	_, _, err := ReadSources(strings.NewReader(in))
	if err == nil || !strings.HasPrefix(err.Error(), "line 2: ") {
		t.Errorf("err = %v, want it to name line 2", err)
	}
}

// TestLocateAtTheEdges: the gold location of a change that writes nothing
// (a deletion) at the statement's first or last token is the node around
// that token, and a dropped binder's location is its neighbours, else the
// conclusion.
func TestLocateAtTheEdges(t *testing.T) {
	m, err := parseStmt("theorem t (a : ℕ) (h : 0 < a) : a ≠ 0 := sorry")
	if err != nil {
		t.Fatal(err)
	}
	if got := locate(m, 0, 0); got == "" {
		t.Error("a deletion before the first token has no location")
	}
	end := m.toks[m.end-1].End
	if got := locate(m, end, end); got != "a ≠ 0" {
		t.Errorf("a deletion after the last token: %q, want the conclusion", got)
	}
	hPos := m.toks[m.binders[1].n.lo].Pos
	for _, tt := range []struct {
		src  string
		at   int
		want string
	}{
		{"theorem t (a : ℕ) (h : 0 < a) : a ≠ 0 := sorry", hPos, "(a : ℕ) (h : 0 < a)"},
		{"theorem t (a : ℕ) (h : 0 < a) : a ≠ 0 := sorry", 0, "(a : ℕ)"},
		{"theorem t (a : ℕ) (h : 0 < a) : a ≠ 0 := sorry", end, "(h : 0 < a)"},
		{"theorem t : 1 ≠ 0 := sorry", 10, "1 ≠ 0"},
	} {
		st, err := parseStmt(tt.src)
		if err != nil {
			t.Fatal(err)
		}
		if got := neighbours(st, tt.at); got != tt.want {
			t.Errorf("%s at %d: %q, want %q", tt.src, tt.at, got, tt.want)
		}
	}
}
