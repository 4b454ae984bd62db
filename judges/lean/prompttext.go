package lean

import (
	"strings"
	"unicode/utf8"
)

// Literal kinds PromptText hands to its callback.
const (
	LitString = 's' // a string literal "…" or a raw string r"…", r#"…"#
	LitName   = 'n' // a «…» name whose contents are not a plain identifier
)

// PromptText is the copy of a Lean 4 text a model judge is shown (issue
// 34.8). It reads the text as StripCommentsExact does and removes its
// comments the same way, with two differences:
//
//   - a block comment left open (it would run to the end of the text, and
//     Lean rejects the text) is cut with everything after it, and cut is
//     true: its text never reaches the model, nor do the comments before it;
//   - each non-empty string literal and raw string, and each «…» name whose
//     contents are not a plain identifier (a sentence in a name), is
//     replaced by what lit returns for its contents (lit(LitString, "a b")
//     for "a b" or r#"a b"#; lit(LitName, "a b") for «a b»): the caller
//     numbers them, so that equal contents stay equal.
//
// ok is false, and the text comes back unchanged, when it cannot be read
// (an unclosed string or raw string, a malformed char literal, an unclosed
// «): as StripCommentsExact, never half stripped.
func PromptText(s string, lit func(kind byte, contents string) string) (out string, cut, ok bool) {
	var b strings.Builder
	b.Grow(len(s))
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case strings.HasPrefix(s[i:], "--"):
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return b.String(), false, true
			}
			i += j
		case strings.HasPrefix(s[i:], "/-"):
			end, closed := commentEnd(s, i)
			if !closed {
				return b.String(), true, true
			}
			b.WriteByte(' ')
			i = end
		case r == '"':
			end, ok := stringEnd(s, i)
			if !ok {
				return s, false, false
			}
			writeLit(&b, s[i:end], `"`, s[i+1:end-1], LitString, lit)
			i = end
		case r == 'r' && rawStringStart(s, i):
			end, ok := rawStringEnd(s, i)
			if !ok {
				return s, false, false
			}
			open := strings.IndexByte(s[i:end], '"') + 1
			writeLit(&b, s[i:end], `"`, s[i+open:end-open+1], LitString, lit)
			i = end
		case strings.HasPrefix(s[i:], "⁻¹'") || strings.HasPrefix(s[i:], "''"):
			n := len("''")
			if s[i] != '\'' {
				n = len("⁻¹'")
			}
			b.WriteString(s[i : i+n])
			i += n
		case r == '\'':
			end, ok := charEnd(s, i)
			if !ok {
				return s, false, false
			}
			b.WriteString(s[i:end])
			i = end
		case r == '«':
			j := strings.Index(s[i:], "»")
			if j < 0 {
				return s, false, false
			}
			end := i + j + len("»")
			name := s[i+len("«") : i+j]
			if plainGuillemetName(name) {
				b.WriteString(s[i:end])
			} else {
				b.WriteString("«" + lit(LitName, name) + "»")
			}
			i = end
		case isIdentStart(r) || r >= '0' && r <= '9':
			j := i + size
			for j < len(s) {
				r2, n := utf8.DecodeRuneInString(s[j:])
				if !isIdentRest(r2) {
					break
				}
				j += n
			}
			b.WriteString(s[i:j])
			i = j
		default:
			b.WriteString(s[i : i+size])
			i += size
		}
	}
	return b.String(), false, true
}

// writeLit writes a literal: as it is when empty, else quoted what lit
// makes of its contents.
func writeLit(b *strings.Builder, whole, quote, contents string, kind byte, lit func(byte, string) string) {
	if contents == "" {
		b.WriteString(whole)
		return
	}
	b.WriteString(quote + lit(kind, contents) + quote)
}

// plainGuillemetName reports whether a «…» name's contents would be a name without
// the guillemets: one identifier, no space, no punctuation but Lean's.
func plainGuillemetName(s string) bool {
	for i, r := range s {
		if i == 0 && !isIdentStart(r) || !isIdentRest(r) {
			return false
		}
	}
	return s != ""
}
