package validate

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/rxeval/rxeval/schema"
)

func TestCanonicalize(t *testing.T) {
	tests := []struct {
		name, in, want string
		rewrites       []Rewrite
	}{
		{"canonical untouched",
			`{"idx":"a","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":null}`,
			`{"idx":"a","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":null}`, nil},
		{"verdict case and spaces",
			`{"idx": "a",  "verdict" : " Misaligned ", "error_category": "Missing Premise"}`,
			`{"idx": "a",  "verdict" : "misaligned", "error_category": "Missing Premise"}`,
			[]Rewrite{{Line: 1, Idx: "a", Field: "verdict", From: " Misaligned ", To: "misaligned"}}},
		{"code and spelling",
			"{\"verdict\":\"misaligned\",\"error_category\":\"S2.4\",\"idx\":\"b\"}\n{\"idx\":\"c\",\"verdict\":\"misaligned\",\"error_category\":\"exponent/power error\"}\n",
			"{\"verdict\":\"misaligned\",\"error_category\":\"Exponent/Power Error\",\"idx\":\"b\"}\n{\"idx\":\"c\",\"verdict\":\"misaligned\",\"error_category\":\"Exponent/Power Error\"}\n",
			[]Rewrite{{Line: 1, Idx: "b", Field: "error_category", From: "S2.4", To: "Exponent/Power Error"}, {Line: 2, Idx: "c", Field: "error_category", From: "exponent/power error", To: "Exponent/Power Error"}}},
		{"line 1 after a byte order mark",
			"\ufeff{\"idx\":\"b\",\"verdict\":\"MISALIGNED\",\"error_category\":\"S2.3\"}\n",
			"\ufeff{\"idx\":\"b\",\"verdict\":\"misaligned\",\"error_category\":\"Operator Confusion\"}\n",
			[]Rewrite{{Line: 1, Idx: "b", Field: "verdict", From: "MISALIGNED", To: "misaligned"}, {Line: 1, Idx: "b", Field: "error_category", From: "S2.3", To: "Operator Confusion"}}},
		{"disputed spelling kept",
			`{"idx":"a","verdict":"misaligned","error_category":"Geometric Error"}`,
			`{"idx":"a","verdict":"misaligned","error_category":"Geometric Error"}`, nil},
		{"escaped value",
			`{"idx":"a","verdict":"\u0041ligned"}`,
			`{"idx":"a","verdict":"aligned"}`,
			[]Rewrite{{Line: 1, Idx: "a", Field: "verdict", From: "Aligned", To: "aligned"}}},
		{"nested field of the same name untouched",
			`{"idx":"a","x":{"verdict":"Aligned"},"verdict":"aligned"}`,
			`{"idx":"a","x":{"verdict":"Aligned"},"verdict":"aligned"}`, nil},
		{"unknown values and broken lines untouched",
			"{\"idx\":\"a\",\"verdict\":\"maybe\",\"error_category\":\"Wrong Thing\"}\n{\"idx\":\"b\",\"verdict\":\"Aligned\"\nnot json\n",
			"{\"idx\":\"a\",\"verdict\":\"maybe\",\"error_category\":\"Wrong Thing\"}\n{\"idx\":\"b\",\"verdict\":\"Aligned\"\nnot json\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, rw := Canonicalize([]byte(tt.in))
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			if len(rw) != len(tt.rewrites) {
				t.Fatalf("rewrites = %+v, want %+v", rw, tt.rewrites)
			}
			for i := range rw {
				if rw[i] != tt.rewrites[i] {
					t.Errorf("rewrite %d = %+v, want %+v", i, rw[i], tt.rewrites[i])
				}
			}
		})
	}
}

// TestCanonicalizeMakesCorpusCanonical: every file of the malformed corpus
// whose only errors are spellings is valid after Canonicalize.
func TestCanonicalizeMakesCorpusCanonical(t *testing.T) {
	v := newValidator(t)
	for _, f := range []string{"verdict_capitalised.jsonl", "verdict_upper_spaces.jsonl", "code_as_category.jsonl", "lowercase_category.jsonl"} {
		src, err := ReadSource("../testdata/bad/"+f, 0)
		if err != nil {
			t.Fatal(err)
		}
		fixed, rw := Canonicalize(src.Data)
		if len(rw) == 0 {
			t.Errorf("%s: nothing rewritten", f)
		}
		rep := v.Validate(&Source{Name: f, Data: fixed}, Options{Expected: threeIDs(t)})
		if !rep.Valid {
			t.Errorf("%s after Canonicalize: %v", f, rep.Errors)
		}
	}
}

// FuzzCanonicalize: the output is canonical (a second pass changes nothing)
// and differs from the input only inside the rewritten values.
func FuzzCanonicalize(f *testing.F) {
	f.Add([]byte(`{"idx":"a","verdict":"Aligned","error_category":"S2.4"}` + "\n"))
	f.Add([]byte(`{"verdict":" MISALIGNED","error_category":"power error","verdict":"aligned"}`))
	f.Add([]byte("{\"idx\":\"\\u00e9\",\"verdict\":\"Misaligned\"}\r\n\n[1]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, rw := Canonicalize(data)
		again, rw2 := Canonicalize(out)
		if len(rw2) != 0 || !bytes.Equal(again, out) {
			t.Fatalf("not idempotent: %q -> %q -> %q (%v)", data, out, again, rw2)
		}
		if len(rw) == 0 && !bytes.Equal(out, data) {
			t.Fatalf("changed without a rewrite: %q -> %q", data, out)
		}
		if strings.Count(string(out), "\n") != strings.Count(string(data), "\n") {
			t.Fatalf("line count changed: %q -> %q", data, out)
		}
	})
}

// FuzzLineEditsInPlace: the in-place reader finds the edits the decoder
// found (the same spans, texts and rewrites) on every line.
func FuzzLineEditsInPlace(f *testing.F) {
	for _, s := range []string{
		`{"idx":"a","verdict":"Aligned","error_category":"S2.4"}`,
		`{"verdict":" MISALIGNED","error_category":"power error","verdict":"aligned"}`,
		`{"idx":"\u00e9","verdict":"Misaligned","x":[1,{"verdict":"Aligned"}],"n":-1.5e3}`,
		`  {"idx" : "b" , "error_category" : "s2.3" , "corrected_statement" : "a \"b\" \\ c"}  `,
		`{"idx":"b","verdict":"Aligned"} {"x":1}`,
		`{"idx":"b","verdict":"Aligned"`, `{"verdict":true,"error_category":null}`, "{\"verdict\":\"Al\xffigned\"}", `{"ver\u0064ict":"Aligned"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if bytes.IndexByte(line, '\n') >= 0 {
			return
		}
		got, want := lineEdits(line), lineEditsDecoder(line)
		if len(got) == 0 && len(want) == 0 {
			return
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\nin place %+v\ndecoder  %+v", line, got, want)
		}
	})
}

// lineEditsDecoder is lineEdits as it was, with a json.Decoder: the
// oracle of FuzzLineEditsInPlace. It finds the top-level verdict and error_category values of one
// line that need rewriting, in order.
func lineEditsDecoder(line []byte) []edit {
	if !bytes.Contains(line, []byte(schema.FieldVerdict)) && !bytes.Contains(line, []byte(schema.FieldErrorCategory)) {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var edits []edit
	idx := ""
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil
		}
		key, _ := t.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil
		}
		end := int(dec.InputOffset())
		var s string
		if json.Unmarshal(raw, &s) != nil {
			continue // null, or not a string: nothing to rewrite
		}
		to := ""
		switch key {
		case schema.FieldIdx:
			idx = s
		case schema.FieldVerdict:
			if misaligned, ok := parseVerdict(s); ok {
				to = "aligned"
				if misaligned {
					to = "misaligned"
				}
			}
		case schema.FieldErrorCategory:
			if c, m := schema.Lookup(s); m == schema.Normalized {
				to = c.Name
			}
		}
		if to == "" || to == s {
			continue
		}
		text, _ := json.Marshal(to)
		edits = append(edits, edit{from: end - len(raw), to: end, text: text, rewrite: Rewrite{Field: key, From: s, To: to}})
	}
	if _, err := dec.Token(); err != nil {
		return nil // not one well-formed object: leave the line alone
	}
	for i := range edits {
		edits[i].rewrite.Idx = strings.Clone(idx)
	}
	return edits
}
