package lean

import (
	"regexp"
	"strings"
)

// HeaderNotation is a notation a header declares: its tokens (the quoted
// atoms of the declaration, trimmed) and the declaration's first line.
// Any is set for declarations whose tokens cannot be listed (macro_rules,
// elab_rules: they give existing syntax another meaning).
type HeaderNotation struct {
	Tokens []string
	Line   string
	Any    bool
}

// notationDecl matches the start of a command that declares syntax, after
// attributes and local/scoped modifiers.
var notationDecl = regexp.MustCompile(`^(?:@\[[^\]]*\]\s*)*(?:(?:private|protected)\s+)?(?:(?:local|scoped(?:\[[^\]]*\])?)\s+)?(notation3?|infixl?|infixr|prefix|postfix|macro|syntax|macro_rules|elab_rules|elab)\b`)

var quoted = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)

// ReadHeaderNotation lists the notation a sample's header declares. Lean
// reads the statements under it, and lean-ast does not: a pair whose
// statements use one of these tokens is not lean-ast's to decide.
func ReadHeaderNotation(header string) []HeaderNotation {
	var out []HeaderNotation
	lines := strings.Split(header, "\n")
	for i := 0; i < len(lines); i++ {
		m := notationDecl.FindStringSubmatch(strings.TrimSpace(lines[i]))
		if m == nil {
			continue
		}
		// The declaration runs on over indented lines.
		first, block := strings.TrimSpace(lines[i]), lines[i]
		for i+1 < len(lines) && strings.HasPrefix(lines[i+1], " ") {
			i++
			block += "\n" + lines[i]
		}
		d := HeaderNotation{Line: first, Any: m[1] == "macro_rules" || m[1] == "elab_rules"}
		for _, q := range quoted.FindAllStringSubmatch(block, -1) {
			if t := strings.TrimSpace(q[1]); t != "" {
				d.Tokens = append(d.Tokens, t)
			}
		}
		out = append(out, d)
	}
	return out
}

// UsedBy reports whether one of the texts holds the declaration's first
// token, and returns it. The first token is the one that starts the
// notation (a leading one's opening atom, an infix's operator); the later
// ones (a comma, a closing bracket) mean something only after it. A
// declaration with Any is used by every text.
func (d HeaderNotation) UsedBy(texts ...string) (string, bool) {
	if d.Any {
		return "", true
	}
	if len(d.Tokens) == 0 {
		return "", false
	}
	for _, s := range texts {
		if strings.Contains(s, d.Tokens[0]) {
			return d.Tokens[0], true
		}
	}
	return "", false
}
