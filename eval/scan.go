package eval

import (
	"strings"

	"github.com/rxeval/rxeval/internal/jsonstr"
)

// A small scanner for the JSON objects of gold files: string, null and
// boolean values, and one nested object (the diagnosis). It reads without
// copying the input except for the strings it returns, and says no to
// anything else, so that ParseGold can fall back on encoding/json, which
// then also writes the error messages. Strings without escapes share the
// input's memory.

type scanner struct {
	s string
	p int
	// alloc, if set, gives space for unescaped strings.
	alloc func(n int) []byte
}

func (sc *scanner) ws() {
	for sc.p < len(sc.s) {
		switch sc.s[sc.p] {
		case ' ', '\t', '\n', '\r':
			sc.p++
		default:
			return
		}
	}
}

// object scans {"k": v, ...}, calling set for each scalar value (prefix +
// key); nested objects are allowed once (depth 1).
func (sc *scanner) object(prefix string, depth int, set func(key string, f field) bool) bool {
	sc.ws()
	if sc.p >= len(sc.s) || sc.s[sc.p] != '{' {
		return false
	}
	sc.p++
	sc.ws()
	if sc.p < len(sc.s) && sc.s[sc.p] == '}' {
		sc.p++
		return true
	}
	for {
		sc.ws()
		k, ok := sc.str()
		if !ok || (depth == 0 && strings.Contains(k, ".")) {
			return false
		}
		sc.ws()
		if sc.p >= len(sc.s) || sc.s[sc.p] != ':' {
			return false
		}
		sc.p++
		sc.ws()
		if sc.p >= len(sc.s) {
			return false
		}
		switch c := sc.s[sc.p]; {
		case c == '"':
			v, ok := sc.str()
			if !ok || !set(prefix+k, field{set: true, s: v}) {
				return false
			}
		case strings.HasPrefix(sc.s[sc.p:], "null"):
			sc.p += 4
			if !set(prefix+k, field{set: true, null: true}) {
				return false
			}
		case strings.HasPrefix(sc.s[sc.p:], "true"):
			sc.p += 4
			if !set(prefix+k, field{set: true, s: "\x00true"}) {
				return false
			}
		case strings.HasPrefix(sc.s[sc.p:], "false"):
			sc.p += 5
			if !set(prefix+k, field{set: true, s: "\x00false"}) {
				return false
			}
		case c == '{' && depth == 0:
			if !set(prefix+k, field{set: true, s: "\x00object"}) || !sc.object(prefix+k+".", 1, set) {
				return false
			}
		default:
			return false
		}
		sc.ws()
		if sc.p >= len(sc.s) {
			return false
		}
		if sc.s[sc.p] == ',' {
			sc.p++
			continue
		}
		if sc.s[sc.p] != '}' {
			return false
		}
		sc.p++
		return true
	}
}

// str scans a JSON string at sc.p (see jsonstr).
func (sc *scanner) str() (string, bool) {
	v, next, ok := jsonstr.Scan(sc.s, sc.p, sc.alloc)
	if ok {
		sc.p = next
	}
	return v, ok
}

var goldKeys = []string{"idx", "formal_statement", "header", "informal_statement", "verdict", "error_category", "error_segment", "corrected_statement", "diagnosis",
	"diagnosis.aligned", "diagnosis.error_type", "diagnosis.error_location", "diagnosis.corrected_statement"}

// scanGoldRow reads a gold row with the scanner; ok is false when the row
// needs encoding/json.
func scanGoldRow(line string, alloc func(int) []byte) (raw goldRow, ok bool) {
	sc := &scanner{s: line, alloc: alloc}
	var diag diagnosis
	hasDiag := false
	set := func(k string, f field) bool {
		switch k {
		case "idx":
			raw.Idx = f
		case "formal_statement":
			raw.FormalStatement = f
		case "header":
			raw.Header = f
		case "informal_statement":
			raw.Informal = f
		case "verdict":
			raw.Verdict = f
		case "error_category":
			raw.ErrorCategory = f
		case "error_segment":
			raw.ErrorSegment = f
		case "corrected_statement":
			raw.CorrectedStatement = f
		case "diagnosis":
			hasDiag = f.s == "\x00object"
			return hasDiag
		case "diagnosis.aligned":
			switch f.s {
			case "\x00true":
				f.s = "Aligned"
			case "\x00false":
				f.s = "Misaligned"
			}
			diag.Aligned = alignedField{f}
		case "diagnosis.error_type":
			diag.ErrorType = f
		case "diagnosis.error_location":
			diag.ErrorLocation = f
		case "diagnosis.corrected_statement":
			diag.CorrectedStatement = f
		default:
			if f.s == "\x00object" {
				return false
			}
			for _, known := range goldKeys {
				if strings.EqualFold(k, known) {
					return false // encoding/json matches keys without case
				}
			}
			return true // other fields are ignored, as by encoding/json
		}
		return !strings.HasPrefix(f.s, "\x00")
	}
	if !sc.object("", 0, set) {
		return goldRow{}, false
	}
	sc.ws()
	if sc.p != len(line) {
		return goldRow{}, false
	}
	if hasDiag {
		raw.Diagnosis = &diag
	}
	return raw, true
}
