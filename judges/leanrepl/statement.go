package leanrepl

import (
	"regexp"
	"strings"

	"github.com/rxeval/rxeval/judges/lean"
)

// proofStart returns the byte offset of the ":=" that starts a
// declaration's proof, or -1: the first ":=" at bracket depth 0 that no let
// or have of the statement takes ("… : let p := e\n  p = 1 := by sorry"),
// read as Lean's tokenizer reads the text (scanTokens: never a ":=" in a
// comment, a string or char literal or a «…» name).
func proofStart(s string) int {
	toks, ok := scanTokens(s)
	if !ok {
		return -1
	}
	binders := 0 // lets and haves whose ":=" is still to come
	for _, t := range toks {
		switch {
		case t.depth > 0:
		case t.ident && letWords[t.text]:
			binders++
		case t.text == ":=" && binders > 0:
			binders--
		case t.text == ":=":
			return t.at
		}
	}
	return -1
}

// letWords bind a name with ":=" inside a term (Lean's let, have and their
// instance forms; let_fun).
var letWords = map[string]bool{"let": true, "have": true, "letI": true, "haveI": true, "let_fun": true}

// WithProof returns s with its proof replaced by proof (":= sorry" when
// proof is "sorry"); a statement without a proof gets one.
func WithProof(s, proof string) string {
	if i := proofStart(s); i >= 0 {
		s = s[:i]
	}
	return strings.TrimRight(s, " \t\n") + " := " + proof
}

var declRe = regexp.MustCompile(`^(\s*(?:@\[[^\]]*\]\s*)?(?:(?:private|protected|noncomputable)\s+)*)(?:(?:theorem|lemma)\s+(?:«[^»]*»|[^\s(\[{:⦃«])+|example\b)`)

// Renamed returns s declared as "theorem name": the theorem's own name
// replaced (a «…» part of it is one piece, spaces and all), an example
// named, a bare proposition made a theorem.
func Renamed(s, name string) string {
	if m := declRe.FindStringSubmatchIndex(s); m != nil {
		return s[:m[3]] + "theorem " + name + s[m[1]:]
	}
	if proofStart(s) >= 0 || strings.HasPrefix(strings.TrimSpace(s), "theorem") {
		return s // a form rxeval does not rename: Lean says what it is
	}
	return "theorem " + name + " : " + s
}

// asAxiom returns s declared as "axiom name" with s's binders and type:
// what the other statement of a pair is, assumed.
func asAxiom(s, name string) string {
	t := WithProof(Renamed(s, name), "")
	t = strings.TrimSuffix(strings.TrimRight(t, " "), ":=")
	if i := strings.Index(t, "theorem "+name); i >= 0 {
		t = "axiom " + t[i+len("theorem "):]
	}
	return strings.TrimRight(t, " \t\n")
}

// clean drops comments where Lean finds them (a text Lean's tokenizer
// cannot read is kept as written: Lean reports it).
func clean(s string) string {
	out, _ := lean.StripCommentsExact(s)
	return out
}
