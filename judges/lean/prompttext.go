package lean

import (
	"strings"
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
	return stripComments(s, lit, true)
}

// writeLit writes a literal: as it is when empty or lit is nil, else
// quoted what lit makes of its contents.
func writeLit(b *strings.Builder, whole, quote, contents string, kind byte, lit func(byte, string) string) {
	if contents == "" || lit == nil {
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

// PromptTextVersion names what PromptText does: the digest of its output
// on the frozen statements (TestPromptTextVersion), so that a model
// judge's cached verdicts, whose key holds it, do not outlive a change in
// the text the model is shown.
const PromptTextVersion = "ptext-d59b9a9c8736"
