package validate

import (
	"bytes"
	"fmt"
	"strings"
)

// crKind is what a CR without an LF after it is in a JSON text.
type crKind int

const (
	// crLineEnd: a line end. Every lone CR outside a string of a file
	// with no LF at all (classic Mac OS), or one sitting between two
	// complete JSON values (a } or ] before it, a { or [ after it, only
	// white space between).
	crLineEnd crKind = iota
	// crInString: a raw CR inside a JSON string (a control character JSON
	// forbids raw: it must be written \r).
	crInString
	// crTrailing: white space after the last JSON value of the file.
	crTrailing
	// crSpace: white space JSON allows elsewhere (between the tokens of
	// an object).
	crSpace
)

// loneCRs calls visit with the offset and kind of every CR of data that no
// LF follows. It is the one reading of CRs: validate's file and line
// checks, the --ids, --inputs and gold readers and fix all use it. A
// string is tracked by its quotes and backslash escapes; it ends at an LF
// (JSON strings hold none), so one broken line does not skew the next.
// whole says data is a whole file (a file without LF is then a CR-only
// file); otherwise data is one line of an LF file.
func loneCRs(data []byte, whole bool, visit func(i int, k crKind)) {
	if bytes.IndexByte(data, '\r') < 0 {
		return
	}
	noLF := whole && bytes.IndexByte(data, '\n') < 0
	inString, escaped := false, false
	var last byte // the last byte outside white space and strings
	for i := 0; i < len(data); i++ {
		c := data[i]
		if inString {
			switch {
			case escaped:
				escaped = false // "\<CR>" is left as it is: no reading is sure
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
				last = c
			case c == '\n':
				inString = false
			case c == '\r' && (i+1 >= len(data) || data[i+1] != '\n'):
				visit(i, crInString)
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case ' ', '\t', '\n':
		case '\r':
			if i+1 < len(data) && data[i+1] == '\n' {
				continue // CRLF
			}
			next := nextValueByte(data[i+1:])
			switch {
			case next == 0:
				if noLF && last != 0 {
					visit(i, crLineEnd)
				} else {
					visit(i, crTrailing)
				}
			case noLF, (last == '}' || last == ']') && (next == '{' || next == '['):
				visit(i, crLineEnd)
			default:
				visit(i, crSpace)
			}
		default:
			last = c
		}
	}
}

// nextValueByte is the first byte of data past JSON white space (0: none).
func nextValueByte(data []byte) byte {
	for _, c := range data {
		switch c {
		case ' ', '\t', '\n', '\r':
		default:
			return c
		}
	}
	return 0
}

// crCounts counts the lone CRs of data by kind; first is the offset of the
// first line end (-1: none).
type crCounts struct {
	lineEnds, inString, trailing, space int
	first                               int
}

func countCRs(data []byte, whole bool) crCounts {
	c := crCounts{first: -1}
	loneCRs(data, whole, func(i int, k crKind) {
		switch k {
		case crLineEnd:
			if c.lineEnds == 0 {
				c.first = i
			}
			c.lineEnds++
		case crInString:
			c.inString++
		case crTrailing:
			c.trailing++
		default:
			c.space++
		}
	})
	return c
}

// CROnly recognises a file whose line ends are a CR without LF (classic
// Mac OS), for any line-based input: predictions, gold, --inputs, --ids.
// Every JSON Lines reader, the track's server too, reads it as one line, so
// each row would be "not valid JSON" (or an --ids file one long id). The
// problem names no file: callers add it.
func CROnly(data []byte) (Problem, bool) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if bytes.IndexByte(data, '\n') >= 0 {
		return Problem{}, false
	}
	n := countCRs(data, true).lineEnds
	if n == 0 {
		return Problem{}, false
	}
	return Problem{Line: 1, Code: CodeCROnly,
		Message: fmt.Sprintf("CR-only line endings (CR without LF, as classic Mac OS wrote them): the file reads as one line; %s in a lone CR", map[bool]string{true: "1 line ends", false: fmt.Sprint(n) + " lines end"}[n == 1]),
		Hint:    `convert to LF line endings: rxeval fix FILE -o FIXED.jsonl (or tr '\r' '\n' < FILE > FIXED.jsonl)`}, true
}

// AuxCROnly is CROnly for an input that is not a prediction file (gold,
// --inputs, --ids): the message names the file and its role, and the hint
// is tr, which needs no knowledge of the file's rows.
func AuxCROnly(role, name string, data []byte) (msg, hint string, ok bool) {
	p, ok := CROnly(data)
	if !ok {
		return "", "", false
	}
	return fmt.Sprintf("%s: the %s file has %s [%s]", name, role, p.Message, p.Code),
		fmt.Sprintf(`convert to LF line endings: tr '\r' '\n' < %s > FIXED (rxeval fix does it for prediction files)`, name), true
}

// crBetweenRows is the first lone CR of a line (an LF file's line, its
// CRLF's CR removed) that sits between two complete JSON values: a line
// end of a classic Mac file pasted into an LF one.
func crBetweenRows(line string) (col int, ok bool) {
	if !strings.Contains(line, "\r") {
		return 0, false
	}
	c := countCRs([]byte(line), false)
	return c.first + 1, c.lineEnds > 0
}
