package leanrepl

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rxeval/rxeval/judges/lean"
)

// commandWords start a Lean command. At the top level of a statement,
// before its proof, they mean the text is more than one theorem: it could
// bring declarations, axioms, macros or options of its own into the proof
// search, so BEq+ leaves it undecided.
var commandWords = map[string]bool{
	"theorem": true, "lemma": true, "def": true, "abbrev": true, "instance": true, "example": true, "axiom": true,
	"structure": true, "class": true, "inductive": true, "opaque": true, "mutual": true, "macro": true, "macro_rules": true,
	"syntax": true, "elab": true, "elab_rules": true, "notation": true, "notation3": true, "infix": true, "infixl": true, "infixr": true,
	"prefix": true, "postfix": true, "attribute": true, "set_option": true, "open": true, "namespace": true, "section": true,
	"end": true, "variable": true, "universe": true, "local": true, "scoped": true, "initialize": true, "declare_syntax_cat": true,
	"run_cmd": true, "run_tac": true, "export": true, "omit": true, "include": true, "deriving": true, "add_decl_doc": true,
	"unseal": true, "seal": true, "irreducible_def": true,
}

// declarationWords end a proof: after the top-level ":=", one of them at
// the top level starts a second declaration.
var declarationWords = map[string]bool{
	"theorem": true, "lemma": true, "def": true, "abbrev": true, "instance": true, "example": true, "axiom": true,
	"structure": true, "class": true, "inductive": true, "opaque": true, "macro": true, "macro_rules": true,
	"syntax": true, "notation": true, "attribute": true, "namespace": true, "section": true, "variable": true,
	"universe": true, "irreducible_def": true,
}

// codeWords run code when Lean elaborates them, anywhere in a text: a
// statement from a prediction file must not run a program on the machine
// of whoever scores it (Mathlib's run_tac, run_cmd and by_elab,
// Mathlib/Util/RunCmd.lean; #eval; the unsafe term).
var codeWords = map[string]bool{
	"run_tac": true, "run_cmd": true, "run_elab": true, "run_meta": true, "by_elab": true, "unsafe": true,
	"implemented_by": true, "extern": true, "#eval": true, "#eval!": true, "#exit": true, "#print": true,
	"#check": true, "#reduce": true, "#synth": true, "#guard_msgs": true, "#guard": true, "#help": true,
	"#lint": true, "#find": true, "#where": true, "#simp": true, "#norm_num": true, "#conv": true, "#whnf": true,
	"#time": true, "#count_heartbeats": true, "#check_failure": true, "#kernel_reduce": true, "#html": true,
	"#widget": true, "#explode": true, "#help_tactic": true,
}

// codePrefixes start the names of the programming API (IO, the
// elaborator): no mathematical statement needs them.
var codePrefixes = []string{"IO.", "EIO", "BaseIO", "Lean.", "System.", "IO"}

// runsCode says why s could run a program or a command when Lean reads it,
// or "". The commands rxeval builds never hold such a text.
func runsCode(toks []token) string {
	for _, t := range toks {
		if codeWords[t.text] {
			return fmt.Sprintf("%q could run code on this machine (byte %d)", t.text, t.at)
		}
		if t.ident {
			for _, p := range codePrefixes {
				if t.text == p || strings.HasPrefix(t.text, p) && p[len(p)-1] == '.' {
					return fmt.Sprintf("%q names the programming API, which could run code on this machine (byte %d)", t.text, t.at)
				}
			}
		}
	}
	return ""
}

// modifierWords may stand before a declaration's keyword.
var modifierWords = map[string]bool{"private": true, "protected": true, "noncomputable": true, "nonrec": true, "partial": true}

// reserved names rxeval's own declarations in the commands it builds.
const reserved = "rxeval_"

// singleTheorem says why s (comments already dropped) is not one theorem
// BEq+ may take, or "" when it is: "theorem", "lemma" or "example" first
// (after attributes and private/protected), no command keyword before its
// proof, no second declaration after it, no name starting with rxeval_.
// A bare proposition (no keyword) is one theorem when it holds no command.
func singleTheorem(s string) string {
	toks := scanTokens(s)
	if why := runsCode(toks); why != "" {
		return why
	}
	i := 0
	for i < len(toks) && (toks[i].text == "@[" || toks[i].depth > 0 || toks[i].text == "]" || modifierWords[toks[i].text]) {
		i++
	}
	bare := i == len(toks) || !commandWords[toks[i].text]
	if !bare {
		switch toks[i].text {
		case "theorem", "lemma", "example":
			i++
		default:
			return fmt.Sprintf("it starts with %q, not with theorem, lemma or example", toks[i].text)
		}
	} else if i > 0 {
		return "attributes or modifiers stand before no theorem"
	}
	proof := false
	for _, t := range toks[i:] {
		if t.ident && strings.HasPrefix(t.text, reserved) || strings.Contains(t.text, "."+reserved) {
			return fmt.Sprintf("the name %q is reserved for rxeval's own declarations", t.text)
		}
		if t.depth > 0 {
			continue
		}
		switch {
		case t.text == ":=":
			proof = true
		case !proof && commandWords[t.text], proof && declarationWords[t.text]:
			return fmt.Sprintf("a second command starts at %q (byte %d)", t.text, t.at)
		}
	}
	return ""
}

type token struct {
	text  string
	at    int
	depth int
	ident bool
}

// scanTokens splits Lean source without comments into rough tokens with
// their bracket depth: identifiers by Lean's own rules (with dots and
// «quoted» parts), "#commands", ":=", "@[", brackets and single symbols;
// strings and character literals are one token each.
func scanTokens(src string) []token {
	var toks []token
	depth := 0
	for i := 0; i < len(src); {
		r, n := utf8.DecodeRuneInString(src[i:])
		start := i
		switch {
		case unicode.IsSpace(r):
			i += n
			continue
		case r == '"':
			i = skipString(src, i)
		case r == '\'' && isCharLiteral(src, i):
			i = skipCharLiteral(src, i)
		case lean.IsIdentStart(r) || r == '«' || r == '#':
			i = identEnd(src, i)
			toks = append(toks, token{text: src[start:i], at: start, depth: depth, ident: r != '#'})
			continue
		case strings.HasPrefix(src[i:], ":="):
			i += 2
		case strings.HasPrefix(src[i:], "@["):
			i += 2
			toks = append(toks, token{text: "@[", at: start, depth: depth})
			depth++
			continue
		case strings.ContainsRune("([{⦃⟨", r):
			i += n
			toks = append(toks, token{text: src[start:i], at: start, depth: depth})
			depth++
			continue
		case strings.ContainsRune(")]}⦄⟩", r):
			depth = max(0, depth-1)
			i += n
		default:
			i += n
		}
		toks = append(toks, token{text: src[start:i], at: start, depth: depth})
	}
	return toks
}

// identEnd returns the end of the identifier (or #command) at i.
func identEnd(src string, i int) int {
	_, n := utf8.DecodeRuneInString(src[i:])
	j := i + n
	if src[i] == "«"[0] && strings.HasPrefix(src[i:], "«") {
		j = closeGuillemet(src, i)
	}
	for j < len(src) {
		r, n := utf8.DecodeRuneInString(src[j:])
		switch {
		case strings.HasPrefix(src[j:], "«"):
			j = closeGuillemet(src, j)
		case lean.IsIdentRest(r):
			j += n
		case r == '.' && j+1 < len(src):
			r2, _ := utf8.DecodeRuneInString(src[j+1:])
			if !lean.IsIdentStart(r2) && r2 != '«' {
				return j
			}
			j++
		default:
			return j
		}
	}
	return j
}

func closeGuillemet(src string, i int) int {
	j := strings.Index(src[i+len("«"):], "»")
	if j < 0 {
		return len(src)
	}
	return i + len("«") + j + len("»")
}

func skipString(src string, i int) int {
	for i++; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(src)
}

// isCharLiteral: a quote after an identifier character is a prime (x');
// otherwise 'c' or '\n' is a character literal.
func isCharLiteral(src string, i int) bool {
	if i > 0 {
		if r, _ := utf8.DecodeLastRuneInString(src[:i]); lean.IsIdentRest(r) {
			return false
		}
	}
	rest := src[i+1:]
	if strings.HasPrefix(rest, "\\") {
		return strings.Contains(rest[:min(len(rest), 8)], "'")
	}
	_, n := utf8.DecodeRuneInString(rest)
	return n > 0 && len(rest) > n && rest[n] == '\''
}

func skipCharLiteral(src string, i int) int {
	j := strings.IndexByte(src[i+2:], '\'')
	if j < 0 {
		return len(src)
	}
	return i + 2 + j + 1
}
