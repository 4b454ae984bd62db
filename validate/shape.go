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
	if l, ok := readLayout(trimmed, firstLine); ok {
		return l.problem(), true
	}
	return wrongKind(firstLine)
}

// layout is how a file that is JSON but not JSON Lines is laid out: a JSON
// array (of n elements), n pretty-printed objects over lines, or n objects
// of which commas are followed by a comma.
type layout struct {
	kind             string // "array", "pretty" or "commas"
	n, lines, commas int
}

// readLayout recognises a JSON array, pretty-printed JSON and a comma
// after each object, for every reader of JSON Lines (predictions, gold).
// The values are walked in place: nothing of the file is copied.
func readLayout(trimmed, firstLine []byte) (layout, bool) {
	if len(trimmed) == 0 {
		return layout{}, false
	}
	if trimmed[0] == '[' && json.Valid(trimmed) {
		return layout{kind: "array", n: arrayLen(trimmed)}, true
	}
	if trimmed[0] == '{' && !json.Valid(firstLine) {
		// Objects spread over several lines: pretty-printed JSON.
		n, p := 0, 0
		for p < len(trimmed) {
			end := valueEnd(trimmed, p)
			if end < 0 || !json.Valid(trimmed[p:end]) {
				break
			}
			n++
			p = skipSpace(trimmed, end)
		}
		lines := bytes.Count(trimmed, []byte("\n")) + 1
		if n > 0 && lines > n && p == len(trimmed) {
			return layout{kind: "pretty", n: n, lines: lines}, true
		}
	}
	if lines, commas, ok := trailingCommas(trimmed); ok {
		return layout{kind: "commas", n: lines, commas: commas}, true
	}
	return layout{}, false
}

// arrayLen counts the elements of a valid JSON array, in place.
func arrayLen(arr []byte) int {
	n := 0
	for p := skipSpace(arr, 1); p < len(arr) && arr[p] != ']'; {
		n++
		p = skipSpace(arr, valueEnd(arr, p))
		if p < len(arr) && arr[p] == ',' {
			p = skipSpace(arr, p+1)
		}
	}
	return n
}

// problem is the not_jsonl problem of a prediction file laid out so.
func (l layout) problem() Problem {
	switch l.kind {
	case "array":
		return Problem{Code: CodeNotJSONL, Message: fmt.Sprintf("the file is a JSON array of %s, not JSON Lines (one object per line)", plural(l.n, "element")), Hint: "write one object per line: rxeval fix FILE -o FIXED.jsonl (or jq -c '.[]' FILE)"}
	case "pretty":
		return Problem{Code: CodeNotJSONL, Message: fmt.Sprintf("the file is pretty-printed JSON (%d objects over %d lines), not JSON Lines (one object per line)", l.n, l.lines), Hint: "write each object on one line: rxeval fix FILE -o FIXED.jsonl (or jq -c . FILE)"}
	}
	return Problem{Code: CodeNotJSONL, Message: fmt.Sprintf("%d of %s %s followed by a comma; JSON Lines has none", l.commas, plural(l.n, "object"), map[bool]string{true: "is", false: "are"}[l.commas == 1]), Hint: "remove the commas at the ends of the lines (rxeval fix FILE -o FIXED does it)"}
}

// AuxLayout is the not_jsonl diagnosis (a JSON array, pretty-printed JSON,
// a comma after each object) for an input that is not a prediction file
// (gold): the message names the file and its role as the prediction
// reader's does, and the hint is what needs no rxeval fix (which repairs
// prediction files).
func AuxLayout(role, name string, data []byte) (msg, hint string, ok bool) {
	trimmed := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	firstLine, _, _ := bytes.Cut(trimmed, []byte("\n"))
	l, ok := readLayout(trimmed, bytes.TrimSpace(firstLine))
	if !ok {
		return "", "", false
	}
	switch l.kind {
	case "array":
		msg = fmt.Sprintf("the %s file is a JSON array of %s, not JSON Lines (one object per line)", role, plural(l.n, "element"))
		hint = fmt.Sprintf("write one object per line: jq -c '.[]' %s > FIXED.jsonl", name)
	case "pretty":
		msg = fmt.Sprintf("the %s file is pretty-printed JSON (%d objects over %d lines), not JSON Lines (one object per line)", role, l.n, l.lines)
		hint = fmt.Sprintf("write each object on one line: jq -c . %s > FIXED.jsonl", name)
	default:
		msg = fmt.Sprintf("the %s file has %d of %s followed by a comma; JSON Lines has none", role, l.commas, plural(l.n, "object"))
		hint = fmt.Sprintf("remove the commas at the ends of the lines: jq -c . %s > FIXED.jsonl", name)
	}
	return fmt.Sprintf("%s: %s [%s]", name, msg, CodeNotJSONL), hint, true
}

// trailingCommas recognises JSON Lines with a comma after every object
// (an array's rows pasted without the brackets): one problem, not a parse
// error per line and every id "missing".
func trailingCommas(data []byte) (lines, commas int, ok bool) {
	// Lines are walked in place, and the walk stops at the second line
	// without a comma: no allocation per line (a file of millions of
	// broken lines must stay cheap).
	without := 0
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
			return 0, 0, false
		}
	}
	// Every line, or every line but one (the last often has none).
	if commas == 0 || commas < lines-1 {
		return 0, 0, false
	}
	return lines, commas, true
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
	var d map[string]rawValue // in place: a gold row's long correction is not decoded
	if json.Unmarshal(raw, &d) != nil {
		return false
	}
	for _, v := range d {
		if string(v) != "null" {
			return true
		}
	}
	return false
}
