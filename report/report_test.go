package report

import (
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// fromEdit rebuilds a text as the page does, on UTF-16 code units.
func fromEdit(base string, e *edit) string {
	b := utf16.Encode([]rune(base))
	out := append(append(append([]uint16(nil), b[:e.P]...), utf16.Encode([]rune(e.M))...), b[len(b)-e.S:]...)
	return string(utf16.Decode(out))
}

func TestEditRoundTrip(t *testing.T) {
	for _, c := range []struct{ base, text string }{
		{"theorem t (x : ℝ) : x ^ 2 ≥ 0 := sorry", "theorem t (x : ℝ) : x ^ 2 > 0 := sorry"},
		{"∀ ε > 0, ∃ δ", "∀ ε > 0, ∃ δ"},
		{"", "new"},
		{"old", ""},
		{"a𝕜b", "a𝔼b"}, // runes outside the BMP: two code units each
		{"≤≤", "≥≤"},   // same first byte, different rune
		{"aaa", "aa"},
		{"xyz", "xyzxyz"},
	} {
		e := toEdit(c.base, &c.text)
		if got := fromEdit(c.base, e); got != c.text {
			t.Errorf("edit %+v of %q gives %q, want %q", e, c.base, got, c.text)
		}
	}
	if toEdit("x", nil) != nil {
		t.Error("nil text")
	}
	long := "theorem meromorphicNFOn_mul_iff (f + g) U := sorry"
	fixed := "theorem meromorphicNFOn_mul_iff (f * g) U := sorry"
	if e := toEdit(long, &fixed); e.M != "*" {
		t.Errorf("edit carries %q, want only the change", e.M)
	}
}

func FuzzEdit(f *testing.F) {
	f.Add("theorem t : 1 ≤ 2", "theorem t : 1 < 2")
	f.Add("a𝕜b", "a𝔼b")
	f.Fuzz(func(t *testing.T, base, text string) {
		if !utf8Valid(base) || !utf8Valid(text) {
			return
		}
		if got := fromEdit(base, toEdit(base, &text)); got != text {
			t.Fatalf("%q of %q: got %q", text, base, got)
		}
	})
}

func utf8Valid(s string) bool { return utf8.ValidString(s) }
