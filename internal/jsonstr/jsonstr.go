// Package jsonstr scans JSON strings without encoding/json: the fast paths
// of the prediction validator and the gold reader share it. It decodes
// exactly as encoding/json does (a lone or broken surrogate becomes
// U+FFFD), refuses control characters and invalid UTF-8, and returns
// strings without escapes as sub-strings of the input.
package jsonstr

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// special marks the bytes the scanner must look at: the quote, the
// backslash, control characters and the start of multi-byte UTF-8.
var special = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = c == '"' || c == '\\' || c < 0x20 || c >= 0x80
	}
	return t
}()

// Scan reads the JSON string that starts at s[p] == '"'. It returns the
// value and the position after the closing quote. A value with escapes is
// decoded into space from alloc (nil: the heap); it never needs more bytes
// than the raw text.
func Scan(s string, p int, alloc func(n int) []byte) (string, int, bool) {
	if p >= len(s) || s[p] != '"' {
		return "", 0, false
	}
	start := p + 1
	escapes := false
	i := start
	for i < len(s) {
		c := s[i]
		if !special[c] {
			i++
			continue
		}
		if c == '"' {
			break
		}
		switch {
		case c == '\\':
			escapes = true
			i += 2
		case c < 0x20:
			return "", 0, false
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size <= 1 {
				return "", 0, false
			}
			i += size
		}
	}
	if i >= len(s) {
		return "", 0, false
	}
	if !escapes {
		return s[start:i], i + 1, true
	}
	v, ok := unescape(s[start:i], alloc)
	return v, i + 1, ok
}

// unescape decodes the text between the quotes of a string with escapes.
func unescape(raw string, alloc func(int) []byte) (string, bool) {
	var out []byte
	if alloc != nil {
		out = alloc(len(raw))[:0]
	} else {
		out = make([]byte, 0, len(raw))
	}
	for i := 0; i < len(raw); {
		if raw[i] != '\\' {
			j := strings.IndexByte(raw[i:], '\\')
			if j < 0 {
				j = len(raw) - i
			}
			out = append(out, raw[i:i+j]...)
			i += j
			continue
		}
		if i+1 >= len(raw) {
			return "", false
		}
		switch raw[i+1] {
		case '"', '\\', '/':
			out = append(out, raw[i+1])
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := hex4(raw, i+2)
			if !ok {
				return "", false
			}
			i += 6
			if utf16.IsSurrogate(r) {
				if i+1 < len(raw) && raw[i] == '\\' && raw[i+1] == 'u' {
					if r2, ok := hex4(raw, i+2); ok {
						if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
							out = utf8.AppendRune(out, d)
							i += 6
							continue
						}
					}
				}
				r = utf8.RuneError
			}
			out = utf8.AppendRune(out, r)
			continue
		default:
			return "", false
		}
		i += 2
	}
	return unsafe.String(unsafe.SliceData(out), len(out)), true
}

func hex4(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	for _, c := range []byte(s[i : i+4]) {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return 0, false
		}
	}
	v, _ := strconv.ParseUint(s[i:i+4], 16, 32)
	return rune(v), true
}
