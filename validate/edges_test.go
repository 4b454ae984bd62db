package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestReadLimitedKnownSize: a reader whose size is known (a regular file
// that cannot be mapped) is read whole up to the limit, and over it
// reports over and keeps nothing; small sizes too.
func TestReadLimitedKnownSize(t *testing.T) {
	for _, tt := range []struct {
		n, limit int64
		over     bool
	}{
		{6, 6, false}, {6, 5, true}, {6, 100, false}, {3 << 10, 3 << 10, false}, {3 << 10, 3<<10 - 1, true},
	} {
		in := bytes.Repeat([]byte("x"), int(tt.n))
		data, over, err := readLimited(bytes.NewReader(in), tt.n, tt.limit)
		if err != nil || over != tt.over {
			t.Errorf("%d bytes, limit %d: over %v, %v; want over %v", tt.n, tt.limit, over, err, tt.over)
		}
		if !tt.over && !bytes.Equal(data, in) {
			t.Errorf("%d bytes, limit %d: read %d bytes", tt.n, tt.limit, len(data))
		}
	}
}

// TestSourceClose: Close unmaps once, and is harmless on a nil or unmapped
// source.
func TestSourceClose(t *testing.T) {
	if err := (*Source)(nil).Close(); err != nil {
		t.Error(err)
	}
	if err := (&Source{Data: []byte("x")}).Close(); err != nil {
		t.Error(err)
	}
	calls := 0
	s := &Source{Data: []byte("x"), unmap: func() error { calls++; return fmt.Errorf("unmap %d", calls) }}
	if err := s.Close(); err == nil || err.Error() != "unmap 1" || s.Data != nil {
		t.Errorf("first Close: %v, data %q", err, s.Data)
	}
	if err := s.Close(); err != nil || calls != 1 {
		t.Errorf("second Close: %v after %d unmaps", err, calls)
	}
}

// TestClip: a long text is cut on a rune boundary at most maxText bytes in,
// saying its length; a short one is kept.
func TestClip(t *testing.T) {
	if got := clip("short"); got != "short" {
		t.Errorf("clip(short) = %q", got)
	}
	for _, pad := range []int{0, 1, 2} {
		// A 3-byte rune straddling byte maxText (or ending right before it).
		s := strings.Repeat("a", maxText-pad) + strings.Repeat("€", 100)
		got := clip(s)
		head, tail, ok := strings.Cut(got, "... (")
		if !ok || tail != fmt.Sprintf("%d bytes in all)", len(s)) || !utf8.ValidString(head) || len(head) > maxText || len(head) < maxText-2 || !strings.HasPrefix(s, head) {
			t.Errorf("pad %d: clip = %q (%d bytes before the note)", pad, got, len(head))
		}
	}
	// Invalid UTF-8 with no rune start at all: cut to nothing, never
	// before the text.
	if got := clip(strings.Repeat("\x80", 300)); got != "... (300 bytes in all)" {
		t.Errorf("continuation bytes: %q", got)
	}
	p := Problem{Code: CodeMissingField, Message: "m"}
	if p.String() != "missing_field: m" {
		t.Errorf("%q", p.String())
	}
	p.Hint = "h"
	if p.String() != "missing_field: m (h)" {
		t.Errorf("%q", p.String())
	}
}

// TestIDsFromInputsLine: the line named in an error is the file's.
func TestIDsFromInputsLine(t *testing.T) {
	_, err := IDsFromInputs([]byte("{\"idx\":\"formalrx_0001\"}\n{\"formal_statement\":\"x\"}\n"))
	if err == nil || err.Error() != `line 2: no "idx" field` {
		t.Errorf("err = %v", err)
	}
}

// TestZipCounts: the zip's problems beyond those listed are counted, and
// so are the names beyond the first five of a zip with several files.
func TestZipCounts(t *testing.T) {
	var unsafe, many []zipEntry
	for i := range 13 {
		unsafe = append(unsafe, zipEntry{name: fmt.Sprintf("../p%d.jsonl", i), body: []byte("x")})
	}
	for i := range 7 {
		many = append(many, zipEntry{name: fmt.Sprintf("p%d.jsonl", i), body: []byte("x")})
	}
	src, err := ReadZip("u.zip", makeZip(t, unsafe...), 1<<20)
	if err != nil || len(src.Problems) != 11 || src.Problems[10].Message != "... and 3 more entries like the above" {
		t.Errorf("13 unsafe entries: %v, %d problems, last %+v", err, len(src.Problems), src.Problems[len(src.Problems)-1])
	}
	src, err = ReadZip("m.zip", makeZip(t, many...), 1<<20)
	if err != nil || len(src.Problems) != 1 || !strings.Contains(src.Problems[0].Message, `("p0.jsonl", "p1.jsonl", "p2.jsonl", "p3.jsonl", "p4.jsonl", and 2 more)`) {
		t.Errorf("7 entries: %v %+v", err, src.Problems)
	}
}

// TestWriteZipReadsBack: the zip pack writes holds one .jsonl entry with
// the data, named from the file's base name.
func TestWriteZipReadsBack(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteZip(&buf, `dir\sub/preds`, []byte("row\n")); err != nil {
		t.Fatal(err)
	}
	src, err := ReadZip("s.zip", buf.Bytes(), 1<<20)
	if err != nil || len(src.Problems) != 0 || string(src.Data) != "row\n" || src.Name != "s.zip!/preds.jsonl" {
		t.Errorf("%v %+v", err, src)
	}
}

// TestMaxErrorsCount: the line under a capped listing counts what was
// left out.
func TestMaxErrorsCount(t *testing.T) {
	v := newValidator(t)
	src, err := ReadSource("../testdata/bad/truncated.jsonl", 0)
	if err != nil {
		t.Fatal(err)
	}
	rep := v.Validate(src, Options{Expected: threeIDs(t)})
	n := len(rep.Errors)
	if n < 2 {
		t.Fatalf("%d errors, want at least 2", n)
	}
	var buf bytes.Buffer
	rep.WriteText(&buf, 1, false)
	want := fmt.Sprintf("... %d more error", n-1)
	if !strings.Contains(buf.String(), want) {
		t.Errorf("no %q in\n%s", want, buf.String())
	}
}

// TestWithout drops the problems of the given codes from the listing and
// the counts; a report left without errors is valid.
func TestWithout(t *testing.T) {
	v := newValidator(t)
	read := func(name string) *Report {
		src, err := ReadSource("../testdata/bad/"+name, 0)
		if err != nil {
			t.Fatal(err)
		}
		return v.Validate(src, Options{Expected: threeIDs(t)})
	}
	r := read("missing_rows.jsonl")
	if r.Valid || r.ErrorCount == 0 {
		t.Fatalf("missing_rows: valid %v with %d errors", r.Valid, r.ErrorCount)
	}
	if w := r.Without(CodeMissingID); !w.Valid || w.ErrorCount != 0 || len(w.Errors) != 0 {
		t.Errorf("without missing_id: valid %v, %d errors %v", w.Valid, w.ErrorCount, w.Errors)
	}
	if w := r.Without(CodeExtraField); w.Valid || w.ErrorCount != r.ErrorCount {
		t.Errorf("without another code: valid %v, %d errors (was %d)", w.Valid, w.ErrorCount, r.ErrorCount)
	}
	r = read("extra_field.jsonl")
	if r.WarningCount != 1 || len(r.Warnings) != 1 {
		t.Fatalf("extra_field: %d warnings %v", r.WarningCount, r.Warnings)
	}
	if w := r.Without(CodeExtraField); w.WarningCount != 0 || len(w.Warnings) != 0 || !w.Valid || r.WarningCount != 1 {
		t.Errorf("without extra_field: %d warnings %v (the original now %d)", w.WarningCount, w.Warnings, r.WarningCount)
	}
}

// TestHugeNumbers: a JSON number out of float64's range (1e99999999) is
// valid JSON; in an extra field it is ignored with the extra_field warning
// every extra value gets, in a required field it is the field's wrong type,
// never a not_json for the whole row.
func TestHugeNumbers(t *testing.T) {
	v := newValidator(t)
	const ok2 = `{"idx": "formalrx_0002", "verdict": "aligned", "error_category": null, "error_segment": null, "corrected_statement": null}`
	const ok3 = `{"idx": "formalrx_0003", "verdict": "aligned", "error_category": null, "error_segment": null, "corrected_statement": null}`
	for _, tt := range []struct {
		name, row1 string
		errs       []string // "line:field:code"
		warns      []string
	}{
		{"extra field", `{"idx": "formalrx_0001", "verdict": "aligned", "error_category": null, "error_segment": null, "corrected_statement": null, "conf": 1e99999999}`,
			nil, []string{"1:conf:extra_field"}},
		{"nested and negative", `{"idx": "formalrx_0001", "verdict": "aligned", "error_category": null, "error_segment": null, "corrected_statement": null, "x": {"y": [-1e99999999, 1E+400]}}`,
			nil, []string{"1:x:extra_field"}},
		{"in the verdict", `{"idx": "formalrx_0001", "verdict": 1e99999999, "error_category": null, "error_segment": null, "corrected_statement": null}`,
			[]string{"1:verdict:bad_verdict"}, nil},
		{"in a text field", `{"idx": "formalrx_0001", "verdict": "misaligned", "error_category": "Range Error", "error_segment": 1e400, "corrected_statement": "theorem t : True := trivial"}`,
			[]string{"1:error_segment:wrong_type"}, nil},
	} {
		src := &Source{Name: "p.jsonl", Data: []byte(tt.row1 + "\n" + ok2 + "\n" + ok3 + "\n")}
		r := v.Validate(src, Options{Expected: threeIDs(t)})
		list := func(ps []Problem) []string {
			var out []string
			for _, p := range ps {
				out = append(out, fmt.Sprintf("%d:%s:%s", p.Line, p.Field, p.Code))
			}
			return out
		}
		if got, want := strings.Join(list(r.Errors), " "), strings.Join(tt.errs, " "); got != want {
			t.Errorf("%s: errors %q, want %q (%v)", tt.name, got, want, r.Errors)
		}
		if got, want := strings.Join(list(r.Warnings), " "), strings.Join(tt.warns, " "); got != want {
			t.Errorf("%s: warnings %q, want %q", tt.name, got, want)
		}
	}
}

// TestDuplicateKeysInPlace: the in-place scan finds the top-level keys
// given twice, keys written with escapes included, and ignores keys of
// nested objects and strings that look like keys.
func TestDuplicateKeysInPlace(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1,"b":2}`:                           "",
		`{"a":1,"a":2}`:                           "a",
		`{"idx":"x","id\u0078":"y"}`:              "idx",
		`{"a":{"b":1,"b":2},"c":[{"d":1,"d":2}]}`: "",
		`{"a":"\"b\":","b":"x\\","b":1}`:          "b",
		` { "k" : 1 , "k" : [ "k" , {"k":0} ] } `: "k",
	} {
		if got := strings.Join(duplicateKeys([]byte(in)), ","); got != want {
			t.Errorf("duplicateKeys(%s) = %q, want %q", in, got, want)
		}
	}
}

// TestDecodeRowKinds: a line that is JSON but not an object is named by
// its kind; an object's extra fields are present but not built.
func TestDecodeRowKinds(t *testing.T) {
	for in, want := range map[string]string{`[1]`: "an array", ` "s"`: "a string", `true`: "a boolean", `-1e999`: "a number", `null`: "null", `3`: "a number"} {
		obj, kind, _, err := decodeRow([]byte(in))
		if err != nil || obj != nil || kind != want {
			t.Errorf("%s: %v %q %v, want %q", in, obj, kind, err, want)
		}
	}
	obj, _, _, err := decodeRow([]byte(`{"idx":"a","x":[1,2,{"y":1e999}],"verdict":1e999}`))
	if err != nil || obj["idx"] != "a" || obj["x"] != nil || obj["verdict"] != json.Number("1e999") {
		t.Errorf("object: %#v %v", obj, err)
	}
	if _, ok := obj["x"]; !ok {
		t.Error("the extra field is not listed")
	}
}

// TestAuxFileMessages: errors reading an --ids or --inputs file name the
// line, the field and the limit, in words: never "bufio.Scanner: token too
// long" or a Go type ("Go struct field .idx of type string").
func TestAuxFileMessages(t *testing.T) {
	long := strings.Repeat("x", 2<<20)
	for _, c := range []struct {
		name string
		read func() error
		want string
	}{
		{"ids: a line over the limit", func() error { _, err := IDsFromList(strings.NewReader("a\nb\n" + long + "\n")); return err },
			"line 3: longer than the limit of 1048576 bytes (one id per line)"},
		{"ids: a repeated id", func() error { _, err := IDsFromList(strings.NewReader("a\nb\n a \n")); return err },
			`line 3: id "a" listed twice (first on line 1)`},
		{"ids: a JSON Lines file", func() error {
			_, err := IDsFromList(strings.NewReader("# ids\n" + `{"idx":"formalrx_0001","formal_statement":"x"}` + "\n"))
			return err
		}, "line 2 is a JSON object, not an id: this is a JSON Lines file, and an id list has one plain id per line (for a test-inputs file use --inputs)"},
		{"inputs: idx a number", func() error { _, err := IDsFromInputs([]byte(`{"idx":5,"formal_statement":"x"}` + "\n")); return err },
			`line 1: field "idx": want a string, got a number`},
		{"inputs: formal_statement an object", func() error {
			_, err := IDsFromInputs([]byte(`{"idx":"a","formal_statement":"x"}` + "\n" + `{"idx":"b","formal_statement":{"a":1}}` + "\n"))
			return err
		}, `line 2: field "formal_statement": want a string, got an object`},
		{"inputs: cut short", func() error { _, err := IDsFromInputs([]byte(`{"idx":"a"}` + "\n" + `{"idx":"b"` + "\n")); return err },
			`line 2: not valid JSON: the line ends before the object is closed`},
		{"inputs: a repeated id", func() error {
			_, err := IDsFromInputs([]byte(`{"idx":"a"}` + "\n\n" + `{"idx":"a"}` + "\n"))
			return err
		},
			`line 3: id "a" listed twice (first on line 1)`},
	} {
		err := c.read()
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: err = %v, want %q", c.name, err, c.want)
		}
	}
}

// TestNumberOutOfRange: a number no float64 holds is named as such, with
// its line, not "cannot unmarshal number 1e400 into Go value of type
// float64".
func TestNumberOutOfRange(t *testing.T) {
	src := &Source{Name: "p.jsonl", Data: []byte(`{"idx":"formalrx_0001","verdict":"misaligned","error_category":"Missing Premise","error_segment":"x","corrected_statement":1e400}` + "\n")}
	rep := newValidator(t).Validate(src, Options{Expected: threeIDs(t)})
	var msgs []string
	for _, p := range rep.Errors {
		msgs = append(msgs, p.String())
		if strings.Contains(p.Message, "Go ") || strings.Contains(p.Message, "float64") {
			t.Errorf("a Go type in the message: %q", p.Message)
		}
	}
	if len(rep.Errors) != 2 || rep.Errors[1].Field != "corrected_statement" || rep.Errors[1].Code != CodeWrongType {
		t.Errorf("errors = %q", msgs)
	}
}

// TestJSONHints: a byte order mark inside a line is named as one (not
// "invalid character 'ï'"), and NaN or Infinity gets a hint.
func TestJSONHints(t *testing.T) {
	v := newValidator(t)
	for _, c := range []struct{ line, msg, hint string }{
		{"{\"idx\": \"formalrx_0001\", \xef\xbb\xbf\"verdict\": \"aligned\"}", "a byte order mark (U+FEFF) at byte column 26", "remove it"},
		{`{"idx": "formalrx_0001", "verdict": "aligned", "x": NaN}`, "not valid JSON", "NaN and Infinity are not JSON"},
		{`{"idx": "formalrx_0001", "verdict": "aligned", "x": -Infinity}`, "not valid JSON", "NaN and Infinity are not JSON"},
		{"{\"idx\": \"formalrx_0001\", \"verdict\": \"misaligned\", \"error_segment\": \"a\rb\"}", "a raw control character CR (U+000D) inside a string at byte column 70", `rxeval fix FILE -o FIXED escapes every raw CR inside a string as \r`},
		{"{\"idx\": \"formalrx_0001\", \"verdict\": \"misaligned\", \"error_segment\": \"a\tb\"}", "a raw control character tab (U+0009) inside a string", `write it as \t`},
		{"{\"idx\": \"formalrx_0001\", \"verdict\": \"misaligned\", \"error_segment\": \"a\x01b\"}", "a raw control character U+0001 inside a string", `write it as \u0001`},
		{`{"idx": "formalrx_0001", "x": ` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `}`, "nested more than 10,000 levels deep", "nothing nested"},
	} {
		rep := v.Validate(&Source{Name: "p.jsonl", Data: []byte(c.line + "\n")}, Options{Expected: threeIDs(t)})
		found := false
		for _, p := range rep.Errors {
			if p.Code == CodeNotJSON && strings.Contains(p.Message, c.msg) && strings.Contains(p.Hint, c.hint) {
				found = true
			}
		}
		if !found {
			t.Errorf("%q: no not_json with %q and hint %q in %v", c.line, c.msg, c.hint, rep.Errors)
		}
	}
}

// TestWrongKindDiagnosisShape: a row with a formal_statement and a
// diagnosis that is an object or null is a test-inputs row; one whose
// diagnosis is an array or a string is a broken gold row, which the gold
// reader names by field, not "a test-inputs file".
func TestWrongKindDiagnosisShape(t *testing.T) {
	for _, c := range []struct {
		row    string
		inputs bool
	}{
		{`{"idx":"a","formal_statement":"x"}`, true},
		{`{"idx":"a","formal_statement":"x","diagnosis":null}`, true},
		{`{"idx":"a","formal_statement":"x","diagnosis":{"aligned":null}}`, true},
		{`{"idx":"a","formal_statement":"x","diagnosis":[]}`, false},
		{`{"idx":"a","formal_statement":"x","diagnosis":"Aligned"}`, false},
	} {
		p, ok := WrongKind([]byte(c.row + "\n"))
		if got := ok && strings.Contains(p.Message, "test-inputs"); got != c.inputs {
			t.Errorf("%s: read as a test-inputs file %v, want %v (%v)", c.row, got, c.inputs, p)
		}
	}
}
