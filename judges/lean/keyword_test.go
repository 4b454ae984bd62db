package lean

import "testing"

// TestKeywordsAreLowercaseWords: isKeyword answers for every word of the
// keyword tables (its fast path takes a keyword to start with a lowercase
// ASCII letter).
func TestKeywordsAreLowercaseWords(t *testing.T) {
	for _, table := range []map[string]bool{commands, declKeywords, modifiers} {
		for w := range table {
			if !isKeyword(w) {
				t.Errorf("isKeyword(%q) is false", w)
			}
		}
	}
	for _, w := range []string{"x", "Real", "ℝ", "h₀", "", "_"} {
		if isKeyword(w) {
			t.Errorf("isKeyword(%q) is true", w)
		}
	}
}
