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

// codeNamespaces are the namespaces of the programming API (IO, the
// elaborator): no mathematical statement names them, or anything in them.
var codeNamespaces = map[string]bool{"IO": true, "EIO": true, "BaseIO": true, "Lean": true, "System": true}

// runsCode says why s could run a program or a command when Lean reads it,
// or "". The commands rxeval builds never hold such a text. A name is
// compared as Lean resolves it: its parts unquoted («IO».FS is IO.FS) and a
// leading _root_ dropped.
func runsCode(toks []token) string {
	for _, t := range toks {
		if codeWords[t.text] {
			return fmt.Sprintf("%q could run code on this machine (byte %d)", t.text, t.at)
		}
		if parts := t.resolved(); t.ident && len(parts) > 0 && codeNamespaces[parts[0]] {
			return fmt.Sprintf("%q names the programming API, which could run code on this machine (byte %d)", t.text, t.at)
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
	toks, ok := scanTokens(s)
	if !ok {
		return unreadable
	}
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
		if t.reserved() {
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

// unreadable says why a text Lean's tokenizer cannot read is not given to
// Lean: rxeval could not tell where its proof starts, nor what it names.
const unreadable = "Lean's tokenizer cannot read it (an unclosed comment, string or «, or a malformed character literal)"

type token struct {
	text  string
	at    int
	depth int
	ident bool
	// parts are an identifier's name parts, unquoted: «IO».FS is IO, FS.
	parts []string
}

// resolved returns the name parts an identifier resolves by: a leading
// _root_ (the root namespace) dropped.
func (t token) resolved() []string {
	if len(t.parts) > 1 && t.parts[0] == "_root_" {
		return t.parts[1:]
	}
	return t.parts
}

// reserved says whether the identifier names one of rxeval's own
// declarations: a part that starts with rxeval_, quoted or not.
func (t token) reserved() bool {
	for _, p := range t.parts {
		if strings.HasPrefix(p, reserved) {
			return true
		}
	}
	return false
}

// scanTokens splits Lean source into rough tokens with their bracket depth,
// reading it as Lean's tokenizer does (lean.Pieces: comments, string and
// char literals, «…» names): identifiers with their dots and «quoted»
// parts, "#commands", ":=", "@[", brackets and single symbols; a literal is
// one token, a comment none. ok is false for a text Lean's tokenizer cannot
// read (an unclosed comment, string or «, a malformed char literal).
func scanTokens(src string) (toks []token, ok bool) {
	pieces, ok := lean.Pieces(src)
	if !ok {
		return nil, false
	}
	// next is the piece after k when it starts right where k ends.
	next := func(k int) (lean.Piece, bool) {
		if k+1 < len(pieces) && pieces[k+1].Lo == pieces[k].Hi {
			return pieces[k+1], true
		}
		return lean.Piece{}, false
	}
	isName := func(p lean.Piece) bool { return p.Kind == lean.PieceWord || p.Kind == lean.PieceName }
	// name reads the dotted name from piece k, returning its parts and
	// the index of its last piece.
	name := func(k int) ([]string, int) {
		var parts []string
		for {
			p := pieces[k]
			part := src[p.Lo:p.Hi]
			if p.Kind == lean.PieceName {
				part = strings.TrimSuffix(strings.TrimPrefix(part, "«"), "»")
			}
			parts = append(parts, part)
			dot, ok := next(k)
			if !ok || dot.Kind != lean.PieceOther || src[dot.Lo:dot.Hi] != "." {
				return parts, k
			}
			if after, ok := next(k + 1); !ok || !isName(after) {
				return parts, k
			}
			k += 2
		}
	}
	depth := 0
	for k := 0; k < len(pieces); k++ {
		p := pieces[k]
		text := src[p.Lo:p.Hi]
		tok := token{at: p.Lo, depth: depth}
		switch p.Kind {
		case lean.PieceComment:
			continue
		case lean.PieceWord, lean.PieceName:
			parts, last := name(k)
			k, tok.parts = last, parts
			tok.ident = p.Kind == lean.PieceName || !unicode.IsDigit(rune(text[0]))
			text = src[p.Lo:pieces[last].Hi]
		case lean.PieceOther:
			r, _ := utf8.DecodeRuneInString(text)
			n, adjacent := next(k)
			switch {
			case unicode.IsSpace(r):
				continue
			case r == '#' && adjacent && n.Kind == lean.PieceWord:
				_, last := name(k + 1)
				text, k = src[p.Lo:pieces[last].Hi], last
			case r == ':' && adjacent && src[n.Lo:n.Hi] == "=":
				text, k = ":=", k+1
			case r == '@' && adjacent && src[n.Lo:n.Hi] == "[":
				toks = append(toks, token{text: "@[", at: p.Lo, depth: depth})
				depth, k = depth+1, k+1
				continue
			case strings.ContainsRune("([{⦃⟨", r):
				toks = append(toks, token{text: text, at: p.Lo, depth: depth})
				depth++
				continue
			case strings.ContainsRune(")]}⦄⟩", r):
				depth = max(0, depth-1)
				tok.depth = depth
			}
		}
		tok.text = text
		toks = append(toks, tok)
	}
	return toks, true
}
