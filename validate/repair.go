package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Repair undoes the whole-file format mistakes that can be undone without
// guessing: a byte order mark (at the start of the file or of any line),
// CRLF and CR-only line ends, and objects that are not one
// per line (a JSON array of objects, pretty-printed objects, several objects
// on a line, a comma after each object), which become one compact object per
// line with every string and number kept as written. It changes nothing it
// cannot read whole: a file with a broken object is left to validate's
// messages. notes says what was done.
func Repair(data []byte) (out []byte, notes []string) {
	data, notes = RepairBytes(data)
	if oneObjectPerLine(data) {
		return data, notes
	}
	objs, shape, ok := readObjects(data)
	if !ok {
		return data, notes
	}
	var b bytes.Buffer
	for _, o := range objs {
		json.Compact(&b, o)
		b.WriteByte('\n')
	}
	// rxeval fix looks for "one per line" in this note.
	return b.Bytes(), append(notes, fmt.Sprintf("wrote the %s one per line (the file was %s)", plural(len(objs), "object"), shape))
}

// RepairBytes is the part of Repair that leaves the objects where they
// are: byte order marks removed, CRLF and CR-only line ends made LF, a raw
// CR inside a string escaped (rxeval pack writes these canonical bytes, as
// fix does). It returns data itself when nothing changed.
func RepairBytes(data []byte) (out []byte, notes []string) {
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		data = data[3:]
		notes = append(notes, "removed the byte order mark")
	}
	if n := bytes.Count(data, []byte("\n\xef\xbb\xbf")); n > 0 {
		// Files joined with cat: each kept its mark.
		data = bytes.ReplaceAll(data, []byte("\n\xef\xbb\xbf"), []byte("\n"))
		notes = append(notes, fmt.Sprintf("removed %s at the start of lines past the first (files joined with cat?)", plural(n, "byte order mark")))
	}
	if n := bytes.Count(data, []byte("\r\n")); n > 0 {
		for bytes.Contains(data, []byte("\r\n")) { // "\r\r\n" too
			data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
		}
		notes = append(notes, fmt.Sprintf("made %d CRLF line ends LF", n))
	}
	var crNotes []string
	data, crNotes = repairLoneCRs(data)
	return data, append(notes, crNotes...)
}

// oneObjectPerLine reports whether every non-blank line is one JSON object.
// Another JSON value on a line (a whole JSON array written on one line)
// is not: readObjects then decides whether it can be rewritten.
func oneObjectPerLine(data []byte) bool {
	for rest := data; len(rest) > 0; {
		l := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			l, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		if l = bytes.TrimSpace(l); len(l) > 0 && (l[0] != '{' || !json.Valid(l)) {
			return false
		}
	}
	return true
}

// readObjects reads data as JSON objects: a JSON array of them, or a
// sequence of them separated by white space and at most one comma each.
func readObjects(data []byte) (objs []json.RawMessage, shape string, ok bool) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, "", false
	}
	if trimmed[0] == '[' {
		var arr []json.RawMessage
		if err := json.Unmarshal(trimmed, &arr); err != nil || len(arr) == 0 {
			return nil, "", false
		}
		for _, o := range arr {
			if t := bytes.TrimSpace(o); len(t) == 0 || t[0] != '{' {
				return nil, "", false
			}
		}
		return arr, "a JSON array", true
	}
	rest, commas := trimmed, 0
	for len(rest) > 0 {
		dec := json.NewDecoder(bytes.NewReader(rest))
		var o json.RawMessage
		if err := dec.Decode(&o); err != nil || len(o) == 0 || o[0] != '{' {
			return nil, "", false
		}
		objs = append(objs, o)
		rest = bytes.TrimSpace(rest[dec.InputOffset():])
		if len(rest) > 0 && rest[0] == ',' {
			commas++
			rest = bytes.TrimSpace(rest[1:])
		}
	}
	switch {
	case commas > 0:
		shape = "objects followed by commas"
	default:
		shape = "objects spread over lines or several on a line"
	}
	return objs, shape, true
}

// repairLoneCRs rewrites the CRs no LF follows, as loneCRs reads them: a
// line end becomes LF, a raw CR inside a string is escaped as \r (JSON
// forbids it raw; the value keeps its CR), a CR after the last value is
// removed, and one between the tokens of an object (white space JSON
// allows) is left, and said.
func repairLoneCRs(data []byte) ([]byte, []string) {
	if bytes.IndexByte(data, '\r') < 0 {
		return data, nil
	}
	noLF := bytes.IndexByte(data, '\n') < 0
	var out []byte
	from := 0
	var c crCounts
	loneCRs(data, true, func(i int, k crKind) {
		out = append(out, data[from:i]...)
		from = i + 1
		switch k {
		case crLineEnd:
			c.lineEnds++
			out = append(out, '\n')
		case crInString:
			c.inString++
			out = append(out, '\\', 'r')
		case crTrailing:
			c.trailing++
		default:
			c.space++
			out = append(out, '\r')
		}
	})
	out = append(out, data[from:]...)
	var notes []string
	if c.lineEnds > 0 {
		what := "an old Mac file: the lines ran together as one"
		if !noLF {
			what = "a CR without LF between two rows: readers took them as one line"
		}
		notes = append(notes, fmt.Sprintf("made %s LF (%s)", plural(c.lineEnds, "CR-only line end"), what))
	}
	if c.inString > 0 {
		notes = append(notes, fmt.Sprintf(`escaped %s inside a JSON string as \r (JSON forbids a raw control character in a string; the value keeps its CR)`, plural(c.inString, "raw CR")))
	}
	if c.trailing > 0 {
		notes = append(notes, fmt.Sprintf("removed %s after the last row", plural(c.trailing, "lone CR")))
	}
	if c.space > 0 {
		notes = append(notes, fmt.Sprintf("left %s inside an object as it is (white space JSON allows between tokens)", plural(c.space, "CR")))
	}
	return out, notes
}
