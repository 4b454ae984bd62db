package lean

import (
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Version changes whenever parsing or normalization changes what is equal.
const Version = "lean-ast-v2"

// identAliases unify ASCII and Unicode spellings of common names.
var identAliases = map[string]string{
	"Nat": "ℕ", "Int": "ℤ", "Real": "ℝ", "Rat": "ℚ", "Complex": "ℂ",
	"Real.pi": "Real.pi", "True": "True", "False": "False",
}

// Normalize returns the canonical form of a tree: redundant parentheses
// dropped (kept around operators of unknown precedence), > and ≥ turned
// around, ≠ and ∉ as negations, → as an anonymous ∀, applications
// flattened, aliases unified, and bound names replaced by their position
// (names a body does not use become "_"): the binding depth within the
// nearest enclosing binder type, so that a hypothesis' own bound names do
// not depend on where the hypothesis stands.
//
// Then rewrites that are equivalences in Lean 4 / Mathlib (see typed for
// the ones that need types):
//   - on the statement's top-level chain of binders, and on a chain of ∀
//     and → that ends in a relation (a proposition; never a type such as
//     ℕ → ℝ → ℝ, where the arrows build a function type): a hypothesis
//     A ∧ B becomes two; binders are reordered where no binder depends on
//     another (instance binders never move);
//   - consecutive ∃ binders are reordered where independent (∃ x y, P is
//     ∃ y x, P);
//   - the operands of =, ↔ and of ∧ and ∨ chains are sorted (they are
//     symmetric).
func Normalize(n *Node) *Node { return normalize(n, permBudget) }

// normalize is Normalize trying at most budget binder orders; with budget
// 0 binders keep their order and the typed rewrites are skipped (the
// trees Compare looks for one difference in).
func normalize(n *Node, budget int) *Node {
	z := &normalizer{budget: budget}
	top := n.K != "decls"
	n = desugar(n)
	if budget > 0 {
		n = typed(n, nil)
	}
	z.occ = newOccIndex(n)
	return z.canon(z.alpha(n, nil, 0, 0, top, 0), top)
}

// permBudget bounds the work of trying binder orders in one normalization
// (the nodes of every order tried), so that hostile input cannot make it
// slow; past it binders keep their order (which can only leave a pair
// undecided).
const permBudget = 1 << 16

// maxRun is the longest run of binders reordered; maxTies bounds the
// orders of tied binders tried for one run (past it, tied binders keep
// their written order).
const (
	maxRun  = 64
	maxTies = 120
)

type normalizer struct {
	budget int
	occ    *occIndex
}

// symmetric operators whose operands may be sorted.
var symmetric = map[string]bool{"=": true, "↔": true}

// chains are associative and commutative logical connectives.
var chains = map[string]bool{"∧": true, "∨": true}

// sortByString orders nodes by their printed form, printing each once.
func sortByString(ns []*Node) {
	keys := make(map[*Node]string, len(ns))
	for _, n := range ns {
		keys[n] = n.String()
	}
	sort.SliceStable(ns, func(i, j int) bool { return keys[ns[i]] < keys[ns[j]] })
}

// canon applies the order rewrites bottom-up; top is true on the
// statement's top-level chain of binders.
func (z *normalizer) canon(n *Node, top bool) *Node {
	if len(n.C) == 0 {
		return n
	}
	if out := z.canonRun(n, top); out != nil {
		return out
	}
	kids := make([]*Node, len(n.C))
	for i, c := range n.C {
		kids[i] = z.canon(c, childTop(n, i, top))
	}
	n = &Node{K: n.K, V: n.V, C: kids}
	switch {
	case n.K == "pi" && n.V == "_" && (top || propChain(n)):
		// (A ∧ B) → C  is  A → B → C
		if a := n.C[0]; a.K == "bin" && a.V == "∧" && len(a.C) == 2 {
			return z.canon(&Node{K: "pi", V: "_", C: []*Node{a.C[0], {K: "pi", V: "_", C: []*Node{a.C[1], n.C[1]}}}}, true)
		}
		// sort a run of hypotheses: A → B → C  is  B → A → C
		var hyps []*Node
		body := n
		for body.K == "pi" && body.V == "_" {
			hyps = append(hyps, body.C[0])
			body = body.C[1]
		}
		if len(hyps) > 1 {
			sortByString(hyps)
			for i := len(hyps) - 1; i >= 0; i-- {
				body = &Node{K: "pi", V: "_", C: []*Node{hyps[i], body}}
			}
			return body
		}
	case n.K == "bin" && symmetric[n.V] && len(n.C) == 2:
		if n.C[1].String() < n.C[0].String() {
			n.C[0], n.C[1] = n.C[1], n.C[0]
		}
	case n.K == "bin" && chains[n.V] && len(n.C) == 2:
		var items []*Node
		var flat func(x *Node)
		flat = func(x *Node) {
			if x.K == "bin" && x.V == n.V && len(x.C) == 2 {
				flat(x.C[0])
				flat(x.C[1])
				return
			}
			items = append(items, x)
		}
		flat(n)
		sortByString(items)
		out := items[len(items)-1]
		for i := len(items) - 2; i >= 0; i-- {
			out = &Node{K: "bin", V: n.V, C: []*Node{items[i], out}}
		}
		return out
	}
	return n
}

// slowRuns turns canonRun off, for the test that compares the two ways.
var slowRuns = false

// canonRun is canon for a run of hypotheses A → B → … → C in one pass,
// where canon, bottom-up, would sort the run again at every arrow (a
// statement with 2,000 hypotheses took 450 times one with 100). It gives
// what canon gives: the heads canonical, sorted once by their printed
// form when the chain is a proposition or on the top-level chain, before
// the canonical body. A head that is a conjunction (split by canon) or a
// run shorter than 8 is left to canon: nil.
func (z *normalizer) canonRun(n *Node, top bool) *Node {
	if slowRuns || n.K != "pi" || n.V != "_" {
		return nil
	}
	var heads []*Node
	body := n
	for body.K == "pi" && body.V == "_" && len(body.C) == 2 {
		heads = append(heads, body.C[0])
		body = body.C[1]
	}
	if len(heads) < 8 {
		return nil
	}
	canonHeads := make([]*Node, len(heads))
	for i, h := range heads {
		c := z.canon(h, false)
		if c.K == "bin" && c.V == "∧" && len(c.C) == 2 {
			return nil
		}
		canonHeads[i] = c
	}
	body = z.canon(body, top)
	if top || propChain(body) {
		sortByString(canonHeads)
	}
	for i := len(canonHeads) - 1; i >= 0; i-- {
		body = &Node{K: "pi", V: "_", C: []*Node{canonHeads[i], body}}
	}
	return body
}

// usages appends to sigs[name], for each use of a name of sigs in n, the
// labels of its three nearest ancestors (kind, value, which child; the
// operands of symmetric operators alike).
func usages(n *Node, near [3]string, sigs map[string][]string) {
	if n.K == "id" {
		head, _, _ := strings.Cut(n.V, ".")
		if _, ok := sigs[head]; ok {
			sigs[head] = append(sigs[head], near[0]+"/"+near[1]+"/"+near[2]+strings.TrimPrefix(n.V, head))
		}
		return
	}
	for i, c := range n.C {
		idx := strconv.Itoa(i)
		if n.K == "bin" && (symmetric[n.V] || chains[n.V]) {
			idx = "*"
		}
		usages(c, [3]string{near[1], near[2], n.K + ":" + n.V + "@" + idx}, sigs)
	}
}

// propRelations always build a proposition.
var propRelations = map[string]bool{"=": true, "<": true, "≤": true, "∈": true, "⊆": true, "⊂": true, "∣": true, "≡": true, "↔": true, "∧": true, "∨": true}

// propChain reports whether the chain of ∀ and → at n ends in a term that
// is certainly a proposition (a relation, a negation, an ∃, True or
// False): then the chain is a proposition, and its independent binders
// and hypotheses commute, as on the statement's top level. A chain ending
// in anything else may be a function type (ℕ → ℝ → ℝ), whose arguments
// never move.
func propChain(n *Node) bool {
	for n.K == "pi" && len(n.C) == 2 {
		n = n.C[1]
	}
	switch n.K {
	case "bin":
		return propRelations[n.V] && len(n.C) == 2
	case "un":
		return n.V == "¬"
	case "ex", "exu":
		return true
	case "id":
		return n.V == "True" || n.V == "False"
	}
	return false
}

// childTop reports whether child i of n is on the statement's top-level
// chain: the body of a top-level ∀ (or →), or a theorem among
// declarations.
func childTop(n *Node, i int, top bool) bool {
	switch n.K {
	case "pi":
		return top && i == len(n.C)-1
	case "theorem":
		return true
	}
	return false
}

func desugar(n *Node) *Node {
	if n == nil {
		return nil
	}
	switch n.K {
	case "paren":
		inner := desugar(n.C[0])
		if unknownOp(inner) {
			return &Node{K: "paren", C: []*Node{inner}}
		}
		return inner
	case "id":
		if a, ok := identAliases[n.V]; ok {
			return &Node{K: "id", V: a}
		}
		return n
	case "num":
		return &Node{K: "num", V: normNum(n.V)}
	case "bin":
		if strings.HasPrefix(n.V, "?") {
			// Unknown precedence: keep the parentheses of the operands.
			kids := make([]*Node, len(n.C))
			for i, c := range n.C {
				if c.K == "paren" {
					kids[i] = &Node{K: "paren", C: []*Node{desugar(c.C[0])}}
				} else {
					kids[i] = desugar(c)
				}
			}
			return &Node{K: "bin", V: n.V, C: kids}
		}
		a, b := desugar(n.C[0]), desugar(n.C[1])
		rest := desugarAll(n.C[2:])
		if n.V == "=" && a.K == "tuple" && b.K == "tuple" && len(a.C) == len(b.C) && len(rest) == 0 {
			// (a, b) = (c, d) is a = c ∧ b = d (Prod.mk.injEq)
			out := &Node{K: "bin", V: "=", C: []*Node{a.C[len(a.C)-1], b.C[len(b.C)-1]}}
			for i := len(a.C) - 2; i >= 0; i-- {
				out = &Node{K: "bin", V: "∧", C: []*Node{{K: "bin", V: "=", C: []*Node{a.C[i], b.C[i]}}, out}}
			}
			return out
		}
		switch n.V {
		case ">":
			return &Node{K: "bin", V: "<", C: append([]*Node{b, a}, rest...)}
		case "≥":
			return &Node{K: "bin", V: "≤", C: append([]*Node{b, a}, rest...)}
		case "⊇":
			return &Node{K: "bin", V: "⊆", C: []*Node{b, a}}
		case "⊃":
			return &Node{K: "bin", V: "⊂", C: []*Node{b, a}}
		case "≠":
			return &Node{K: "un", V: "¬", C: []*Node{{K: "bin", V: "=", C: []*Node{a, b}}}}
		case "∉":
			return &Node{K: "un", V: "¬", C: []*Node{{K: "bin", V: "∈", C: []*Node{a, b}}}}
		case "→":
			return &Node{K: "pi", V: "_", C: []*Node{a, b}}
		}
		return &Node{K: "bin", V: n.V, C: append([]*Node{a, b}, rest...)}
	case "abs", "floor", "ceil", "floor₊", "ceil₊":
		// |x| is abs x, ⌊x⌋ is Int.floor x, ⌊x⌋₊ is Nat.floor x (Mathlib
		// notations)
		return &Node{K: "app", C: []*Node{{K: "id", V: notationFunctions[n.K]}, desugar(n.C[0])}}
	case "un":
		x := desugar(n.C[0])
		if n.V == "¬" {
			return pushNot(x)
		}
		return &Node{K: "un", V: n.V, C: []*Node{x}}
	case "post":
		x := desugar(n.C[0])
		if n.V == "!" {
			return &Node{K: "app", C: []*Node{{K: "id", V: "Nat.factorial"}, x}}
		}
		return &Node{K: "post", V: n.V, C: []*Node{x}}
	case "app":
		kids := desugarAll(n.C)
		if kids[0].K == "app" { // (f x) y = f x y
			kids = append(append([]*Node(nil), kids[0].C...), kids[1:]...)
		}
		return &Node{K: "app", C: kids}
	case "proj":
		x := desugar(n.C[0])
		if x.K == "id" { // (x).f is x.f
			return &Node{K: "id", V: x.V + "." + n.V}
		}
		return &Node{K: "proj", V: n.V, C: []*Node{x}}
	case "sigma":
		return &Node{K: "sigma", V: n.V, C: desugarAll(n.C)}
	}
	return &Node{K: n.K, V: n.V, C: desugarAll(n.C)}
}

// notationFunctions are the functions behind bracket notations.
var notationFunctions = map[string]string{"abs": "abs", "floor": "Int.floor", "ceil": "Int.ceil", "floor₊": "Nat.floor", "ceil₊": "Nat.ceil"}

// pushNot negates x, pushing ¬ through ∃: ¬ ∃ x, P is ∀ x, ¬ P
// (not_exists; never through ∃!, nor ∀ into ∃).
func pushNot(x *Node) *Node {
	if x.K == "ex" && len(x.C) == 2 {
		return &Node{K: "pi", V: x.V, C: []*Node{x.C[0], pushNot(x.C[1])}}
	}
	return &Node{K: "un", V: "¬", C: []*Node{x}}
}

func desugarAll(ns []*Node) []*Node {
	out := make([]*Node, len(ns))
	for i, c := range ns {
		out[i] = desugar(c)
	}
	return out
}

func unknownOp(n *Node) bool { return n.K == "bin" && strings.HasPrefix(n.V, "?") }

// normNum writes a numeral canonically: 007 -> 7, 2.50 -> 2.5.
func normNum(s string) string {
	if strings.HasPrefix(s, "0x") {
		if v, err := strconv.ParseUint(s[2:], 16, 64); err == nil {
			return strconv.FormatUint(v, 10)
		}
		return s
	}
	if i := strings.IndexByte(s, '.'); i >= 0 {
		s = strings.TrimRight(s, "0")
		s = strings.TrimSuffix(s, ".")
		if strings.Contains(s, ".") {
			return strings.TrimLeft(s[:strings.IndexByte(s, '.')], "0") + s[strings.IndexByte(s, '.'):]
		}
		// 2.0 stays a decimal: in Lean it elaborates differently from 2.
		return strings.TrimLeft(s, "0") + ".0"
	}
	t := strings.TrimLeft(s, "0")
	if t == "" {
		return "0"
	}
	return t
}

// binderKinds bind their V in their last child (and, for big operators,
// in the body only).
var binderKinds = map[string]bool{"subtype": true, "pi": true, "ex": true, "exu": true, "lam": true, "setof": true, "sep": true, "sigma": true, "let": true, "evently": true, "frequently": true}

// boundName is the canonical name of the binder at depth within a binder
// type nested level deep. Along any path the pairs differ, so no two names
// in scope clash.
func boundName(level, depth int) string {
	return "#" + strconv.Itoa(level) + "." + strconv.Itoa(depth)
}

// alpha renames bound variables to their position: level counts the
// binder types (and big-operator domains) around n, depth the binders
// since the innermost of them. The children of a binder other than its
// body start a new level at depth 0, so a hypothesis' bound names do not
// depend on where the hypothesis stands. At the head of a run of binders
// that may be reordered (top-level ∀ and →, ∃ anywhere) every order the
// binders' dependencies allow is tried and the least printed form kept;
// skip > 0 means n continues a run whose orders are being tried.
func (z *normalizer) alpha(n *Node, env map[string]string, level, depth int, top bool, skip int) *Node {
	switch {
	case n.K == "id":
		name, rest, dotted := strings.Cut(n.V, ".")
		if b, ok := env[name]; ok {
			if dotted {
				return &Node{K: "id", V: b + "." + rest}
			}
			return &Node{K: "id", V: b}
		}
		return n
	case binderKinds[n.K]:
		if skip == 0 {
			if out, ok := z.reorder(n, env, level, depth, top); ok {
				return out
			}
		}
		kids := make([]*Node, len(n.C))
		last := len(n.C) - 1
		for i := 0; i < last; i++ {
			kids[i] = z.alpha(n.C[i], env, level+1, 0, false, 0)
		}
		name, instance := strings.CutPrefix(n.V, "[")
		if instance && name == "" {
			name = "_"
		}
		canon := "_"
		if name != "_" && z.occurs(name, n.C[last]) {
			canon = boundName(level, depth)
		}
		if instance {
			canon = "[" + canon
		}
		kids[last] = withBinding(env, name, strings.TrimPrefix(canon, "["), func(env map[string]string) *Node {
			return z.alpha(n.C[last], env, level, depth+1, top && n.K == "pi", max(skip-1, 0))
		})
		return &Node{K: n.K, V: canon, C: kids}
	case n.K == "big":
		name := n.C[0].V
		canon := "_"
		if name != "_" && z.occurs(name, n.C[3]) {
			canon = boundName(level, depth)
		}
		body := withBinding(env, name, canon, func(env map[string]string) *Node { return z.alpha(n.C[3], env, level, depth+1, false, 0) })
		return &Node{K: "big", V: n.V, C: []*Node{{K: "bv", V: canon}, z.alpha(n.C[1], env, level+1, 0, false, 0), z.alpha(n.C[2], env, level+1, 0, false, 0), body}}
	}
	if len(n.C) == 0 {
		return n
	}
	kids := make([]*Node, len(n.C))
	for i, c := range n.C {
		kids[i] = z.alpha(c, env, level, depth, childTop(n, i, top), 0)
	}
	return &Node{K: n.K, V: n.V, C: kids}
}

// reorder tries the orders of the run of binders starting at n: ∀ and →
// on the top-level chain (a theorem's binders and hypotheses: the
// statement is a proposition, so independent ones commute), or ∃
// anywhere (∃ x, ∃ y, P is ∃ y, ∃ x, P). Instance binders and pattern
// binders (⟨x, y⟩, whose names are not tracked) end a run. A
// binder whose type names another binder of the run stays after it. It
// returns the normalized run whose canonical form prints least.
func (z *normalizer) reorder(n *Node, env map[string]string, level, depth int, top bool) (*Node, bool) {
	if !(n.K == "ex" || n.K == "pi") || z.budget <= 0 {
		return nil, false
	}
	// The run is read no further than maxRun+1 binders, and the chain's
	// end only for a run short enough to reorder: at every binder of a
	// long run, both walked to its end (issue 22: n² in the hypotheses).
	var run []*Node
	m := n
	for m.K == n.K && len(m.C) == 2 && !strings.HasPrefix(m.V, "[") && !strings.HasPrefix(m.V, "⟨") && len(run) <= maxRun {
		run = append(run, m)
		m = m.C[1]
	}
	if len(run) < 2 || len(run) > maxRun || n.K == "pi" && !top && !propChain(n) {
		return nil, false
	}
	body := m
	// after[i][j]: binder j must stay after binder i, because one's type
	// names the other (i before j: j depends on i; i after j: the name in
	// j's type is an outer variable that i would capture).
	names := map[string]bool{}
	for _, b := range run {
		if b.V != "_" {
			if names[b.V] {
				return nil, false // shadowing: keep the order
			}
			names[b.V] = true
		}
	}
	after := make([][]bool, len(run))
	for i, bi := range run {
		after[i] = make([]bool, len(run))
		for j, bj := range run {
			if i != j && bi.V != "_" && z.occurs(bi.V, bj.C[0]) {
				after[min(i, j)][max(i, j)] = true
			}
		}
	}
	// The order: binders sorted by the printed form of their types (the
	// run's own names hidden), as far as the dependencies allow; binders
	// whose keys tie (x y : ℝ) are tried in every order.
	hide := make(map[string]string, len(env)+len(run))
	for k, v := range env {
		hide[k] = v
	}
	for _, b := range run {
		if b.V != "_" {
			hide[b.V] = "?"
		}
	}
	// A binder's key: its type (the run's names hidden), then where its
	// name is used (usages), so that binders of one type mostly sort apart
	// without trying their orders. Keys only choose among valid orders.
	keys := make([]string, len(run))
	for i, b := range run {
		used := "#"
		if b.V == "_" || !z.occurs(b.V, b.C[1]) {
			used = "_"
		}
		keys[i] = used + z.canon(z.alpha(b.C[0], hide, level+1, 0, false, 0), false).String()
	}
	sigs := map[string][]string{}
	for _, b := range run {
		if b.V != "_" {
			sigs[b.V] = nil
		}
	}
	for i, b := range run {
		usages(b.C[0], [3]string{"", "", "T" + keys[i]}, sigs)
	}
	usages(body, [3]string{"", "", "B"}, sigs)
	for i, b := range run {
		if sig := sigs[b.V]; b.V != "_" && len(sig) > 0 {
			sort.Strings(sig)
			keys[i] += "|" + strings.Join(sig, ";")
		}
	}
	ready := func(j int, used []bool) bool {
		for i := range run {
			if after[i][j] && !used[i] {
				return false
			}
		}
		return true
	}
	greedy := make([]int, 0, len(run))
	used := make([]bool, len(run))
	for len(greedy) < len(run) {
		pick := -1
		for j := range run {
			if !used[j] && ready(j, used) && (pick < 0 || keys[j] < keys[pick]) {
				pick = j
			}
		}
		used[pick] = true
		greedy = append(greedy, pick)
	}
	count := map[string]int{}
	orders := 1
	for _, k := range keys {
		count[k]++
		orders *= count[k]
		orders = min(orders, maxTies+1)
	}
	if orders == 1 { // no ties: the greedy order is the only one
		chain := body
		for k := len(greedy) - 1; k >= 0; k-- {
			b := run[greedy[k]]
			chain = &Node{K: b.K, V: b.V, C: []*Node{b.C[0], chain}}
		}
		return z.alpha(chain, env, level, depth, top, len(run)), true
	}
	var best *Node
	bestKey := ""
	order := make([]int, 0, len(run))
	used = make([]bool, len(run))
	var try func()
	try = func() {
		if z.budget <= 0 {
			return
		}
		if len(order) == len(run) {
			chain := body
			for k := len(order) - 1; k >= 0; k-- {
				b := run[order[k]]
				chain = &Node{K: b.K, V: b.V, C: []*Node{b.C[0], chain}}
			}
			t := z.canon(z.alpha(chain, env, level, depth, top, len(run)), top)
			z.budget -= t.Size()
			if key := t.String(); best == nil || key < bestKey {
				best, bestKey = t, key
			}
			return
		}
		// position len(order) takes a binder whose key is the greedy
		// order's key there
		want := keys[greedy[len(order)]]
		for j := range run {
			if used[j] || keys[j] != want || !ready(j, used) || orders > maxTies && j != greedy[len(order)] {
				continue
			}
			used[j] = true
			order = append(order, j)
			try()
			order = order[:len(order)-1]
			used[j] = false
		}
	}
	try()
	if z.budget <= 0 || best == nil {
		return nil, false
	}
	return best, true
}

// withBinding calls f with env extending env by name ↦ canon ("_" binds
// nothing). The map is changed in place and restored when f returns:
// copying it at every binder made a run of n binders cost n² (issue 22).
// f must not keep env.
func withBinding(env map[string]string, name, canon string, f func(map[string]string) *Node) *Node {
	if name == "_" || name == "" {
		return f(env)
	}
	if env == nil {
		env = map[string]string{}
	}
	old, had := env[name]
	env[name] = canon
	out := f(env)
	if had {
		env[name] = old
	} else {
		delete(env, name)
	}
	return out
}

// occIndex answers "does this name occur in this subtree" for the tree
// normalization starts from in O(log n): each node's pre-order interval,
// and each name's pre-order positions (occurs on every binder walked the
// binder's whole scope: n² for a run of n binders).
type occIndex struct {
	span map[*Node][2]int32
	at   map[string][]int32
}

func newOccIndex(root *Node) *occIndex {
	x := &occIndex{span: map[*Node][2]int32{}, at: map[string][]int32{}}
	var pos int32
	var walk func(n *Node)
	walk = func(n *Node) {
		if n == nil {
			return
		}
		in := pos
		pos++
		if n.K == "id" {
			head, _, _ := strings.Cut(n.V, ".")
			x.at[head] = append(x.at[head], in)
			if head != n.V {
				x.at[n.V] = append(x.at[n.V], in)
			}
		}
		for _, c := range n.C {
			walk(c)
		}
		x.span[n] = [2]int32{in, pos}
	}
	walk(root)
	return x
}

// occurs is the package's occurs, through the index for the nodes of the
// tree it was built from.
func (z *normalizer) occurs(name string, n *Node) bool {
	if z.occ == nil {
		return occurs(name, n)
	}
	sp, ok := z.occ.span[n]
	if !ok {
		if n.K == "id" {
			return occurs(name, n)
		}
		for _, c := range n.C {
			if z.occurs(name, c) {
				return true
			}
		}
		return false
	}
	at := z.occ.at[name]
	i, _ := slices.BinarySearch(at, sp[0])
	return i < len(at) && at[i] < sp[1]
}

// occurs reports whether name is used in n (as itself or as the head of a
// dotted name).
func occurs(name string, n *Node) bool {
	if n.K == "id" {
		head, _, _ := strings.Cut(n.V, ".")
		return head == name || n.V == name
	}
	for _, c := range n.C {
		if occurs(name, c) {
			return true
		}
	}
	return false
}

// Equal reports whether two normalized trees are identical.
func Equal(a, b *Node) bool {
	if a.K != b.K || a.V != b.V || len(a.C) != len(b.C) {
		return false
	}
	for i := range a.C {
		if !Equal(a.C[i], b.C[i]) {
			return false
		}
	}
	return true
}

// Difference is the one place where two trees of the same shape differ.
type Difference struct {
	Kind string // "numeral", "operator", "other"
	A, B string
	// at is the differing node of the first tree and path its ancestors,
	// the root first.
	at   *Node
	path []*Node
}

// SingleDifference compares two normalized trees of the same shape and
// returns their differences, up to two.
func SingleDifference(a, b *Node) []Difference {
	var out []Difference
	var path []*Node
	var walk func(a, b *Node) bool
	walk = func(a, b *Node) bool {
		if len(out) > 1 {
			return false
		}
		if a.K != b.K || len(a.C) != len(b.C) {
			out = append(out, Difference{Kind: "shape", A: a.String(), B: b.String()})
			return false
		}
		if a.V != b.V {
			kind := "other"
			switch a.K {
			case "num":
				kind = "numeral"
			case "bin", "un", "post":
				if !unknownOp(a) && !unknownOp(b) {
					kind = "operator"
				}
			}
			out = append(out, Difference{Kind: kind, A: a.V, B: b.V, at: a, path: append([]*Node(nil), path...)})
		}
		path = append(path, a)
		defer func() { path = path[:len(path)-1] }()
		for i := range a.C {
			if !walk(a.C[i], b.C[i]) {
				return false
			}
		}
		return true
	}
	walk(a, b)
	return out
}
