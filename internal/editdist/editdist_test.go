package editdist

import "testing"

func TestLevenshtein(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"score", "score", 0}, {"", "abc", 3}, {"abc", "", 3},
		{"valdate", "validate", 1}, {"socre", "score", 2}, {"kitten", "sitting", 3},
		{"ℝ", "ℕ", 1}, // runes, not bytes
	} {
		if got := Levenshtein(c.a, c.b); got != c.want {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := Levenshtein(c.b, c.a); got != c.want {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d (symmetry)", c.b, c.a, got, c.want)
		}
	}
}
