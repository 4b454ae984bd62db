package synth

import (
	"fmt"
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
}

var openers = map[string]string{"(": ")", "[": "]", "{": "}", "⦃": "⦄", "⟨": "⟩", "{{": "}}", "⌊": "⌋", "⌈": "⌉", "@[": "]"}
var closerSet = map[string]bool{")": true, "]": true, "}": true, "⦄": true, "⟩": true, "}}": true, "⌋": true, "⌉": true, "⌋₊": true, "⌉₊": true}

// infix gives the precedence and right associativity of every infix
// operator, from the judges' one notation table (judges/lean/notation.go),
// so that synth reads statements as lean-ast (and Lean) do.
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

// parseStmt tokenizes src and builds its tree of sub-terms. It fails only
// when the tokens cannot be read or the brackets do not balance.
func parseStmt(src string) (*stmt, error) {
	toks, err := lean.TokenSpans(src)
	if err != nil {
		return nil, err
	}
	st := &stmt{src: src, toks: toks, match: make([]int, len(toks)), opNode: map[int]*node{}}
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
	p := &tparser{st: st}
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
			b := p.binder(i, st.match[i])
			st.binders = append(st.binders, b)
			root.kids = append(root.kids, b.n)
			i = st.match[i] + 1
		}
		if i < st.end && toks[i].Text == ":" {
			i++
		}
	}
	if i < st.end {
		c := &node{kind: "concl", lo: i, hi: st.end, op: -1, kids: []*node{p.seq(i, st.end)}}
		st.concl = c
		root.kids = append(root.kids, c)
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

var modifiers = map[string]bool{"private": true, "protected": true, "noncomputable": true, "nonrec": true}

func isName(s string) bool {
	if s == "" {
		return false
	}
	_, isOp := infix[s]
	return !isOp && !separators[s] && openers[s] == "" && !closerSet[s] && !binderHeads[s]
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

// tparser builds sub-term nodes over a token range with a small Pratt
// parser. It never fails: what it cannot read becomes atoms.
type tparser struct {
	st    *stmt
	i, hi int
	stop  []string
	depth int
}

func (p *tparser) tok(i int) string { return p.st.toks[i].Text }

func (p *tparser) binder(open, close int) *binder {
	b := &binder{n: &node{kind: "binder", lo: open, hi: close + 1, op: -1}, colon: -1}
	for j := open + 1; j < close; j++ {
		if p.tok(j) == ":" {
			b.colon = j
			break
		}
		if p.st.match[j] > j {
			j = p.st.match[j]
		}
	}
	if b.colon < 0 {
		if open+1 < close {
			b.n.kids = []*node{p.seq(open+1, close)}
		}
		return b
	}
	for j := open + 1; j < b.colon; j++ {
		b.names = append(b.names, j)
	}
	if b.colon+1 < close {
		b.typ = p.seq(b.colon+1, close)
		b.n.kids = []*node{b.typ}
		b.isProp = isPropShape(p.st, b.typ) && p.tok(open) != "["
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

// seq parses [lo, hi) as expressions separated by separators.
func (p *tparser) seq(lo, hi int) *node {
	sub := &tparser{st: p.st, i: lo, hi: hi, depth: p.depth}
	n := &node{kind: "seq", lo: lo, hi: hi, op: -1}
	for sub.i < hi {
		start := sub.i
		if separators[sub.tok(sub.i)] {
			sub.i++
			continue
		}
		e := sub.expr(0)
		if e != nil {
			n.kids = append(n.kids, e)
		}
		if sub.i == start {
			n.kids = append(n.kids, &node{kind: "atom", lo: start, hi: start + 1, op: -1})
			sub.i++
		}
	}
	if len(n.kids) == 1 && n.kids[0].lo == lo && n.kids[0].hi == hi {
		return n.kids[0]
	}
	return n
}

func (p *tparser) atEnd() bool {
	if p.i >= p.hi {
		return true
	}
	t := p.tok(p.i)
	for _, s := range p.stop {
		if t == s {
			return true
		}
	}
	return separators[t] || closerSet[t]
}

func (p *tparser) expr(minPrec int) *node {
	p.depth++
	defer func() { p.depth-- }()
	if p.atEnd() {
		return nil
	}
	if p.depth > 300 {
		n := &node{kind: "atom", lo: p.i, hi: p.hi, op: -1}
		p.i = p.hi
		return n
	}
	left := p.prefix()
	if left == nil {
		return nil
	}
	for !p.atEnd() {
		t := p.tok(p.i)
		if info, ok := infix[t]; ok {
			if info.prec < minPrec {
				break
			}
			op := p.i
			p.i++
			next := info.prec + 1
			if info.right {
				next = info.prec
			}
			if t == "≡" || t == "=ᶠ" {
				next = info.prec + 1
			}
			right := p.expr(next)
			if right == nil {
				return &node{kind: "bin", lo: left.lo, hi: op + 1, op: op, kids: []*node{left}}
			}
			left = &node{kind: "bin", lo: left.lo, hi: right.hi, op: op, kids: []*node{left, right}}
			continue
		}
		if minPrec > 1024 || !p.startsArg() {
			break
		}
		var arg *node
		if p.tok(p.i) == "↑" {
			arg = p.prefix()
		} else {
			arg = p.primary()
		}
		if left.kind != "app" {
			left = &node{kind: "app", lo: left.lo, hi: left.hi, op: -1, kids: []*node{left}}
		}
		left.kids = append(left.kids, arg)
		left.hi = arg.hi
	}
	return left
}

// startsArg: the current token can be an argument of an application.
func (p *tparser) startsArg() bool {
	t := p.tok(p.i)
	if t == "↑" {
		return true
	}
	if t == "|" || t == "¬" || binderHeads[t] || t == "if" {
		return false
	}
	if _, ok := openers[t]; ok {
		return true
	}
	return isName(t) && t != "‖" && t != "√" && !postfixOps[t]
}

func (p *tparser) prefix() *node {
	t := p.tok(p.i)
	start := p.i
	switch {
	case binderHeads[t]:
		// binders up to the first "," (or "=>", "↦") at this level
		j := p.i + 1
		for j < p.hi && p.tok(j) != "," && p.tok(j) != "=>" && p.tok(j) != "↦" {
			if p.st.match[j] > j {
				j = p.st.match[j]
			}
			j++
		}
		if j >= p.hi {
			return p.primary()
		}
		p.i = j + 1
		n := &node{kind: "quant", lo: start, hi: j + 1, op: start}
		if start+1 < j {
			n.kids = append(n.kids, p.seq(start+1, j))
		}
		body := p.expr(0)
		if body != nil {
			n.kids = append(n.kids, body)
			n.hi = body.hi
		}
		return n
	case t == "¬" || t == "-" || t == "↑" || t == "√" || t == "!" || t == "∑" || t == "⋃₀" || t == "⋂₀":
		p.i++
		prec := 75
		if t == "¬" {
			prec = 40
		} else if t == "↑" || t == "√" {
			prec = 1025
		}
		arg := p.expr(prec)
		if arg == nil {
			return &node{kind: "atom", lo: start, hi: start + 1, op: -1}
		}
		return &node{kind: "un", lo: start, hi: arg.hi, op: start, kids: []*node{arg}}
	case t == "if":
		p.i++
		n := &node{kind: "ite", lo: start, op: -1}
		for _, until := range []string{"then", "else", ""} {
			sub := &tparser{st: p.st, i: p.i, hi: p.hi, depth: p.depth, stop: []string{until}}
			if until == "" {
				sub.stop = p.stop
			}
			e := sub.expr(0)
			if e == nil {
				break
			}
			n.kids = append(n.kids, e)
			p.i = sub.i
			if until != "" && p.i < p.hi && p.tok(p.i) == until {
				p.i++
			}
		}
		n.hi = p.i
		if n.hi <= n.lo {
			n.hi = n.lo + 1
			p.i = n.hi
		}
		return n
	}
	return p.primary()
}

// primary reads an atom, a bracketed group or |x| / ‖x‖, with postfix
// operators and projections.
func (p *tparser) primary() *node {
	t := p.tok(p.i)
	start := p.i
	var n *node
	switch {
	case p.st.match[start] > start:
		close := p.st.match[start]
		n = &node{kind: "group", lo: start, hi: close + 1, op: -1}
		if start+1 < close {
			n.kids = []*node{p.seq(start+1, close)}
		}
		p.i = close + 1
	case t == "|" || t == "‖":
		j := start + 1
		for j < p.hi && p.tok(j) != t {
			if p.st.match[j] > j {
				j = p.st.match[j]
			}
			j++
		}
		if j >= p.hi {
			p.i++
			return &node{kind: "atom", lo: start, hi: start + 1, op: -1}
		}
		n = &node{kind: "group", lo: start, hi: j + 1, op: -1}
		if start+1 < j {
			n.kids = []*node{p.seq(start+1, j)}
		}
		p.i = j + 1
	default:
		p.i++
		n = &node{kind: "atom", lo: start, hi: start + 1, op: -1}
	}
	for p.i < p.hi && (postfixOps[p.tok(p.i)] || strings.HasPrefix(p.tok(p.i), ".")) && p.tok(p.i) != ".." {
		p.i++
		n = &node{kind: "app", lo: n.lo, hi: p.i, op: -1, kids: []*node{n, {kind: "atom", lo: p.i - 1, hi: p.i, op: -1}}}
	}
	return n
}
