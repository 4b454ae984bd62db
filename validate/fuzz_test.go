package validate

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/xeipuuv/gojsonschema"
)

// corpusLines returns every line of the files under testdata/bad, as seeds.
func corpusLines(t testing.TB) [][]byte {
	files, _ := filepath.Glob("../testdata/bad/*.jsonl")
	files = append(files, "../testdata/example/predictions.jsonl")
	var out [][]byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, bytes.Split(b, []byte("\n"))...)
	}
	return out
}

// checkFastAgrees is the differential property: whenever the fast path
// accepts a line, the schema accepts it too and the slow path reads the
// same row.
func checkFastAgrees(t *testing.T, v *Validator, line []byte) {
	fast, ok := fastRow(string(line), &strBuf{})
	if !ok {
		return
	}
	if !utf8.Valid(line) {
		t.Fatalf("fast path accepted invalid UTF-8: %q", line)
	}
	res, err := v.schema.Validate(gojsonschema.NewBytesLoader(line))
	if err != nil || !res.Valid() {
		t.Fatalf("fast path accepted a line the schema rejects: %q: %v %v", line, err, res.Errors())
	}
	w := &validator{Validator: v}
	slow, probs, ok := w.slowRow(line, 0)
	if !ok || len(probs) != 0 {
		t.Fatalf("fast path accepted %q; slow path: ok=%v problems=%v", line, ok, probs)
	}
	if fast != slow {
		t.Fatalf("rows differ for %q:\nfast %+v\nslow %+v", line, fast, slow)
	}
}

func TestFastPathAgreesWithSchema(t *testing.T) {
	v := newValidator(t)
	accepted := 0
	for _, line := range corpusLines(t) {
		checkFastAgrees(t, v, line)
		if _, ok := fastRow(string(line), &strBuf{}); ok {
			accepted++
		}
	}
	// Hand-picked lines at the edges of what the fast path accepts.
	edges := []string{
		`{"idx":"a","verdict":"aligned","error_category":"N/A","error_segment":null,"corrected_statement":"N/A"}`,
		`{"idx":"a","verdict":"misaligned","error_category":"\u0041","error_segment":"\"q\"\\","corrected_statement":"\ud835\udd5c"}`,
		`  {"corrected_statement":null,"error_segment":null,"error_category":null,"verdict":"aligned","idx":"x"}  `,
		`{"idx":"a","verdict":"misaligned","error_category":"","error_segment":"","corrected_statement":""}`,
		`{"idx":"a","verdict":"misaligned","error_category":"\ud800","error_segment":null,"corrected_statement":null}`,
	}
	for _, e := range edges {
		if _, ok := fastRow(e, &strBuf{}); !ok {
			t.Errorf("fast path should accept %s", e)
		}
		checkFastAgrees(t, v, []byte(e))
	}
	rejects := []string{
		`{"idx":"a","verdict":"Aligned","error_category":null,"error_segment":null,"corrected_statement":null}`,
		`{"idx":"a","verdict":"aligned","error_category":"","error_segment":null,"corrected_statement":null}`,
		`{"idx":"","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":null}`,
		`{"idx":"a","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":null,"x":1}`,
		`{"idx":"a","idx":"a","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":null}`,
		`{"idx":"a","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":nul}`,
		`{"idx":"a","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":null}x`,
		"{\"idx\":\"a\tb\",\"verdict\":\"aligned\",\"error_category\":null,\"error_segment\":null,\"corrected_statement\":null}",
		`{"idx":"a","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":"\x"}`,
	}
	for _, r := range rejects {
		if _, ok := fastRow(r, &strBuf{}); ok {
			t.Errorf("fast path must leave this to the schema: %s", r)
		}
	}
	if accepted < 20 {
		t.Errorf("fast path accepted only %d corpus lines", accepted)
	}
}

// FuzzFastPathAgreesWithSchema: fast path valid implies schema valid, on
// every input.
func FuzzFastPathAgreesWithSchema(f *testing.F) {
	for _, l := range corpusLines(f) {
		f.Add(l)
	}
	v := newValidator(f)
	f.Fuzz(func(t *testing.T, line []byte) {
		checkFastAgrees(t, v, line)
	})
}

// FuzzValidate runs whole files through the validator: it must never panic
// and must account for every expected id.
func FuzzValidate(f *testing.F) {
	files, _ := filepath.Glob("../testdata/bad/*.jsonl")
	for _, name := range files {
		b, _ := os.ReadFile(name)
		f.Add(b)
	}
	v := newValidator(f)
	ids := threeIDs(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		rep := v.Validate(&Source{Name: "fuzz.jsonl", Data: data}, Options{Expected: ids, KeepRows: true})
		if rep.Valid && rep.Missing.Count > 0 {
			t.Fatal("valid with missing ids")
		}
		if rep.Valid != (len(rep.Errors) == 0) {
			t.Fatal("Valid disagrees with the error list")
		}
		for _, r := range rep.Parsed {
			if r.Idx == "" {
				t.Fatal("parsed row without an id")
			}
		}
	})
}

// FuzzReadZip feeds arbitrary bytes to the zip reader: no panic, no
// inflation past the limit.
func FuzzReadZip(f *testing.F) {
	good := validRows(f)
	f.Add(makeZip(f, zipEntry{name: "p.jsonl", body: good}))
	f.Add(makeZip(f, zipEntry{name: "a.jsonl", body: good}, zipEntry{name: "b.jsonl", body: good}))
	f.Add(makeZip(f, zipEntry{name: "../evil.jsonl", body: good}))
	f.Add(makeZip(f))
	f.Add(makeZip(f, zipEntry{name: "p.jsonl", body: bytes.Repeat([]byte("a"), 1<<16)}))
	const limit = 1 << 16
	f.Fuzz(func(t *testing.T, data []byte) {
		src, err := ReadZip("f.zip", data, limit)
		if err != nil {
			return
		}
		if len(src.Data) > limit {
			t.Fatalf("inflated %d bytes past the limit", len(src.Data))
		}
		if hasError(src.Problems) && src.Data != nil {
			t.Fatal("data returned for a refused zip")
		}
	})
}

// FuzzIDs: the id readers never panic and never return duplicates.
func FuzzIDs(f *testing.F) {
	f.Add([]byte("formalrx_0001\nformalrx_0002\n"))
	f.Add([]byte(`{"idx":"formalrx_0001","formal_statement":"theorem t : True"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, read := range []func([]byte) (*IDSet, error){IDsFromInputs, func(b []byte) (*IDSet, error) { return IDsFromList(bytes.NewReader(b)) }} {
			s, err := read(data)
			if err != nil {
				continue
			}
			seen := map[string]bool{}
			for _, id := range s.IDs() {
				if seen[id] || !s.Has(id) {
					t.Fatalf("id %q duplicated or not found", id)
				}
				seen[id] = true
			}
		}
	})
}
