package synth

import (
	"fmt"
	"sort"
	"strings"

	"github.com/rxeval/rxeval/judges/lean"
)

// node is a sub-term of a statement: a range of tokens [lo, hi).
type node struct {
	kind   string // atom, app, bin, un, quant, group, ite, seq, binder, concl, stmt
	lo, hi int
	op     int // the operator token of bin, un and quant nodes; else -1
	kids   []*node
	parent *node
}

// binder is one bracketed binder of a theorem: (h : P), {x y : ℝ}, [Group G].
type binder struct {
	n      *node // kind binder, tokens from the open to the close bracket
	names  []int // name tokens
	colon  int   // the ':' token, or -1
	typ    *node // the type, or nil
	isProp bool  // a hypothesis: its type is a proposition (by its shape)
}

// stmt is a statement with its tokens and its tree of sub-terms.
type stmt struct {
	src     string
	toks    []lean.Span
	match   []int // the matching bracket of each bracket token, else -1
	root    *node
	binders []*binder
	concl   *node // the conclusion, or nil
	end     int   // index of the top-level ":=" (or len(toks))
	opNode  map[int]*node
	tree    *lean.Node // lean.Parse's tree
}

var openers = map[string]string{"(": ")", "[": "]", "{": "}", "⦃": "⦄", "⟨": "⟩", "{{": "}}", "⌊": "⌋", "⌈": "⌉", "@[": "]"}
var closerSet = map[string]bool{")": true, "]": true, "}": true, "⦄": true, "⟩": true, "}}": true, "⌋": true, "⌉": true, "⌋₊": true, "⌉₊": true}

// infix gives the precedence and right associativity of every infix
// operator, from the judges' one notation table (judges/lean/notation.go).
var infix = func() map[string]struct {
	prec  int
	right bool
} {
	m := map[string]struct {
		prec  int
		right bool
	}{}
	for _, n := range lean.Infixes {
		m[n.Token] = struct {
			prec  int
			right bool
		}{n.Prec, n.Assoc == 'r'}
	}
	return m
}()

var binderHeads = map[string]bool{"∀": true, "∃": true, "∃!": true, "λ": true, "fun": true, "Π": true, "Σ": true, "∑": true, "∏": true, "⋃": true, "⋂": true, "⨆": true, "⨅": true, "∫": true, "∑'": true, "∏'": true, "∀ᶠ": true, "∃ᶠ": true, "⋃₀": false}

var postfixOps = map[string]bool{"⁻¹": true, "ᶜ": true, "!": true, "ˣ": true, "ᵀ": true}

var separators = map[string]bool{",": true, ":": true, ":=": true, "|": true, "=>": true, "↦": true, ";": true, "then": true, "else": true, "with": true, "//": true, "in": true}

var declKeywords = map[string]bool{"theorem": true, "lemma": true, "example": true, "def": true, "abbrev": true}

var modifiers = map[string]bool{"private": true, "protected": true, "noncomputable": true, "nonrec": true}

func isName(s string) bool {
	if s == "" {
		return false
	}
	_, isOp := infix[s]
	return !isOp && !separators[s] && openers[s] == "" && !closerSet[s] && !binderHeads[s]
}

// parseStmt reads src with the judges' parser (lean.Parse) and makes its
// tree of sub-terms from the parsed tree's spans: every node over the
// tokens its span covers, the theorem's bracketed binders and its
// conclusion at the top.
func parseStmt(src string) (*stmt, error) {
	parsed, err := lean.Parse(src)
	if err != nil {
		return nil, err
	}
	toks, err := lean.TokenSpans(src)
	if err != nil {
		return nil, err
	}
	st := &stmt{src: src, toks: toks, match: make([]int, len(toks)), opNode: map[int]*node{}, tree: parsed.Tree}
	var stack []int
	for i, t := range toks {
		st.match[i] = -1
		if _, ok := openers[t.Text]; ok {
			stack = append(stack, i)
			continue
		}
		if closerSet[t.Text] {
			if len(stack) == 0 {
				return nil, fmt.Errorf("byte %d: unbalanced %q", t.Pos, t.Text)
			}
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			st.match[o], st.match[i] = i, o
		}
	}
	if len(stack) > 0 {
		return nil, fmt.Errorf("byte %d: unclosed %q", toks[stack[len(stack)-1]].Pos, toks[stack[len(stack)-1]].Text)
	}
	st.end = len(toks)
	for i := 0; i < len(toks); i++ {
		if toks[i].Text == ":=" {
			st.end = i
			break
		}
		if st.match[i] > i {
			i = st.match[i]
		}
	}
	c := &converter{st: st, at: map[[2]int]*node{}}
	c.term(parsed.Tree)
	root := &node{kind: "stmt", lo: 0, hi: st.end, op: -1}
	i := 0
	// Attributes (@[simp], lexed as "@" and a bracket) and modifiers
	// before the keyword.
	for i < st.end {
		if toks[i].Text == "@" && i+1 < st.end && toks[i+1].Text == "[" && st.match[i+1] > i+1 {
			i = st.match[i+1] + 1
			continue
		}
		if !modifiers[toks[i].Text] {
			break
		}
		i++
	}
	if i < st.end && declKeywords[toks[i].Text] {
		i++
		if i < st.end && toks[i-1].Text != "example" && isName(toks[i].Text) {
			i++
		}
		for i < st.end && st.match[i] > i && (toks[i].Text == "(" || toks[i].Text == "{" || toks[i].Text == "[" || toks[i].Text == "⦃" || toks[i].Text == "{{") {
			b := c.binder(i, st.match[i])
			st.binders = append(st.binders, b)
			root.kids = append(root.kids, b.n)
			i = st.match[i] + 1
		}
		if i < st.end && toks[i].Text == ":" {
			i++
		}
	}
	if i < st.end {
		cn := &node{kind: "concl", lo: i, hi: st.end, op: -1, kids: []*node{c.over(i, st.end)}}
		st.concl = cn
		root.kids = append(root.kids, cn)
	}
	link(root, nil)
	st.root = root
	var walk func(n *node)
	walk = func(n *node) {
		if n.op >= 0 {
			st.opNode[n.op] = n
		}
		for _, k := range n.kids {
			walk(k)
		}
	}
	walk(root)
	return st, nil
}

func link(n, parent *node) {
	n.parent = parent
	for _, k := range n.kids {
		link(k, n)
	}
}

// text returns the source bytes of tokens [lo, hi).
func (st *stmt) text(lo, hi int) string {
	return st.src[st.toks[lo].Pos:st.toks[hi-1].End]
}

func (st *stmt) nodeText(n *node) string { return st.text(n.lo, n.hi) }

// smallest returns the smallest node holding tokens [lo, hi).
func (st *stmt) smallest(lo, hi int) *node {
	n := st.root
	for {
		var next *node
		for _, k := range n.kids {
			if k.lo <= lo && hi <= k.hi && k.hi > k.lo {
				next = k
				break
			}
		}
		if next == nil {
			return n
		}
		n = next
	}
}

// converter makes sub-term nodes of the parsed tree's nodes. at holds the
// outermost node made over each token range, where the theorem's binder
// types and conclusion are found.
type converter struct {
	st *stmt
	at map[[2]int]*node
}

// tokens returns the tokens [lo, hi) that the bytes [from, to) cover.
func (c *converter) tokens(from, to int) (lo, hi int) {
	toks := c.st.toks
	lo = sort.Search(len(toks), func(i int) bool { return toks[i].Pos >= from })
	hi = sort.Search(len(toks), func(i int) bool { return toks[i].Pos >= to })
	return lo, hi
}

// over is the node made over tokens [lo, hi): the outermost one, else a
// sequence of the outermost nodes inside the range and the brackets
// around them ((h : P := v), an instance's binders), other tokens atoms.
func (c *converter) over(lo, hi int) *node {
	if n := c.at[[2]int{lo, hi}]; n != nil {
		return n
	}
	var inside []*node
	for r, n := range c.at {
		if lo <= r[0] && r[1] <= hi {
			inside = append(inside, n)
		}
	}
	sort.Slice(inside, func(i, j int) bool {
		a, b := inside[i], inside[j]
		return a.lo < b.lo || a.lo == b.lo && a.hi > b.hi
	})
	var outer []*node
	for _, n := range inside {
		if len(outer) == 0 || n.lo >= outer[len(outer)-1].hi {
			outer = append(outer, n)
		}
	}
	return c.binderPart(lo, hi, outer)
}

// seq is the sequence of kids over tokens [lo, hi), as terms between
// separators are: the kid itself if it covers the range; tokens no kid
// covers, other than separators, are atoms.
func (c *converter) seq(lo, hi int, kids []*node) *node {
	if len(kids) == 1 && kids[0].lo == lo && kids[0].hi == hi {
		return kids[0]
	}
	sort.SliceStable(kids, func(i, j int) bool { return kids[i].lo < kids[j].lo })
	n := &node{kind: "seq", lo: lo, hi: hi, op: -1}
	k := 0
	for i := lo; i < hi; {
		for k < len(kids) && kids[k].hi <= i {
			k++
		}
		if k < len(kids) && kids[k].lo <= i {
			n.kids = append(n.kids, kids[k])
			i = max(kids[k].hi, i+1)
			k++
			continue
		}
		if !separators[c.st.toks[i].Text] {
			n.kids = append(n.kids, &node{kind: "atom", lo: i, hi: i + 1, op: -1})
		}
		i++
	}
	if len(n.kids) == 1 && n.kids[0].lo == lo && n.kids[0].hi == hi {
		return n.kids[0]
	}
	return n
}

// binder makes the node of the binder bracketed by tokens open and close.
func (c *converter) binder(open, close int) *binder {
	st := c.st
	b := &binder{n: &node{kind: "binder", lo: open, hi: close + 1, op: -1}, colon: -1}
	for j := open + 1; j < close; j++ {
		if st.toks[j].Text == ":" {
			b.colon = j
			break
		}
		if st.match[j] > j {
			j = st.match[j]
		}
	}
	if b.colon < 0 {
		if open+1 < close {
			b.n.kids = []*node{c.over(open+1, close)}
		}
		return b
	}
	for j := open + 1; j < b.colon; j++ {
		b.names = append(b.names, j)
	}
	if b.colon+1 < close {
		b.typ = c.over(b.colon+1, close)
		b.n.kids = []*node{b.typ}
		b.isProp = isPropShape(st, b.typ) && st.toks[open].Text != "["
	}
	return b
}

// isPropShape: a relation, connective, quantifier or a negation at the top.
func isPropShape(st *stmt, n *node) bool {
	for n.kind == "seq" && len(n.kids) == 1 {
		n = n.kids[0]
	}
	switch n.kind {
	case "bin":
		switch st.toks[n.op].Text {
		case "=", "≠", "<", ">", "≤", "≥", "∈", "∉", "⊆", "⊂", "∣", "↔", "∧", "∨", "≡", "!=", "<=", ">=":
			return true
		case "→":
			return isPropShape(st, n.kids[0]) || isPropShape(st, n.kids[1])
		}
	case "quant":
		return st.toks[n.op].Text == "∀" || st.toks[n.op].Text == "∃" || st.toks[n.op].Text == "∃!"
	case "un":
		return st.toks[n.op].Text == "¬"
	}
	return false
}

// term makes the node of the parsed node n, or nil when n has no text or
// is no sub-term of its own (a theorem's binders, its declarations). Every
// node made is indexed by its token range (the outermost one).
func (c *converter) term(n *lean.Node) *node {
	out := c.make(n)
	if out != nil {
		if key := [2]int{out.lo, out.hi}; c.at[key] == nil {
			c.at[key] = out
		}
	}
	return out
}

func (c *converter) terms(ns []*lean.Node) []*node {
	var out []*node
	for _, k := range ns {
		if m := c.term(k); m != nil {
			out = append(out, m)
		}
	}
	return out
}

func (c *converter) make(n *lean.Node) *node {
	st := c.st
	lo, hi := c.tokens(int(n.Lo), int(n.Hi))
	if lo >= hi || hi > st.end {
		// no text, or past the top-level ":=" (an instance's value): no
		// sub-term, but the nodes inside it may be
		c.terms(n.C)
		return nil
	}
	// a notation that is several nodes on one text ((· + 1) is fun x =>
	// (x + 1)): the node inside
	if len(n.C) > 0 {
		var inner *lean.Node
		for _, k := range n.C {
			if k.Lo == n.Lo && k.Hi == n.Hi {
				inner = k
			}
		}
		if inner != nil && n.K != lean.KindApp {
			return c.term(inner)
		}
	}
	first := st.toks[lo].Text
	mk := func(kind string, op int, kids []*node) *node {
		return &node{kind: kind, lo: lo, hi: hi, op: op, kids: kids}
	}
	switch n.K {
	case lean.KindDecls, lean.KindTheorem, lean.KindDecl, lean.KindDefn, lean.KindTokens:
		c.terms(n.C)
		return nil
	case lean.KindPi, lean.KindExists, lean.KindExistsUnique, lean.KindLambda, lean.KindSigma, lean.KindBig, lean.KindEventually, lean.KindFrequently:
		if !binderHeads[first] {
			// a theorem's binder, (x : T) → B, or a name inside a
			// quantifier's binders (∃ x y, p): its type and its scope
			c.terms(n.C)
			return nil
		}
		return c.quantifier(n, lo, hi)
	case lean.KindBinary:
		kids := c.terms(n.C)
		if len(kids) < 2 {
			return mk("seq", -1, kids)
		}
		op := kids[0].hi
		if len(kids) == 3 {
			// a ≡ b [MOD n] and f =ᶠ[l] g: the bracket is an argument,
			// of b or applied to g
			l, r, arg := kids[0], kids[1], kids[2]
			if arg.lo < r.lo {
				kids = []*node{l, app(c.group(arg.lo-1, arg.hi+1, []*node{arg}), r)}
			} else {
				kids = []*node{l, app(r, arg)}
			}
		}
		if op >= hi {
			return mk("seq", -1, kids)
		}
		return mk("bin", op, kids)
	case lean.KindUnary, lean.KindCoe:
		if arg := c.term(n.C[0]); (n.V == "#" || n.V == "@") && arg != nil {
			return app(&node{kind: "atom", lo: lo, hi: lo + 1, op: -1}, arg) // a name applied
		}
		return mk("un", lo, c.terms(n.C))
	case lean.KindPostfix, lean.KindProj:
		kids := c.terms(n.C)
		if len(kids) == 1 && kids[0].hi == hi-1 {
			return app(kids[0], &node{kind: "atom", lo: hi - 1, hi: hi, op: -1})
		}
		return mk("seq", -1, kids)
	case lean.KindApp:
		return c.application(n, lo, hi)
	case lean.KindIte:
		return mk("ite", -1, c.terms(n.C))
	}
	if closes := st.match[lo]; closes == hi-1 || first == "|" || first == "‖" {
		return c.group(lo, hi, c.terms(n.C))
	}
	if hi-lo == 1 {
		return mk("atom", -1, nil)
	}
	return c.seq(lo, hi, c.terms(n.C))
}

// app is f applied to arg, one application with f's arguments if f is one.
func app(f, arg *node) *node {
	if f.kind == "app" {
		return &node{kind: "app", lo: f.lo, hi: arg.hi, op: -1, kids: append(f.kids[:len(f.kids):len(f.kids)], arg)}
	}
	return &node{kind: "app", lo: f.lo, hi: arg.hi, op: -1, kids: []*node{f, arg}}
}

// group is a bracketed term over tokens [lo, hi), its kids inside.
func (c *converter) group(lo, hi int, kids []*node) *node {
	g := &node{kind: "group", lo: lo, hi: hi, op: -1}
	if lo+1 < hi-1 {
		g.kids = []*node{c.seq(lo+1, hi-1, kids)}
	}
	return g
}

// application is an application, or a notation the parser reads as one:
// √x (an operator on its argument), ![a, b] (a bracket).
func (c *converter) application(n *lean.Node, lo, hi int) *node {
	st := c.st
	head := n.C[0]
	hlo, hhi := c.tokens(int(head.Lo), int(head.Hi))
	if head.K == lean.KindID && hhi == hlo+1 && hlo == lo && st.toks[lo].Text == "√" {
		return &node{kind: "un", lo: lo, hi: hi, op: lo, kids: c.terms(n.C[1:])}
	}
	if st.match[lo] == hi-1 {
		if hlo == lo && hhi == lo+2 && len(n.C) == 2 { // [MOD n]: MOD applied to n
			if m := c.term(n.C[1]); m != nil {
				return c.group(lo, hi, []*node{app(&node{kind: "atom", lo: lo + 1, hi: lo + 2, op: -1}, m)})
			}
		}
		return c.group(lo, hi, c.terms(n.C))
	}
	kids := c.terms(n.C)
	if len(kids) == 0 {
		return &node{kind: "atom", lo: lo, hi: hi, op: -1}
	}
	f := kids[0]
	for _, a := range kids[1:] {
		f = app(f, a)
	}
	if len(kids) == 1 || f.lo != lo || f.hi != hi {
		return c.seq(lo, hi, kids)
	}
	return f
}

// quantifier is a binder term (∀ x y : T, p; ∑ i ∈ s, f i) over tokens
// [lo, hi): the binders up to the first "," (or "=>", "↦") at this level,
// then the body.
func (c *converter) quantifier(n *lean.Node, lo, hi int) *node {
	st := c.st
	j := lo + 1
	for j < hi && st.toks[j].Text != "," && st.toks[j].Text != "=>" && st.toks[j].Text != "↦" {
		if st.match[j] > j {
			j = st.match[j]
		}
		j++
	}
	q := &node{kind: "quant", lo: lo, hi: hi, op: lo}
	if j >= hi {
		q.kind, q.op = "seq", -1
		q.kids = c.terms(n.C)
		return q
	}
	// the nodes of the binder part (types, domains, binder predicates)
	// and the body: down the chain of the nodes the binders make
	var inBinders []*node
	var body *node
	seen := map[*lean.Node]bool{} // a type several names share
	var walk func(x *lean.Node)
	walk = func(x *lean.Node) {
		for k, ch := range x.C {
			if seen[ch] {
				continue
			}
			seen[ch] = true
			last := k == len(x.C)-1
			clo, chi := c.tokens(int(ch.Lo), int(ch.Hi))
			switch {
			case clo >= chi:
			case clo > j:
				if last {
					body = c.term(ch)
				}
			case last && chi > j:
				walk(ch) // a name's binder, or a binder predicate's ∧ / →
			case x.K == lean.KindBig && k == 2 && !strings.HasSuffix(x.V, "|all") && len(inBinders) > 0:
				// ∑ i ∈ s: the bound name and its domain, a relation
				if m := c.term(ch); m != nil {
					bv := inBinders[len(inBinders)-1]
					if bv.hi < m.lo && c.st.toks[bv.hi].Text != "in" {
						inBinders[len(inBinders)-1] = &node{kind: "bin", lo: bv.lo, hi: m.hi, op: bv.hi, kids: []*node{bv, m}}
					} else {
						inBinders = append(inBinders, m)
					}
				}
			default:
				if m := c.term(ch); m != nil {
					inBinders = append(inBinders, m)
				}
			}
		}
	}
	walk(n)
	if lo+1 < j {
		q.kids = append(q.kids, c.binderPart(lo+1, j, inBinders))
	}
	if body != nil {
		q.kids = append(q.kids, body)
	}
	return q
}

// binderPart is the sequence over tokens [lo, hi) of the nodes inside it
// and of the bracketed groups around them (the binders of a quantifier:
// names, (x : T) groups, types and binder predicates).
func (c *converter) binderPart(lo, hi int, inside []*node) *node {
	within := func(k *node, lo, hi int) bool { return lo <= k.lo && k.hi <= hi }
	var kids []*node
	for i := lo; i < hi; i++ {
		m := c.st.match[i]
		if m <= i || m >= hi {
			continue
		}
		covered := false
		for _, k := range inside {
			covered = covered || within(&node{lo: i, hi: m + 1}, k.lo, k.hi)
		}
		if !covered { // a bracketed binder: (x : T)
			var in []*node
			for _, k := range inside {
				if within(k, i+1, m) {
					in = append(in, k)
				}
			}
			kids = append(kids, c.group(i, m+1, in))
		}
		i = m
	}
	for _, k := range inside {
		covered := false
		for _, g := range kids {
			covered = covered || within(k, g.lo, g.hi)
		}
		if !covered {
			kids = append(kids, k)
		}
	}
	return c.seq(lo, hi, kids)
}
