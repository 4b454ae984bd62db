package validate

import (
	"strings"
	"testing"
)

// TestRepair: the whole-file mistakes fix can undo without guessing become
// plain JSONL, strings kept as written; anything it cannot read whole is
// left alone (issue 20.2).
func TestRepair(t *testing.T) {
	a := `{"idx":"a","verdict":"aligned","s":"x,\n] {}"}`
	b := `{"idx":"b","verdict":"misaligned","n":1.50}`
	want := a + "\n" + b + "\n"
	for _, tt := range []struct {
		name, in, want, note string
	}{
		{"already JSONL", want, want, ""},
		{"BOM and CRLF", "\ufeff" + a + "\r\n" + b + "\r\n", want, "byte order mark"},
		{"CR-only line ends (an old Mac file)", a + "\r" + b + "\r", want, "made 2 CR-only line ends LF"},
		{"CR-only, no final CR", a + "\r" + b, a + "\n" + b, "made 1 CR-only line end LF"},
		{"CR-only and CRLF", a + "\r" + b + "\r\n", want, "CR-only line end"},
		{"a lone CR between two rows of an LF file", a + "\r" + b + "\n", want, "made 1 CR-only line end LF"},
		{"a raw CR inside a string is escaped, not a line end", `{"idx":"a","s":"x` + "\r" + `y"}` + "\n" + b + "\n", `{"idx":"a","s":"x\ry"}` + "\n" + b + "\n", `escaped 1 raw CR inside a JSON string as \r`},
		{"a raw CR inside a string of a CR-only file", `{"idx":"a","s":"x` + "\r" + `y"}` + "\r" + b + "\r", `{"idx":"a","s":"x\ry"}` + "\n" + b + "\n", "made 2 CR-only line ends LF"},
		{"a CR between the tokens of an object is white space", `{"idx":"a",` + "\r" + `"verdict":"aligned"}` + "\n" + b + "\n", `{"idx":"a",` + "\r" + `"verdict":"aligned"}` + "\n" + b + "\n", "left 1 CR inside an object"},
		{"a lone CR after the last line end", want + "\r", want, "removed 1 lone CR after the last row"},
		{"a BOM in the middle", a + "\n\ufeff" + b + "\n", want, "removed 1 byte order mark at the start of lines"},
		{"BOMs in the middle, CRLF", "\ufeff" + a + "\r\n\ufeff" + b + "\r\n", want, "byte order mark"},
		{"trailing commas", a + ",\n" + b + ",\n", want, "followed by commas"},
		{"a JSON array", "[\n  " + a + ",\n  " + b + "\n]\n", want, "a JSON array"},
		{"a JSON array on one line", "[" + a + ", " + b + "]\n", want, "a JSON array"},
		{"a JSON array on one line, no newline", "[" + a + "," + b + "]", want, "a JSON array"},
		{"an array line among objects is left alone", a + "\n[\"b\", 1]\n", a + "\n[\"b\", 1]\n", ""},
		{"pretty-printed", "{\n  \"idx\": \"a\",\n  \"verdict\": \"aligned\",\n  \"s\": \"x,\\n] {}\"\n}\n" + b, want, "spread over lines"},
		{"two on a line", a + b + "\n", want, "several on a line"},
		{"a broken object is left alone", a + ",\n{\"idx\": \"b\", \n", a + ",\n{\"idx\": \"b\", \n", ""},
		{"an array of non-objects is left alone", "[1, 2]\n", "[1, 2]\n", ""},
	} {
		got, notes := Repair([]byte(tt.in))
		if string(got) != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
		if tt.note != "" && !strings.Contains(strings.Join(notes, "; "), tt.note) {
			t.Errorf("%s: notes %q, want one mentioning %q", tt.name, notes, tt.note)
		}
		if tt.note == "" && tt.name != "already JSONL" && len(notes) > 0 {
			t.Errorf("%s: notes %q for a file left alone", tt.name, notes)
		}
	}
}

// FuzzRepair: Repair never panics, never loses an object it rewrites, and
// is idempotent.
func FuzzRepair(f *testing.F) {
	f.Add([]byte(`[{"a":1},{"b":"x"}]`))
	f.Add([]byte("{\"a\":1},\r\n{\"b\":2},\n"))
	f.Add([]byte("\ufeff{\n\"a\": [1,\n2]}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, _ := Repair(data)
		again, notes := Repair(out)
		if string(again) != string(out) {
			t.Fatalf("not idempotent: %q -> %q -> %q (%v)", data, out, again, notes)
		}
	})
}
