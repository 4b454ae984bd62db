// Package lean parses Lean 4 theorem statements into a normalized tree, so
// that two statements can be compared modulo spelling, spacing, redundant
// parentheses, binder grouping and the names of bound variables.
package lean

import (
	"errors"
	"fmt"
	"strings"
	"sync"
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
	end  int // the byte after the token (text may be unquoted: «x» is x)
}

// symbols are matched longest first: Lean's own tokens of more than one
// character, the tokens the Forms rows bring (Form.Lex) and every infix
// token of the table, so that a row added to a table is a token too.
var symbols = append([]string{":=", "//", "!=", "=>", "::", "||", "&&", "<|>", ".1", ".2"}, tableTokens()...)

// tableTokens are the notation tables' tokens.
func tableTokens() (out []string) {
	for _, f := range Forms {
		out = append(out, strings.Fields(f.Lex)...)
	}
	for _, n := range Infixes {
		out = append(out, n.Token)
	}
	return out
}

// bracketLiterals are tokens that open a literal: Lean's
// tokenizer reads the longest token declared, so 3 ![2, 3] is 3 applied to
// a vector, not the factorial 3 ! before a list. Longest first.
var bracketLiterals = []string{"!![", "#["}

// bracketLiteralNames cite the declarations of bracketLiterals.
var bracketLiteralNames = map[string]string{
	"!![": `a matrix literal (syntax "!![" … "]", Mathlib/Data/Matrix/Notation.lean)`,
	"![":  `a vector literal (syntax "![" term,* "]", Mathlib/Data/Fin/VecNotation.lean)`,
	"#[":  `an array literal (syntax "#[" … "]", Lean core, Init/Data/Array/Basic.lean)`,
}

// gluedToBracket are symbols Lean knows only with their "[" glued on: the
// declared token is "=ᶠ[" (notation:50 f " =ᶠ[" l:50 "] " g:50), "→ₗ[",
// and so on, so "=ᶠ [l]" is not Lean. The lexer reads the symbol and the
// bracket as two tokens, and refuses the symbol without it.
// The set is the table's rows whose declaration glues the bracket on
// (Notation.GluedBracket).
var gluedToBracket = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range Infixes {
		if n.GluedBracket() {
			m[n.Token] = true
		}
	}
	return m
}()

// GluedToBracket reports whether Lean knows the symbol only with "[" right
// after it (→ₗ[R], f =ᶠ[l] g): text that respaces tokens keeps them glued.
func GluedToBracket(symbol string) bool { return gluedToBracket[symbol] }

// symbol is a token of the table with what the lexer asks of it, looked up
// once here rather than in three maps at every token.
type symbol struct {
	text       string
	bracket    bool // gluedToBracket
	letterSafe bool // the table's LetterSafe
	infix      bool // in the infix table
}

// symbolsByRune lists, for each first character, the symbols starting
// with it (ASCII ones in symbolsASCII): the lexer tries only those (trying
// all of them at every position was half of lean-ast's time).
var symbolsASCII, symbolsByRune = func() (t [128][]symbol, m map[rune][]symbol) {
	m = map[rune][]symbol{}
	for _, s := range symbols {
		e := newSymbol(s)
		if r, _ := utf8.DecodeRuneInString(s); r < 128 {
			t[r] = append(t[r], e)
		} else {
			m[r] = append(m[r], e)
		}
	}
	return t, m
}()

// newSymbol looks up what the lexer asks of the token s.
func newSymbol(s string) symbol {
	_, isInfix := infix[s]
	return symbol{s, gluedToBracket[s], Is(s, LetterSafe), isInfix}
}

// asciiSpace is unicode.IsSpace on ASCII, read without the call.
var asciiSpace = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = unicode.IsSpace(rune(c))
	}
	return t
}()

// lex splits a statement into tokens, dropping comments.
func lex(src string) ([]token, error) { return lexInto(nil, src) }

// tokenBuffers keeps token slices between parses: the tree keeps none of
// its tokens, and allocating and clearing a fresh slice for every
// statement was a third of lex's time.
var tokenBuffers = sync.Pool{New: func() any { return new([]token) }}

// lexInto is lex appending to buf[:0], which it reuses when large enough.
func lexInto(buf []token, src string) ([]token, error) {
	l, err := newLexer(buf, src)
	if err != nil {
		return nil, err
	}
	for !l.done {
		if err := l.more(); err != nil {
			return nil, err
		}
	}
	return l.toks, nil
}

// newLexer starts reading src into buf[:0] (reused when large enough).
func newLexer(buf []token, src string) (*lexer, error) {
	if err := CheckSize(src); err != nil {
		return nil, err
	}
	// At most about one token in two bytes: one allocation instead of the
	// append doublings (they were half of lex's time).
	l := &lexer{src: src, toks: buf[:0]}
	if cap(l.toks) < len(src)/2+8 {
		l.toks = make([]token, 0, len(src)/2+8)
	}
	return l, nil
}

// more reads on until one more token is read, or to the end of the text,
// where it appends the EOF token and sets done. The parser reads tokens
// as it needs them, so a statement it cannot read is given up at the
// first token it cannot read, without lexing the rest.
func (l *lexer) more() error {
	src, i, n := l.src, l.i, len(l.toks)
	for i < len(src) && len(l.toks) == n {
		r, size := utf8.DecodeRuneInString(src[i:])
		var err error
		switch {
		case r == utf8.RuneError && size == 1:
			return fmt.Errorf("invalid UTF-8 at byte %d", i)
		case r == ' ' || r == '\n':
			i += size
		case r == '\r' && strings.HasPrefix(src[i:], "\r\n"):
			i += 2 // a line end written CRLF, as a file read by Lean has it converted
		case r < utf8.RuneSelf && asciiSpace[r]:
			// Lean's whitespace is space, LF and CRLF: a tab is refused
			// ("tabs are not allowed"), so is a lone CR, and other spaces
			// (no-break, em, ideographic: see scanSymbol) are no token at
			// all (Lean.Parser.whitespace, src/Lean/Parser/Basic.lean).
			return spaceError(r, i)
		case (r == '-' || r == '/') && (strings.HasPrefix(src[i:], "--") || strings.HasPrefix(src[i:], "/-")):
			i, err = l.scanComment(i)
		case r == '"':
			i, err = l.scanString(i)
		case r == '«':
			i, err = l.scanQuotedIdent(i)
		case isIdentStart(r):
			i = l.scanIdent(i, size)
		case r >= '0' && r <= '9':
			i, err = l.scanNumber(i)
		default:
			if j, ok := l.scanProjection(i, r); ok {
				i = j
				continue
			}
			i, err = l.scanSymbol(i, r, size)
		}
		if err != nil {
			return err
		}
	}
	l.i = i
	if len(l.toks) == n && i >= len(src) {
		l.toks = append(l.toks, token{tEOF, "", len(src), len(src)})
		l.done = true
	}
	return nil
}

// lexer reads a statement once, left to right; each scan method reads the
// token (or comment) that starts at byte i and returns where it ends, as
// go/scanner's scanX methods do.
type lexer struct {
	src  string
	toks []token
	i    int  // where reading goes on
	done bool // the EOF token is read
}

func (l *lexer) emit(kind tokKind, from, to int) {
	l.toks = append(l.toks, token{kind, l.src[from:to], from, to})
}

// scanComment skips a line comment or a (nested) block comment.
func (l *lexer) scanComment(i int) (int, error) {
	end, closed := commentEnd(l.src, i)
	if !closed {
		return 0, fmt.Errorf("unclosed comment at byte %d", i)
	}
	return end, nil
}

// scanString reads a string literal, escapes included.
func (l *lexer) scanString(i int) (int, error) {
	if n := len(l.toks); n > 0 {
		if prev := l.toks[n-1]; prev.kind == tIdent && strings.HasSuffix(prev.text, "!") && prev.pos+len(prev.text) == i {
			// s!"{x}", m!"…", f!"…": an interpolated string holds terms
			// (names used inside it), which lean-ast does not read.
			return 0, fmt.Errorf("%w: %s\"…\" at byte %d is an interpolated string, whose terms lean-ast does not read", ErrNotModelled, prev.text, prev.pos)
		}
	}
	j := i + 1
	for j < len(l.src) && l.src[j] != '"' {
		if l.src[j] == '\\' {
			j++
		}
		j++
	}
	if j >= len(l.src) {
		return 0, fmt.Errorf("unclosed string at byte %d", i)
	}
	l.emit(tStr, i, j+1)
	return j + 1, nil
}

// scanQuotedIdent reads an identifier that starts with a «quoted» part.
func (l *lexer) scanQuotedIdent(i int) (int, error) {
	j := strings.IndexRune(l.src[i:], '»')
	if j < 0 {
		return 0, fmt.Errorf("unclosed « at byte %d", i)
	}
	j = identTail(l.src, j+i+len("»"))
	l.emit(tIdent, i, j)
	return j, nil
}

// scanIdent reads an identifier (Type* and ℕ+ as one token).
func (l *lexer) scanIdent(i, size int) int {
	j := identTail(l.src, i+size)
	if w := l.src[i:j]; (w == "Type" || w == "Sort") && j < len(l.src) && l.src[j] == '*' {
		j++ // Type*
	} else if (w == "ℕ" || w == "ℚ" || w == "ℝ") && j < len(l.src) && l.src[j] == '+' {
		j++ // ℕ+
	} else if w == "𝓝" && strings.HasPrefix(l.src[j:], "ˢ") {
		j += len("ˢ") // 𝓝ˢ: scoped[Topology] notation "𝓝ˢ" => nhdsSet
	} else if (w == "ℚ" || w == "ℝ") && strings.HasPrefix(l.src[j:], "≥0") {
		// ℝ≥0, ℝ≥0∞ and ℚ≥0 are tokens: scoped notation "ℝ≥0" => NNReal
		// (Mathlib/Data/NNReal/Defs.lean), "ℝ≥0∞" => ENNReal
		// (Mathlib/Data/ENNReal/Basic.lean), "ℚ≥0" => NNRat.
		j += len("≥0")
		if w == "ℝ" && strings.HasPrefix(l.src[j:], "∞") {
			j += len("∞")
		}
	}
	l.emit(tIdent, i, j)
	return j
}

// scanNumber reads a numeral as Lean's number parsers do
// (src/Lean/Parser/Basic.lean: numberFnAux, decimalNumberFn,
// takeDigitsFn): 0x, 0b and 0o prefixes (either case), digits with "_"
// separators between them, a fraction ".digits", and an exponent
// e/E [+-] digits. 1e3 is one literal; so are 1_000 and 0b101.
func (l *lexer) scanNumber(i int) (int, error) {
	src := l.src
	end := func(j int) (int, error) {
		if j < len(src) && src[j] == '_' {
			return 0, fmt.Errorf("%w: a digit separator '_' at byte %d not followed by a digit (Lean refuses it)", ErrNotModelled, j)
		}
		l.emit(tNum, i, j)
		return j, nil
	}
	digits := func(j int, ok func(byte) bool) int {
		for j < len(src) && (ok(src[j]) || src[j] == '_' && j+1 < len(src) && ok(src[j+1]) && j > i) {
			j++
		}
		return j
	}
	if src[i] == '0' && i+2 < len(src) {
		var ok func(byte) bool
		switch src[i+1] {
		case 'x', 'X':
			ok = isHex
		case 'b', 'B':
			ok = func(c byte) bool { return c == '0' || c == '1' }
		case 'o', 'O':
			ok = func(c byte) bool { return c >= '0' && c <= '7' }
		}
		if ok != nil && ok(src[i+2]) {
			return end(digits(i+2, ok))
		}
	}
	j := digits(i, isDigit)
	if j+1 < len(src) && src[j] == '.' && isDigit(src[j+1]) {
		j = digits(j+1, isDigit)
	} else if j < len(src) && src[j] == '.' {
		// parseOptDot takes the dot even with no digit after it: 5. is a
		// decimal literal, so 5..15 is not the interval 5 .. 15 (Mathlib
		// writes (5)..15)
		return 0, fmt.Errorf("%w: the numeral at byte %d ends in '.', which Lean reads as part of it (a decimal literal %s.; write (%s).. for an interval)", ErrNotModelled, i, src[i:j], src[i:j])
	}
	if j < len(src) && (src[j] == 'e' || src[j] == 'E') {
		k := j + 1
		if k < len(src) && (src[k] == '+' || src[k] == '-') {
			k++
		}
		if k < len(src) && isDigit(src[k]) {
			j = digits(k, isDigit)
		}
	}
	return end(j)
}

// scanProjection reads .name or .1 right after a closing bracket: (f x).1,
// ⟨a, b⟩.fst.
func (l *lexer) scanProjection(i int, r rune) (int, bool) {
	src := l.src
	if r != '.' || len(l.toks) == 0 || i+1 >= len(src) {
		return 0, false
	}
	prev := l.toks[len(l.toks)-1]
	r2, _ := utf8.DecodeRuneInString(src[i+1:])
	if prev.pos+len(prev.text) != i || !strings.Contains(")⟩]}", prev.text) || prev.kind != tSym || !(isIdentStart(r2) || isDigit(src[i+1])) {
		return 0, false
	}
	j := identTail(src, i+1)
	if isDigit(src[i+1]) {
		j = i + 1
		for j < len(src) && isDigit(src[j]) {
			j++
		}
	}
	l.toks = append(l.toks, token{tProj, src[i+1 : j], i, j})
	return j, true
}

// scanSymbol reads the longest notation symbol at i, or one character the
// tables know; any other character is outside the closed world.
func (l *lexer) scanSymbol(i int, r rune, size int) (int, error) {
	var m symbol
	var candidates []symbol
	if r < 128 {
		candidates = symbolsASCII[r]
	} else {
		candidates = symbolsByRune[r]
	}
	for _, t := range bracketLiterals {
		if strings.HasPrefix(l.src[i:], t) {
			return 0, fmt.Errorf("%w: %q at byte %d opens %s, one token to Lean, which lean-ast does not read (it is not ! or # before a list)", ErrNotModelled, t, i, bracketLiteralNames[t])
		}
	}
	for _, s := range candidates {
		if len(s.text) > len(m.text) && strings.HasPrefix(l.src[i:], s.text) {
			m = s
		}
	}
	if m.text == ".1" || m.text == ".2" {
		m = symbol{} // projections are handled in identifiers; a lone ".1" is a symbol
	}
	matched := m.text
	bracket := strings.HasPrefix(l.src[i+len(matched):], "[")
	if bracket {
		if decl := PropsOf(matched).GluedElsewhere; decl != "" {
			return 0, fmt.Errorf("%w: %q at byte %d: Lean's token is %q (%s), which lean-ast does not read", ErrNotModelled, matched+"[", i, matched+"[", decl)
		}
	}
	if m.bracket && !bracket {
		return 0, fmt.Errorf("%w: %q at byte %d: Lean declares it only with its bracket glued on (%q)", ErrNotModelled, matched, i, matched+"[")
	}
	if matched == "" {
		matched = l.src[i : i+size]
		// a one-character symbol is not in the table's list
		c := charSymbol(r)
		m = c.sym
		if !c.known && unicode.IsSpace(r) {
			return 0, spaceError(r, i) // no-break, em, ideographic: not Lean's
		}
		if !c.known {
			// Closed world: a character that is neither part of a Lean
			// identifier nor notation lean-ast knows (a local notation,
			// Lean 3 syntax, a letter Lean rejects) leaves the statement
			// unread rather than guessed at.
			return 0, fmt.Errorf("%w: %q (U+%04X) at byte %d is neither a Lean identifier character nor notation lean-ast knows", ErrNotModelled, r, r, i)
		}
	}
	if next, _ := utf8.DecodeRuneInString(l.src[i+len(matched):]); isIdentStart(next) && !m.letterSafe {
		if m.infix {
			return 0, fmt.Errorf("%w: %q at byte %d is glued to the name after it: Lean's tokenizer reads the longest token it declares, and Mathlib declares such tokens (→r, ≃o, →SL[, =O[, ⥤q), not all in lean-ast's table", ErrNotModelled, matched, i)
		}
	}
	l.emit(tSym, i, i+len(matched))
	return i + len(matched), nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isHex(c byte) bool   { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') }

// isIdentStart and isIdentRest are Lean 4's isIdFirst and isIdRest
// (src/Init/Meta/Defs.lean in leanprover/lean4): ASCII letters (Char.isAlpha
// is ASCII in Lean), '_', and isLetterLike; the rest adds ASCII digits,
// '\”, '!', '?' and isSubScriptAlnum. A Cyrillic or other letter outside
// these ranges is not an identifier character in Lean, so it is not one here
// (unicode.IsLetter would read a Cyrillic х as a Latin x).
func isIdentStart(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiIdentStart[r]
	}
	return isLetterLike(r)
}

// asciiIdentStart is isIdentStart for ASCII, read without the comparisons.
var asciiIdentStart = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
	}
	return t
}()

// spaceError refuses white space Lean does not accept.
func spaceError(r rune, at int) error {
	return fmt.Errorf("%w: %q (U+%04X) at byte %d is white space Lean does not accept", ErrNotModelled, r, r, at)
}

func isIdentRest(r rune) bool {
	return isIdentStart(r) || r >= '0' && r <= '9' || r == '\'' || r == '!' || r == '?' || isSubscript(r)
}

// asciiIdentRest is isIdentRest for ASCII, read without decoding.
var asciiIdentRest = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = isIdentRest(rune(c))
	}
	return t
}()

// isLetterLike is Lean 4's isLetterLike: Greek but λ, Π and Σ, Coptic,
// polytonic Greek, the letter-like block (ℕ ℝ ℂ ...), mathematical
// alphanumerics (𝕜 𝓝 ...), and, in current Lean, Latin-1 letters (not ×
// and ÷) and Latin Extended-A.
func isLetterLike(r rune) bool {
	return r >= 0x3b1 && r <= 0x3c9 && r != 0x3bb ||
		r >= 0x391 && r <= 0x3a9 && r != 0x3a0 && r != 0x3a3 ||
		r >= 0x3ca && r <= 0x3fb ||
		r >= 0x1f00 && r <= 0x1ffe ||
		r >= 0x2100 && r <= 0x214f ||
		r >= 0x1d49c && r <= 0x1d59f ||
		r >= 0xc0 && r <= 0xff && r != 0xd7 && r != 0xf7 ||
		r >= 0x100 && r <= 0x17f
}

// isSubscript is Lean 4's isSubScriptAlnum: subscript digits and letters.
func isSubscript(r rune) bool {
	return r >= 0x2080 && r <= 0x2089 || r >= 0x2090 && r <= 0x209c || r >= 0x1d62 && r <= 0x1d6a || r == 0x2c7c
}

// identTail extends an identifier from byte i: name characters, then
// ".name" or ".1" segments (a dot between two dots is a range, not a name).
func identTail(src string, i int) int {
	for i < len(src) {
		if c := src[i]; c < utf8.RuneSelf && asciiIdentRest[c] {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(src[i:])
		if isIdentRest(r) {
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

// sizeLimit is MaxBytes, raised only by tests that measure how the passes
// scale past it.
var sizeLimit = MaxBytes

// ErrNotModelled is returned, wrapped, for a text holding notation
// lean-ast does not read as Lean does (the closed world: such a pair is
// left undecided, never guessed at).
var ErrNotModelled = errors.New("not modelled")

// lexedError is a lexer's error as Parse returns it: the same text, told
// apart from the parser's refusals (parseCode).
type lexedError struct{ err error }

func (e lexedError) Error() string { return e.err.Error() }
func (e lexedError) Unwrap() error { return e.err }

// ErrTooLarge is returned, wrapped, for a text over MaxBytes.
var ErrTooLarge = errors.New("too large to compare offline")

// CheckSize returns an error wrapping ErrTooLarge for a text over MaxBytes.
func CheckSize(s string) error {
	if len(s) > sizeLimit {
		return fmt.Errorf("%w (%d bytes, over the limit of %d)", ErrTooLarge, len(s), sizeLimit)
	}
	return nil
}

// charSymbol is what the lexer knows of r as a one-character symbol:
// whether, standing alone, it is a token of the notation lean-ast reads (an
// operator, bracket or punctuation of its tables, or the first character
// of one), and that symbol's flags.
func charSymbol(r rune) oneChar {
	knownOnce.Do(initKnown)
	if r < 128 {
		return knownASCII[r]
	}
	return known[r]
}

// oneChar is a character's entry: whether lean-ast knows it, and its
// symbol's flags when it stands alone.
type oneChar struct {
	known bool
	sym   symbol
}

func initKnown() {
	known = map[rune]oneChar{}
	add := func(tok string) {
		if c, size := utf8.DecodeRuneInString(tok); size == len(tok) {
			known[c] = oneChar{true, newSymbol(tok)}
		}
	}
	for k := range infix {
		add(k)
	}
	for k := range postfix {
		add(k)
	}
	for k := range atomSymbols {
		add(k)
	}
	for k := range quantifiers {
		add(k)
	}
	for _, f := range Forms {
		if f.Kind == "big operator" {
			add(f.Token)
		}
	}
	for _, c := range "()[]{}⟨⟩⦃⦄|‖⌊⌋⌈⌉⟪⟫⁅⁆,:;.'@#$!¬↑√∂-=<>+*/%^&~`·∘∑∏∫∮⋃⋂⨆⨅∀∃λ↦" {
		add(string(c))
	}
	for _, t := range symbols {
		add(t)
	}

	for c := range knownASCII {
		knownASCII[c] = known[rune(c)]
	}
}

var (
	knownOnce sync.Once
	// knownASCII is known's entries for the ASCII characters, read
	// without hashing.
	knownASCII [128]oneChar
	known      map[rune]oneChar
)

// IsIdentStart reports whether Lean 4 starts an identifier with r (its
// isIdFirst); IsIdentRest whether r continues one (isIdRest).
func IsIdentStart(r rune) bool { return isIdentStart(r) }

// IsIdentRest: see IsIdentStart.
func IsIdentRest(r rune) bool { return isIdentRest(r) }
