package eval

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestParseGoldShapes(t *testing.T) {
	data, err := os.ReadFile("../testdata/example/gold.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	g, shape, err := ParseGold(data)
	if err != nil || shape != Labelled || len(g) != 5 {
		t.Fatalf("labelled: %v %v %d", err, shape, len(g))
	}
	if g[1].Misaligned || !g[1].Segment.Null || g[0].Category != "Operator Confusion" || g[0].FormalStatement == "" {
		t.Errorf("rows: %+v %+v", g[0], g[1])
	}
	flat := `{"idx":"a","verdict":"Misaligned","error_category":"S2.4","error_segment":"x","corrected_statement":"y"}
{"idx":"b","verdict":"aligned","error_category":"N/A","error_segment":null,"corrected_statement":"N/A"}
`
	g, shape, err = ParseGold([]byte(flat))
	if err != nil || shape != Flat || g[0].Category != "Exponent/Power Error" || !g[1].Corrected.Null {
		t.Fatalf("flat: %v %v %+v", err, shape, g)
	}
	boolAligned := `{"idx":"a","diagnosis":{"aligned":true,"error_type":"N/A","error_location":"N/A","corrected_statement":"N/A"}}`
	if g, _, err := ParseGold([]byte(boolAligned)); err != nil || g[0].Misaligned {
		t.Fatalf("boolean aligned: %v %+v", err, g)
	}
}

func TestParseGoldErrors(t *testing.T) {
	tests := map[string]string{
		"":                      "no rows",
		"{":                     "line 1",
		`{"verdict":"aligned"}`: "no idx",
		`{"idx":"a","verdict":"maybe","error_category":null,"error_segment":null,"corrected_statement":null}`:                                                                                                                    "neither aligned nor misaligned",
		`{"idx":"a","verdict":"misaligned","error_category":null,"error_segment":"x","corrected_statement":"y"}`:                                                                                                                 "needs a category",
		`{"idx":"a","verdict":"aligned","error_category":null,"error_segment":null}`:                                                                                                                                             `"corrected_statement" is missing`,
		`{"idx":"a","diagnosis":{"aligned":"Aligned","error_type":"N/A","error_location":"N/A","corrected_statement":"N/A"}}` + "\n" + `{"idx":"b","verdict":"aligned"}`:                                                         "a flat row in a labelled file",
		`{"idx":"a","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":null}` + "\n" + `{"idx":"a","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":null}`: "already on line 1",
		`{"idx":"a","diagnosis":[1]}`: `field "diagnosis": got a JSON array`,
		// A value of the wrong type names its field (it said only "want a
		// string or null, got 1", with no field).
		`{"idx":"a","verdict":"aligned","error_category":5,"error_segment":null,"corrected_statement":null}`:                           `line 1: field "error_category": want a string or null, got 5`,
		`{"idx":5,"verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":null}`:                          `line 1: field "idx": want a string or null, got 5`,
		`{"idx":"a","diagnosis":{"aligned":1,"error_type":"N/A","error_location":"N/A","corrected_statement":"N/A"}}`:                  `line 1: field "diagnosis.aligned": want a string or null, got 1`,
		`{"idx":"a","diagnosis":{"aligned":"Misaligned","error_type":["Range Error"],"error_location":"x","corrected_statement":"y"}}`: `line 1: field "diagnosis.error_type": want a string or null, got ["Range Error"]`,
	}
	for in, want := range tests {
		_, _, err := ParseGold([]byte(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseGold(%q) = %v, want %q", in, err, want)
		}
	}
}

// FuzzScanGoldRow: whenever the scanner reads a row, encoding/json reads
// the same values from it.
func FuzzScanGoldRow(f *testing.F) {
	data, _ := os.ReadFile("../testdata/example/gold.jsonl")
	for _, l := range strings.Split(string(data), "\n") {
		f.Add(l)
	}
	f.Add(`{"idx":"a\u00e9\ud835\udd5c\ud800x","verdict":"aligned","error_category":null,"error_segment":"N/A","corrected_statement":"\"q\"\\\/\n","extra":true}`)
	f.Add(`{"idx":"a","diagnosis":{"aligned":false,"error_type":"S2.4","error_location":"x","corrected_statement":"y"}}`)
	f.Fuzz(func(t *testing.T, line string) {
		fast, ok := scanGoldRow(line, nil)
		if !ok {
			return
		}
		var slow goldRow
		if err := json.Unmarshal([]byte(line), &slow); err != nil {
			t.Fatalf("scanner read a row encoding/json rejects: %q: %v", line, err)
		}
		fd, sd := fast.Diagnosis, slow.Diagnosis
		fast.Diagnosis, slow.Diagnosis = nil, nil
		if fast != slow || (fd == nil) != (sd == nil) || (fd != nil && *fd != *sd) {
			t.Fatalf("scanner and encoding/json disagree on %q:\n%+v %+v\n%+v %+v", line, fast, fd, slow, sd)
		}
	})
}

// FuzzParseGold: whole gold files never panic the reader, and every row it
// returns has an id and, when misaligned, a known category.
func FuzzParseGold(f *testing.F) {
	data, _ := os.ReadFile("../testdata/example/gold.jsonl")
	f.Add(data)
	f.Add([]byte(`{"idx":"a","verdict":"misaligned","error_category":"S2.4","error_segment":"x","corrected_statement":"y"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rows, _, err := ParseGold(data)
		if err != nil {
			return
		}
		for _, g := range rows {
			if g.Idx == "" || (g.Misaligned && g.Category == "") {
				t.Fatalf("bad row %+v", g)
			}
		}
	})
}

// TestParseGoldWarnings: gold read otherwise than the rules write it is
// scored, and each departure is a warning naming the line, the id and the
// field as written (docs/rules.md, Gold labels); what leaves the truth in
// doubt stays an error. Nothing is read silently.
func TestParseGoldWarnings(t *testing.T) {
	const lab = `{"idx":"%s","diagnosis":{"aligned":%s,"error_type":%s,"error_location":%s,"corrected_statement":%s}}`
	row := func(idx, aligned, typ, loc, corr string) string {
		return fmt.Sprintf(lab, idx, aligned, typ, loc, corr)
	}
	for _, tt := range []struct {
		name, data string
		want       []string // GoldWarning.String(), in order
	}{
		{"clean", row("a", `"Misaligned"`, `"Range Error"`, `"x"`, `"y"`) + "\n" + row("b", `"Aligned"`, `"N/A"`, `null`, `"N/A"`), nil},
		{"disputed spelling", row("a", `"Misaligned"`, `"Geometric Error"`, `"x"`, `"y"`), nil},
		{"boolean verdict", row("a", `false`, `"Range Error"`, `"x"`, `"y"`), nil},
		{"filled on aligned", "\n" + row("a", `"Aligned"`, `"Range Error"`, `"x"`, `"N/A"`), []string{
			`2: a: diagnosis.error_type: "Range Error" on an aligned sample: ignored, the sample is scored as aligned (a prediction is right on it only with null here) [gold_filled_on_aligned]`,
			`2: a: diagnosis.error_location: "x" on an aligned sample: ignored, the sample is scored as aligned (a prediction is right on it only with null here) [gold_filled_on_aligned]`}},
		{"N/A on misaligned", row("a", `"Misaligned"`, `"Range Error"`, `"N/A"`, `null`), []string{
			`1: a: diagnosis.error_location: "N/A" on a misaligned sample: the gold has no answer here, and a prediction is right on it only with null [gold_null_on_misaligned]`,
			`1: a: diagnosis.corrected_statement: null on a misaligned sample: the gold has no answer here, and a prediction is right on it only with null [gold_null_on_misaligned]`}},
		{"empty on misaligned", row("a", `"Misaligned"`, `"Range Error"`, `" "`, `"y"`), []string{
			`1: a: diagnosis.error_location: an empty string (not null) on a misaligned sample: it names no fragment or statement to compare with [gold_empty_string]`}},
		{"category code", row("a", `"Misaligned"`, `"S3.5"`, `"x"`, `"y"`), []string{
			`1: a: diagnosis.error_type: "S3.5" is not written as the rules write it: read as "Geometric Relationship/Object Error" [gold_noncanonical_category]`}},
		{"verdict case", row("a", `"misaligned"`, `"Range Error"`, `"x"`, `"y"`), []string{
			`1: a: diagnosis.aligned: "misaligned" is not written as the rules write it: read as "Misaligned" [gold_noncanonical_verdict]`}},
		{"flat", `{"idx":"a","verdict":"Aligned","error_category":"S2.4","error_segment":null,"corrected_statement":null}`, []string{
			`1: a: verdict: "Aligned" is not written as the rules write it: read as "aligned" [gold_noncanonical_verdict]`,
			`1: a: error_category: "S2.4" on an aligned sample: ignored, the sample is scored as aligned (a prediction is right on it only with null here) [gold_filled_on_aligned]`}},
	} {
		g, _, warns, err := ParseGoldWarn([]byte(tt.data), nil)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		var got []string
		for _, w := range warns {
			got = append(got, w.String())
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s: warnings\n%s\nwant\n%s", tt.name, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
		if tt.name == "filled on aligned" && (g[0].Misaligned || g[0].Category != "" || !g[0].Segment.Null) {
			t.Errorf("filled on aligned: read as %+v, want an aligned sample with null fields", g[0])
		}
	}
	// Still errors: the truth in doubt.
	for data, want := range map[string]string{
		row("a", `"Misaligned"`, `"S3.9"`, `"x"`, `"y"`): `line 1: diagnosis.error_type: "S3.9" is not one of the 28 SCI categories`,
		row("a", `"Misaligned"`, `"N/A"`, `"x"`, `"y"`):  `line 1: diagnosis.error_type: a misaligned sample needs a category`,
		row("a", `"Partly"`, `"N/A"`, `"x"`, `"y"`):      `line 1: diagnosis.aligned: "Partly" is neither aligned nor misaligned`,
		// The value as it is (a test-inputs row has every field null).
		row("a", `null`, `null`, `null`, `null`):  `line 1: diagnosis.aligned: null is neither aligned nor misaligned`,
		row("a", `"N/A"`, `null`, `null`, `null`): `line 1: diagnosis.aligned: "N/A" is neither aligned nor misaligned`,
	} {
		if _, _, _, err := ParseGoldWarn([]byte(data), nil); err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %s", data, err, want)
		}
	}
}

// TestParseGoldCategoryHint: an unknown gold category gets the "did you
// mean" the prediction reader gives (issue 32.5), a group of categories
// the same advice; one far from every name gets none.
func TestParseGoldCategoryHint(t *testing.T) {
	row := func(cat string) string {
		return `{"idx":"a","diagnosis":{"aligned":"Misaligned","error_type":` + cat + `,"error_location":"x","corrected_statement":"y"}}`
	}
	for cat, want := range map[string]string{
		`"Operator Confuson"`:   `did you mean "Operator Confusion"?`,
		`"Mathematical Object"`: `"Mathematical Object" is a group of categories; name one leaf category`,
		`"Wrong Thing"`:         "",
	} {
		_, _, _, err := ParseGoldWarn([]byte(row(cat)), nil)
		if err == nil {
			t.Fatalf("%s: no error", cat)
		}
		var h interface{ Hint() string }
		got := ""
		if errors.As(err, &h) {
			got = h.Hint()
		}
		if got != want {
			t.Errorf("%s: hint %q, want %q (error: %v)", cat, got, want, err)
		}
	}
}
