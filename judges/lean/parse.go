package lean

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

func (n *Node) String() string {
	if n == nil {
		return "<nil>"
	}
	var b strings.Builder
	n.write(&b)
	return b.String()
}

// write prints n in the form String returns, in linear time.
func (n *Node) write(b *strings.Builder) { n.writeUpTo(b, math.MaxInt) }

// writeUpTo is write stopped once b holds limit bytes or more: it
// reports whether n was printed whole.
func (n *Node) writeUpTo(b *strings.Builder, limit int) bool {
	if len(n.C) == 0 {
		n.writeHead(b)
		return b.Len() < limit
	}
	b.WriteString("(")
	n.writeHead(b)
	for _, c := range n.C {
		if b.Len() >= limit {
			return false
		}
		b.WriteString(" ")
		if c == nil {
			b.WriteString("<nil>")
			continue
		}
		if !c.writeUpTo(b, limit) {
			return false
		}
	}
	b.WriteString(")")
	return true
}

// writeHead prints n's kind and value (kind:value, kind:[name for an
// instance binder).
func (n *Node) writeHead(b *strings.Builder) {
	b.WriteString(n.K.String())
	if n.V != "" || n.Inst {
		b.WriteString(":")
		if n.Inst {
			b.WriteString("[")
		}
		b.WriteString(n.V)
	}
}

// Size counts the nodes of the tree.
func (n *Node) Size() int {
	s := 1
	for _, c := range n.C {
		s += c.Size()
	}
	return s
}

// opsWithArg take a bracketed argument: f =ᶠ[l] g, M →ₗ[R] N (the table's
// rows glued to their bracket); rightAtZero read their right side at 0.
var opsWithArg, rightAtZeroOps = gluedToBracket, func() map[string]bool {
	m := map[string]bool{}
	for _, n := range Infixes {
		if n.GluedBracket() && n.RightAtZero() {
			m[n.Token] = true
		}
	}
	return m
}()

// postfix are the Forms' postfix tokens, each its own spelling in trees
// (^[, xs[i] and R[X], with a bracket, are read apart).
var postfix = func() map[string]string {
	m := map[string]string{}
	for _, f := range Forms {
		if f.Kind == "postfix" && !strings.Contains(f.Token, "[") {
			m[f.Token] = f.Token
		}
	}
	return m
}()

// atomSymbols stand alone as terms.
var atomSymbols = map[string]bool{"∅": true, "⊤": true, "⊥": true, "∞": true, "·": true, "π": true, "ℵ₀": true, "∂": false, "∠": true, "∡": true}

// atomConstants are symbols declared as notation for one constant, read as
// that constant: scoped notation "∠" => EuclideanGeometry.angle
// (Mathlib/Geometry/Euclidean/Angle/Unoriented/Affine.lean) and scoped
// notation "∡" => EuclideanGeometry.oangle
// (Mathlib/Geometry/Euclidean/Angle/Oriented/Affine.lean).
var atomConstants = map[string]string{"∠": "EuclideanGeometry.angle", "∡": "EuclideanGeometry.oangle"}

// binderOps open a binder: ∀ x, ...; ∑ i ∈ s, ...
var quantifiers = map[string]Kind{"∀": KindPi, "Π": KindPi, "∃": KindExists, "∃!": KindExistsUnique, "λ": KindLambda, "fun": KindLambda, "Σ": KindSigma, "∀ᵐ": KindEventually, "∃ᵐ": KindFrequently, "∀ᶠ": KindEventually, "∃ᶠ": KindFrequently}

const maxPrec = 1024

// maxDepth bounds the nesting of terms, so untrusted input cannot exhaust
// the stack.
const maxDepth = 400

type parser struct {
	src string
	lx  *lexer
	// toks are the tokens read so far (the lexer's); the first ready of
	// them have their «» unquoted. Read them through tok, which reads on.
	toks  []token
	ready int
	i     int
	depth int
	// stop holds tokens that end the current sub-expression (| in |x|).
	stop []string
	// letAt is the index of the token "let" whose declaration is being
	// read, or -1: Lean's let is withPosition ("let " >> letDecl), and an
	// application argument must stand in a column after the saved
	// position's (checkColGt in Term.argument, src/Lean/Parser/Term.lean),
	// so a line that starts at or left of the let's column ends its value.
	letAt      int
	lineStarts []int // byte offsets where lines start (line)
	min        int   // the precedence the term being read must reach (expr's)
	// brackets are the brackets of the binders binders last read, one
	// per name ("({(" for (a) {b} (c)): a declaration before the theorem
	// keeps them, since f 2 needs f's first binder explicit.
	brackets string
	// tries counts the readings attempted and abandoned on failure (a
	// bracket as a binder, a set-builder); past tryBudget the statement
	// is refused: nested brackets whose inner reading fails would be read
	// again at every level, in time exponential in the depth.
	tries int
}

// tryBudget is how many readings a statement of n bytes may attempt.
func tryBudget(n int) int { return 1024 + n/2 }

// attempt counts a reading about to be tried at token t.
func (p *parser) attempt(t token) {
	p.tries++
	if p.tries > tryBudget(len(p.src)) {
		p.refuse(t.pos, "over %d readings attempted (brackets nested so that each may be a binder or a set-builder): not read", tryBudget(len(p.src)))
	}
}

// ParseError is a statement the parser cannot read. The message is
// formatted when shown: a reading tried and abandoned fails often, and
// its error is never read.
type ParseError struct {
	Pos    int
	format string
	args   []any
}

// Msg is what the parser could not read.
func (e *ParseError) Msg() string { return fmt.Sprintf(e.format, e.args...) }

func (e *ParseError) Error() string { return fmt.Sprintf("byte %d: %s", e.Pos, e.Msg()) }

func (p *parser) peek() token { return p.tok(p.i) }

// spanned gives n the bytes of the tokens from start to the last one read.
func (p *parser) spanned(n *Node, start int) *Node {
	if p.i > start {
		n.Lo, n.Hi = int32(p.toks[start].pos), int32(p.toks[p.i-1].end)
	}
	return n
}

// hole is the type of a binder written without one: no text, at the next
// token.
func (p *parser) hole() *Node {
	at := p.peek().pos
	return &Node{K: KindHole, Lo: int32(at), Hi: int32(at)}
}

// at is n with the span of token k.
func (p *parser) at(n *Node, k int) *Node {
	n.Lo, n.Hi = int32(p.toks[k].pos), int32(p.toks[k].end)
	return n
}
func (p *parser) next() token {
	t := p.tok(p.i)
	if t.kind != tEOF {
		p.i++
	}
	return t
}

// tok is token k, read from the text when first needed; past the end it
// is the EOF token.
func (p *parser) tok(k int) token {
	for k >= p.ready {
		if p.lx.done {
			p.finish(len(p.toks))
			if k >= len(p.toks) {
				return p.toks[len(p.toks)-1]
			}
			break
		}
		if err := p.lx.more(); err != nil {
			panic(&lexFailure{err})
		}
		p.toks = p.lx.toks
		// the lexer looks back at its last token only: the ones before
		// it are final
		p.finish(len(p.toks) - 1)
	}
	return p.toks[k]
}

// finish unquotes the identifiers among the tokens up to n (not included).
func (p *parser) finish(n int) {
	for ; p.ready < n; p.ready++ {
		if t := &p.toks[p.ready]; t.kind == tIdent && strings.Contains(t.text, "«") {
			t.text = unquoteName(t.text)
		}
	}
}

// lexFailure carries a lexer error out of the parser (Parse returns it).
type lexFailure struct{ err error }

func (p *parser) is(s string) bool {
	t := p.peek()
	return (t.kind == tSym || t.kind == tIdent) && t.text == s
}
func (p *parser) fail(format string, args ...any) {
	panic(&ParseError{Pos: p.peek().pos, format: format, args: args})
}

// refusal is text the parser reads but whose meaning lean-ast does not
// model: Parse returns ErrNotModelled, whatever alternative readings the
// parser is trying (they recover only ParseErrors).
type refusal struct {
	pos int
	msg string
}

func (p *parser) refuse(pos int, format string, args ...any) {
	panic(&refusal{pos, fmt.Sprintf(format, args...)})
}

// mentions reports whether the name occurs in n as an identifier (or the
// head of a dotted one: n.succ).
func mentions(n *Node, name string) bool {
	if n.K == KindID && (n.V == name || strings.HasPrefix(n.V, name+".")) {
		return true
	}
	for _, c := range n.C {
		if mentions(c, name) {
			return true
		}
	}
	return false
}
func (p *parser) expect(s string) {
	if !p.is(s) {
		t := p.peek()
		if t.kind == tEOF {
			p.fail("expected %q, found the end", s)
		}
		p.fail("expected %q, found %q", s, t.text)
	}
	p.next()
}

func (p *parser) stopped() bool {
	t := p.peek()
	if t.kind == tEOF {
		return true
	}
	for _, s := range p.stop {
		if t.text == s {
			return true
		}
	}
	return false
}

// Statement is a parsed theorem statement: its binders turned into a
// chain of pi nodes around the type.
type Statement struct {
	Name string
	Tree *Node
	// Scopes are the namespaces whose scoped notation the statement uses
	// (n ! needs open Nat, π open Real): Lean reads it only where they are
	// open (ScopedNotation).
	Scopes []string
}

// declKeywords start a declaration; theoremKeywords are the ones whose
// value is a proof (dropped); the others' values are compared.
var declKeywords = map[string]bool{"theorem": true, "lemma": true, "example": true, "def": true, "abbrev": true, "instance": true,
	"structure": true, "class": true, "inductive": true}
var theoremKeywords = map[string]bool{"theorem": true, "lemma": true, "example": true}

// commands start a line that is not a declaration (kept as tokens).
var commands = map[string]bool{"open": true, "namespace": true, "section": true, "end": true, "variable": true, "universe": true,
	"set_option": true, "attribute": true, "local": true, "scoped": true, "notation": true, "macro": true, "import": true}
var modifiers = map[string]bool{"private": true, "protected": true, "noncomputable": true, "nonrec": true, "partial": true, "unsafe": true}

// Parse reads a Lean 4 statement: "theorem name binders : type := proof",
// or a bare proposition. The proof, if any, is dropped.
//
// Declarations before or after the theorem (def, abbrev, instance,
// structure, class, inductive, open ...) are kept, in order: the tree is
// then a "decls" node over them, each a "decl" node (V = keyword and
// name) whose value is compared too; only theorem proofs are dropped. A
// declaration whose value this parser cannot read is kept as its token
// sequence ("tokens" node), so it compares only with the same tokens.
func Parse(src string) (st *Statement, err error) {
	buf := tokenBuffers.Get().(*[]token)
	lx, err := newLexer(*buf, src)
	if err != nil {
		return nil, err
	}
	defer func() {
		if cap(lx.toks) <= 1<<14 { // a hostile statement's buffer is not kept
			*buf = lx.toks[:0]
			tokenBuffers.Put(buf)
		}
	}()
	p := &parser{src: src, lx: lx, toks: lx.toks, letAt: -1}
	defer func() {
		if r := recover(); r != nil {
			if lf, ok := r.(*lexFailure); ok {
				st, err = nil, lexedError{lf.err}
				return
			}
			if rf, ok := r.(*refusal); ok {
				st, err = nil, fmt.Errorf("%w: byte %d: %s", ErrNotModelled, rf.pos, rf.msg)
				return
			}
			pe, ok := r.(*ParseError)
			if !ok {
				panic(r)
			}
			st, err = nil, pe
		}
	}()
	defer func() {
		if st != nil { // every token is read by now
			st.Scopes = scopesUsed(lx.toks)
		}
	}()
	st = &Statement{}
	var decls []*Node
	theorems := 0
	for {
		start := p.i
		p.skipModifiers()
		t := p.peek()
		if t.kind == tEOF {
			if p.i > start {
				p.fail("a modifier without a declaration")
			}
			break
		}
		if t.kind != tIdent || !declKeywords[t.text] {
			if len(decls) == 0 && start == 0 && p.i == 0 && !(t.kind == tIdent && commands[t.text]) {
				// a bare proposition
				st.Tree = p.expr(0)
				if p.peek().kind != tEOF {
					p.fail("unexpected %q", p.peek().text)
				}
				if !propLike(st.Tree) {
					// a bare term that may be data (ℕ → ℝ → ℝ): its
					// arrows are no hypotheses to reorder
					st.Tree = p.opaque("term", 0)
				}
				return st, nil
			}
			// another command (open, namespace, variable ...): its tokens
			decls = append(decls, p.opaque("command", start))
			continue
		}
		mods := p.modifiersText(start)
		p.next()
		if theoremKeywords[t.text] {
			name, tree := p.theorem(t.text)
			if t.text == "example" && !propLike(tree) {
				// An example may define data (example : ℕ → ℕ := fun n
				// => n + 1): its binders are not hypotheses and its value
				// is no proof, so it is kept as its tokens.
				decls = append(decls, p.opaque("example", start))
				continue
			}
			st.Name = name
			theorems++
			// The name is kept (V) for now: an earlier theorem's name is
			// what later declarations refer to; the last one's is dropped
			// below.
			decls = append(decls, p.spanned(&Node{K: KindTheorem, V: mods + name + " " + p.brackets, C: []*Node{tree}}, start))
			continue
		}
		d := p.declaration(t.text, start)
		if d.K == KindDecl {
			d.V = mods + d.V
		}
		decls = append(decls, p.spanned(d, start))
	}
	if len(decls) == 1 && decls[0].K == KindTheorem {
		st.Tree = decls[0].C[0]
		return st, nil
	}
	for i := len(decls) - 1; i >= 0; i-- {
		if decls[i].K == KindTheorem {
			decls[i].V = "" // the statement's own name does not matter
			break
		}
	}
	if theorems == 0 && len(decls) == 0 {
		p.fail("no declaration")
	}
	st.Tree = &Node{K: KindDecls, C: decls, Lo: decls[0].Lo, Hi: decls[len(decls)-1].Hi}
	return st, nil
}

// skipModifiers skips attributes (@[simp]) and modifiers (noncomputable).
func (p *parser) skipModifiers() {
	for {
		if p.is("@[") || (p.is("@") && p.tok(p.i+1).text == "[") {
			for !p.is("]") && p.peek().kind != tEOF {
				p.next()
			}
			p.expect("]")
			continue
		}
		if p.peek().kind == tIdent && modifiers[p.peek().text] {
			p.next()
			continue
		}
		return
	}
}

// atDeclStart reports whether the next token starts a declaration: a
// declaration keyword, a modifier or an attribute at the top level.
func (p *parser) atDeclStart() bool {
	t := p.peek()
	if t.kind == tIdent && (declKeywords[t.text] || modifiers[t.text]) {
		return true
	}
	// a command at the start of a line (attribute [instance] f, local
	// instance, section) ends the declaration before it: read into a def's
	// value it would hide the instance it declares
	if t.kind == tIdent && commands[t.text] && p.i > 0 && p.line(p.toks[p.i-1].pos) < p.line(t.pos) {
		return true
	}
	return t.kind == tSym && t.text == "@" && p.tok(p.i+1).text == "["
}

// skipToDecl skips tokens (a proof) up to the next declaration or the end.
func (p *parser) skipToDecl() {
	for p.peek().kind != tEOF && !p.atDeclStart() {
		p.next()
	}
}

// opaque keeps the tokens from start up to the next declaration as one
// node: equal only to the same tokens.
func (p *parser) opaque(kind string, start int) *Node {
	p.i = start
	p.skipModifiers()
	if p.atDeclStart() && p.i == start {
		p.next() // the keyword itself
	}
	p.skipToDecl()
	var b strings.Builder
	for _, t := range p.toks[start:p.i] {
		if t.kind == tProj {
			b.WriteString(".")
		}
		b.WriteString(t.text)
		b.WriteString(" ")
	}
	return p.spanned(&Node{K: KindTokens, V: kind + " " + strings.TrimSpace(b.String())}, start)
}

// theorem reads the rest of a theorem, lemma or example after its keyword:
// name, binders, type; the proof is skipped.
func (p *parser) theorem(kw string) (string, *Node) {
	name := ""
	if kw != "example" && p.peek().kind == tIdent {
		name = p.next().text
	}
	binders := p.binders()
	var body *Node
	if p.is(":") {
		p.next()
		body = p.expr(0)
	} else {
		body = p.hole()
	}
	// The proof: ":= ...", "where" or "|" clauses; anything else is an error.
	if !p.is(":=") && !p.is("where") && !p.is("|") && p.peek().kind != tEOF {
		p.fail("unexpected %q", p.peek().text)
	}
	if p.is("|") && p.gluedAt(p.i) {
		// a clause's bar stands apart; one glued to what follows may be
		// an |a| the statement goes on with
		p.fail("a bar glued to what follows the statement (|a|?)")
	}
	p.skipToDecl()
	return name, wrapBinders(KindPi, binders, body)
}

func (p *parser) binders() []binder {
	var bs []binder
	var brackets strings.Builder
	for p.is("(") || p.is("{") || p.is("[") || p.is("⦃") || p.is("{{") {
		open := p.peek().text
		group := p.bracketBinder()
		bs = append(bs, group...)
		for range group {
			brackets.WriteString(open)
		}
	}
	p.brackets = brackets.String()
	return bs
}

// modifiersText is the text of the attributes and modifiers between
// token start and the next token (@[reducible], noncomputable), which a
// declaration before the theorem keeps: @[reducible] def R := ℕ lets
// instances through, a plain def does not.
func (p *parser) modifiersText(start int) string {
	var b strings.Builder
	for j := start; j < p.i; j++ {
		b.WriteString(p.tok(j).text)
		b.WriteByte(' ')
	}
	return b.String()
}

// declaration reads a def, abbrev or instance whose value is a term
// (":= term"): a "decl" node over its binders (lam nodes) around a
// "defn" node over its type and its value. Anything else (pattern-matching clauses, "where", structures,
// inductive types, a value that does not parse) is kept as tokens.
func (p *parser) declaration(kw string, start int) (n *Node) {
	if kw != "def" && kw != "abbrev" && kw != "instance" {
		return p.opaque("decl", start)
	}
	defer func() {
		if r := recover(); r != nil {
			_, unread := r.(*ParseError)
			_, refused := r.(*refusal)
			if !unread && !refused {
				panic(r)
			}
			// a definition lean-ast cannot read is compared as its tokens
			n = p.opaque("decl", start)
		}
	}()
	name := ""
	if p.peek().kind == tIdent && !isKeyword(p.peek().text) {
		name = p.next().text
	}
	bs := p.binders()
	brackets := p.brackets
	typ := p.hole()
	if p.is(":") {
		p.next()
		typ = p.expr(0)
	}
	if !p.is(":=") {
		return p.opaque("decl", start)
	}
	p.next()
	val := p.expr(0)
	if p.peek().kind != tEOF && !p.atDeclStart() {
		return p.opaque("decl", start)
	}
	defn := &Node{K: KindDefn, C: []*Node{typ, val}, Lo: min(typ.Lo, val.Lo), Hi: val.Hi}
	return &Node{K: KindDecl, V: kw + " " + name + " " + brackets, C: []*Node{wrapBinders(KindLambda, bs, defn)}}
}

// binder is one bound name and its type, read from the bytes [lo, hi)
// (a bracketed group's, or the name's).
type binder struct {
	name   string
	typ    *Node
	lo, hi int
	inst   bool // an instance binder: [C], [name : C]
}

// wrapBinders binds bs around body, each node from its binder to the end.
func wrapBinders(kind Kind, bs []binder, body *Node) *Node {
	for i := len(bs) - 1; i >= 0; i-- {
		body = &Node{K: kind, V: bs[i].name, Inst: bs[i].inst, C: []*Node{bs[i].typ, body}, Lo: int32(bs[i].lo), Hi: max(int32(bs[i].hi), body.Hi)}
	}
	return body
}

var closers = map[string]string{"(": ")", "{": "}", "[": "]", "⦃": "⦄", "{{": "}}"}

// bracketBinder reads (x y : T), {x : T}, [C], [inst : C], ⦃x⦄, (h : P := v).
func (p *parser) bracketBinder() []binder {
	start := p.i
	open := p.next().text
	close := closers[open]
	if open == "[" {
		// instance binder: [C] or [name : C] (Node.Inst)
		name := ""
		if p.peek().kind == tIdent && p.tok(p.i+1).text == ":" {
			name = p.next().text
			p.next()
		}
		t := p.expr(0)
		p.expect(close)
		return []binder{{name, t, p.toks[start].pos, p.toks[p.i-1].end, true}}
	}
	var names []string
	for p.peek().kind == tIdent || p.is("_") {
		names = append(names, p.next().text)
	}
	if len(names) == 0 {
		p.fail("expected a binder name")
	}
	typ := p.hole()
	if p.is(":") {
		p.next()
		typ = p.expr(0)
	}
	if p.is(":=") { // default value: part of the binder's meaning
		at := p.i
		p.next()
		def := p.expr(0)
		typ = &Node{K: KindOptParam, C: []*Node{typ, def}, Lo: min(typ.Lo, int32(p.toks[at].pos)), Hi: def.Hi}
	}
	p.expect(close)
	out := make([]binder, len(names))
	for i, n := range names {
		out[i] = binder{n, typ, p.toks[start].pos, p.toks[p.i-1].end, false}
	}
	return out
}

// expr parses a term whose operators bind at least as tightly as min.
func (p *parser) expr(min int) *Node {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		p.fail("nested too deeply: over %d levels of parentheses, binders or a chain of right-associative operators (a ∧ b ∧ …, a → b → …)", maxDepth)
	}
	p.min = min
	start := p.i
	lhs := p.prefix()
	// lhsPrec is the precedence of the term read so far: an infix
	// operator applies to it only if it is at least the operator's left
	// precedence (infixl:p: p; infix:p and infixr:p: p+1), as Lean's
	// trailing parsers do. So a ≤ b ≤ c is no term (≤ is infix:50).
	lhsPrec := maxPrec
	for {
		t := p.peek()
		if t.kind == tProj {
			p.next()
			lhs = p.spanned(&Node{K: KindProj, V: t.text, C: []*Node{lhs}}, start)
			continue
		}
		if p.stopped() {
			return lhs
		}
		if t.kind == tSym {
			if post, ok := postfix[t.text]; ok {
				p.next()
				lhs = p.spanned(&Node{K: KindPostfix, V: post, C: []*Node{lhs}}, start)
				continue
			}
			if t.text == "^[" {
				lhs = p.spanned(p.iterate(lhs), start)
				continue
			}
			if t.text == "[" && p.indexes() && lhsPrec >= maxPrec {
				lhs = p.spanned(p.index(lhs), start)
				continue
			}
			if op, ok := infix[t.text]; ok {
				if op.Prec < min {
					return lhs
				}
				if left := op.Prec + 1; op.Assoc == 'l' && lhsPrec < op.Prec || op.Assoc != 'l' && lhsPrec < left {
					p.fail("%q (precedence %d, %s) cannot take the term before it, itself an operator's at %d: Lean does not chain them", t.text, op.Prec, map[byte]string{'n': "not associative", 'r': "right-associative"}[op.Assoc], lhsPrec)
				}
				if t.text == "$" && p.glued(1) {
					p.fail("$ needs white space after it (syntax:min term atomic(\" $\" ws) term:min)")
				}
				p.next()
				var arg *Node
				if opsWithArg[t.text] && p.is("[") {
					p.next()
					arg = p.expr(0)
					p.expect("]")
				}
				rp := op.Prec + 1
				if op.Assoc == 'r' {
					rp = op.Prec
				}
				if arg != nil && rightAtZeroOps[t.text] {
					rp = 0 // M →L[R] M₂: M₂ is a term at 0 (notation.go)
				}
				rhs := p.expr(rp)
				if t.text == "≡" { // a ≡ b [MOD n]
					arg = p.modulus()
				}
				// After a term of an operator read as neither left nor
				// right associative, an operator of its precedence takes
				// either a ∈ b ∈ c's b (notation:50 … b:50) or the whole
				// (v +ᵥ p -ᵥ q: infixr:65 " +ᵥ " today, infixl:65 before):
				// refused rather than guessed.
				if next := p.peek(); op.Assoc == 'n' && next.kind == tSym {
					if o, ok := infix[next.text]; ok && o.Prec == op.Prec {
						p.fail("%q after %q: both at precedence %d and %q is read as not associative, so which one takes the term between them depends on a notation's declaration lean-ast does not fix", next.text, t.text, op.Prec, t.text)
					}
				}
				n := &Node{K: KindBinary, V: op.Norm, C: []*Node{lhs, rhs}}
				if arg != nil {
					n.C = append(n.C, arg)
				}
				lhsPrec = op.Prec
				lhs = p.spanned(n, start)
				continue
			}
		}
		// Application: f x y binds tightest.
		if min <= maxPrec && (p.startsArg() || p.isFun()) {
			args := []*Node{lhs}
			for p.startsArg() && !p.stopped() {
				args = append(args, p.arg())
			}
			// A trailing fun is the last argument and runs as far as it
			// can: Summable fun n => 1 / n ^ 2.
			if p.isFun() && !p.stopped() {
				args = append(args, p.prefix())
			}
			lhs = p.spanned(&Node{K: KindApp, C: args}, start)
			lhsPrec = maxPrec
			continue
		}
		if t.kind == tSym && !p.closes(t.text) && !atomSymbols[t.text] && !isPunct(t.text) && 50 >= min {
			// An operator we do not know: parse it at 50, and keep the
			// parentheses around and inside it (see normalize).
			p.next()
			rhs := p.expr(51)
			lhs = p.spanned(&Node{K: KindBinary, V: "?" + t.text, C: []*Node{lhs, rhs}}, start)
			continue
		}
		return lhs
	}
}

// isFun reports whether the next token opens a fun (or λ) term.
func (p *parser) isFun() bool {
	return (p.is("fun") || p.is("λ")) && (p.letAt < 0 || p.indentedPastLet())
}

// indentedPastLet reports whether the next token may be an argument inside
// the declaration of the let at p.letAt: on the let's line, or in a column
// after the let's (checkColGt). A token that fails the check ends the
// application, as in Lean, unless a bracket other than ⟨ is open since the
// let: parentheses reset the position (withoutPosition in Term.paren) and
// are read with letAt cleared, and for the other brackets lean-ast does not
// model which do, so it refuses.
func (p *parser) indentedPastLet() bool {
	t, let := p.peek(), p.toks[p.letAt]
	if t.kind == tEOF || p.line(t.pos) == p.line(let.pos) || p.column(t.pos) > p.column(let.pos) {
		return true
	}
	var open []string
	for _, u := range p.toks[p.letAt:p.i] {
		if u.kind != tSym {
			continue
		}
		switch u.text {
		case "(", "{", "[", "⦃", "{{", "⟨":
			open = append(open, u.text)
		case ")", "}", "]", "⦄", "}}", "⟩":
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
	}
	for _, o := range open {
		if o != "⟨" {
			p.refuse(t.pos, "a term at column %d inside %s… in the value of the let at byte %d: lean-ast does not model whether Lean reads it as an argument there", p.column(t.pos), o, let.pos)
		}
	}
	return false
}

// line is the index of the line holding the byte offset pos (the line
// starts are found once, on the first call).
func (p *parser) line(pos int) int {
	if p.lineStarts == nil {
		p.lineStarts = []int{0}
		for i := 0; i < len(p.src); i++ {
			if p.src[i] == '\n' {
				p.lineStarts = append(p.lineStarts, i+1)
			}
		}
	}
	i, found := slices.BinarySearch(p.lineStarts, pos)
	if !found {
		i--
	}
	return i
}

// column is Lean's column of the byte offset pos: the code points since
// the line's start.
func (p *parser) column(pos int) int {
	return utf8.RuneCountInString(p.src[p.lineStarts[p.line(pos)]:pos])
}

func isPunct(s string) bool {
	switch s {
	case ",", ";", ":", ":=", "|", ")", "}", "]", "⟩", "⦄", "=>", "↦", "⌋", "⌉", "⌋₊", "⌉₊", "‖", "‖₊", "‖ₑ", "⟫", "⁆", "then", "else", "with", "in", "at", "from", "}}":
		return true
	}
	return false
}

func (p *parser) closes(s string) bool { return isPunct(s) }

// startsArg reports whether the next token can begin an application
// argument.
func (p *parser) startsArg() bool {
	t := p.peek()
	if p.letAt >= 0 && !p.indentedPastLet() {
		return false
	}
	switch t.kind {
	case tIdent:
		// 𝓝[s] x is not read as an argument: Lean would read its point
		// (x:100) on through the arguments after it.
		return !isKeyword(t.text) && !(t.text == "𝓝" && p.glued(1) && p.tok(p.i+1).text == "[")
	case tNum, tStr:
		return true
	case tSym:
		if _, ok := p.modulusToken(); ok {
			return false // "[MOD" is a token of a ≡ b [MOD n], never a list
		}
		switch t.text {
		case "(", "{", "⟨", "[", "![", "⦃", "↑", "‖", "⌊", "⌈", "⟪", "⁅", "@", "!", "#":
			return t.text != "!" // postfix handled before
		case "|":
			// |a| is a term:max (atomic("|" noWs)), so an argument:
			// Real.log |x|; a bar that closes the |…| being read is not
			return p.gluedAt(p.i) && !p.stopped()
		}
		return atomSymbols[t.text]
	}
	return false
}

func isKeyword(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false // every keyword below is a lowercase ASCII word
	}
	switch s {
	case "then", "else", "with", "in", "at", "from", "fun", "if", "let", "have", "show", "by", "do", "match", "where", "theorem", "lemma", "def", "example":
		return true
	}
	// Lean's command keywords are never names either: a def's value ends
	// before attribute [instance] f on the next line
	return commands[s] || declKeywords[s] || modifiers[s]
}

// arg parses one application argument (maximal precedence).
func (p *parser) arg() *Node {
	t, start := p.peek(), p.i
	if t.kind == tSym && t.text == "↑" {
		p.next()
		return p.spanned(&Node{K: KindCoe, C: []*Node{p.arg()}}, start)
	}
	n := p.atom()
	// A postfix operator declared at max precedence (postfix:max "⁻¹" in
	// Mathlib's Mathlib/Algebra/Group/Defs.lean... see notation.go) is a
	// trailing parser that applies to the argument, not to the
	// application: Lean reads f x⁻¹ as f (x⁻¹) (Real.log_inv).
	for t := p.peek(); t.kind == tSym; t = p.peek() {
		if t.text == "^[" {
			n = p.spanned(p.iterate(n), start)
			continue
		}
		if t.text == "[" && p.indexes() {
			n = p.spanned(p.index(n), start)
			continue
		}
		post, ok := postfix[t.text]
		if !ok {
			break
		}
		p.next()
		n = p.spanned(&Node{K: KindPostfix, V: post, C: []*Node{n}}, start)
	}
	return n
}

// index reads xs[i] after xs: syntax:max term noWs "[" withoutPosition(term)
// "]" => getElem xs i (by get_elem_tactic) (src/Init/GetElem.lean), a
// trailing parser at max glued to the term before it (xs [i], with a
// space, applies xs to a list). The proof comes from the hypotheses in
// scope, so a binder holding an index keeps its place (dependencies).
// xs[i]!, xs[i]? and xs[i]'h are other terms, not read.
func (p *parser) index(xs *Node) *Node {
	if p.tok(p.i+1).text == "X" && p.tok(p.i+2).text == "]" && p.glued(2) {
		// R[X]: scoped[Polynomial] notation:9000 R "[X]" => Polynomial R
		// (Mathlib/Algebra/Polynomial/Basic.lean), read as it is written
		// in the test statements, where Polynomial is open.
		p.next()
		p.next()
		p.next()
		x := p.spanned(notationName("Polynomial"), p.i-3)
		return &Node{K: KindApp, C: []*Node{x, xs}}
	}
	open := p.i
	p.next() // [
	i := p.exprStop("]")
	p.expect("]")
	if t := p.peek(); p.gluedAt(p.i-1) && (t.text == "!" || t.text == "?" || t.text == "'" || strings.HasPrefix(t.text, "'")) {
		p.refuse(t.pos, "%q after xs[i] (getElem!, getElem? or an explicit proof) is not read", t.text)
	}
	return &Node{K: KindApp, C: []*Node{p.spanned(&Node{K: KindID, V: indexHead}, open), xs, i}}
}

// indexes reports whether the next token, a "[", is glued to a term's
// end (a name, a numeral, a closing bracket): xs[i]. After a symbol it
// opens something else (![a, b] is a vector).
func (p *parser) indexes() bool {
	if !p.gluedAt(p.i - 1) {
		return false
	}
	switch t := p.tok(p.i - 1); t.kind {
	case tIdent, tNum:
		return true
	case tSym:
		return t.text == ")" || t.text == "]" || t.text == "}" || t.text == "⟩"
	}
	return false
}

// extBinderShape reports whether n may read as Batteries' extBinders, the
// binders of an image set-builder: a name, x ∈ s or another binder
// predicate on a name, or typed binders (x : T).
func extBinderShape(n *Node) bool {
	n = unwrapParens(n)
	switch n.K {
	case KindID, KindAscription:
		return true
	case KindBinary:
		return len(n.C) == 2 && unwrapParens(n.C[0]).K == KindID
	case KindUnary:
		return n.V == "¬" // x ∉ s desugars to ¬ (x ∈ s) only later, but be safe
	case KindApp:
		return true // (x : A) (y : B), or x y
	}
	return false
}

// notationMark starts the name of a constant a notation stands for (√x is
// Real.sqrt x, R[X] is Polynomial R): desugar drops it, so that the
// notation and the name written out compare equal, while the positional
// tree keeps it. Where the statement's names may not be Mathlib's (a
// declaration before the theorem, a namespace), only the positional trees
// decide, and there √x and a written Real.sqrt x may be different
// constants (a local Real.sqrt; notation is hygienic).
const notationMark = "notation:" // a colon no name can hold

// notationName is the name a notation stands for, marked as such.
func notationName(name string) *Node { return &Node{K: KindID, V: notationMark + name} }

// indexHead heads the tree of xs[i]: a name no statement can write.
const indexHead = "xs[i]"

// iterate reads f^[n] after f: notation:max f "^["n"]" => Nat.iterate f n
// (Mathlib/Logic/Function/Iterate.lean), a trailing parser at max that,
// like a postfix, applies to the argument before it. The tree is Lean's
// own term, Nat.iterate f n.
func (p *parser) iterate(f *Node) *Node {
	open := p.i
	p.next() // ^[
	n := p.exprStop("]")
	p.expect("]")
	return &Node{K: KindApp, C: []*Node{p.spanned(notationName("Nat.iterate"), open), f, n}}
}

// prefix parses a term in prefix position: prefix operators, binders,
// then an application.
func (p *parser) prefix() *Node {
	start := p.i
	return p.spanned(p.prefixTerm(), start)
}

func (p *parser) prefixTerm() *Node {
	t := p.peek()
	if t.kind == tEOF {
		p.fail("expected a term, found the end")
	}
	if n, ok := p.depArrow(); ok {
		return n
	}
	switch {
	case t.text == "-" && t.kind == tSym:
		p.next()
		return &Node{K: KindUnary, V: "-", C: []*Node{p.expr(form["-"].Prec)}}
	case (t.text == "¬" || t.text == "!") && t.kind == tSym:
		p.next()
		// !b is Bool's not (notation:max "!" b:40 => not b, Init/Prelude):
		// kept apart from ¬, since a Prop under it is decided
		return &Node{K: KindUnary, V: t.text, C: []*Node{p.expr(form["¬"].Prec)}}
	case t.text == "√" && t.kind == tSym:
		p.next()
		// prefix:max "√" => Real.sqrt (Mathlib/Data/Real/Sqrt.lean): the
		// argument is a term at max precedence, postfixes included, an
		// application not: √x⁻¹ is √(x⁻¹), √ f x is (√f) x.
		return &Node{K: KindApp, C: []*Node{p.at(notationName("Real.sqrt"), p.i-1), p.arg()}}
	case (t.text == "⋃₀" || t.text == "⋂₀") && t.kind == tSym:
		p.next()
		return &Node{K: KindUnary, V: t.text, C: []*Node{p.expr(form[t.text].Prec)}}
	case t.text == "#" && t.kind == tSym:
		p.next()
		// scoped prefix:arg "#" => Finset.card (Mathlib/Data/Finset/Card.lean),
		// prefix:max "#" => Cardinal.mk: the argument is no application.
		return &Node{K: KindUnary, V: "#", C: []*Node{p.arg()}}
	case t.text == "∂" && t.kind == tSym:
		p.next()
		return &Node{K: KindUnary, V: "∂", C: []*Node{p.expr(maxPrec)}}
	case t.text == "@" && t.kind == tSym:
		p.next()
		// @f turns off f's implicit arguments: @id ℕ a is id a, id ℕ a
		// is not Lean. The @ is kept, so @f and f differ, over the name
		// itself: a bound f under @ is still that binder (renamed with it,
		// a dependency on it).
		return &Node{K: KindUnary, V: "@", C: []*Node{p.prefix()}}
	case t.text == "𝓝" && t.kind == tIdent && p.glued(1) && p.tok(p.i+1).text == "[":
		p.next()
		return p.nhdsWithin()
	}
	if kind, ok := quantifiers[t.text]; ok {
		p.next()
		return p.binderTerm(kind)
	}
	if form[t.text].Kind == "big operator" {
		p.next()
		return p.bigOp(t.text)
	}
	switch t.text {
	case "if":
		p.next()
		var cond *Node
		name, at := "", 0
		if p.peek().kind == tIdent && p.tok(p.i+1).text == ":" {
			at = p.peek().pos
			name = p.next().text
			p.next()
		}
		cond = p.expr(0)
		p.expect("then")
		a := p.expr(0)
		p.expect("else")
		b := p.expr(0)
		if name != "" && name != "_" && (mentions(a, name) || mentions(b, name)) {
			// if h : c then a else b is dite c (fun h => a) (fun h => b):
			// h is bound in both branches, which lean-ast does not model.
			p.refuse(at, "the branches of if %s : … use %s, which Lean binds in them (dite)", name, name)
		}
		return &Node{K: KindIte, C: []*Node{cond, a, b}}
	case "let":
		return p.let()
	case "have", "show", "suffices", "match", "nomatch", "do", "let_fun", "let_delayed":
		p.refuse(t.pos, "%s in a statement is not modelled", t.text)
	}
	return p.atom()
}

// let reads let x := v; body and let x : t := v, the body after a line
// break: leading_parser:leadPrec withPosition ("let " >> letDecl) >>
// optSemicolon termParser (src/Lean/Parser/Term.lean). Only a plain name
// is read: a pattern (let (a, b) := p, let ⟨a, b⟩ := p), parameters (let f
// x := …), equations and let rec are refused.
func (p *parser) let() *Node {
	at := p.i
	p.next()
	t := p.peek()
	if t.kind != tIdent || isKeyword(t.text) || t.text == "rec" || t.text == "_" {
		p.refuse(t.pos, "let %s… (a pattern, let rec or no name) is not modelled", t.text)
	}
	name := p.next().text
	if !p.is(":") && !p.is(":=") {
		p.refuse(p.peek().pos, "let %s with parameters or equations is not modelled", name)
	}
	saved := p.letAt
	p.letAt = at
	typ := p.hole()
	if p.is(":") {
		p.next()
		typ = p.expr(0)
	}
	p.expect(":=")
	val := p.expr(0)
	p.letAt = saved
	switch {
	case p.is(";"):
		p.next()
	case p.peek().kind == tEOF || p.line(p.toks[p.i-1].pos+len(p.toks[p.i-1].text)) == p.line(p.peek().pos):
		p.fail("the value of let %s ends with neither ; nor a line break before the body", name)
	}
	body := p.expr(0)
	return &Node{K: KindLet, V: name, C: []*Node{typ, val, body}}
}

// depArrow reads (x : T) → B, {x : T} → B and ⦃x : T⦄ → B, Lean's
// dependent arrow: leading_parser:25 bracketedBinder true >> unicodeSymbol
// " → " " -> " >> termParser (src/Lean/Parser/Term.lean), the same Pi as
// ∀ x : T, B, with x bound in B. Where a term below 25 is not allowed
// (a ∧ (x : ℕ) → p), or no arrow follows the bracket, the bracket is
// not a binder (an ascription (x : T), a set-builder {x : T | p}), and
// depArrow reads nothing.
func (p *parser) depArrow() (*Node, bool) {
	open := p.peek()
	if open.kind != tSym || open.text != "(" && open.text != "{" && open.text != "⦃" || p.min > 25 {
		return nil, false
	}
	j := p.i + 1
	for t := p.tok(j); t.kind == tIdent && !isKeyword(t.text) || t.text == "_"; t = p.tok(j) {
		j++
	}
	if j == p.i+1 || p.tok(j).text != ":" {
		return nil, false // bracketedBinder true: names, then a type
	}
	save := p.i
	p.attempt(open)
	bs, read := func() (bs []binder, read bool) {
		defer func() {
			if r := recover(); r != nil {
				if _, unread := r.(*ParseError); !unread {
					panic(r)
				}
				read = false // not a binder: read it again as a term
			}
		}()
		return p.bracketBinder(), true
	}()
	if !read || !p.is("→") && !p.is("->") {
		p.i = save
		return nil, false
	}
	p.next()
	return wrapBinders(KindPi, bs, p.expr(0)), true
}

// binderTerm reads the binders and body of ∀, ∃, ∃!, fun, λ.
func (p *parser) binderTerm(kind Kind) *Node {
	if kind == KindEventually || kind == KindFrequently {
		return p.filterQuantifier(kind)
	}
	var bs []binder
	var preds []*Node // binder predicates, e.g. x ∈ s, x > 0
	bracketed, bare := false, false
	start := p.peek().pos
	for {
		switch {
		case p.is("(") || p.is("{") || p.is("[") || p.is("⦃"):
			if p.is("(") && p.tok(p.i+1).kind != tIdent && p.tok(p.i+1).text != "_" {
				goto done
			}
			if p.is("(") && p.tok(p.i+2).text == "," {
				p.refuse(p.peek().pos, "a pattern binder (x, y) (a match on the argument) is not modelled")
			}
			if (kind == KindExists || kind == KindExistsUnique) && !p.is("(") {
				// explicitBinders (src/Init/NotationExtra.lean): ∃ takes
				// (x : T) groups or bare names, never {x : T} or [C]
				p.refuse(p.peek().pos, "∃ takes (x : T) binders or bare names, not %q (Lean's explicitBinders)", p.peek().text)
			}
			if kind == KindExists || kind == KindExistsUnique {
				// bracketedExplicitBinders: "(" binderIdent+ " : " term ")";
				// (C r : _) has one, (x) has none
				j := p.i + 1
				for p.tok(j).kind == tIdent || p.tok(j).text == "_" {
					j++
				}
				if p.tok(j).text != ":" {
					p.refuse(p.peek().pos, "∃ (%s…) without a type: Lean's bracketedExplicitBinders need one", p.tok(p.i+1).text)
				}
			}
			group := p.bracketBinder()
			bs = append(bs, group...)
			bracketed = true
			continue
		case p.is("⟨"):
			// A pattern binder (fun ⟨x, y⟩ => …) binds the names inside
			// it through a match, which lean-ast does not model: refuse
			// rather than read it differently from Lean.
			p.refuse(p.peek().pos, "a pattern binder ⟨…⟩ (a match on the argument) is not modelled")
		case p.peek().kind == tIdent && !isKeyword(p.peek().text) || p.is("_"):
			t := p.next()
			bs = append(bs, binder{t.text, p.hole(), t.pos, t.end, false})
			bare = true
			continue
		}
		break
	}
done:
	if len(bs) == 0 {
		p.fail("expected a binder")
	}
	if (kind == KindExists || kind == KindExistsUnique) && bracketed && bare {
		// explicitBinders is bracketedExplicitBinders+ <|>
		// unbracketedExplicitBinders: the two kinds never mix
		p.refuse(start, "∃ mixes (x : T) groups with bare names, which Lean's explicitBinders does not allow")
	}
	// Bare names can share a type: ∀ x y : ℝ, ...; after a bracketed
	// binder Lean refuses it (expandSimpleBinderWithType takes an
	// identifier or _ only: "unexpected type ascription")
	if p.is(":") && bracketed {
		p.refuse(p.peek().pos, "a type after bracketed binders (∀ x (y : ℕ) z : ℝ), which Lean does not elaborate")
	}
	if p.is(":") {
		p.next()
		typ := p.expr(0)
		for i := range bs {
			if bs[i].typ.K == KindHole {
				bs[i].typ = typ
			}
		}
	}
	// Binder predicates: ∀ x ∈ s, ∀ x > 0, ∃ n ≥ 1, ...
	if t := p.peek(); t.kind == tSym {
		if op, ok := infix[t.text]; ok && op.Prec == 50 {
			p.binderPredicate(t)
			p.next()
			rhs := p.expr(51)
			for _, b := range bs {
				preds = append(preds, &Node{K: KindBinary, V: op.Norm, C: []*Node{{K: KindID, V: b.name, Lo: int32(b.lo), Hi: int32(b.hi)}, rhs}, Lo: int32(b.lo), Hi: rhs.Hi})
			}
		}
	}
	switch {
	case p.is(",") && kind == KindLambda:
		p.fail("'fun x, body' is Lean 3 syntax; Lean 4 writes 'fun x => body'")
	case p.is(","):
		p.next()
	case p.is("=>") || p.is("↦"):
		p.next()
	default:
		p.fail("expected ',' or '=>' after binders, found %q", p.peek().text)
	}
	body := p.expr(0)
	// ∀ x ∈ s, P  is  ∀ x, x ∈ s → P;  ∃ x ∈ s, P  is  ∃ x, x ∈ s ∧ P.
	for i := len(preds) - 1; i >= 0; i-- {
		op := "∧"
		if kind == KindPi {
			op = "→"
		}
		body = &Node{K: KindBinary, V: op, C: []*Node{preds[i], body}, Lo: preds[i].Lo, Hi: body.Hi}
	}
	return wrapBinders(kind, bs, body)
}

// filterQuantifier reads ∀ᶠ x in l, p and ∃ᶠ x in l, p: notation3 "∀ᶠ
// "(...)" in "f", "r:(scoped p => Filter.Eventually p f) => r, and "∃ᶠ "
// with Filter.Frequently (Mathlib/Order/Filter/Defs.lean). The filter and
// the body are terms at precedence 0: the filter runs to the comma, the
// body as far as it can. The node is the quantifier over the bound name
// with the type, the filter (outside the name's scope) and the body. Only
// one bound name, without a binder predicate, is read: several names
// expand to nested quantifiers, and a predicate through
// satisfies_binder_pred%, which lean-ast does not model.
//
// ∀ᵐ x ∂μ, p and ∃ᵐ x ∂μ, p are the same quantifiers over the filter
// MeasureTheory.ae μ: notation3 "∀ᵐ "(...)" ∂"μ", "r:(scoped p =>
// Filter.Eventually p <| MeasureTheory.ae μ) => r, and "∃ᵐ " with
// Filter.Frequently (Mathlib/MeasureTheory/OuterMeasure/AE.lean); their
// tree is that of ∀ᶠ x in MeasureTheory.ae μ, p, the term they unfold to.
func (p *parser) filterQuantifier(kind Kind) *Node {
	op := p.toks[p.i-1].text
	keyword := "in"
	if op == "∀ᵐ" || op == "∃ᵐ" {
		keyword = "∂"
	}
	b := binder{typ: p.hole()}
	switch {
	case p.is("("):
		bs := p.bracketBinder()
		if len(bs) != 1 {
			p.fail("%s over several names is not modelled", op)
		}
		b = bs[0]
	case p.peek().kind == tIdent && !isKeyword(p.peek().text) || p.is("_"):
		b.name = p.next().text
		b.typ = p.hole()
		if p.is(":") {
			p.next()
			b.typ = p.exprStop(keyword)
		}
	default:
		p.fail("expected a bound name after %s", op)
	}
	if !p.is(keyword) {
		p.fail("%s is read only as %s x %s l, p (found %q)", op, op, keyword, p.peek().text)
	}
	kw := p.i
	p.next()
	filter := p.expr(0)
	if keyword == "∂" { // ∂μ: the filter ae μ
		filter = p.spanned(&Node{K: KindApp, C: []*Node{p.at(notationName("MeasureTheory.ae"), kw), filter}}, kw)
	}
	p.expect(",")
	body := p.expr(0)
	return &Node{K: kind, V: b.name, C: []*Node{b.typ, filter, body}}
}

// setBigOps read their binder predicate inside the binder (notation3).
var setBigOps = map[string]bool{"⋃": true, "⋂": true, "⨆": true, "⨅": true}

// binderPredicate refuses a relation after a bound name that is not a
// binder predicate of Lean's (∀ x >= 2, ∃ d ∣ n, ∀ x = 3).
func (p *parser) binderPredicate(t token) {
	if !Is(t.text, BinderPredicate) {
		p.refuse(t.pos, "%q after a bound name is not one of Lean's binder predicates (> ≥ < ≤ ≠ ∈ ∉ ⊆ ⊂ ⊇ ⊃)", t.text)
	}
}

// bigOp reads ∑ i ∈ s, f i and its relatives, the body at the precedence
// of its row in Forms. As Mathlib declares them (bigOpBinders for ∑ ∏,
// Batteries' extBinders for the notation3 operators), the binder is one
// name, with a type or a binder predicate, or parentheses holding one
// name each: ∑ i j, ∑ x y ∈ s and ∑ (i j : T) do not parse.
func (p *parser) bigOp(op string) *Node {
	var names []string
	var types []*Node
	var spans [][2]int // of the names (a parenthesis's, or the name's)
	if p.is("(") {
		for p.is("(") {
			at := p.peek().pos
			bs := p.bracketBinder()
			if len(bs) != 1 {
				p.refuse(at, "%s takes one name a parenthesis: (i) (j), not (i j)", op)
			}
			names = append(names, bs[0].name)
			types = append(types, bs[0].typ)
			spans = append(spans, [2]int{bs[0].lo, bs[0].hi})
		}
	} else {
		for p.peek().kind == tIdent && !isKeyword(p.peek().text) || p.is("_") {
			t := p.next()
			if len(names) == 1 {
				p.refuse(t.pos, "%s takes one bound name before its comma, or parentheses holding one name each: %s (i) (j), …", op, op)
			}
			names = append(names, t.text)
			spans = append(spans, [2]int{t.pos, t.end})
		}
		typ := p.hole()
		if p.is(":") {
			p.next()
			typ = p.expr(51)
		}
		for range names {
			types = append(types, typ)
		}
	}
	if len(names) == 0 {
		p.fail("expected a bound name after %s", op)
	}
	domKind, dom := "all", p.hole()
	domAt := p.peek().pos
	integral := op == "∫" || op == "∫⁻" || op == "∮"
	switch {
	case p.is("in") && !(op == "∑" || op == "∏" || integral):
		p.refuse(domAt, "%s x in s is not Lean notation (∑ and ∏ take in, deprecated, and ∫ x in s is the set integral): %s x ∈ s", op, op)
	case p.is("∈") && integral:
		p.refuse(domAt, "%s x ∈ s is not the set integral (%s x in s); Lean reads no binder predicate there", op, op)
	case p.is("∈") || p.is("in"):
		p.next()
		domKind, dom = "in", p.expr(51)
	case p.peek().kind == tSym && infix[p.peek().text].Prec == 50:
		if integral {
			p.refuse(domAt, "%s takes no binder predicate", op)
		}
		p.binderPredicate(p.peek())
		o := infix[p.next().text].Norm
		domKind, dom = o, p.expr(51)
	}
	if domKind != "all" && len(names) > 1 {
		p.refuse(domAt, "%s with several parenthesized names takes no domain after them", op)
	}
	if domKind != "all" && setBigOps[op] {
		// ⋃ ⋂ ⨆ ⨅ are notation3 binders: expand_binders% puts the
		// binder predicate inside the bound name's scope (⋃ n ∈ S n, A n
		// is ⋃ n, ⋃ (_ : n ∈ S n), A n; Mathlib/Util/Notation3.lean),
		// where ∑ and ∏ take their domain outside it. lean-ast keeps the
		// domain apart, so one that mentions a bound name is refused.
		for _, name := range names {
			if mentions(dom, name) {
				p.refuse(domAt, "the domain of %s %s %s … mentions %s, which Lean reads inside the binder", op, name, domKind, name)
			}
		}
	}
	if p.is("with") {
		at := p.next().pos
		filter := p.expr(51)
		// ∑ x ∈ s with p, v is Finset.sum (Finset.filter (fun x ↦ p) s)
		// (fun x ↦ v): the filter is inside the bound name's scope, which
		// lean-ast's domain node is not; a filter that uses it is refused.
		for _, name := range names {
			if mentions(filter, name) {
				p.refuse(at, "the filter of %s %s … with … uses %s, which Lean binds in it", op, name, name)
			}
		}
		dom = &Node{K: KindFilter, C: []*Node{dom, filter}, Lo: dom.Lo, Hi: filter.Hi}
	}
	p.expect(",")
	body := p.expr(form[op].Prec)
	// one big node per bound name, innermost last
	for i := len(names) - 1; i >= 0; i-- {
		bv := &Node{K: KindBoundVar, V: names[i], Lo: int32(spans[i][0]), Hi: int32(spans[i][1])}
		body = &Node{K: KindBig, V: op + "|" + domKind, C: []*Node{bv, types[i], dom, body}, Lo: bv.Lo, Hi: body.Hi}
	}
	return body
}

// modulus reads the "[MOD n]" after a ≡ b: the tokens "[MOD", "[ZMOD",
// "[PMOD" and "[SMOD" of notation:50 a " ≡ " b " [MOD " n "]" =>
// Nat.ModEq n a b (Mathlib/Data/Nat/ModEq.lean), Int.ModEq
// (Mathlib/Data/Int/ModEq.lean... "[ZMOD "), AddCommGroup.ModEq ("[PMOD ")
// and SModEq ("[SMOD "). Lean has no ≡ without one of them.
func (p *parser) modulus() *Node {
	kw, ok := p.modulusToken()
	if !ok || modulusWords[kw] == "" {
		p.fail("≡ is Lean notation only with [MOD n], [ZMOD n], [PMOD p] or [SMOD U] glued after it, found %q", p.peek().text)
	}
	open := p.i
	p.next()
	p.next()
	w := p.spanned(&Node{K: KindID, V: kw}, open)
	n := p.expr(0)
	p.expect("]")
	return p.spanned(&Node{K: KindApp, C: []*Node{w, n}}, open)
}

// modulusWords are the words of the "[MOD" tokens.
var modulusWords = map[string]string{"MOD": "Nat.ModEq", "ZMOD": "Int.ModEq", "PMOD": "AddCommGroup.ModEq", "SMOD": "SModEq"}

// modulusToken reports whether the next tokens are "[" and an identifier
// glued to it that starts with MOD, ZMOD, PMOD or SMOD, and returns the
// identifier. Lean's tokenizer reads "[MOD" as one token wherever it
// appears (the longest token wins), so such a bracket never opens a list.
func (p *parser) modulusToken() (string, bool) {
	if !p.is("[") || !p.glued(1) || p.tok(p.i+1).kind != tIdent {
		return "", false
	}
	w := p.tok(p.i + 1).text
	for k := range modulusWords {
		if strings.HasPrefix(w, k) {
			return w, true
		}
	}
	return "", false
}

// gluedAt reports whether token j ends where token j+1 starts.
func (p *parser) gluedAt(j int) bool {
	if j < 0 {
		return false
	}
	a, b := p.tok(j), p.tok(j+1)
	return b.kind != tEOF && a.kind != tEOF && a.pos+len(a.text) == b.pos
}

// glued reports whether the k tokens after the next one each start where
// the one before ends (no space or comment between them).
func (p *parser) glued(k int) bool {
	for j := p.i; j < p.i+k; j++ {
		a, b := p.tok(j), p.tok(j+1)
		if a.kind == tEOF || b.kind == tEOF || a.pos+len(a.text) != b.pos {
			return false
		}
	}
	return true
}

// nhdsWithin reads 𝓝[s] x and 𝓝[≤] x after the identifier 𝓝 (the
// parser's position is on the "["): Mathlib declares "𝓝[" and "𝓝[≠]",
// "𝓝[≥]", "𝓝[≤]", "𝓝[>]", "𝓝[<]" as tokens (scoped[Topology] notation
// "𝓝[" s "] " x:100 => nhdsWithin x s; notation3 "𝓝[≤] " x:100 =>
// nhdsWithin x (Set.Iic x), ...; Mathlib/Topology/Defs/Filter.lean), so
// these read only glued; "𝓝 [s] x" is 𝓝 applied to a list.
func (p *parser) nhdsWithin() *Node {
	nhds := p.i - 1
	p.next() // [
	var within func(x *Node) *Node
	if op := p.peek().text; p.peek().kind == tSym && p.glued(1) && p.tok(p.i+1).text == "]" {
		if set := PropsOf(op).Nhds; set != "" {
			p.next()
			p.next()
			lo, hi := p.toks[p.i-3].pos, p.toks[p.i-1].end // [≤]
			within = func(x *Node) *Node {
				if op == "≠" { // (@singleton _ (Set _) Set.instSingletonSet x)ᶜ
					return &Node{K: KindPostfix, V: "ᶜ", C: []*Node{{K: KindSetLit, C: []*Node{cloneNode(x)}, Lo: int32(lo), Hi: x.Hi}}, Lo: int32(lo), Hi: x.Hi}
				}
				return &Node{K: KindApp, C: []*Node{{K: KindID, V: set, Lo: int32(lo), Hi: int32(hi)}, cloneNode(x)}, Lo: int32(lo), Hi: x.Hi}
			}
		}
	}
	if within == nil {
		saved := p.stop
		p.stop = nil
		s := p.expr(0)
		p.stop = saved
		p.expect("]")
		within = func(*Node) *Node { return s }
	}
	head := p.spanned(notationName("nhdsWithin"), nhds)
	x := p.expr(100)
	return &Node{K: KindApp, C: []*Node{head, x, within(x)}}
}

// cloneNode copies a tree, so that a term the notation repeats is two
// subtrees (the normalizer indexes nodes by identity).
func cloneNode(n *Node) *Node {
	c := n.with(make([]*Node, len(n.C)))
	for i, k := range n.C {
		c.C[i] = cloneNode(k)
	}
	return c
}

// atom parses an identifier, literal or bracketed term.
func (p *parser) atom() *Node {
	start := p.i
	return p.spanned(p.atomTerm(start), start)
}

func (p *parser) atomTerm(start int) *Node {
	t := p.next()
	switch t.kind {
	case tIdent:
		if isKeyword(t.text) {
			p.i--
			p.fail("unexpected keyword %q", t.text)
		}
		if t.text == "_" {
			return &Node{K: KindHole}
		}
		if t.text == "𝓝ˢ" {
			return notationName("nhdsSet")
		}
		return &Node{K: KindID, V: t.text}
	case tNum:
		return &Node{K: KindNum, V: t.text}
	case tStr:
		return &Node{K: KindStr, V: t.text}
	case tEOF:
		p.i--
		p.fail("expected a term, found the end")
	}
	switch t.text {
	case "(":
		n := p.paren()
		for p.peek().kind == tProj {
			n = p.spanned(&Node{K: KindProj, V: p.next().text, C: []*Node{n}}, start)
		}
		return n
	case "⟨":
		items := p.items("⟩")
		return &Node{K: KindAnon, C: items}
	case "[":
		p.i--
		if w, ok := p.modulusToken(); ok {
			p.fail("%q is one token for Lean (of a ≡ b [MOD n]), not a list", "["+w)
		}
		p.i++
		items := p.items("]")
		return &Node{K: KindList, C: items}
	case "{":
		return p.brace()
	case "|":
		// macro:max atomic("|" noWs) a:term noWs "|" : term => `(abs $a):
		// the bars are glued to what they enclose.
		if p.i-1 >= 0 && !p.gluedAt(p.i-1) {
			p.i--
			p.fail("|a| is read only with no space after the opening bar (noWs)")
		}
		inner := p.until("|")
		if !p.gluedAt(p.i - 2) {
			p.fail("|a| is read only with no space before the closing bar (noWs)")
		}
		return &Node{K: KindAbs, C: []*Node{inner}}
	case "‖":
		// notation "‖" e "‖₊" => nnnorm e, notation "‖" e "‖ₑ" => enorm e
		// (Mathlib/Analysis/Normed/Group/Basic.lean): the closing token
		// says which.
		p.stop = append(p.stop, "‖", "‖₊", "‖ₑ")
		inner := p.expr(0)
		p.stop = p.stop[:len(p.stop)-3]
		if c := p.peek().text; c == "‖₊" || c == "‖ₑ" {
			p.next()
			return &Node{K: KindApp, C: []*Node{p.at(notationName(map[string]string{"‖₊": "nnnorm", "‖ₑ": "enorm"}[c]), p.i-1), inner}}
		}
		p.expect("‖")
		return &Node{K: KindNorm, C: []*Node{inner}}
	case "![":
		// syntax (name := vecNotation) "![" term,* "]" : term, with
		// macro_rules ![a, b] => vecCons a ![b], ![] => vecEmpty
		// (Mathlib/Data/Fin/VecNotation.lean): the term it unfolds to.
		items := p.items("]")
		n := p.at(notationName("Matrix.vecEmpty"), p.i-1)
		for i := len(items) - 1; i >= 0; i-- {
			cons := &Node{K: KindID, V: notationMark + "Matrix.vecCons", Lo: items[i].Lo, Hi: items[i].Hi}
			n = &Node{K: KindApp, C: []*Node{cons, items[i], n}, Lo: items[i].Lo, Hi: n.Hi}
		}
		return n
	case "⌊":
		return p.rounding(KindFloor, KindFloorNat, "⌋")
	case "⌈":
		return p.rounding(KindCeil, KindCeilNat, "⌉")
	case "⟪":
		items := p.items("⟫")
		n := &Node{K: KindInner, C: items}
		if p.peek().kind == tIdent && strings.HasPrefix(p.peek().text, "_") {
			n.V = p.next().text
		}
		return n
	case "⁅":
		return &Node{K: KindBracket, C: p.items("⁆")}
	case "↑":
		return &Node{K: KindCoe, C: []*Node{p.arg()}}
	}
	if atomSymbols[t.text] {
		if t.text == "π" {
			return notationName("Real.pi")
		}
		if c, ok := atomConstants[t.text]; ok {
			return &Node{K: KindID, V: c}
		}
		return &Node{K: KindID, V: t.text}
	}
	p.i--
	p.fail("unexpected %q", t.text)
	return nil
}

// rounding reads the rest of ⌊x⌋ or ⌈x⌉, or of their ℕ-valued forms ⌊x⌋₊
// and ⌈x⌉₊.
func (p *parser) rounding(kind, natKind Kind, close string) *Node {
	inner := p.expr(0)
	if p.is(close + "₊") {
		p.next()
		return &Node{K: natKind, C: []*Node{inner}}
	}
	p.expect(close)
	return &Node{K: kind, C: []*Node{inner}}
}

// until parses a term up to a closing delimiter that is also an operator
// or opener (| or ‖).
func (p *parser) until(close string) *Node {
	p.stop = append(p.stop, close)
	inner := p.expr(0)
	p.stop = p.stop[:len(p.stop)-1]
	p.expect(close)
	return inner
}

// items parses comma-separated terms up to close.
func (p *parser) items(close string) []*Node {
	var out []*Node
	saved := p.stop
	p.stop = nil
	defer func() { p.stop = saved }()
	for !p.is(close) {
		out = append(out, p.expr(0))
		if p.is(",") {
			p.next()
			continue
		}
		break
	}
	p.expect(close)
	return out
}

// paren reads (e), (e : T), (a, b), (), (· + 1).
func (p *parser) paren() *Node {
	open := p.i - 1
	saved, savedLet := p.stop, p.letAt
	p.stop, p.letAt = nil, -1 // withoutPosition (Term.paren)
	defer func() { p.stop, p.letAt = saved, savedLet }()
	if t := p.peek(); t.kind == tIdent && !isKeyword(t.text) && p.tok(p.i+1).text == ":=" {
		p.refuse(t.pos, "the named argument (%s := …) is not modelled", t.text)
	}
	if p.is(")") {
		p.next()
		return &Node{K: KindID, V: "()"}
	}
	if p.is("↑") && p.tok(p.i+1).text == ")" {
		// elab "(" "↑" ")" : term, the coercion as a function (fun x =>
		// ↑x at the type expected): its own symbol
		p.next()
		p.next()
		return &Node{K: KindID, V: "(↑)"}
	}
	e := p.expr(0)
	switch {
	case p.is(":"):
		p.next()
		typ := p.expr(0)
		p.expect(")")
		return cdotFunction(p.spanned(&Node{K: KindAscription, C: []*Node{e, typ}}, open))
	case p.is(","):
		items := []*Node{e}
		for p.is(",") {
			p.next()
			items = append(items, p.expr(0))
		}
		p.expect(")")
		return cdotFunction(p.spanned(&Node{K: KindTuple, C: items}, open))
	}
	p.expect(")")
	return cdotFunction(p.spanned(&Node{K: KindParen, C: []*Node{e}}, open))
}

// cdotFunction makes the parentheses n a function when the term inside
// holds the cdot ·: Lean's expandCDot (src/Lean/Elab/BuiltinNotation.lean)
// turns (· + 1) into fun x => x + 1 and (f · ·) into fun x y => f x y,
// each · a new parameter in the order written, up to the nearest
// enclosing parentheses, ascription or tuple. So (·) is the identity, and
// F (·) is F applied to it, while (F ·) is F itself. Inner parentheses
// were read first and took their own ·s.
func cdotFunction(n *Node) *Node {
	count := 0
	var replace func(*Node) *Node
	replace = func(x *Node) *Node {
		if x.K == KindID && x.V == "·" {
			count++
			return &Node{K: KindID, V: fmt.Sprintf("·%d", count), Lo: x.Lo, Hi: x.Hi}
		}
		if len(x.C) == 0 || x != n && (x.K == KindParen || x.K == KindTuple || x.K == KindAscription || x.K == KindLambda && strings.HasPrefix(x.V, "·")) {
			return x // inner parentheses took their own ·s
		}
		var kids []*Node
		for i, c := range x.C {
			r := replace(c)
			if r != c && kids == nil {
				kids = append(make([]*Node, 0, len(x.C)), x.C[:i]...)
			}
			if kids != nil {
				kids = append(kids, r)
			}
		}
		if kids == nil {
			return x
		}
		return x.with(kids)
	}
	body := replace(n)
	for i := count; i >= 1; i-- {
		body = &Node{K: KindLambda, V: fmt.Sprintf("·%d", i), C: []*Node{{K: KindHole, Lo: n.Lo, Hi: n.Lo}, body}, Lo: n.Lo, Hi: n.Hi}
	}
	return body
}

// brace reads {x | p}, {x : T | p}, {x ∈ s | p}, {a, b}, {}, or a
// structure instance.
func (p *parser) brace() *Node {
	open := p.i - 1
	saved := p.stop
	p.stop = nil
	defer func() { p.stop = saved }()
	if p.is("}") {
		p.next()
		return &Node{K: KindSetLit}
	}
	// structure instance: { x := 1, y := 2 }, { s with x := 1 }
	if p.peek().kind == tIdent && p.tok(p.i+1).text == ":=" {
		return p.structInstance(nil, open)
	}
	if p.is("(") {
		save := p.i
		if ok, n := p.tryPatternBuilder(); ok {
			return n
		}
		p.i = save
	}
	// set-builder with a binder
	if p.peek().kind == tIdent || p.is("(") || p.is("_") {
		save := p.i
		if ok, n := p.tryBuilder(); ok {
			return n
		}
		p.i = save
	}
	first := p.exprStop("|")
	if p.is("with") {
		p.next()
		return p.structInstance(first, open)
	}
	if p.is("|") { // {f x | x ∈ s} style image builder
		p.next()
		pred := p.expr(0)
		p.expect("}")
		if a := unwrapParens(first); a.K == KindAscription && len(a.C) == 2 && a.C[0].K == KindID && !extBinderShape(pred) {
			// {(a : T) | p}: not an image (p is no extBinders), so
			// Mathlib's pattern builder, macro (priority := low-1) "{"
			// pat:term " | " p:term "}" => {x | match x with | pat => p}:
			// the set {a : T | p} (Mathlib/Data/Set/Defs.lean)
			return &Node{K: KindSetOf, V: a.C[0].V, C: []*Node{a.C[1], pred}}
		}
		return &Node{K: KindImage, C: []*Node{first, pred}}
	}
	items := []*Node{first}
	for p.is(",") {
		p.next()
		items = append(items, p.expr(0))
	}
	p.expect("}")
	return &Node{K: KindSetLit, C: items}
}

// structInstance reads the fields of a structure instance up to "}":
// "x := e" separated by commas, an optional ": T" at the end. The node
// is "struct" over a "with" node (the structure updated, or a hole) and
// one "field" node per field (V = name), sorted by name: the order of
// named fields does not matter.
func (p *parser) structInstance(src *Node, open int) *Node {
	if src == nil {
		src = p.hole()
	}
	with := &Node{K: KindWith, C: []*Node{src}, Lo: src.Lo, Hi: src.Hi}
	var fields []*Node
	for p.peek().kind == tIdent {
		at := p.i
		name := p.next().text
		p.expect(":=")
		fields = append(fields, p.spanned(&Node{K: KindField, V: name, C: []*Node{p.expr(0)}}, at))
		if !p.is(",") {
			break
		}
		p.next()
	}
	sort.SliceStable(fields, func(i, j int) bool { return fields[i].V < fields[j].V })
	n := p.spanned(&Node{K: KindStruct, C: append([]*Node{with}, fields...)}, open)
	if p.is(":") {
		p.next()
		n = &Node{K: KindAscription, C: []*Node{n, p.expr(0)}}
	}
	p.expect("}")
	return n
}

func (p *parser) exprStop(s string) *Node {
	p.stop = append(p.stop, s)
	defer func() { p.stop = p.stop[:len(p.stop)-1] }()
	return p.expr(0)
}

// tryPatternBuilder attempts {(x, y) : T | p}, Mathlib's
// macroPattSetBuilder: "{" pat:term " : " t:term " | " p:term "}" =>
// {x : t | match x with | pat => p} (Mathlib/Data/Set/Defs.lean). The
// pattern is read only as a flat tuple of two or more distinct names; the
// node is a set-builder over an unused name whose predicate is a pattern
// node binding the names in order. Without the type ({(x, y) | p}) Lean
// first tries p as extended binders ({x | ∃ᵉ binders, (x, y) = x}), so
// that form stays with the image builder below.
func (p *parser) tryPatternBuilder() (ok bool, n *Node) {
	p.attempt(p.peek())
	defer func() {
		if r := recover(); r != nil {
			if _, isPE := r.(*ParseError); !isPE {
				panic(r)
			}
			ok = false
		}
	}()
	open := p.i
	p.expect("(")
	var names []token
	seen := map[string]bool{}
	for {
		t := p.next()
		if t.kind != tIdent || isKeyword(t.text) || t.text == "_" || strings.Contains(t.text, ".") || seen[t.text] {
			return false, nil
		}
		seen[t.text] = true
		names = append(names, t)
		if p.is(")") {
			break
		}
		p.expect(",")
	}
	p.next()
	if len(names) < 2 || !p.is(":") {
		return false, nil
	}
	p.next()
	typ := p.exprStop("|")
	p.expect("|")
	body := p.expr(0)
	p.expect("}")
	for i := len(names) - 1; i >= 0; i-- {
		t := names[i]
		body = &Node{K: KindLambda, V: t.text, C: []*Node{{K: KindHole, Lo: int32(t.end), Hi: int32(t.end)}, body}, Lo: int32(t.pos), Hi: body.Hi}
	}
	pattern := &Node{K: KindPattern, V: strconv.Itoa(len(names)), C: []*Node{body}, Lo: int32(p.toks[open].pos), Hi: body.Hi}
	return true, &Node{K: KindSetOf, V: "_", C: []*Node{typ, pattern}}
}

// tryBuilder attempts {x | p}, {x : T | p}, {(x, y) | p}, {x ∈ s | p}.
func (p *parser) tryBuilder() (ok bool, n *Node) {
	p.attempt(p.peek())
	defer func() {
		if r := recover(); r != nil {
			if _, isPE := r.(*ParseError); !isPE {
				panic(r)
			}
			ok = false
		}
	}()
	if p.peek().kind != tIdent || isKeyword(p.peek().text) {
		return false, nil
	}
	name := p.next().text
	// the type, when none is written, is a hole at the token after the
	// name (made only for a reading that succeeds)
	var typ *Node
	holeAt := int32(p.peek().pos)
	hole := func() *Node {
		if typ == nil {
			return &Node{K: KindHole, Lo: holeAt, Hi: holeAt}
		}
		return typ
	}
	switch {
	case p.is(":"):
		p.next()
		p.stop = append(p.stop, "//")
		typ = p.exprStop("|")
		p.stop = p.stop[:len(p.stop)-1]
	case p.is("∈"):
		at := p.next().pos
		set := p.exprStop("|")
		p.expect("|")
		pred := p.expr(0)
		p.expect("}")
		if mentions(set, name) {
			// On a Set, {x ∈ s | p} is {x | x ∈ s ∧ p}, s inside x's
			// scope (Mathlib/Data/Set/Defs.lean); on a Finset it is
			// Finset.filter with s outside. lean-ast cannot tell which.
			p.refuse(at, "the set of {%s ∈ … | …} mentions %s, which Lean reads inside the binder on a Set and outside it on a Finset", name, name)
		}
		return true, &Node{K: KindSep, V: name, C: []*Node{set, pred}}
	}
	if p.is("//") {
		p.next()
		pred := p.expr(0)
		p.expect("}")
		return true, &Node{K: KindSubtype, V: name, C: []*Node{hole(), pred}}
	}
	if !p.is("|") {
		return false, nil
	}
	p.next()
	pred := p.expr(0)
	p.expect("}")
	return true, &Node{K: KindSetOf, V: name, C: []*Node{hole(), pred}}
}

// unquoteName drops the «» around each part of a name that is a plain
// identifier: «x» is the identifier x to Lean (a quoted name is the name
// inside, src/Lean/Parser/Basic.lean identFn), so «b» and b are one name.
// A part that needs its quotes («x y», «fun») keeps them.
func unquoteName(name string) string {
	var b strings.Builder
	for len(name) > 0 {
		i := strings.Index(name, "«")
		if i < 0 {
			b.WriteString(name)
			break
		}
		j := strings.Index(name[i:], "»")
		if j < 0 {
			b.WriteString(name)
			break
		}
		b.WriteString(name[:i])
		inner := name[i+len("«") : i+j]
		if plainIdent(inner) {
			b.WriteString(inner)
		} else {
			b.WriteString(name[i : i+j+len("»")])
		}
		name = name[i+j+len("»"):]
	}
	return b.String()
}

// plainIdent reports whether s is one identifier part Lean reads without
// quotes: an identifier start, identifier characters, and no keyword.
func plainIdent(s string) bool {
	for k, r := range s {
		if k == 0 && !isIdentStart(r) || k > 0 && !isIdentRest(r) {
			return false
		}
	}
	return s != "" && !isKeyword(s) && !declKeywords[s] && s != "_"
}

// propLike reports whether n is surely a proposition: a relation, a
// connective, a negation, a quantifier, True or False, under binders and
// parentheses. A theorem's type is a Prop by Lean's rules; an example's or
// a bare term's need not be, and only a propLike one is read as one.
func propLike(n *Node) bool {
	switch n.K {
	case KindPi:
		return propLike(n.C[len(n.C)-1])
	case KindParen:
		return propLike(n.C[0])
	case KindExists, KindExistsUnique, KindEventually, KindFrequently:
		return true
	case KindUnary:
		return n.V == "¬"
	case KindID:
		return n.V == "True" || n.V == "False"
	case KindBinary:
		return Is(n.V, PropValued)
	}
	return false
}
