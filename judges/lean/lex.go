// Package lean parses Lean 4 theorem statements into a normalized tree, so
// that two statements can be compared modulo spelling, spacing, redundant
// parentheses, binder grouping and the names of bound variables.
package lean

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

type tokKind int

const (
	tEOF tokKind = iota
	tIdent
	tNum
	tStr
	tSym
	tProj // .name or .1 right after a closing bracket: (e).toFinset
)

type token struct {
	kind tokKind
	text string
	pos  int
}

// symbols are matched longest first.
var symbols = []string{
	":=", "''", "⁻¹'", "⋃₀", "⋂₀", "//", "→+*", "→*₀", "→*", "→+", "≃+*", "≃*", "≃+", "→ₗ", "≃ₗ", "→L", "→ᵃ", "→o", "↪", "->", "<->", "<=", ">=", "!=", "/\\", "\\/",
	"=>", "..", "∃!", "⁻¹", "×ˢ", "∑'", "∏'", "::", "++", "=ᶠ", "≤ᶠ", "∀ᶠ", "∃ᶠ", "⌋₊", "⌉₊", "||", "&&", "<|>", "<|", "|>", ".1", ".2",
}

// lex splits a statement into tokens, dropping comments.
func lex(src string) ([]token, error) {
	if err := CheckSize(src); err != nil {
		return nil, err
	}
	var toks []token
	i := 0
	for i < len(src) {
		r, size := utf8.DecodeRuneInString(src[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			return nil, fmt.Errorf("invalid UTF-8 at byte %d", i)
		case unicode.IsSpace(r):
			i += size
			continue
		case strings.HasPrefix(src[i:], "--") || strings.HasPrefix(src[i:], "/-"):
			end, closed := commentEnd(src, i)
			if !closed {
				return nil, fmt.Errorf("unclosed comment at byte %d", i)
			}
			i = end
			continue
		case r == '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(src) {
				return nil, fmt.Errorf("unclosed string at byte %d", i)
			}
			toks = append(toks, token{tStr, src[i : j+1], i})
			i = j + 1
			continue
		case r == '«':
			j := strings.IndexRune(src[i:], '»')
			if j < 0 {
				return nil, fmt.Errorf("unclosed « at byte %d", i)
			}
			j += i + len("»")
			j = identTail(src, j)
			toks = append(toks, token{tIdent, src[i:j], i})
			i = j
			continue
		case isIdentStart(r):
			j := identTail(src, i+size)
			if w := src[i:j]; (w == "Type" || w == "Sort") && j < len(src) && src[j] == '*' {
				j++ // Type*
			} else if (w == "ℕ" || w == "ℚ" || w == "ℝ") && j < len(src) && src[j] == '+' {
				j++ // ℕ+
			}
			toks = append(toks, token{tIdent, src[i:j], i})
			i = j
			continue
		case r >= '0' && r <= '9':
			j := i
			for j < len(src) && (isDigit(src[j]) || (src[j] == 'x' && j == i+1 && src[i] == '0') || isHex(src[j]) && strings.HasPrefix(src[i:], "0x")) {
				j++
			}
			if j+1 < len(src) && src[j] == '.' && isDigit(src[j+1]) {
				j++
				for j < len(src) && isDigit(src[j]) {
					j++
				}
			}
			toks = append(toks, token{tNum, src[i:j], i})
			i = j
			continue
		}
		if r == '.' && len(toks) > 0 && i+1 < len(src) {
			prev := toks[len(toks)-1]
			r2, _ := utf8.DecodeRuneInString(src[i+1:])
			if prev.pos+len(prev.text) == i && strings.Contains(")⟩]}", prev.text) && prev.kind == tSym && (isIdentStart(r2) || isDigit(src[i+1])) {
				j := identTail(src, i+1)
				if isDigit(src[i+1]) {
					j = i + 1
					for j < len(src) && isDigit(src[j]) {
						j++
					}
				}
				toks = append(toks, token{tProj, src[i+1 : j], i})
				i = j
				continue
			}
		}
		matched := ""
		for _, s := range symbols {
			if strings.HasPrefix(src[i:], s) && len(s) > len(matched) {
				matched = s
			}
		}
		if matched == ".1" || matched == ".2" {
			matched = "" // projections are handled in identifiers; a lone ".1" is a symbol
		}
		if matched == "" {
			matched = src[i : i+size]
			// Modifier letters and subscripts stick to the symbol before them
			// (ᶜ, ˣ, ᵀ, ₊ ...), as in Lean's tokens.
		}
		toks = append(toks, token{tSym, matched, i})
		i += len(matched)
	}
	toks = append(toks, token{tEOF, "", len(src)})
	return toks, nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isHex(c byte) bool   { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') }

// isIdentStart reports whether r can start an identifier. λ, Π and Σ are
// keywords in Lean, not letters.
func isIdentStart(r rune) bool {
	if r == 'λ' || r == 'Π' || r == 'Σ' || r == 'ᶜ' || r == 'ˣ' || r == 'ᵀ' || r == 'ᵒ' || r == 'ᵈ' || r == 'ᵐ' || r == 'ᵃ' {
		return false
	}
	return r == '_' || unicode.IsLetter(r) && !isModifier(r) || isLetterLike(r)
}

// isLetterLike covers ℝ ℕ 𝕜 𝓝 and similar letter-like symbols.
func isLetterLike(r rune) bool {
	return unicode.Is(unicode.So, r) && (r >= 0x2100 && r <= 0x214F) || (r >= 0x1D400 && r <= 0x1D7FF)
}

func isModifier(r rune) bool { return unicode.Is(unicode.Lm, r) && !isSubscript(r) }

func isSubscript(r rune) bool {
	return (r >= 0x2080 && r <= 0x209C) || (r >= 0x1D62 && r <= 0x1D6A) || r == 'ₗ'
}

func isIdentRest(r rune) bool {
	if r == 'λ' || r == 'Π' || r == 'Σ' {
		return false
	}
	return r == '_' || r == '\'' || r == '!' || r == '?' || unicode.IsLetter(r) && !isModifier(r) || unicode.IsDigit(r) || isSubscript(r) || isLetterLike(r) || (r >= 0x2070 && r <= 0x2079 && r != 0x207B)
}

// identTail extends an identifier from byte i: name characters, then
// ".name" or ".1" segments (a dot between two dots is a range, not a name).
func identTail(src string, i int) int {
	for i < len(src) {
		r, size := utf8.DecodeRuneInString(src[i:])
		if isIdentRest(r) {
			if r == '!' && i+size < len(src) && src[i+size] == '=' {
				return i // "a!=b"
			}
			i += size
			continue
		}
		if r == '.' && i+1 < len(src) {
			r2, _ := utf8.DecodeRuneInString(src[i+1:])
			if isIdentStart(r2) || (r2 >= '0' && r2 <= '9') || r2 == '«' {
				i++
				continue
			}
		}
		return i
	}
	return i
}

// commentEnd returns where the comment starting at src[i] ("--" to the end
// of the line, or a nested "/- -/" block) ends, and whether a block comment
// was closed.
func commentEnd(src string, i int) (int, bool) {
	if strings.HasPrefix(src[i:], "--") {
		j := strings.IndexByte(src[i:], '\n')
		if j < 0 {
			return len(src), true
		}
		return i + j, true
	}
	depth := 0
	for i < len(src) {
		switch {
		case strings.HasPrefix(src[i:], "/-"):
			depth++
			i += 2
		case strings.HasPrefix(src[i:], "-/"):
			depth--
			i += 2
			if depth == 0 {
				return i, true
			}
		default:
			i++
		}
	}
	return len(src), false
}

// StripComments removes Lean comments ("--" lines and nested "/- -/"
// blocks; an unclosed block runs to the end) outside string literals. A
// string literal ends at its closing quote on the same line; a quote with
// no closing quote on its line is an ordinary character, so an unbalanced
// quote cannot shield the comments after it.
func StripComments(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		switch {
		case s[i] == '"':
			j := i + 1
			for j < len(s) && s[j] != '"' && s[j] != '\n' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(s) || s[j] != '"' {
				b.WriteByte('"') // unbalanced: not a string literal
				i++
				continue
			}
			j++
			b.WriteString(s[i:j])
			i = j
		case strings.HasPrefix(s[i:], "--") || strings.HasPrefix(s[i:], "/-"):
			if s[i+1] == '-' && s[i] == '/' {
				b.WriteByte(' ')
			}
			i, _ = commentEnd(s, i)
		default:
			b.WriteByte(s[i])
			i++
		}
	}
	return b.String()
}

// MaxBytes is the offline budget: a text longer than this is not read
// (lexed, parsed or compared) and a pair holding one is left undecided.
// Real statements are far shorter (the longest of the 240 sampled FormalRx
// test statements has 601 bytes, of the 374 ProofNet ones 360), and it
// bounds every pass: the parser's and normalizer's recursion depth, their
// time (the worst shape measured, hundreds of hypotheses, stays under
// 0.2 s) and their memory.
const MaxBytes = 16 << 10

// ErrTooLarge is returned, wrapped, for a text over MaxBytes.
var ErrTooLarge = errors.New("too large to compare offline")

// CheckSize returns an error wrapping ErrTooLarge for a text over MaxBytes.
func CheckSize(s string) error {
	if len(s) > MaxBytes {
		return fmt.Errorf("%w (%d bytes, over the limit of %d)", ErrTooLarge, len(s), MaxBytes)
	}
	return nil
}
