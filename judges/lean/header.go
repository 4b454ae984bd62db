package lean

import (
	"regexp"
	"slices"
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

// headerDecl matches a header line that may change what the statement's
// names and notation mean: a namespace the theorem sits in, a definition,
// an instance or class, an attribute, or a variable line.
var headerDecl = regexp.MustCompile(`^(?:@\[[^\]]*\]\s*)*(?:(?:private|protected|noncomputable|local|scoped|unsafe|partial)\s+)*(namespace|instance|class|abbrev|def|structure|inductive|attribute|variable|export)\b\s*(\S*)`)

// HeaderContext says how a sample's header may make the statement's names
// differ from Mathlib's, as two strings: names, when the theorem sits in a
// namespace or the header defines or binds names (102 of the 240 sampled
// test inputs open a namespace; 63 define something), and instances, when
// it declares an instance, a class or an attribute, which can give
// notation another meaning (instance : OfNat ℝ 2 := ⟨3⟩). Either is "" when
// the header does neither. A variable line that binds only names lean-ast
// gives no meaning of its own is no risk.
func HeaderContext(header string) (names, instances string) {
	for _, line := range strings.Split(header, "\n") {
		m := headerDecl.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		switch m[1] {
		case "instance", "class", "attribute":
			if instances == "" {
				instances = "the header declares " + strings.TrimSpace(line)
			}
		case "variable":
			for _, w := range strings.FieldsFunc(line, func(r rune) bool { return strings.ContainsRune(" ()[]{}⦃⦄:,", r) }) {
				if reservedNames[w] || reservedHeads[w] {
					if names == "" {
						names = "the header's variable line binds " + w
					}
				}
			}
		default:
			if names == "" {
				names = "the header declares " + m[1] + " " + m[2]
			}
		}
	}
	return names, instances
}

// InHeaderContext makes p read under a header's HeaderContext: with names,
// only trees equal as written are equivalent; with instances, nothing is
// judged not equivalent.
func (p *Prepared) InHeaderContext(names, instances string) {
	p.headerNames, p.headerInstances = names, instances
}

// HeaderOpens lists the namespaces a header (or the lines of a statement
// before its theorem) opens for good: open A B, open scoped A, namespace
// A (not open A in, which opens A for the next command only), whose
// scoped notation Lean then reads.
func HeaderOpens(header string) []string {
	var out []string
	for _, line := range strings.Split(header, "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || f[0] != "open" && f[0] != "namespace" {
			continue
		}
		if f[len(f)-1] == "in" {
			continue
		}
		for _, w := range f[1:] {
			if w == "scoped" {
				continue
			}
			if w == "hiding" || w == "renaming" || strings.ContainsAny(w, "()") {
				break
			}
			out = append(out, strings.TrimPrefix(w, "_root_."))
		}
	}
	return out
}

// InHeaderOpens makes p read under a header that opens namespaces
// (HeaderOpens): their scoped notation is Lean's to read.
func (p *Prepared) InHeaderOpens(namespaces []string) { p.headerOpens = namespaces }

// unopenedScope names a namespace of scoped notation that p uses and that
// neither the header nor p itself opens and other does not use too, or "":
// where both use it, either both read or neither does.
func unopenedScope(p, other *Prepared) string {
	for _, ns := range p.st.Scopes {
		if slices.Contains(p.headerOpens, ns) || slices.Contains(other.st.Scopes, ns) || slices.Contains(HeaderOpens(p.text), ns) {
			continue
		}
		return ns
	}
	return ""
}
