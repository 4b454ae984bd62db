package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// diagnoseFile recognises whole-file mistakes that would otherwise be
// reported line by line: a compressed or binary file, a JSON array or
// pretty-printed JSON instead of JSON Lines, and a file of another kind (test
// inputs, gold labels, a per-sample report) given as predictions. It returns
// the one problem that says so, or false.
func diagnoseFile(data []byte) (Problem, bool) {
	if p, ok := Compressed(data); ok {
		return p, true
	}
	return diagnoseText(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
}

// Compressed reports a gzip, bzip2, xz or zstd file, whose bytes no line
// reader (nor fix) can use: the problem says to decompress it.
func Compressed(data []byte) (Problem, bool) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	switch {
	case bytes.HasPrefix(data, []byte{0x1f, 0x8b}):
		return Problem{Code: CodeNotJSONL, Message: "the file is gzip-compressed, not JSON Lines", Hint: "decompress it first (gunzip -k FILE); to upload, pack the .jsonl with rxeval pack"}, true
	case bytes.HasPrefix(data, []byte("BZh")), bytes.HasPrefix(data, []byte{0xfd, '7', 'z', 'X', 'Z'}), bytes.HasPrefix(data, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		return Problem{Code: CodeNotJSONL, Message: "the file is compressed (bzip2, xz or zstd), not JSON Lines", Hint: "decompress it first; to upload, pack the .jsonl with rxeval pack"}, true
	}
	return Problem{}, false
}

// diagnoseText is diagnoseFile on a file that is not compressed.
func diagnoseText(data []byte) (Problem, bool) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return Problem{}, false
	}
	if p, ok := CROnly(data); ok {
		return p, true
	}
	firstLine, _, _ := bytes.Cut(trimmed, []byte("\n"))
	firstLine = bytes.TrimSpace(firstLine)
	if trimmed[0] == '[' && json.Valid(trimmed) {
		var rows []json.RawMessage
		n := "a JSON array"
		if json.Unmarshal(trimmed, &rows) == nil {
			n = fmt.Sprintf("a JSON array of %d elements", len(rows))
		}
		return Problem{Code: CodeNotJSONL, Message: "the file is " + n + ", not JSON Lines (one object per line)", Hint: "write one object per line: rxeval fix FILE -o FIXED.jsonl (or jq -c '.[]' FILE)"}, true
	}
	if trimmed[0] == '{' && !json.Valid(firstLine) {
		// Objects spread over several lines: pretty-printed JSON.
		dec := json.NewDecoder(bytes.NewReader(trimmed))
		n := 0
		for {
			var v json.RawMessage
			if err := dec.Decode(&v); err != nil {
				break
			}
			n++
		}
		lines := bytes.Count(trimmed, []byte("\n")) + 1
		if n > 0 && lines > n && dec.InputOffset() == int64(len(trimmed)) {
			return Problem{Code: CodeNotJSONL, Message: fmt.Sprintf("the file is pretty-printed JSON (%d objects over %d lines), not JSON Lines (one object per line)", n, lines), Hint: "write each object on one line: rxeval fix FILE -o FIXED.jsonl (or jq -c . FILE)"}, true
		}
	}
	if p, ok := trailingCommas(trimmed); ok {
		return p, true
	}
	return wrongKind(firstLine)
}

// trailingCommas recognises JSON Lines with a comma after every object
// (an array's rows pasted without the brackets): one problem, not a parse
// error per line and every id "missing".
func trailingCommas(data []byte) (Problem, bool) {
	// Lines are walked in place, and the walk stops at the second line
	// without a comma: no allocation per line (a file of millions of
	// broken lines must stay cheap).
	lines, commas, without := 0, 0, 0
	for rest := data; len(rest) > 0; {
		l := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			l, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		l = bytes.TrimSpace(l)
		if len(l) == 0 {
			continue
		}
		lines++
		if bytes.HasSuffix(l, []byte(",")) && json.Valid(l[:len(l)-1]) {
			commas++
		} else if without++; without > 1 {
			return Problem{}, false
		}
	}
	// Every line, or every line but one (the last often has none).
	if commas == 0 || commas < lines-1 {
		return Problem{}, false
	}
	return Problem{Code: CodeNotJSONL, Message: fmt.Sprintf("%d of %s %s followed by a comma; JSON Lines has none", commas, plural(lines, "object"), map[bool]string{true: "is", false: "are"}[commas == 1]), Hint: "remove the commas at the ends of the lines (rxeval fix FILE -o FIXED does it)"}, true
}

// WrongKind recognises a file whose first row belongs to another kind of
// file (test inputs, gold labels, a per-sample report) than predictions:
// the wrong_file_kind problem validate gives, for a reader of another kind
// of file (score's --gold) to say what the file is.
func WrongKind(data []byte) (Problem, bool) {
	trimmed := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	firstLine, _, _ := bytes.Cut(trimmed, []byte("\n"))
	return wrongKind(bytes.TrimSpace(firstLine))
}

// wrongKind recognises a first row that belongs to another kind of file.
func wrongKind(line []byte) (Problem, bool) {
	// Values as slices of the line: a json.RawMessage is a copy, one more
	// of a 100 MB row on every validate and score (issue 34.9).
	var row map[string]rawValue
	if json.Unmarshal(line, &row) != nil {
		return Problem{}, false
	}
	has := func(k string) bool { _, ok := row[k]; return ok }
	if has("verdict") {
		return Problem{}, false // a prediction row, however broken
	}
	kind, hint := "", ""
	switch {
	case has("verdict_ok") || has("joint_ok"):
		kind, hint = "a per-sample report (rxeval score --per-sample)", "it is an output of rxeval score, not an input to validate"
	case has("diagnosis") && (has("formal_statement") || has("idx")) && hasFilledDiagnosis(row["diagnosis"]):
		kind, hint = "a gold-label file", "score against it with rxeval score --gold FILE PRED"
	case (has("formal_statement") || has("informal_statement")) && diagnosisShape(row["diagnosis"]):
		kind, hint = "a test-inputs file", "pass it with --inputs FILE to check predictions for those ids"
	default:
		return Problem{}, false
	}
	return Problem{Line: 1, Code: CodeWrongFileKind, Message: "this is " + kind + ", not a prediction file", Hint: hint}, true
}

// hasFilledDiagnosis reports whether a diagnosis object carries labels (the
// public test inputs have one with every field null).
// diagnosisShape reports whether raw is absent, null or an object, as a
// test-inputs row's diagnosis is: a row whose diagnosis is an array or a
// string is a broken gold row, which the gold reader names field by
// field, not a file of another kind.
func diagnosisShape(raw rawValue) bool {
	t := bytes.TrimSpace(raw)
	return len(t) == 0 || string(t) == "null" || t[0] == '{'
}

func hasFilledDiagnosis(raw rawValue) bool {
	var d map[string]any
	if json.Unmarshal(raw, &d) != nil {
		return false
	}
	for _, v := range d {
		if v != nil {
			return true
		}
	}
	return false
}
