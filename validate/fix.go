package validate

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/rxeval/rxeval/schema"
)

// Rewrite is one value Canonicalize changed.
type Rewrite struct {
	Line  int    `json:"line"`
	Idx   string `json:"idx,omitempty"`
	Field string `json:"field"`
	From  string `json:"from"`
	To    string `json:"to"`
}

// Canonicalize rewrites, line by line, the verdicts and categories that
// name the right thing in a spelling the rules do not use ("Aligned", a code
// such as "S2.4", a known misspelling) to the canonical strings, and leaves
// every other byte as it was. Disputed spellings the track's own documents
// use are kept. Lines that are not JSON objects are copied unchanged (the
// validator reports them). It returns data itself when nothing changed.
func Canonicalize(data []byte) ([]byte, []Rewrite) {
	var out []byte
	var rewrites []Rewrite
	done := 0 // data[:done] is already in out
	lineNo := 0
	for start := 0; start < len(data); {
		end := bytes.IndexByte(data[start:], '\n')
		if end < 0 {
			end = len(data)
		} else {
			end += start
		}
		lineNo++
		line := data[start:end]
		off := 0 // a byte order mark on line 1 stays; the object after it is read
		if lineNo == 1 && bytes.HasPrefix(line, []byte("\xef\xbb\xbf")) {
			off = 3
		}
		for _, e := range lineEdits(line[off:]) {
			if out == nil {
				out = make([]byte, 0, len(data)+64)
			}
			out = append(out, data[done:start+off+e.from]...)
			out = append(out, e.text...)
			done = start + off + e.to
			e.rewrite.Line = lineNo
			rewrites = append(rewrites, e.rewrite)
		}
		start = end + 1
	}
	if out == nil {
		return data, nil
	}
	return append(out, data[done:]...), rewrites
}

type edit struct {
	from, to int // byte span of the JSON value in the line
	text     []byte
	rewrite  Rewrite
}

// lineEdits finds the top-level verdict and error_category values of one
// line that need rewriting, in order.
func lineEdits(line []byte) []edit {
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
