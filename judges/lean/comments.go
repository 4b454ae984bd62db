package lean

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// StripCommentsExact removes the comments of a Lean 4 text where Lean's
// tokenizer finds them (src/Lean/Parser/Basic.lean in leanprover/lean4:
// whitespace, finishCommentBlock, strLitFnAux, charLitFnAux,
// rawStrLitFnAux, identFn): line comments "--" to the end of the line, and
// block comments "/-" … "-/", nested, doc comments "/--" and "/-!"
// included; never inside a string literal (escapes and line breaks
// allowed), a raw string r"…" or r#"…"# (any number of #), a char literal
// such as '"' or '\”, or an identifier (f', r in for_r). A block comment
// becomes one space, so that no tokens join; a line comment's line break
// stays.
//
// ok is false, and the text comes back unchanged, when the text cannot be
// read that way (an unclosed comment, string or raw string, a malformed
// char literal): a caller must then use the text as it is, never a half
// stripped one.
func StripCommentsExact(s string) (string, bool) {
	out, _, ok := stripComments(s, nil, false)
	return out, ok
}

// stripComments is StripCommentsExact's reading of s. With lit, each
// non-empty string literal and each «…» name that is not a plain
// identifier is written as what lit makes of its contents (PromptText);
// with cutOpen, a block comment left open is cut with everything after it
// (cut is true) instead of leaving s unread.
func stripComments(s string, lit func(kind byte, contents string) string, cutOpen bool) (out string, cut, ok bool) {
	var b strings.Builder
	b.Grow(len(s))
	cut, ok = scanPieces(s, cutOpen, func(p Piece) {
		t := s[p.Lo:p.Hi]
		switch p.Kind {
		case PieceComment:
			if strings.HasPrefix(t, "/-") {
				b.WriteByte(' ') // a line comment's line break stays
			}
		case PieceString:
			contents := t[1 : len(t)-1]
			if t[0] == 'r' {
				open := strings.IndexByte(t, '"') + 1
				contents = t[open : len(t)-open+1]
			}
			writeLit(&b, t, `"`, contents, LitString, lit)
		case PieceName:
			if name := t[len("«") : len(t)-len("»")]; lit != nil && !plainGuillemetName(name) {
				b.WriteString("«" + lit(LitName, name) + "»")
			} else {
				b.WriteString(t)
			}
		default:
			b.WriteString(t)
		}
	})
	if !ok {
		return s, false, false
	}
	return b.String(), cut, true
}

// PieceKind is what a piece of a Lean text is (Pieces).
type PieceKind uint8

const (
	PieceOther   PieceKind = iota // one character of no kind below: a space, a bracket, a symbol's character
	PieceComment                  // "--" to the line's end (the line break not included), or a nested "/-" … "-/" block
	PieceString                   // a string literal "…" or a raw string r"…", r#"…"#
	PieceChar                     // a char literal: 'c', '\n', '\x41'
	PieceName                     // a «…» name part
	PieceWord                     // name characters (an identifier's part between dots) or a number
	PieceToken                    // a notation token holding a quote: ⁻¹' or ''
)

// Piece is one piece of a Lean text: s[Lo:Hi].
type Piece struct {
	Kind   PieceKind
	Lo, Hi int
}

// Pieces splits a Lean 4 text as StripCommentsExact reads it (Lean's
// tokenizer's rules for comments, string, raw string and char literals,
// «…» names and name characters), every byte in one piece, in order: a
// caller that looks for tokens (":=", a bracket, a name) never finds one
// inside a literal or a comment. ok is false when StripCommentsExact's is
// (an unclosed comment, string or «, a malformed char literal).
func Pieces(s string) (pieces []Piece, ok bool) {
	_, ok = scanPieces(s, false, func(p Piece) { pieces = append(pieces, p) })
	return pieces, ok
}

// scanPieces calls f with each piece of s in order. With cutOpen, a block
// comment left open ends the scan (cut is true; f never sees it), else it
// makes s unreadable (ok false).
func scanPieces(s string, cutOpen bool, f func(Piece)) (cut, ok bool) {
	i := 0
	emit := func(kind PieceKind, end int) {
		f(Piece{kind, i, end})
		i = end
	}
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case strings.HasPrefix(s[i:], "--"):
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				j = len(s) - i
			}
			emit(PieceComment, i+j)
		case strings.HasPrefix(s[i:], "/-"):
			end, closed := commentEnd(s, i)
			if !closed {
				return cutOpen, cutOpen
			}
			emit(PieceComment, end)
		case r == '"':
			end, ok := stringEnd(s, i)
			if !ok {
				return false, false
			}
			emit(PieceString, end)
		case r == 'r' && rawStringStart(s, i):
			end, ok := rawStringEnd(s, i)
			if !ok {
				return false, false
			}
			emit(PieceString, end)
		case quoteToken(s[i:]) > 0:
			// Tokens of Mathlib's notation that hold a quote (preimage,
			// image, ∑' and ∏'), matched before a char literal as Lean's
			// token table matches its longest token.
			emit(PieceToken, i+quoteToken(s[i:]))
		case r == '\'':
			end, ok := charEnd(s, i)
			if !ok {
				return false, false
			}
			emit(PieceChar, end)
		case r == '«':
			j := strings.Index(s[i:], "»")
			if j < 0 {
				return false, false
			}
			emit(PieceName, i+j+len("»"))
		case isIdentStart(r) || r >= '0' && r <= '9':
			// An identifier or a number, as one token: a quote or an r
			// inside it starts nothing.
			j := i + size
			for j < len(s) {
				r2, n := utf8.DecodeRuneInString(s[j:])
				if !isIdentRest(r2) {
					break
				}
				j += n
			}
			emit(PieceWord, j)
		default:
			emit(PieceOther, i+size)
		}
	}
	return false, true
}

// quoteTokens are the table's tokens that hold a quote, longest first.
var quoteTokens = func() (out []string) {
	for _, t := range symbols {
		if strings.Contains(t, "'") {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}()

// quoteToken returns the length of the quote token s starts with, or 0.
func quoteToken(s string) int {
	for _, t := range quoteTokens {
		if strings.HasPrefix(s, t) {
			return len(t)
		}
	}
	return 0
}

// stringEnd returns the end of the string literal opening at s[i].
func stringEnd(s string, i int) (int, bool) {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++ // the escaped byte (\" \\ \n ..., or a line break: a gap)
		case '"':
			return j + 1, true
		}
	}
	return 0, false
}

// rawStringStart reports whether s[i] = 'r' opens a raw string: r, any
// number of #, then a quote.
func rawStringStart(s string, i int) bool {
	j := i + 1
	for j < len(s) && s[j] == '#' {
		j++
	}
	return j < len(s) && s[j] == '"'
}

// rawStringEnd returns the end of the raw string opening at s[i]: a quote
// followed by as many # as opened it.
func rawStringEnd(s string, i int) (int, bool) {
	j := i + 1
	hashes := 0
	for s[j] == '#' {
		hashes++
		j++
	}
	closing := `"` + strings.Repeat("#", hashes)
	k := strings.Index(s[j+1:], closing)
	if k < 0 {
		return 0, false
	}
	return j + 1 + k + len(closing), true
}

// charEnd returns the end of the char literal opening at s[i]: one
// character or an escape (\\ \" \' \n \t \r \xHH \uHHHH), then a quote.
func charEnd(s string, i int) (int, bool) {
	j := i + 1
	if j >= len(s) {
		return 0, false
	}
	if s[j] == '\\' {
		j++
		if j >= len(s) {
			return 0, false
		}
		switch s[j] {
		case 'x':
			j += 3
		case 'u':
			j += 5
		default:
			j++
		}
	} else {
		_, n := utf8.DecodeRuneInString(s[j:])
		j += n
	}
	if j >= len(s) || s[j] != '\'' {
		return 0, false
	}
	return j + 1, true
}
