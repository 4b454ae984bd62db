package validate

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

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
// line that need rewriting, in order. It reads the line in place: only the
// keys and the idx, verdict and error_category values are decoded, every
// other value is stepped over (a json.Decoder copied a 120 MB correction
// three times, issue 34.9).
func lineEdits(line []byte) []edit {
	if !bytes.Contains(line, []byte(schema.FieldVerdict)) && !bytes.Contains(line, []byte(schema.FieldErrorCategory)) {
		return nil
	}
	// The first JSON value of the line must be a well-formed object (what
	// follows it is the validator's to report).
	p := skipSpace(line, 0)
	if p >= len(line) || line[p] != '{' {
		return nil
	}
	if end := valueEnd(line, p); end < 0 || !json.Valid(line[p:end]) {
		return nil
	}
	var edits []edit
	idx := ""
	p = skipSpace(line, p+1)
	for p < len(line) && line[p] == '"' {
		kend := valueEnd(line, p)
		key := decodeString(line[p:kend])
		p = skipSpace(line, kend)
		p = skipSpace(line, p+1) // the colon
		vstart, vend := p, valueEnd(line, p)
		p = skipSpace(line, vend)
		if p < len(line) && line[p] == ',' {
			p = skipSpace(line, p+1)
		}
		if line[vstart] != '"' || (key != schema.FieldIdx && key != schema.FieldVerdict && key != schema.FieldErrorCategory) {
			continue // null, not a string, or a value never rewritten
		}
		s := decodeString(line[vstart:vend])
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
		edits = append(edits, edit{from: vstart, to: vend, text: text, rewrite: Rewrite{Field: key, From: s, To: to}})
	}
	for i := range edits {
		edits[i].rewrite.Idx = strings.Clone(idx)
	}
	return edits
}

// decodeString decodes a JSON string literal known to be valid, as
// encoding/json does (invalid UTF-8 as U+FFFD).
func decodeString(lit []byte) string {
	if bytes.IndexByte(lit, '\\') < 0 && utf8.Valid(lit) {
		return string(lit[1 : len(lit)-1])
	}
	var s string
	json.Unmarshal(lit, &s)
	return s
}

func skipSpace(b []byte, p int) int {
	for p < len(b) && (b[p] == ' ' || b[p] == '\t' || b[p] == '\n' || b[p] == '\r') {
		p++
	}
	return p
}

// valueEnd is the end of the JSON value starting at b[p] (after its last
// byte), or -1 if the line ends first. It finds the value's extent only:
// json.Valid says whether it is well formed.
func valueEnd(b []byte, p int) int {
	depth := 0
	for i := p; i < len(b); i++ {
		switch c := b[i]; c {
		case '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
			if i >= len(b) {
				return -1
			}
			if depth == 0 {
				return i + 1
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth <= 0 {
				return i + 1
			}
		default:
			if depth == 0 {
				// A number or literal: up to the next delimiter.
				for i < len(b) && !strings.ContainsRune(" \t\r\n,}]", rune(b[i])) {
					i++
				}
				return i
			}
		}
	}
	return -1
}
