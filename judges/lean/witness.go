package lean

import (
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strings"
)

// A witness is the proof behind "not equivalent": values of the
// statement's variables at which one statement's proposition holds and
// the other's does not. A rule that reads a difference as faithful from
// its syntax is fooled by what discards it (a constant factor hidden in
// m % m, a hypothesis the conclusion repeats, a literal with a
// duplicate), so lean-ast evaluates both propositions, exactly as
// Lean's arithmetic computes them, at sample values, and decides "not
// equivalent" only where it finds such a point. What it cannot evaluate
// exactly (a function it does not know, a real power, ℤ division with a
// negative operand) is unknown there, never guessed.

// truth is a three-valued truth value: what evaluation shows, or unknown.
type truth int8

const (
	unknown truth = iota
	isFalse
	isTrue
)

func (t truth) not() truth {
	switch t {
	case isTrue:
		return isFalse
	case isFalse:
		return isTrue
	}
	return unknown
}

func and(a, b truth) truth {
	switch {
	case a == isFalse || b == isFalse:
		return isFalse
	case a == isTrue && b == isTrue:
		return isTrue
	}
	return unknown
}

func or(a, b truth) truth { return and(a.not(), b.not()).not() }

// samples are the values tried for a variable of each type.
var samples = map[string][]*big.Rat{
	"Prop": rats("0", "1"), // False, True
	"ℕ":    rats("0", "1", "2", "3", "5", "10"),
	"ℤ":    rats("-2", "-1", "0", "1", "2", "3"),
	"ℚ":    rats("-2", "-1", "-1/2", "0", "1/3", "1/2", "1", "2", "3"),
}

func init() {
	samples["ℝ"] = samples["ℚ"]
	samples["ℂ"] = samples["ℚ"] // real values: a point of ℂ all the same
}

func rats(ss ...string) []*big.Rat {
	out := make([]*big.Rat, len(ss))
	for i, s := range ss {
		out[i], _ = new(big.Rat).SetString(s)
	}
	return out
}

// pointsFor is, per type, the values tried: the samples, and the
// statements' own numerals v with -v, v - 1 and v + 1 (a witness often
// sits at a constant of the statement: x + 6 = 0 against x - 6 = 0 at 6),
// those of the type (integers for ℕ and ℤ, not negative for ℕ).
func pointsFor(a, b *Node) map[string][]*big.Rat {
	found := map[string]*big.Rat{}
	var walk func(n *Node)
	walk = func(n *Node) {
		v, ok := (*big.Rat)(nil), false
		switch {
		case n.K == KindNum:
			v, ok = numValue(n.V)
		case n.K == KindBinary && len(n.C) == 2 && Is(n.V, Arithmetic):
			// a term of numerals (2 * 3), worked out
			v, ok = constValue(n, numType("ℂ"))
		}
		if ok && v.Num().BitLen() < 64 && v.Denom().BitLen() < 64 {
			found[v.RatString()] = v
		}
		for _, c := range n.C {
			walk(c)
		}
	}
	walk(a)
	walk(b)
	keys := make([]string, 0, len(found))
	for k := range found {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if len(keys) > 12 {
		keys = keys[:12]
	}
	var consts []*big.Rat
	one := big.NewRat(1, 1)
	for _, k := range keys {
		v := found[k]
		consts = append(consts, v, new(big.Rat).Neg(v), new(big.Rat).Sub(v, one), new(big.Rat).Add(v, one))
	}
	out := map[string][]*big.Rat{}
	for t, base := range samples {
		if t == "Prop" {
			out[t] = base
			continue
		}
		have := map[string]bool{}
		var vs []*big.Rat
		for _, v := range append(append([]*big.Rat{}, base...), consts...) {
			if have[v.RatString()] || (t == "ℕ" || t == "ℤ") && !v.IsInt() || t == "ℕ" && v.Sign() < 0 {
				continue
			}
			have[v.RatString()] = true
			vs = append(vs, v)
		}
		sort.Slice(vs, func(i, j int) bool { return vs[i].Cmp(vs[j]) < 0 })
		out[t] = vs
	}
	return out
}

// maxPoints bounds the points tried for one pair (a stride through a
// larger grid): a difference that shows nowhere among them is left
// undecided.
const maxPoints = 150

// witnessBudget, plus 20 steps a node of the two trees, bounds the
// evaluation steps of one search, all points together (a step is a node
// evaluated; a quantifier inside the statement multiplies them by its
// samples, which made the costliest 1% of searches cost 6 times the rest).
const witnessBudget = 20000

// treeSize is the number of nodes of n.
func treeSize(n *Node) int {
	size := 1
	for _, c := range n.C {
		size += treeSize(c)
	}
	return size
}

// variables lists the statement's leading binders of number types,
// propositions and numeric functions, and the proposition after them with
// its hypotheses (the binders of other types, in order, as "name:type" in
// sig); ok is false when a leading binder has a type lean-ast does not
// evaluate.
func variables(tree *Node) (names []string, types map[string]Type, sig string, ok bool) {
	types = map[string]Type{}
	var b strings.Builder
	for n := tree; n.K == KindPi && len(n.C) == 2; n = n.C[1] {
		t := readType(n.C[0])
		switch {
		case n.V == "_":
		case t.K == TProp, t.numeric(), numericFunction(t):
			names = append(names, n.V)
			types[n.V] = t
			fmt.Fprintf(&b, "%s:%s;", n.V, t.Name)
		case !isProposition(n.C[0]):
			return nil, nil, "", false // a set, a type, a class: not evaluated
		}
	}
	return names, types, b.String(), true
}

// numericFunction reports whether t is a function type between number
// types, A → B → C.
func numericFunction(t Type) bool {
	if t.K != TFun {
		return false
	}
	for _, a := range t.Args {
		if !a.numeric() {
			return false
		}
	}
	return true
}

// functions are the functions tried for a function variable (a witness
// needs one function only): the first argument, 0, 1, the first argument
// plus 1, twice the sum of the arguments.
var functions = []func(args []*big.Rat) *big.Rat{
	func(a []*big.Rat) *big.Rat { return new(big.Rat).Set(a[0]) },
	func(a []*big.Rat) *big.Rat { return new(big.Rat) },
	func(a []*big.Rat) *big.Rat { return big.NewRat(1, 1) },
	func(a []*big.Rat) *big.Rat { return new(big.Rat).Add(a[0], big.NewRat(1, 1)) },
	func(a []*big.Rat) *big.Rat {
		r := new(big.Rat)
		for _, x := range a {
			r.Add(r, x)
		}
		return r.Add(r, r)
	},
}

// isProposition reports whether a hypothesis' type is surely a
// proposition: a relation, a connective, a negation, a quantifier.
func isProposition(n *Node) bool {
	switch n.K {
	case KindBinary:
		return Is(n.V, PropValued)
	case KindUnary:
		return n.V == "¬"
	case KindExists:
		return true
	case KindApp:
		return orderedEq(n)
	case KindPi:
		return isProposition(n.C[1])
	case KindID:
		return n.V == "True" || n.V == "False"
	}
	return false
}

// elaborated is the tree the witness reads: notation read as the
// functions it stands for, bound names by position, nothing moved or
// rewritten.
func (p *Prepared) elaborated() *Node {
	p.once.elab.Do(func() {
		tree := desugar(unparen(p.st.Tree, namesMayResolve(p) == ""))
		z := &normalizer{}
		z.index(tree)
		p.elab = z.alpha(tree, nil, 0, 0, false, 0)
	})
	return p.elab
}

// witnessOf seeks a witness on the elaborated trees where they are one
// numeral or operator apart (the same binders in the same order, so that
// their variables are the same), else on the rewritten trees wa and wb
// the difference was found in; it returns the trees it was found in.
func witnessOf(a, b *Prepared, wa, wb *Node) (string, *Node, *Node) {
	ea, eb := a.elaborated(), b.elaborated()
	if r, _, _ := oneDifference(ea, eb); r == Different {
		if w := findWitness(ea, eb); w != "" || Equal(ea, wa) && Equal(eb, wb) {
			return w, ea, eb
		}
	}
	return findWitness(wa, wb), wa, wb
}

// findWitness looks for values of the statements' common variables where
// one of the normalized propositions a and b holds and the other does
// not, and describes them, or returns "".
func findWitness(a, b *Node) string {
	names, types, sigA, okA := variables(a)
	_, _, sigB, okB := variables(b)
	if !okA || !okB || sigA != sigB || len(names) > 6 {
		return ""
	}
	sort.Strings(names)
	pool := pointsFor(a, b)
	choices := func(n string) int {
		if types[n].K == TFun {
			return len(functions)
		}
		return len(pool[types[n].Name])
	}
	total := 1
	for _, n := range names {
		total *= choices(n)
	}
	perms := swaps(names, types)
	if perms == nil {
		return "" // too many ways to pair the variables up
	}
	w := &witnessSearch{names: names, types: types, pool: pool, choices: choices, total: total, perms: perms,
		budget: witnessBudget + 20*(treeSize(a)+treeSize(b))}
	// the pairing of the variables by name first, alone: when nothing
	// refutes it, the others need not be read
	found := w.refute(a, b, []int{0})
	if found == "" || len(perms) == 1 {
		return found
	}
	rest := make([]int, len(perms)-1)
	for i := range rest {
		rest[i] = i + 1
	}
	if w.refute(a, b, rest) == "" {
		return ""
	}
	return found + ", and values where they differ however the variables of one type are paired up"
}

// witnessSearch is a grid of points for the variables of two statements
// and the pairings of those variables a witness must refute.
type witnessSearch struct {
	names   []string
	types   map[string]Type
	pool    map[string][]*big.Rat
	choices func(string) int
	total   int
	perms   [][]int // the pairings, the identity first (swaps)
	budget  int     // evaluation steps for one pairing
}

// refute looks for points that refute each of the pairings (indexes into
// w.perms): values u of the variables where a at u and b at σ·u differ.
// Each grid point is read on its whole orbit under the pairings when
// there is more than the identity, so a point refutes every pairing it
// can. It describes the point that refuted the first pairing, or returns
// "" when one is left unrefuted.
func (w *witnessSearch) refute(a, b *Node, pairings []int) string {
	names, types, perms := w.names, w.types, w.perms
	orbitSize := len(perms)
	if len(pairings) == 1 && pairings[0] == 0 {
		orbitSize = 1 // the identity alone: the point itself
	}
	var compose [][]int
	if orbitSize > 1 {
		compose = composition(perms)
	}
	refuted, left, found := map[int]bool{}, len(pairings), ""
	base, baseFn := map[string]*big.Rat{}, map[string]int{}
	orbit := make([]map[string]*big.Rat, orbitSize)
	orbitFn := make([]map[string]int, orbitSize)
	for pi := range orbit {
		orbit[pi], orbitFn[pi] = map[string]*big.Rat{}, map[string]int{}
	}
	ta, tb := make([]truth, orbitSize), make([]truth, orbitSize)
	e := &evaluator{scope: scope{types: types}, nums: map[string]*big.Rat{}}
	unknowns, spent, budget := 0, 0, w.budget*orbitSize
	for i := 0; i < w.total && i < maxPoints; i++ {
		// the i-th point of the grid, a stride through it when it is
		// larger than maxPoints
		k := i
		if w.total > maxPoints {
			k = int((int64(i) * 7919) % int64(w.total))
		}
		for _, n := range names {
			c := w.choices(n)
			if types[n].K == TFun {
				baseFn[n] = k % c
			} else {
				base[n] = w.pool[types[n].Name][k%c]
			}
			k /= c
		}
		e.steps = 0
		seen := false
		for pi := range orbit {
			for j, n := range names {
				if src := names[perms[pi][j]]; types[n].K == TFun {
					orbitFn[pi][n] = baseFn[src]
				} else {
					orbit[pi][n] = base[src]
				}
			}
			e.vals, e.funcs = orbit[pi], orbitFn[pi]
			ta[pi], tb[pi] = e.statement(a), e.statement(b)
			seen = seen || ta[pi] == unknown || tb[pi] == unknown
		}
		// a pairing σ is refuted by a point u of the orbit where a at u
		// and b at σ·u differ (the order rewrites accept binders of one
		// type swapped: x y ↦ y x)
		for _, si := range pairings {
			for pi := range orbit {
				if refuted[si] {
					break
				}
				qi := pi
				if orbitSize > 1 {
					qi = compose[si][pi]
				}
				if ta[pi] != unknown && tb[qi] != unknown && ta[pi] != tb[qi] {
					refuted[si], left = true, left-1
					if si == pairings[0] {
						found = describePoint(names, types, orbit[pi], orbitFn[pi], ta[pi] == isTrue)
					}
				}
			}
		}
		if spent += e.steps; spent > budget {
			return "" // the points so far cost the budget: no witness
		}
		if left == 0 {
			return found
		}
		if seen {
			if unknowns++; unknowns > 64 && unknowns == i+1 {
				return "" // nothing evaluates: stop early
			}
		}
	}
	return ""
}

// composition gives, for pairings σ and π (indexes into perms, a group),
// the index of the pairing that reads a point paired by π and then by σ.
func composition(perms [][]int) [][]int {
	index := map[string]int{}
	for i, p := range perms {
		index[fmt.Sprint(p)] = i
	}
	out := make([][]int, len(perms))
	c := make([]int, len(perms[0]))
	for si, sigma := range perms {
		out[si] = make([]int, len(perms))
		for pi, pi2 := range perms {
			for j := range c {
				c[j] = pi2[sigma[j]]
			}
			out[si][pi] = index[fmt.Sprint(c)]
		}
	}
	return out
}

// maxSwaps bounds the pairings of variables a witness must refute.
const maxSwaps = 24

// swaps lists the permutations of names that keep every name's type, the
// identity first: the pairings of the two statements' variables that
// lean-ast's order rewrites may accept (binders of one type trade places
// and names). nil when there are more than maxSwaps.
func swaps(names []string, types map[string]Type) [][]int {
	out := [][]int{}
	perm := make([]int, len(names))
	used := make([]bool, len(names))
	var place func(i int) bool
	place = func(i int) bool {
		if i == len(names) {
			out = append(out, slices.Clone(perm))
			return len(out) <= maxSwaps
		}
		for j := range names {
			if !used[j] && types[names[j]].Name == types[names[i]].Name && types[names[j]].K == types[names[i]].K {
				used[j], perm[i] = true, j
				ok := place(i + 1)
				used[j] = false
				if !ok {
					return false
				}
			}
		}
		return true
	}
	if !place(0) {
		return nil
	}
	return out
}

// funcNames describe functions, in order.
var funcNames = []string{"x ↦ x", "x ↦ 0", "x ↦ 1", "x ↦ x + 1", "twice the sum of its arguments"}

// describePoint writes the witness: the values and which side holds.
func describePoint(names []string, types map[string]Type, vals map[string]*big.Rat, fn map[string]int, goldHolds bool) string {
	var parts []string
	for i, n := range names {
		if v, ok := vals[n]; ok && types[n].K == TProp {
			parts = append(parts, fmt.Sprintf("the %s variable %v", ordinal(i+1), v.Sign() != 0))
		} else if ok {
			parts = append(parts, fmt.Sprintf("the %s variable = %s", ordinal(i+1), v.RatString()))
		} else {
			parts = append(parts, fmt.Sprintf("the %s variable a function (%s)", ordinal(i+1), funcNames[fn[n]]))
		}
	}
	at := "with no variable"
	if len(parts) > 0 {
		at = "at " + strings.Join(parts, ", ")
	}
	if goldHolds {
		return at + " the gold's proposition holds and the prediction's does not"
	}
	return at + " the prediction's proposition holds and the gold's does not"
}

func ordinal(i int) string {
	switch i {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	}
	return fmt.Sprintf("%dth", i)
}

// statement evaluates a normalized statement at the point: its leading
// variables have their values, its hypotheses imply the rest.
func (e *evaluator) statement(n *Node) truth {
	if n.K == KindPi && len(n.C) == 2 {
		if _, top := e.types[n.V]; top || n.V == "_" && readType(n.C[0]).numeric() {
			return e.statement(n.C[1])
		}
		return or(e.prop(n.C[0]).not(), e.statement(n.C[1]))
	}
	return e.prop(n)
}

// prop evaluates a normalized proposition.
func (e *evaluator) prop(n *Node) truth {
	if e.steps++; e.steps > maxSteps {
		return unknown
	}
	switch n.K {
	case KindParen:
		return e.prop(n.C[0])
	case KindApp:
		if orderedEq(n) {
			return e.relation(&Node{K: KindBinary, V: "=", C: n.C[1:]})
		}
		return e.predicate(n)
	case KindID:
		switch n.V {
		case "True":
			return isTrue
		case "False":
			return isFalse
		}
		if e.types[n.V].K == TProp {
			if e.vals[n.V].Sign() != 0 {
				return isTrue
			}
			return isFalse
		}
	case KindUnary:
		if n.V == "¬" {
			return e.prop(n.C[0]).not()
		}
	case KindPi:
		if len(n.C) != 2 {
			return unknown
		}
		if t := readType(n.C[0]); t.numeric() {
			// a universally quantified number: false if false at a sample
			return e.quantified(n, t, isFalse)
		}
		// an implication (its hypothesis named or not)
		return or(e.prop(n.C[0]).not(), e.prop(n.C[1]))
	case KindExists:
		if t := readType(n.C[0]); len(n.C) == 2 && t.numeric() {
			return e.quantified(n, t, isTrue)
		}
	case KindBinary:
		if len(n.C) < 2 {
			return unknown
		}
		switch n.V {
		case "∧", "∨":
			out := e.prop(n.C[0])
			for _, c := range n.C[1:] {
				if n.V == "∧" {
					out = and(out, e.prop(c))
				} else {
					out = or(out, e.prop(c))
				}
			}
			return out
		case "↔":
			if len(n.C) != 2 {
				return unknown
			}
			x, y := e.prop(n.C[0]), e.prop(n.C[1])
			if x == unknown || y == unknown {
				return unknown
			}
			if x == y {
				return isTrue
			}
			return isFalse
		case "=", "<", "≤", ">", "≥", "∣":
			if len(n.C) != 2 {
				return unknown
			}
			return e.relation(n)
		}
	}
	return unknown
}

// quantified evaluates ∀ (decisive = isFalse) or ∃ (decisive = isTrue)
// over a number type: decided only by a sample showing the decisive value.
func (e *evaluator) quantified(n *Node, t Type, decisive truth) truth {
	name := n.V
	defer e.bindVar(name, t)()
	for _, v := range samples[t.Name] {
		e.vals[name] = v
		if e.prop(n.C[1]) == decisive {
			return decisive
		}
	}
	return unknown
}

// relation evaluates a = b, a < b, a ≤ b or a ∣ b at the type Lean
// elaborates it at: binrel% takes the largest type of the leaves of both
// sides (their casts up to it), numerals alone being ℕ.
func (e *evaluator) relation(n *Node) truth {
	t := numType("ℕ")
	ok := true
	for _, c := range n.C {
		ct, fine := e.valueType(c)
		ok = ok && fine
		t = larger(t, ct)
	}
	if !ok || n.V == "∣" && (t.K != TNat && t.K != TInt || e.mixed(n, t)) {
		// Dvd.dvd is plain notation, not binrel%: mixed types are not
		// unified as above
		return unknown
	}
	x, okx := e.value(n.C[0], t)
	y, oky := e.value(n.C[1], t)
	if !okx || !oky {
		return unknown
	}
	var holds bool
	switch n.V {
	case "=":
		holds = x.Cmp(y) == 0
	case "<":
		if t.K == TComplex {
			return unknown
		}
		holds = x.Cmp(y) < 0
	case "≤":
		if t.K == TComplex {
			return unknown
		}
		holds = x.Cmp(y) <= 0
	case ">", "≥": // orient's relations kept as written: GT.gt a b is b < a
		if t.K == TComplex {
			return unknown
		}
		holds = x.Cmp(y) > 0 || n.V == "≥" && x.Cmp(y) == 0
	case "∣":
		if x.Sign() == 0 {
			holds = y.Sign() == 0
		} else {
			holds = new(big.Int).Rem(y.Num(), x.Num()).Sign() == 0
		}
	}
	if holds {
		return isTrue
	}
	return isFalse
}

// predicate evaluates Nat.Prime n (n ≤ 10⁶, by trial division), and Even
// n and Odd n on ℕ or ℤ (Nat.even_iff, Int.even_iff: n % 2 = 0; Nat.odd_iff,
// Int.odd_iff: n % 2 = 1).
func (e *evaluator) predicate(n *Node) truth {
	if len(n.C) != 2 || n.C[0].K != KindID {
		return unknown
	}
	at, fine := e.valueType(n.C[1])
	if !fine {
		return unknown
	}
	if at.K == TUnknown {
		at = numType("ℕ") // numerals alone: ℕ
	}
	var holds bool
	switch n.C[0].V {
	case "Nat.Prime":
		x, ok := e.value(n.C[1], numType("ℕ"))
		if at.K != TNat || !ok || x.Cmp(big.NewRat(1000000, 1)) > 0 {
			return unknown
		}
		holds = x.Num().ProbablyPrime(0) // exact below 2⁶⁴ (Baillie-PSW)
	case "Even", "Odd":
		x, ok := e.value(n.C[1], at)
		if at.K != TNat && at.K != TInt || !ok {
			return unknown
		}
		holds = (x.Num().Bit(0) == 0) == (n.C[0].V == "Even")
	default:
		return unknown
	}
	if holds {
		return isTrue
	}
	return isFalse
}

// mixed reports whether a relation's leaves have types other than t.
func (e *evaluator) mixed(n *Node, t Type) bool {
	for _, c := range n.C {
		if ct, _ := e.valueType(c); ct.K != TUnknown && ct.Name != t.Name {
			return true
		}
	}
	return false
}
