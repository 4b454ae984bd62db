package eval

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestWritePerSampleLongTexts: a line with long texts, written apart from
// their line (issue 34.9), is byte for byte what the encoder writes, every
// character JSON escapes included; a text holding a mark is written whole.
func TestWritePerSampleLongTexts(t *testing.T) {
	tricky := "a\"b\\c\n\r\t\b\f\x00\x01\x1f\x7f <&> é 𝕜 \u2028\u2029 \xff\xfe end "
	long := strings.Repeat(tricky, longTextMin/len(tricky)+2)
	withMark := "\x00rxeval-text-0\x00"
	for _, tc := range []struct {
		name string
		o    Outcome
	}{
		{"long texts", Outcome{Idx: "a", Formal: long, Informal: "short", GoldCorrection: &long, PredCorrection: &long, PredSegment: &tricky}},
		{"a short text holds a mark", Outcome{Idx: "b" + withMark, Formal: long, PredSegment: &withMark}},
		{"a long text holds a mark", Outcome{Idx: "c", Formal: long + withMark, PredCorrection: &long}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := Document{Gold: "g.jsonl", Pred: "p.jsonl", Report: &Report{Outcomes: []Outcome{tc.o, tc.o}}}
			var got, want bytes.Buffer
			if err := d.WritePerSample(&got); err != nil {
				t.Fatal(err)
			}
			enc := json.NewEncoder(&want)
			enc.SetEscapeHTML(false)
			for i, o := range d.Outcomes {
				l := perSampleLine{Outcome: o}
				if i == 0 {
					l.Run = &RunInfo{Gold: d.Gold, Pred: d.Pred}
				}
				enc.Encode(l)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				i := 0
				for i < min(got.Len(), want.Len()) && got.Bytes()[i] == want.Bytes()[i] {
					i++
				}
				t.Fatalf("differs at byte %d:\ngot  %.80q\nwant %.80q", i, got.Bytes()[i:], want.Bytes()[i:])
			}
			if tc.o.PredCorrection != nil && *tc.o.PredCorrection != long {
				t.Errorf("the outcome's text was changed")
			}
		})
	}
}
