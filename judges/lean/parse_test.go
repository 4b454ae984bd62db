package lean

import (
	"strings"
	"testing"
)

// TestParsesPrefixesAndSkips: statements with attributes, coercion arrows,
// cardinality and derivative prefixes, big operators over a relation, and
// structure instances parse, and each is the same as itself and as its
// renamed or re-parenthesized twin.
func TestParsesPrefixesAndSkips(t *testing.T) {
	for _, tt := range [][2]string{
		{"@[simp] theorem t : x = 1", "theorem u : x = 1"},
		{"theorem t (n : ℕ) : ↑n = (2 : ℝ)", "theorem t (m : ℕ) : (↑m) = (2 : ℝ)"},
		{"theorem t : #s = 2", "theorem t : (#s) = 2"},
		{"theorem t : ∂ f = g", "theorem t : (∂ f) = g"},
		{"theorem t : ∑ i < n, f i = 0", "theorem t : ∑ j < n, f j = 0"},
		{"theorem t : p = {a := 1, b := 2}", "theorem t : p = {a := 1, b := 2}"},
	} {
		for _, s := range tt {
			if _, err := Parse(s); err != nil {
				t.Errorf("Parse(%q): %v", s, err)
			}
		}
		if r, why := Compare(tt[0], tt[1]); r != Same {
			t.Errorf("Compare(%q, %q) = %v (%s), want Same", tt[0], tt[1], r, why)
		}
	}
	// The relation of a big operator's domain matters.
	if r, _ := Compare("theorem t : ∑ i < n, f i = 0", "theorem t : ∑ i ≤ n, f i = 0"); r == Same {
		t.Error("∑ i < n and ∑ i ≤ n compared the same")
	}
}

// TestParseErrorPositions: an error names the byte of the offending token.
func TestParseErrorPositions(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"theorem t : x = theorem", "byte 16: unexpected keyword \"theorem\""},
		{"theorem t : x =", "byte 15: expected a term, found the end"},
		// A bare proposition must end where its term ends.
		{"x = 1 )", `unexpected ")"`},
		// The end right after a coercion arrow: found by the atom itself.
		{"theorem t : x = ↑", "byte 16: expected a term, found the end"},
	} {
		_, err := Parse(tt.src)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q): %v, want %q", tt.src, err, tt.want)
		}
	}
}

// TestBareProposition: a statement may be a bare proposition, without a
// declaration; it compares like the theorem that states it.
func TestBareProposition(t *testing.T) {
	if _, err := Parse("x + 1 = 2"); err != nil {
		t.Fatal(err)
	}
	if r, why := Compare("x + 1 = 2", "theorem t : x + 1 = 2"); r != Same {
		t.Errorf("bare vs theorem: %v (%s)", r, why)
	}
}

// TestFilterQuantifierBinders: ∀ᶠ and ∃ᶠ read one bound name, bare or in
// brackets with its type; several names (nested quantifiers in Lean's
// notation3 expansion) and a missing "in" are refused.
func TestFilterQuantifierBinders(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want Result
	}{
		{"theorem t (p : ℕ → Prop) : ∀ᶠ (x : ℕ) in Filter.atTop, p x", "theorem t (p : ℕ → Prop) : ∀ᶠ (y : ℕ) in Filter.atTop, p y", Same},
		{"theorem t (p : ℕ → Prop) : ∃ᶠ x : ℕ in Filter.atTop, p x", "theorem t (p : ℕ → Prop) : ∃ᶠ (y : ℕ) in Filter.atTop, p y", Same},
	} {
		if r, why := Compare(tt.a, tt.b); r != tt.want {
			t.Errorf("%s vs %s: %v (%s)", tt.a, tt.b, r, why)
		}
	}
	for src, msg := range map[string]string{
		"theorem t (p : ℕ → ℕ → Prop) : ∀ᶠ (x y : ℕ) in Filter.atTop, p x y": "over several names",
		"theorem t (p : ℕ → Prop) : ∀ᶠ x, p x":                               "is read only as",
	} {
		if _, err := Parse(src); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: %v, want an error saying %q", src, err, msg)
		}
	}
}
