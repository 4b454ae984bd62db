package lean

import (
	"fmt"
	"regexp"
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

// declaresSyntax is the first line of s that declares syntax, or "".
func declaresSyntax(s string) string {
	if !strings.Contains(s, "notation") && !strings.Contains(s, "fix") && !strings.Contains(s, "macro") &&
		!strings.Contains(s, "syntax") && !strings.Contains(s, "elab") {
		return "" // no keyword of notationDecl's
	}
	for line := range strings.Lines(s) {
		if l := strings.TrimSpace(line); notationDecl.MatchString(l) {
			return l
		}
	}
	return ""
}

// openLine matches an open command at the start of a line (open Real in,
// open scoped Nat, open Finset hiding card).
var openLine = regexp.MustCompile(`^(?:@\[[^\]]*\]\s*)*open\b`)

// opensScope is the first open line of s, or "": an opened namespace may
// declare scoped notation, which then extends the statement's grammar.
func opensScope(s string) string {
	if !strings.Contains(s, "open") {
		return ""
	}
	for line := range strings.Lines(s) {
		if l := strings.TrimSpace(line); openLine.MatchString(l) {
			return l
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
