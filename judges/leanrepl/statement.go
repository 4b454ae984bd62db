package leanrepl

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/rxeval/rxeval/judges/lean"
)

// proofStart returns the byte offset of the top-level ":=" that starts a
// theorem's proof (past comments, strings and brackets), or -1.
func proofStart(s string) int {
	depth := 0
	for i := 0; i < len(s); {
		switch {
		case strings.HasPrefix(s[i:], "--"):
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return -1
			}
			i += j
			continue
		case strings.HasPrefix(s[i:], "/-"):
			d := 0
			for i < len(s) {
				if strings.HasPrefix(s[i:], "/-") {
					d++
					i += 2
				} else if strings.HasPrefix(s[i:], "-/") {
					d--
					i += 2
					if d == 0 {
						break
					}
				} else {
					i++
				}
			}
			continue
		case strings.HasPrefix(s[i:], "«"):
			// A «…» name: what it holds is no bracket and no ":=".
			if j := strings.Index(s[i:], "»"); j >= 0 {
				i += j + len("»")
				continue
			}
		case s[i] == '"':
			j := i + 1
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
			continue
		case depth == 0 && strings.HasPrefix(s[i:], ":="):
			return i
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case strings.ContainsRune("([{⦃⟨", r):
			depth++
		case strings.ContainsRune(")]}⦄⟩", r):
			depth--
		}
		i += size
	}
	return -1
}

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
	if strings.Contains(s, ":=") || strings.HasPrefix(strings.TrimSpace(s), "theorem") {
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
