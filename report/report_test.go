package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/rxeval/rxeval/eval"
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
	odd := sample{Idx: "a\nb", Gold: answer{Segment: &seg, Correction: &edit{M: seg}}, Preds: []answer{{Missing: true, Segment: &miss, Correction: &edit{}}, {OK: 31, LocWhy: "é", Verdict: "Aligned<"}}}
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

// Build's summary, without a browser: the heat map and the decided-by
// counts each count every sample once, by hand on the example.
func TestBuildExample(t *testing.T) {
	docs, cmp := exampleDocs(t)
	d, err := Build(docs, cmp)
	if err != nil {
		t.Fatal(err)
	}
	if d.N != 5 || len(d.Systems) != 2 || d.Systems[1].Name != "predictions_b" || len(d.Labels) != 30 {
		t.Fatalf("summary: n %d, %d systems, %d labels", d.N, len(d.Systems), len(d.Labels))
	}
	at := func(l string) int {
		for i, x := range d.Labels {
			if x == l {
				return i
			}
		}
		t.Fatalf("no label %q", l)
		return -1
	}
	// The first system: formalrx_0004 (gold Positivity Constraint Error)
	// predicted Range Error; the aligned formalrx_0002 predicted aligned.
	s := d.Systems[0]
	cells := map[[2]int]int{}
	total := 0
	for _, c := range s.Confusion {
		cells[[2]int{c[0], c[1]}] = c[2]
		total += c[2]
	}
	if total != 5 || cells[[2]int{at("Positivity Constraint Error"), at("Range Error")}] != 1 || cells[[2]int{at(Aligned), at(Aligned)}] != 1 {
		t.Errorf("confusion = %v", s.Confusion)
	}
	for kind, by := range s.DecidedBy {
		n := 0
		for _, c := range by {
			n += c
		}
		if n != 5 {
			t.Errorf("%s decided-by counts %v sum to %d", kind, by, n)
		}
	}
	// By hand: localization null-rule 1 (aligned), stage-one 2, span 2;
	// correction null-rule 1, stage-one 1, lean-ast 2, undecided 1.
	if want := map[string]int{"null-rule": 1, "stage-one": 2, "span": 2}; !reflect.DeepEqual(s.DecidedBy["localization"], want) {
		t.Errorf("localization decided by %v, want %v", s.DecidedBy["localization"], want)
	}
	if want := map[string]int{"null-rule": 1, "stage-one": 1, "lean-ast": 2, "undecided": 1}; !reflect.DeepEqual(s.DecidedBy["correction"], want) {
		t.Errorf("correction decided by %v, want %v", s.DecidedBy["correction"], want)
	}
	// A system whose samples differ is refused.
	short := docs[1]
	r := *short.Report
	r.Outcomes = r.Outcomes[:3]
	short.Report = &r
	if _, err := Build([]eval.Document{docs[0], short}, nil); err == nil || !strings.Contains(err.Error(), "has 3 samples") {
		t.Errorf("different samples: %v", err)
	}
}

// The uncompressed first page: the first headSize samples wrong on joint
// for the first system, as [index, sample] pairs of valid JSON that no
// participant text can break out of.
func TestHead(t *testing.T) {
	evil := "</script><b>&"
	var all []sample
	for i := 0; i < 2*headSize+10; i++ {
		ok := 0
		if i%2 == 0 {
			ok = 31 // right on everything
		}
		all = append(all, sample{Idx: "s" + strings.Repeat("x", i%3) + string(rune('A'+i%26)), Formal: evil, Preds: []answer{{OK: ok, Category: evil}}})
	}
	h := head(all)
	if strings.ContainsAny(h, "<>&") {
		t.Fatalf("head carries raw <, > or &: %.200s", h)
	}
	var got [][2]json.RawMessage
	if err := json.Unmarshal([]byte(h), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != headSize {
		t.Fatalf("%d samples in the head, want %d", len(got), headSize)
	}
	for k, pair := range got {
		var i int
		var s struct {
			Fs string `json:"fs"`
			P  []struct {
				C string `json:"c"`
			} `json:"p"`
		}
		if err := json.Unmarshal(pair[0], &i); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(pair[1], &s); err != nil {
			t.Fatal(err)
		}
		if i != 2*k+1 || s.Fs != evil || s.P[0].C != evil {
			t.Errorf("head[%d] = sample %d %+v, want sample %d with its texts", k, i, s, 2*k+1)
		}
	}
}

// A hostile answer many megabytes long is shown clipped, with how much is
// left out: the page stays small, and writing it costs no copy of the text
// (a 200 MB correction took 1.27 GB to write, the same file scored without
// --html 0.43 GB).
func TestLongTextClipped(t *testing.T) {
	docs := largeDocs(t, 4)
	huge := "theorem t : " + strings.Repeat("x + ", 1<<20) + "1 = 1" // 4 MiB
	o := &docs[0].Outcomes[1]
	o.PredCorrection = &huge
	seg := strings.Repeat("é", 1<<19) // 1 MiB of two-byte runes: cut at a rune boundary
	o.PredSegment = &seg
	var page bytes.Buffer
	if err := Write(&page, docs, nil); err != nil {
		t.Fatal(err)
	}
	if page.Len() > 4<<20 {
		t.Errorf("page is %d bytes: the 4 MiB correction was not clipped", page.Len())
	}
	s := samples(docs)[1].Preds[0]
	if s.Correction == nil || len(s.Correction.M) > maxText+64 || !strings.HasSuffix(s.Correction.M, fmt.Sprintf("[%d more bytes not shown]", len(huge)-maxText)) {
		t.Errorf("correction not clipped with its note: %d bytes, ends %q", len(s.Correction.M), s.Correction.M[max(0, len(s.Correction.M)-60):])
	}
	if s.Segment == nil || !utf8.ValidString(*s.Segment) || !strings.Contains(*s.Segment, "more bytes not shown") {
		t.Errorf("segment not clipped at a rune boundary")
	}
	if short := samples(docs)[2].Preds[0]; short.Segment != nil && strings.Contains(*short.Segment, "not shown") {
		t.Errorf("a short text was clipped: %q", *short.Segment)
	}
}
