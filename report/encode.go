package report

import (
	"strconv"
	"unicode/utf8"
)

// The samples are most of the page's bytes and of the time to write it:
// they are encoded by hand, byte for byte as encoding/json would encode
// them without HTML escaping (TestEncodeMatchesJSON, FuzzJSONString), at
// about twice its speed.

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string, as encoding/json does with
// SetEscapeHTML(false): invalid UTF-8 becomes U+FFFD, U+2028 and U+2029 are
// escaped.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// field appends ,"name": (or "name": first) to b.
func field(b []byte, first *bool, name string) []byte {
	if !*first {
		b = append(b, ',')
	}
	*first = false
	b = append(b, '"')
	b = append(b, name...)
	return append(b, '"', ':')
}

func (e *edit) appendJSON(b []byte) []byte {
	b = append(b, '{')
	first := true
	if e.P != 0 {
		b = strconv.AppendInt(field(b, &first, "p"), int64(e.P), 10)
	}
	if e.S != 0 {
		b = strconv.AppendInt(field(b, &first, "s"), int64(e.S), 10)
	}
	if e.M != "" {
		b = appendString(field(b, &first, "m"), e.M)
	}
	return append(b, '}')
}

func (a *answer) appendJSON(b []byte) []byte {
	b = append(b, '{')
	first := true
	b = strconv.AppendBool(field(b, &first, "m"), a.Misaligned)
	str := func(name, v string) {
		if v != "" {
			b = appendString(field(b, &first, name), v)
		}
	}
	str("v", a.Verdict)
	str("c", a.Category)
	if a.Segment != nil {
		b = appendString(field(b, &first, "s"), *a.Segment)
	}
	if a.Correction != nil {
		b = a.Correction.appendJSON(field(b, &first, "x"))
	}
	if a.Missing {
		b = append(field(b, &first, "miss"), "true"...)
	}
	if a.OK != 0 {
		b = strconv.AppendInt(field(b, &first, "ok"), int64(a.OK), 10)
	}
	str("lb", a.LocBy)
	str("cb", a.CorrBy)
	str("lr", a.LocWhy)
	str("cr", a.CorrWhy)
	return append(b, '}')
}

func (s *sample) appendJSON(b []byte) []byte {
	b = append(b, `{"id":`...)
	b = appendString(b, s.Idx)
	if s.Informal != "" {
		b = appendString(append(b, `,"inf":`...), s.Informal)
	}
	if s.Formal != "" {
		b = appendString(append(b, `,"fs":`...), s.Formal)
	}
	b = s.Gold.appendJSON(append(b, `,"g":`...))
	b = append(b, `,"p":[`...)
	for i := range s.Preds {
		if i > 0 {
			b = append(b, ',')
		}
		b = s.Preds[i].appendJSON(b)
	}
	return append(b, ']', '}')
}

// appendSamples appends the samples as a JSON array.
func appendSamples(b []byte, all []sample) []byte {
	b = append(b, '[')
	for i := range all {
		if i > 0 {
			b = append(b, ',')
		}
		b = all[i].appendJSON(b)
	}
	return append(b, ']')
}
