package lean

import (
	"strings"
	"testing"
)

// TestTokens: the tokens span matching sees: projections after a closing
// bracket as ".field", dotted names whole, «quoted» names, hexadecimal and
// decimal numerals, Type* and ℕ+, string literals with escapes, comments
// dropped.
func TestTokens(t *testing.T) {
	src := `theorem t : (a, b).1 + x.foo + (f x).bar = «my name» 0x1F 2.50 Type* ℕ+ "a\"b" 007 -- gone` + "\n/- gone -/ y"
	want := []string{"theorem", "t", ":", "(", "a", ",", "b", ")", ".1", "+", "x.foo", "+", "(", "f", "x", ")", ".bar", "=",
		"«my name»", "0x1F", "2.50", "Type*", "ℕ+", `"a\"b"`, "007", "y"}
	got, err := Tokens(src)
	if err != nil || strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Tokens = %q, %v\nwant %q", got, err, want)
	}
	for _, tt := range []struct{ src, err string }{
		{"x = \xff", "invalid UTF-8 at byte 4"},
		{"x /- open", "unclosed comment at byte 2"},
		{`x = "abc`, "unclosed string at byte 4"},
		{"x = « open", "unclosed « at byte 4"},
	} {
		if toks, err := Tokens(tt.src); err == nil || err.Error() != tt.err || toks != nil {
			t.Errorf("Tokens(%q) = %q, %v; want the error %q", tt.src, toks, err, tt.err)
		}
	}
}

// TestNormNum: numerals are compared by value as Lean reads them; a
// decimal stays a decimal.
func TestNormNum(t *testing.T) {
	for in, want := range map[string]string{
		"7": "7", "007": "7", "0": "0", "000": "0", "10": "10",
		"0x1F": "31", "0x": "0x",
		"2.50": "2.5", "1.25": "1.25", "2.0": "2.0", "002.000": "2.0", "0.50": ".5",
	} {
		if got := normNum(in); got != want {
			t.Errorf("normNum(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestCompareMore: rows the comparison table in judge_test.go lacks:
// numerals by value, projections, symmetric operators and chains,
// conjunctive hypotheses, unused bound names, and which side did not parse.
func TestCompareMore(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want Result
		why  string
	}{
		{"theorem t : 0x10 = y", "theorem t : 16 = y", Same, ""},
		{"theorem t : 2.50 = x", "theorem t : 2.5 = x", Same, ""},
		{"theorem t : 2.0 = x", "theorem t : 2 = x", Undecided, "the statements differ only in how a numeral is written (2.0 vs 2), and its type is not known"},
		{"theorem t : x ^ 2 = 1", "theorem t : x ^ 3 = 1", Different, "the statements differ only in a numeral (2 vs 3)"},
		{"theorem t : x < 1", "theorem t : x ≤ 1", Different, "the statements differ only in an operator (< vs ≤)"},
		{"theorem t : (x).f = y", "theorem t : x.f = y", Same, ""},
		{"theorem t : (f x).g = y", "theorem t : f x.g = y", Undecided, "the normalized trees differ"},
		{"theorem t : a * b = c", "theorem t : b * a = c", Undecided, ""},
		{"theorem t : a ↔ b", "theorem t : b ↔ a", Same, ""},
		{"theorem t : a ∨ b ∨ c", "theorem t : c ∨ (b ∨ a)", Same, ""},
		{"theorem t (h : a ∧ b ∧ c) : d", "theorem t (h1 : a) (h2 : b) (h3 : c) : d", Same, ""},
		{"theorem t (h : a ∧ b) : d", "theorem t (h1 : a) : d", Undecided, ""},
		{"theorem t : ∀ x, 1 = 1", "theorem t : ∀ y, 1 = 1", Same, ""},
		{"theorem t : ∀ x, x = x", "theorem t : ∀ y, y = y", Same, ""},
		{"theorem t : ∀ x, ∀ y, x = y", "theorem t : ∀ y, ∀ x, x = y", Same, ""}, // = is symmetric
		{"theorem t : x = (", "theorem t : x = 1", Undecided, "cannot parse the gold statement (byte 17: expected a term, found the end)"},
		{"theorem t : x = 1", "theorem t : x = (", Undecided, "cannot parse the predicted statement (byte 17: expected a term, found the end)"},
		{"theorem t : x = 1", "theorem t : x = 1", Same, "the statements' normalized trees are equal"},
	} {
		got, why := Compare(tt.a, tt.b)
		if got != tt.want || tt.why != "" && why != tt.why {
			t.Errorf("Compare(%q, %q) = %v (%s), want %v (%s)", tt.a, tt.b, got, why, tt.want, tt.why)
		}
	}
}
