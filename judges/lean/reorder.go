package lean

import (
	"slices"
	"sort"
	"strconv"
	"strings"
)

// maxRun is the longest run of binders reordered; maxTies bounds the
// orders of tied binders tried for one run (past it, tied binders keep
// their written order).
const (
	maxRun  = 64
	maxTies = 120
)

// usages appends to sigs[name], for each use of a name of sigs in n, the
// labels of its three nearest ancestors (kind, value, which child; the
// operands of symmetric operators alike). A label is printed only where
// a name of sigs is used.
func usages(n *Node, near [3]usageLabel, sigs map[string][]string) {
	if n.K == KindID {
		head, _, _ := strings.Cut(n.V, ".")
		if _, ok := sigs[head]; ok {
			var b strings.Builder
			for j, l := range near {
				if j > 0 {
					b.WriteByte('/')
				}
				l.write(&b)
			}
			b.WriteString(strings.TrimPrefix(n.V, head))
			sigs[head] = append(sigs[head], b.String())
		}
		return
	}
	for i := range n.C {
		usages(n.C[i], [3]usageLabel{near[1], near[2], {n: n, i: i}}, sigs)
	}
}

// usageLabel is the label of child i of n (kind:value@i), or s when n is
// nil.
type usageLabel struct {
	s string
	n *Node
	i int
}

func (l usageLabel) write(b *strings.Builder) {
	if l.n == nil {
		b.WriteString(l.s)
		return
	}
	b.WriteString(l.n.K.String())
	if !binderKinds[l.n.K] { // a bound name is no label: p1 and q1 alike
		b.WriteString(":")
		b.WriteString(l.n.V)
	}
	b.WriteString("@")
	if l.n.K == KindBinary && (Is(l.n.V, Symmetric) || Is(l.n.V, Chain)) {
		b.WriteString("*")
	} else {
		b.WriteString(strconv.Itoa(l.i))
	}
}

// reorder tries the orders of the run of binders starting at n: ∀ and →
// on the top-level chain (a theorem's binders and hypotheses: the
// statement is a proposition, so independent ones commute), or ∃
// anywhere (∃ x, ∃ y, P is ∃ y, ∃ x, P). Instance binders and pattern
// binders (⟨x, y⟩, whose names are not tracked) end a run. A
// binder whose type names another binder of the run stays after it. It
// returns the normalized run whose canonical form prints least.
func (z *normalizer) reorder(n *Node, env map[string]string, level, depth int, top bool) (*Node, bool) {
	if !(n.K == KindExists || n.K == KindPi) || z.budget <= 0 {
		return nil, false
	}
	run, body, ok := binderRun(n, top)
	if !ok || z.keeps() {
		return nil, false
	}
	after, ok := z.dependencies(run, body, env)
	if !ok {
		return nil, false
	}
	keys := z.binderKeys(run, body, env, level)
	greedy := greedyOrder(keys, after)
	orders := tiedOrders(keys)
	if orders == 1 { // no ties: the greedy order is the only one
		return z.alpha(rebuild(run, greedy, body), env, level, depth, top, len(run)), true
	}
	return z.leastOrder(run, body, keys, after, greedy, orders, env, level, depth, top)
}

// binderRun collects the run of binders of n's kind that starts at n, and
// the body after it. The run is read no further than maxRun+1 binders, and
// the chain's end only for a run short enough to reorder: at every binder
// of a long run, both walked to its end (n² in the hypotheses).
// Instance and pattern binders end a run; ∀ and → reorder only on the
// top-level chain or in a proposition.
func binderRun(n *Node, top bool) (run []*Node, body *Node, ok bool) {
	m := n
	for m.K == n.K && len(m.C) == 2 && !m.Inst && !strings.HasPrefix(m.V, "⟨") && len(run) <= maxRun {
		run = append(run, m)
		m = m.C[1]
	}
	if len(run) < 2 || len(run) > maxRun || n.K == KindPi && !top && !propChain(n) {
		return nil, nil, false
	}
	return run, m, true
}

// dependencies returns after[i][j]: binder j must stay after binder i,
// because one's type names the other (i before j: j depends on i; i after
// j: the name in j's type is an outer variable that i would capture), or
// both types use a name whose type Lean infers (order.go). A
// run that binds a name twice (shadowing) keeps its order: ok is false.
//
// Three kinds of binder keep their place among the whole run: one holding
// an index xs[i] (its bound's proof comes from the hypotheses before it);
// one whose type is a class (Zero α, Add α: a local instance whatever its
// brackets, and the latest one in scope is the one Lean uses, so it must
// not move past a hypothesis); and one whose type is left to Lean
// (∀ n i, (i : _)) when the run's names are passed to functions or named
// in types, since its inferred type may then depend on another binder
// (f n i with f : ∀ n, Fin n → ℕ).
func (z *normalizer) dependencies(run []*Node, body *Node, env map[string]string) (after [][]bool, ok bool) {
	names := map[string]bool{}
	for _, b := range run {
		if b.V != "_" {
			if names[b.V] {
				return nil, false
			}
			names[b.V] = true
		}
	}
	after = make([][]bool, len(run))
	dependent := false
	for i, bi := range run {
		after[i] = make([]bool, len(run))
		for j, bj := range run {
			if i != j && bi.V != "_" && z.occurs(bi.V, bj.C[0]) {
				after[min(i, j)][max(i, j)] = true
				dependent = true
			}
		}
	}
	z.keepInferredOrder(run, after)
	passed := -1 // whether a name of the run is passed to a function or named in a type: unknown yet
	for i, b := range run {
		pin := pinned(b.C[0])
		if !pin && hasHole(b.C[0]) {
			if passed < 0 {
				passed = 0
				if dependent || passedOn(body, names) || slices.ContainsFunc(run, func(b *Node) bool { return passedOn(b.C[0], names) }) {
					passed = 1
				}
			}
			pin = passed == 1
		}
		if pin {
			for j := range run {
				if j != i {
					after[min(i, j)][max(i, j)] = true
				}
			}
		}
	}
	return after, true
}

// holdsIndex reports whether n holds xs[i], whose proof of i's bound
// Lean's get_elem_tactic finds among the hypotheses before it: a binder
// holding one keeps its place.
func holdsIndex(n *Node) bool {
	if n.K == KindApp && len(n.C) > 0 && n.C[0].K == KindID && n.C[0].V == indexHead {
		return true
	}
	for _, c := range n.C {
		if holdsIndex(c) {
			return true
		}
	}
	return false
}

// hasHole reports whether a binder's type is left to Lean, wholly or in
// part ((i : _), ∀ n i, Fin _), to be found from the binder's uses. The
// holes of a binder inside the type (h : ∀ x, f n x = 0) are found within
// that type, from names it mentions.
func hasHole(n *Node) bool {
	if n.K == KindHole {
		return true
	}
	if binderKinds[n.K] || n.K == KindBig {
		return false
	}
	for _, c := range n.C {
		if hasHole(c) {
			return true
		}
	}
	return false
}

// passedOn reports whether one of names is an argument or the head of an
// application in n, or is named in an ascription's or a binder's type:
// the places where an inferred type can come to depend on it.
func passedOn(n *Node, names map[string]bool) bool {
	named := func(c *Node) bool {
		if c.K != KindID {
			return false
		}
		head, _, _ := strings.Cut(c.V, ".")
		return names[head]
	}
	switch {
	case n.K == KindApp:
		if slices.ContainsFunc(n.C, named) {
			return true
		}
	case n.K == KindAscription && len(n.C) == 2:
		if mentionsAny(n.C[1], names) {
			return true
		}
	case binderKinds[n.K] && len(n.C) >= 2:
		for _, c := range n.C[:len(n.C)-1] {
			if mentionsAny(c, names) {
				return true
			}
		}
	}
	for _, c := range n.C {
		if passedOn(c, names) {
			return true
		}
	}
	return false
}

func mentionsAny(n *Node, names map[string]bool) bool {
	if n.K == KindID {
		head, _, _ := strings.Cut(n.V, ".")
		return names[head]
	}
	for _, c := range n.C {
		if mentionsAny(c, names) {
			return true
		}
	}
	return false
}

// typeHead is the name at the head of a binder's type, under ∀, → and
// applications (Zero α, ∀ x, Decidable (p x)); "" if none.
func typeHead(t *Node) string {
	for {
		switch {
		case t.K == KindParen && len(t.C) == 1:
			t = t.C[0]
		case t.K == KindPi && len(t.C) == 2:
			t = t.C[1]
		case t.K == KindBinary && t.V == "→" && len(t.C) == 2:
			t = t.C[1]
		case t.K == KindApp && len(t.C) > 0:
			t = t.C[0]
		case t.K == KindID:
			return t.V
		default:
			return ""
		}
	}
}

// classes are common classes of Lean core and Mathlib: a binder of such
// a type is a local instance whatever its brackets (z : Zero α), and
// stays in place. A class lean-ast does not list is not known as one: two binders
// of such a type may still be moved past each other (a stated limit).
var classes = map[string]bool{}

func init() {
	for _, s := range strings.Fields(`Zero One Add Mul Neg Sub Div Inv SMul VAdd Pow Mod HAdd HMul HSub HDiv HPow HSMul OfNat
		NatCast IntCast LE LT Max Min Sup Inf Bot Top Membership Insert Singleton EmptyCollection HasSubset Dvd
		Decidable DecidableEq DecidablePred DecidableRel Fact Nonempty Inhabited Unique Subsingleton Fintype Finite
		Infinite Countable Encodable Setoid Semigroup Monoid CommMonoid Group CommGroup AddSemigroup AddMonoid
		AddCommMonoid AddGroup AddCommGroup Semiring CommSemiring Ring CommRing DivisionRing Field IsDomain
		Module Algebra Preorder PartialOrder LinearOrder Lattice CompleteLattice OrderedSemiring
		LinearOrderedField LinearOrderedRing TopologicalSpace UniformSpace MetricSpace PseudoMetricSpace
		NormedAddCommGroup NormedSpace NormedField InnerProductSpace MeasurableSpace MeasureSpace CharZero
		CharP NoZeroDivisors Nontrivial IsAlgClosed`) {
		classes[s] = true
	}
}

// binderKeys returns each binder's sort key: whether its name is used, its
// type with the run's own names hidden, then where its name is used
// (usages), so that binders of one type mostly sort apart without trying
// their orders. Keys only choose among valid orders.
func (z *normalizer) binderKeys(run []*Node, body *Node, env map[string]string, level int) []string {
	// the types are read with the run's names hidden: env with them
	// bound to "?", restored after (the run binds each name once)
	if env == nil {
		env = map[string]string{}
	}
	type saved struct {
		name, old string
		had       bool
	}
	restore := make([]saved, 0, len(run))
	for _, b := range run {
		if b.V != "_" {
			old, had := env[b.V]
			restore = append(restore, saved{b.V, old, had})
			env[b.V] = "?"
		}
	}
	keys := make([]string, len(run))
	for i, b := range run {
		var key strings.Builder
		if b.V == "_" || !z.occurs(b.V, b.C[1]) {
			key.WriteString("_")
		} else {
			key.WriteString("#")
		}
		z.canon(z.alpha(b.C[0], env, level+1, 0, false, 0), false).write(&key)
		keys[i] = key.String()
	}
	for _, r := range slices.Backward(restore) {
		if r.had {
			env[r.name] = r.old
		} else {
			delete(env, r.name)
		}
	}
	sigs := map[string][]string{}
	for _, b := range run {
		if b.V != "_" {
			sigs[b.V] = nil
		}
	}
	for i, b := range run {
		usages(b.C[0], [3]usageLabel{2: {s: "T" + keys[i]}}, sigs)
	}
	usages(body, [3]usageLabel{2: {s: "B"}}, sigs)
	for i, b := range run {
		if sig := sigs[b.V]; b.V != "_" && len(sig) > 0 {
			sort.Strings(sig)
			keys[i] += "|" + strings.Join(sig, ";")
		}
	}
	return keys
}

// ready reports whether binder j may come next once the used ones are
// placed.
func ready(after [][]bool, j int, used []bool) bool {
	for i := range after {
		if after[i][j] && !used[i] {
			return false
		}
	}
	return true
}

// greedyOrder places, at each position, the least key among the binders
// the dependencies allow there.
func greedyOrder(keys []string, after [][]bool) []int {
	greedy := make([]int, 0, len(keys))
	used := make([]bool, len(keys))
	for len(greedy) < len(keys) {
		pick := -1
		for j := range keys {
			if !used[j] && ready(after, j, used) && (pick < 0 || keys[j] < keys[pick]) {
				pick = j
			}
		}
		used[pick] = true
		greedy = append(greedy, pick)
	}
	return greedy
}

// tiedOrders counts the orders of binders whose keys tie (x y : ℝ), capped
// at maxTies+1.
func tiedOrders(keys []string) int {
	orders := 1
	for i, k := range keys { // a run is at most maxRun long: no map
		count := 1 // k's occurrences up to i
		for _, earlier := range keys[:i] {
			if earlier == k {
				count++
			}
		}
		orders *= count
		orders = min(orders, maxTies+1)
	}
	return orders
}

// rebuild chains the run's binders in order around body.
func rebuild(run []*Node, order []int, body *Node) *Node {
	chain := body
	for k := len(order) - 1; k >= 0; k-- {
		b := run[order[k]]
		chain = b.with([]*Node{b.C[0], chain})
	}
	return chain
}

// leastOrder tries every order of tied binders the dependencies allow
// (past maxTies, tied binders keep the greedy order) and returns the
// normalized chain that prints least; ok is false when the budget ran
// out.
func (z *normalizer) leastOrder(run []*Node, body *Node, keys []string, after [][]bool, greedy []int, orders int, env map[string]string, level, depth int, top bool) (*Node, bool) {
	var best *Node
	order := make([]int, 0, len(run))
	used := make([]bool, len(run))
	var try func()
	try = func() {
		if z.budget <= 0 {
			return
		}
		if len(order) == len(run) {
			t := z.canon(z.alpha(rebuild(run, order, body), env, level, depth, top, len(run)), top)
			z.budget -= t.Size()
			if best == nil || comparePrinted(t, best) < 0 {
				best = t
			}
			return
		}
		// position len(order) takes a binder whose key is the greedy
		// order's key there
		want := keys[greedy[len(order)]]
		for j := range run {
			if used[j] || keys[j] != want || !ready(after, j, used) || orders > maxTies && j != greedy[len(order)] {
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
