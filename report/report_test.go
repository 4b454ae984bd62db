package report

import (
	"bytes"
	"encoding/json"
	"strings"
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

// jsonOf is what encoding/json writes for v, without HTML escaping.
func jsonOf(t testing.TB, v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// The hand-written encoder writes what encoding/json writes, on the
// example's and on 7,030 ProofNet samples.
func TestEncodeMatchesJSON(t *testing.T) {
	docs, _ := exampleDocs(t)
	for _, all := range [][]sample{samples(docs), samples(largeDocs(t, 7030))} {
		if got, want := string(appendSamples(nil, all)), jsonOf(t, all); got != want {
			for i := range all {
				if g, w := string(all[i].appendJSON(nil)), jsonOf(t, all[i]); g != w {
					t.Fatalf("sample %d:\n got %s\nwant %s", i, g, w)
				}
			}
			t.Fatal("arrays differ")
		}
	}
	seg, miss := "x\u2028\"\\\t\x01\xff<&>", ""
	odd := sample{Idx: "a\nb", Gold: answer{Segment: &seg, Correction: &edit{M: seg}}, Preds: []answer{{Missing: true, Segment: &miss, Correction: &edit{}}, {OK: 31, LocWhy: "é"}}}
	if got, want := string(odd.appendJSON(nil)), jsonOf(t, odd); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

func FuzzJSONString(f *testing.F) {
	f.Add("theorem t : ∀ x, x ≤ 1 := sorry")
	f.Add("\x00\x1f\"\\\u2028\u2029\xff\xfe<>&")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := string(appendString(nil, s)), jsonOf(t, s); got != want {
			t.Fatalf("%q: got %s want %s", s, got, want)
		}
	})
}
