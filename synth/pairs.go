package synth

import (
	"fmt"
	"strings"

	"github.com/rxeval/rxeval/judges/lean"
)

// Pair is one labelled question for a stage-two judge, in the shape
// `rxeval study calibrate --labels` reads.
type Pair struct {
	Name      string `json:"name"`
	Task      string `json:"task"` // "correction" or "localization"
	Kind      string `json:"kind"` // how the candidate was made
	Reference string `json:"reference"`
	Candidate string `json:"candidate"`
	Label     bool   `json:"label"` // true: equivalent
	// Statement is the misaligned formal statement both fragments of a
	// localization pair are taken from.
	Statement string `json:"statement,omitempty"`
	Category  string `json:"category"`
}

// PairKinds lists the kinds of pairs, with their label and task, in the
// order Pairs makes them.
var PairKinds = []struct {
	Task, Kind string
	Label      bool
	Does       string
}{
	{"correction", "respaced", true, "the source with every run of white space between tokens turned into one space (or, if it has none, spaces put around every operator)"},
	{"correction", "renamed-binder", true, "a variable of the theorem's binders renamed everywhere (a fresh name)"},
	{"correction", "gt-as-lt", true, "`a > b` written `b < a` (`≥` as `≤`)"},
	{"correction", "ascii-spelling", true, "Unicode operators in ASCII (`→` `->`, `↔` `<->`, `≤` `<=`, `≥` `>=`, `∧` `/\\`, `∨` `\\/`, `λ` `fun`)"},
	{"correction", "redundant-parens", true, "parentheses around a hypothesis's type"},
	{"correction", "hypotheses-reordered", true, "two adjacent hypotheses swapped"},
	{"correction", "forall-split", true, "`∀ x y : T, P` as `∀ x : T, ∀ y : T, P`"},
	{"correction", "near-miss", false, "the misaligned statement itself: the source with one injected error"},
	{"correction", "near-miss-respaced", false, "the misaligned statement, respaced"},
	{"localization", "respaced", true, "the gold fragment respaced"},
	{"localization", "coarser", true, "the sub-term enclosing the gold fragment"},
	{"localization", "finer", true, "the smallest sub-term that still holds the change, inside the gold fragment"},
	{"localization", "disjoint", false, "a hypothesis or sub-term that shares no token with the gold fragment"},
	{"localization", "whole-statement", false, "the whole misaligned statement"},
}

// Pairs makes a labelled judge benchmark from the misaligned samples of a
// set: for each, the correction and localization pairs of every kind that
// applies to it.
func Pairs(samples []Sample) []Pair {
	var out []Pair
	for i := range samples {
		s := &samples[i]
		if s.Aligned {
			continue
		}
		add := func(task, kind, ref, cand string, label bool) {
			if cand == "" || (label && task == "correction" && cand == ref && kind != "respaced") {
				return
			}
			if task == "correction" {
				if _, err := lean.Parse(cand); err != nil {
					return // a rewrite the parser cannot read is no fair question
				}
			}
			p := Pair{Name: fmt.Sprintf("%s/%s/%s", s.Idx, task, kind), Task: task, Kind: kind, Reference: ref, Candidate: cand, Label: label, Category: s.Category}
			if task == "localization" {
				p.Statement = s.Formal
			}
			out = append(out, p)
		}
		src, err := parseStmt(s.Corrected)
		if err != nil {
			continue
		}
		add("correction", "respaced", s.Corrected, respace(src, 0, len(src.toks)), true)
		add("correction", "renamed-binder", s.Corrected, renameBinder(src), true)
		add("correction", "gt-as-lt", s.Corrected, gtAsLt(src), true)
		add("correction", "ascii-spelling", s.Corrected, asciiSpelling(src), true)
		add("correction", "redundant-parens", s.Corrected, redundantParens(src), true)
		add("correction", "hypotheses-reordered", s.Corrected, reorderHypotheses(src), true)
		add("correction", "forall-split", s.Corrected, forallSplit(src), true)
		add("correction", "near-miss", s.Corrected, s.Formal, false)
		m, err := parseStmt(s.Formal)
		if err != nil {
			continue
		}
		add("correction", "near-miss-respaced", s.Corrected, respace(m, 0, len(m.toks)), false)
		gold, small := locateNode(m, s.lo, s.hi)
		if s.custom || gold == nil || m.nodeText(gold) != s.Location {
			continue
		}
		add("localization", "respaced", s.Location, respace(m, gold.lo, gold.hi), true)
		p := gold.parent
		for p != nil && (p.kind == "group" || p.kind == "seq") && p.parent != nil {
			p = p.parent // more than brackets around the gold
		}
		if p != nil && p.kind != "stmt" && p.kind != "concl" && p.kind != "binder" && wellCut(m, p) {
			add("localization", "coarser", s.Location, m.nodeText(p), true)
		}
		for f := small; f != nil && f != gold; f = f.parent {
			if wellCut(m, f) && strings.Count(m.src, m.nodeText(f)) == 1 {
				add("localization", "finer", s.Location, m.nodeText(f), true)
				break
			}
		}
		add("localization", "disjoint", s.Location, disjoint(m, gold), false)
		add("localization", "whole-statement", s.Location, s.Formal, false)
	}
	return out
}

// respace rewrites tokens [lo, hi) of st with one space for each run of
// white space between tokens; when that changes nothing, it puts a space
// on both sides of every infix operator instead.
func respace(st *stmt, lo, hi int) string {
	if hi <= lo {
		return ""
	}
	join := func(gap func(i int) string) string {
		var b strings.Builder
		for i := lo; i < hi; i++ {
			if i > lo {
				b.WriteString(gap(i))
			}
			b.WriteString(st.toks[i].Text)
		}
		return b.String()
	}
	orig := st.text(lo, hi)
	gapOf := func(i int) string { return st.src[st.toks[i-1].End:st.toks[i].Pos] }
	for i := lo + 1; i < hi; i++ {
		if g := gapOf(i); strings.Contains(g, "--") || strings.Contains(g, "/-") {
			return "" // a comment between tokens: leave it
		}
	}
	out := join(func(i int) string {
		if gapOf(i) == "" {
			return ""
		}
		return " "
	})
	if out != orig {
		return out
	}
	return join(func(i int) string {
		g := gapOf(i)
		if g != "" {
			return g
		}
		a, b := st.toks[i-1].Text, st.toks[i].Text
		if b == "[" && lean.GluedToBracket(a) {
			return "" // →ₗ[ is one Lean token: "→ₗ [" is not Lean
		}
		if _, op := infix[a]; op && a != ".." {
			return " "
		}
		if _, op := infix[b]; op && b != ".." && !strings.HasPrefix(b, ".") {
			return " "
		}
		return ""
	})
}

// rewrite returns st's source with token i replaced by repl for each (i, repl).
func rewrite(st *stmt, repl map[int]string) string {
	var b strings.Builder
	last := 0
	for i, t := range st.toks {
		if r, ok := repl[i]; ok {
			b.WriteString(st.src[last:t.Pos])
			b.WriteString(r)
			last = t.End
		}
	}
	b.WriteString(st.src[last:])
	return b.String()
}

func renameBinder(st *stmt) string {
	used := map[string]bool{}
	for _, t := range st.toks {
		used[t.Text] = true
		for _, part := range strings.Split(t.Text, ".") {
			used[part] = true
		}
	}
	for _, b := range st.binders {
		if st.toks[b.n.lo].Text == "[" {
			continue
		}
		for _, j := range b.names {
			name := st.toks[j].Text
			if !isName(name) || strings.ContainsAny(name, ".«»") || len(name) > 12 {
				continue
			}
			fresh := name + "'"
			for used[fresh] {
				fresh += "'"
			}
			repl := map[int]string{}
			for i := 0; i < st.end; i++ {
				t := st.toks[i].Text
				switch {
				case t == name:
					repl[i] = fresh
				case strings.HasPrefix(t, name+"."):
					repl[i] = fresh + t[len(name):]
				}
			}
			return rewrite(st, repl)
		}
	}
	return ""
}

func gtAsLt(st *stmt) string {
	for i := 0; i < st.end; i++ {
		n := st.opNode[i]
		t := st.toks[i].Text
		if n == nil || n.kind != "bin" || len(n.kids) != 2 || (t != ">" && t != "≥") {
			continue
		}
		l, r := n.kids[0], n.kids[1]
		if !wellCut(st, l) || !wellCut(st, r) || inBinderPart(n) {
			continue
		}
		op := "<"
		if t == "≥" {
			op = "≤"
		}
		return st.src[:st.toks[n.lo].Pos] + st.nodeText(r) + " " + op + " " + st.nodeText(l) + st.src[st.toks[n.hi-1].End:]
	}
	return ""
}

// asciiOf maps a token to its ASCII spelling: the notation table's (<= for
// ≤, -> for →), and fun for λ.
var asciiOf = func() map[string]string {
	m := map[string]string{"λ": "fun"}
	for ascii, u := range lean.ASCIISpellings() {
		m[u] = ascii
	}
	return m
}()

func asciiSpelling(st *stmt) string {
	repl := map[int]string{}
	for i := 0; i < st.end; i++ {
		if a, ok := asciiOf[st.toks[i].Text]; ok {
			if a == "fun" && i+1 < len(st.toks) && st.toks[i+1].Pos == st.toks[i].End {
				a += " " // λx => ...: "funx" would be a name
			}
			repl[i] = a
		}
	}
	if len(repl) == 0 {
		return ""
	}
	return rewrite(st, repl)
}

func redundantParens(st *stmt) string {
	for _, b := range st.binders {
		if b.isProp && b.typ != nil {
			t := b.typ
			return st.src[:st.toks[t.lo].Pos] + "(" + st.nodeText(t) + ")" + st.src[st.toks[t.hi-1].End:]
		}
	}
	return ""
}

func reorderHypotheses(st *stmt) string {
	for k := 0; k+1 < len(st.binders); k++ {
		a, b := st.binders[k], st.binders[k+1]
		if !a.isProp || !b.isProp || st.usedElsewhere(a) || st.usedElsewhere(b) {
			continue
		}
		return st.src[:st.toks[a.n.lo].Pos] + st.nodeText(b.n) + st.src[st.toks[a.n.hi-1].End:st.toks[b.n.lo].Pos] + st.nodeText(a.n) + st.src[st.toks[b.n.hi-1].End:]
	}
	return ""
}

func forallSplit(st *stmt) string {
	for i := 0; i < st.end; i++ {
		n := st.opNode[i]
		if n == nil || n.kind != "quant" || st.toks[i].Text != "∀" || len(n.kids) != 2 {
			continue
		}
		// ∀ x y [: T], body: names, then ":" T up to ","
		j := i + 1
		var names []string
		for j < st.end && isName(st.toks[j].Text) && st.match[j] < 0 && !strings.Contains(st.toks[j].Text, ".") {
			names = append(names, st.toks[j].Text)
			j++
		}
		if len(names) < 2 || j >= st.end {
			continue
		}
		typ := ""
		if st.toks[j].Text == ":" {
			comma := j + 1
			for comma < st.end && st.toks[comma].Text != "," {
				if st.match[comma] > comma {
					comma = st.match[comma]
				}
				comma++
			}
			if comma >= st.end || comma == j+1 {
				continue
			}
			typ = " : " + st.text(j+1, comma)
			j = comma
		}
		if st.toks[j].Text != "," {
			continue
		}
		parts := make([]string, len(names))
		for k, nm := range names {
			parts[k] = "∀ " + nm + typ + ","
		}
		return st.src[:st.toks[i].Pos] + strings.Join(parts, " ") + st.src[st.toks[j].End:]
	}
	return ""
}

// disjoint returns a sub-term sharing no token with the gold node: another
// hypothesis's type or the conclusion, occurring once in the statement.
func disjoint(m *stmt, gold *node) string {
	var cands []*node
	for _, b := range m.binders {
		if b.typ != nil {
			cands = append(cands, b.typ)
		}
	}
	if m.concl != nil {
		cands = append(cands, m.concl)
	}
	for _, c := range cands {
		if c.hi <= gold.lo || c.lo >= gold.hi {
			if t := m.nodeText(c); strings.Count(m.src, t) == 1 && wellCut(m, c) && c.hi-c.lo > 1 {
				return t
			}
		}
	}
	return ""
}

// inBinderPart: n is in the binders of a quantifier (∃ x > 0, ...), where
// "0 < x" cannot be written.
func inBinderPart(n *node) bool {
	for p := n; p.parent != nil; p = p.parent {
		if q := p.parent; q.kind == "quant" && len(q.kids) == 2 && q.kids[0] == p {
			return true
		}
	}
	return false
}
