package lean

import (
	"errors"
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
		{"theorem t (x : ℝ) : x ^ 2 = 5", "theorem t (x : ℝ) : x ^ 3 = 5", Undecided, ""}, // they differ at √5, a point lean-ast does not try
		{"theorem t (x : ℕ) : x < 1", "theorem t (x : ℕ) : x ≤ 1", Different, "the statements differ only in an operator (< vs ≤): at the first variable = 1 the prediction's proposition holds and the gold's does not"},
		{"theorem t : (x).f = y", "theorem t : x.f = y", Same, ""},
		{"theorem t : (f x).g = y", "theorem t : f x.g = y", Undecided, "the normalized trees differ"},
		{"theorem t : a * b = c", "theorem t : b * a = c", Undecided, ""},
		{"theorem t : a ↔ b", "theorem t : b ↔ a", Same, ""},
		{"theorem t : a ∨ b ∨ c", "theorem t : c ∨ (b ∨ a)", Same, ""},
		{"theorem t (h : a ∧ b ∧ c) : d", "theorem t (h1 : a) (h2 : b) (h3 : c) : d", Same, ""},
		{"theorem t (h : a ∧ b) : d", "theorem t (h1 : a) : d", Undecided, ""},
		{"theorem t : ∀ x, 1 = 1", "theorem t : ∀ y, 1 = 1", Same, ""},
		{"theorem t : ∀ x, x = x", "theorem t : ∀ y, y = y", Same, ""},
		{"theorem t : ∀ x, ∀ y, x = y", "theorem t : ∀ y, ∀ x, x = y", Undecided, ""},              // = is symmetric only where its sides' types are known (orient)
		{"theorem t : ∀ x y : ℕ, x = y", "theorem t : ∀ y x : ℕ, x = y", Same, ""},                 // known and the same
		{"theorem t (f : ℕ → ℝ) : ∀ x, f x = 0", "theorem t (f : ℕ → ℝ) : ∀ x, 0 = f x", Same, ""}, // a numeral takes the other side's type
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

// TestNumberLiterals: numerals are read as Lean's number parsers read
// them, one token each, and fold to their value where Lean's OfNat does.
func TestNumberLiterals(t *testing.T) {
	for _, tt := range []struct {
		src  string
		toks []string // the token texts
		norm string   // normNum of the first token
	}{
		{"1e-3", []string{"1e-3"}, "1e-3"},
		{"2E+10", []string{"2E+10"}, "2E+10"},
		{"1.5e3", []string{"1.5e3"}, "1.5e3"},
		{"1e", []string{"1", "e"}, "1"},
		{"1e+", []string{"1", "e", "+"}, "1"},
		{"0o17", []string{"0o17"}, "15"},
		{"0O7", []string{"0O7"}, "7"},
		{"0o07", []string{"0o07"}, "7"},
		{"0o8", []string{"0", "o8"}, "0"},
		{"0b101", []string{"0b101"}, "5"},
		{"0b2", []string{"0", "b2"}, "0"},
		{"0xfF", []string{"0xfF"}, "255"},
		{"1_000", []string{"1_000"}, "1000"},
		{"2.50", []string{"2.50"}, "2.5"},
	} {
		toks, err := lex(tt.src)
		if err != nil {
			t.Errorf("%q: %v", tt.src, err)
			continue
		}
		var got []string
		for _, tk := range toks[:len(toks)-1] {
			got = append(got, tk.text)
		}
		if strings.Join(got, " ") != strings.Join(tt.toks, " ") {
			t.Errorf("%q lexes as %q, want %q", tt.src, got, tt.toks)
		}
		if n := normNum(got[0]); n != tt.norm {
			t.Errorf("normNum(%q) = %q, want %q", got[0], n, tt.norm)
		}
	}
}

// TestLeanWhiteSpace: space, LF and CRLF separate tokens; a tab, a lone
// CR and other Unicode spaces leave the text unread, as Lean refuses them.
func TestLeanWhiteSpace(t *testing.T) {
	for _, src := range []string{"theorem t :\r\n  x = 1", "theorem t :\n x = 1", "theorem t : x = 1"} {
		if _, err := Parse(src); err != nil {
			t.Errorf("%q: %v", src, err)
		}
	}
	// A digit separator must sit between digits (takeDigitsFn: after "_"
	// a digit is needed): 1_ and 1__0 are no numerals.
	for _, src := range []string{"theorem t : x = 1_", "theorem t : x = 1__0", "theorem t : x = 0x1_"} {
		if _, err := lex(src); !errors.Is(err, ErrNotModelled) {
			t.Errorf("%q: %v, want not modelled", src, err)
		}
	}
	for _, src := range []string{"theorem t :\tx = 1", "theorem t :\rx = 1", "theorem t :\u00a0x = 1", "theorem t :\u2003x = 1", "theorem t : x = 1\v"} {
		if _, err := lex(src); !errors.Is(err, ErrNotModelled) {
			t.Errorf("%q: %v, want not modelled", src, err)
		}
	}
}
