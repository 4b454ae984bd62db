package lean

import (
	"fmt"
	"slices"
	"strings"
)

// errSyntaxExtends is the refusal of a statement that declares syntax of
// its own (notation, infix, prefix, postfix, macro, syntax, elab and their
// local and scoped forms): Lean reads the rest of the text under the new
// grammar, where the fixed precedence table lean-ast parses with is wrong
// (notation "dbl" x:65 => 2 * x makes dbl x + 1 be 2 * (x + 1)) and a
// bound name may have become a token.
var errSyntaxExtends = fmt.Errorf("%w: the statement declares syntax", ErrNotModelled)

// syntaxKeywords are the keywords of Lean's commands that extend the
// grammar or give syntax a meaning (Lean 4's Parser/Command.lean and
// Parser/Syntax.lean; notation3 is Mathlib's). They are keywords, never
// names, so one anywhere among the statement's tokens starts such a
// command, at a line start or not (set_option … in notation …, a doc
// comment before it, def c := 1 notation …).
var syntaxKeywords = map[string]bool{"notation": true, "notation3": true, "infix": true, "infixl": true, "infixr": true,
	"prefix": true, "postfix": true, "macro": true, "macro_rules": true, "syntax": true, "elab": true, "elab_rules": true,
	"declare_syntax_cat": true, "binder_predicate": true}

// declaresSyntax is the token of s that starts a command extending the
// grammar (from it to the end of its line, for the reason), or "".
func declaresSyntax(s string) string {
	return keywordLine(s, syntaxKeywords)
}

// opensScope is the open command of s (from the keyword to the end of its
// line), or "": an opened namespace may declare scoped notation, which
// then extends the statement's grammar.
func opensScope(s string) string {
	return keywordLine(s, map[string]bool{"open": true})
}

// keywordLine is s from the first token in keywords to the end of that
// line, or "". A text the lexer cannot read is left to Parse, which
// refuses it.
func keywordLine(s string, keywords map[string]bool) string {
	found := false
	for k := range keywords {
		if strings.Contains(s, k) {
			found = true
			break
		}
	}
	if !found {
		return ""
	}
	toks, err := lex(s)
	if err != nil {
		return ""
	}
	for _, t := range toks {
		if t.kind == tIdent && keywords[t.text] {
			line, _, _ := strings.Cut(s[t.pos:], "\n")
			return strings.TrimSpace(line)
		}
	}
	return ""
}

// sameTokens decides a pair where one statement opens a namespace: under
// a grammar lean-ast may not know, only the same token sequence is known
// to read the same (bound names included: a name may have become a
// token, and parentheses the table calls redundant may not be).
func sameTokens(a, b *Prepared) Verdict {
	ta, errA := Tokens(a.text)
	tb, errB := Tokens(b.text)
	if errA == nil && errB == nil && slices.Equal(ta, tb) {
		return Verdict{Same, CodeEqualTokens, "the statements are the same tokens"}
	}
	open := a.opens
	if open == "" {
		open = b.opens
	}
	return Verdict{Undecided, CodeSyntaxExtends, fmt.Sprintf("a statement opens a namespace (%s), whose scoped notation may change how Lean reads it: only the same tokens are known to mean the same", clipString(open))}
}
