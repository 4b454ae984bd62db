package lean

import (
	"fmt"
	"math/big"
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
		if n.K == KindNum || n.K == KindBinary && Is(n.V, Arithmetic) && !hasFreeVariable(n) {
			// a numeral, or a term of numerals (2 * 3), worked out
			if v, st := evalConstant(n, evalRat, 0); st == evalOK && v.Num().BitLen() < 64 && v.Denom().BitLen() < 64 {
				found[v.RatString()] = v
			}
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

// evaluator evaluates a normalized proposition at one point.
type evaluator struct {
	types map[string]string   // variable names to their number types
	vals  map[string]*big.Rat // their values at the point
	steps int                 // work done, bounded
	nums  map[string]*big.Rat // numerals read (nil: not read)
	funcs map[string]int      // function variables to their functions' index
}

// variables lists the statement's leading binders of number types, and
// the proposition after them with its hypotheses (the binders of other
// types, in order, as "name:type" in sig); ok is false when a leading
// binder has a type lean-ast does not evaluate.
func variables(tree *Node) (names []string, types map[string]string, sig string, ok bool) {
	types = map[string]string{}
	var b strings.Builder
	for n := tree; n.K == KindPi && len(n.C) == 2; n = n.C[1] {
		t := typeClass(n.C[0])
		if c := unwrapParens(n.C[0]); c.K == KindID && c.V == "Prop" && n.V != "_" {
			names = append(names, n.V)
			types[n.V] = "Prop"
			fmt.Fprintf(&b, "%s:Prop;", n.V)
			continue
		}
		if numRank[t] > 0 {
			if n.V == "_" {
				continue // an unused variable
			}
			names = append(names, n.V)
			types[n.V] = t
			fmt.Fprintf(&b, "%s:%s;", n.V, t)
			continue
		}
		if dom, cod, ok := numericFunction(n.C[0]); ok && n.V != "_" {
			names = append(names, n.V)
			types[n.V] = "fun:" + strings.Join(dom, ",") + ">" + cod
			fmt.Fprintf(&b, "%s:%s;", n.V, types[n.V])
			continue
		}
		if n.V != "_" && !isProposition(n.C[0]) {
			return nil, nil, "", false // a set, a type, a class: not evaluated
		}
	}
	return names, types, b.String(), true
}

// numericFunction reads a function type between number types, A → B → C
// (domains A, B; codomain C).
func numericFunction(t *Node) (dom []string, cod string, ok bool) {
	for {
		t = unwrapParens(t)
		if (t.K == KindPi || t.K == KindBinary && t.V == "→") && len(t.C) == 2 {
			d := typeClass(t.C[0])
			if numRank[d] == 0 {
				return nil, "", false
			}
			dom, t = append(dom, d), t.C[1]
			continue
		}
		cod = typeClass(t)
		return dom, cod, len(dom) > 0 && numRank[cod] > 0
	}
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
		if strings.HasPrefix(types[n], "fun:") {
			return len(functions)
		}
		return len(pool[types[n]])
	}
	total := 1
	for _, n := range names {
		total *= choices(n)
	}
	vals := map[string]*big.Rat{}
	e := &evaluator{types: types, vals: vals, nums: map[string]*big.Rat{}, funcs: map[string]int{}}
	unknowns, spent := 0, 0
	budget := witnessBudget + 20*(treeSize(a)+treeSize(b))
	for i := 0; i < total && i < maxPoints; i++ {
		// the i-th point of the grid, a stride through it when it is
		// larger than maxPoints
		k := i
		if total > maxPoints {
			k = int((int64(i) * 7919) % int64(total))
		}
		for _, n := range names {
			c := choices(n)
			if strings.HasPrefix(types[n], "fun:") {
				e.funcs[n] = k % c
			} else {
				vals[n] = pool[types[n]][k%c]
			}
			k /= c
		}
		e.steps = 0
		ta, tb := e.statement(a), e.statement(b)
		if spent += e.steps; spent > budget {
			return "" // the points so far cost the budget: no witness
		}
		if ta != unknown && tb != unknown && ta != tb {
			return describePoint(names, types, vals, e.funcs, ta == isTrue)
		}
		if ta == unknown || tb == unknown {
			if unknowns++; unknowns > 64 && unknowns == i+1 {
				return "" // nothing evaluates: stop early
			}
		}
	}
	return ""
}

// funcNames describe functions, in order.
var funcNames = []string{"x ↦ x", "x ↦ 0", "x ↦ 1", "x ↦ x + 1", "twice the sum of its arguments"}

// describePoint writes the witness: the values and which side holds.
func describePoint(names []string, types map[string]string, vals map[string]*big.Rat, fn map[string]int, goldHolds bool) string {
	var parts []string
	for i, n := range names {
		if v, ok := vals[n]; ok && types[n] == "Prop" {
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
		if _, top := e.types[n.V]; top || n.V == "_" && numRank[typeClass(n.C[0])] > 0 {
			return e.statement(n.C[1])
		}
		return or(e.prop(n.C[0]).not(), e.statement(n.C[1]))
	}
	return e.prop(n)
}

// prop evaluates a normalized proposition.
func (e *evaluator) prop(n *Node) truth {
	if e.steps++; e.steps > 20000 {
		return unknown
	}
	switch n.K {
	case KindParen:
		return e.prop(n.C[0])
	case KindApp:
		if orderedEq(n) {
			return e.relation(&Node{K: KindBinary, V: "=", C: n.C[1:]})
		}
	case KindID:
		switch n.V {
		case "True":
			return isTrue
		case "False":
			return isFalse
		}
		if e.types[n.V] == "Prop" {
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
		if t := typeClass(n.C[0]); numRank[t] > 0 {
			// a universally quantified number: false if false at a sample
			return e.quantified(n, t, isFalse)
		}
		// an implication (its hypothesis named or not)
		return or(e.prop(n.C[0]).not(), e.prop(n.C[1]))
	case KindExists:
		if len(n.C) == 2 && numRank[typeClass(n.C[0])] > 0 {
			return e.quantified(n, typeClass(n.C[0]), isTrue)
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
func (e *evaluator) quantified(n *Node, t string, decisive truth) truth {
	name := n.V
	saved, had := e.vals[name]
	savedT, hadT := e.types[name]
	defer func() {
		if had {
			e.vals[name] = saved
		} else {
			delete(e.vals, name)
		}
		if hadT {
			e.types[name] = savedT
		} else {
			delete(e.types, name)
		}
	}()
	e.types[name] = t
	for _, v := range samples[t] {
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
	t := "ℕ"
	ok := true
	for _, c := range n.C {
		ct, fine := e.treeType(c)
		ok = ok && fine
		if numRank[ct] > numRank[t] {
			t = ct
		}
	}
	if !ok || n.V == "∣" && (t != "ℕ" && t != "ℤ" || e.mixed(n, t)) {
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
		if t == "ℂ" {
			return unknown
		}
		holds = x.Cmp(y) < 0
	case "≤":
		if t == "ℂ" {
			return unknown
		}
		holds = x.Cmp(y) <= 0
	case ">", "≥": // orient's relations kept as written: GT.gt a b is b < a
		if t == "ℂ" {
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

// mixed reports whether a relation's leaves have types other than t.
func (e *evaluator) mixed(n *Node, t string) bool {
	for _, c := range n.C {
		if ct, _ := e.treeType(c); ct != "" && ct != t {
			return true
		}
	}
	return false
}

// treeType is the largest type among the leaves of n's binop% tree ("" when
// only numerals), and whether lean-ast reads all its leaves.
func (e *evaluator) treeType(n *Node) (string, bool) {
	switch {
	case n.K == KindParen || n.K == KindUnary && n.V == "-":
		return e.treeType(n.C[0])
	case n.K == KindBinary && (Is(n.V, Arithmetic) || n.V == "^") && len(n.C) == 2:
		l, okl := e.treeType(n.C[0])
		if n.V == "^" {
			return l, okl // the exponent is its own tree
		}
		r, okr := e.treeType(n.C[1])
		if numRank[r] > numRank[l] {
			l = r
		}
		return l, okl && okr
	case n.K == KindNum:
		return "", true
	case n.K == KindID:
		t, ok := e.types[n.V]
		return t, ok && numRank[t] > 0
	case n.K == KindAscription && len(n.C) == 2:
		t := typeClass(n.C[1])
		return t, numRank[t] > 0
	case n.K == KindApp && len(n.C) == 2 && n.C[0].K == KindID && n.C[0].V == "abs":
		return e.treeType(n.C[1])
	case n.K == KindApp && len(n.C) > 1 && n.C[0].K == KindID:
		if dom, cod, ok := e.function(n.C[0].V); ok && len(dom) == len(n.C)-1 {
			return cod, true
		}
	}
	return "", false
}

// function reads a function variable's type.
func (e *evaluator) function(name string) (dom []string, cod string, ok bool) {
	t, found := strings.CutPrefix(e.types[name], "fun:")
	if !found {
		return nil, "", false
	}
	d, c, _ := strings.Cut(t, ">")
	return strings.Split(d, ","), c, true
}

// value computes n at type t exactly as Lean does: ℕ subtraction
// truncates, / and % on ℕ floor (x / 0 = 0, x % 0 = x), / on ℚ ℝ ℂ is the
// field's (x / 0 = 0); ℤ's / and % only with operands of one sign
// convention (both nonnegative), powers only to a natural exponent of at
// most 64.
func (e *evaluator) value(n *Node, t string) (*big.Rat, bool) {
	if e.steps++; e.steps > 20000 {
		return nil, false
	}
	switch n.K {
	case KindParen:
		return e.value(n.C[0], t)
	case KindNum:
		if strings.ContainsAny(n.V, "eE") || (t == "ℕ" || t == "ℤ") && strings.Trim(n.V, "0123456789") != "" {
			return nil, false // a decimal or scientific literal is OfScientific: not on ℕ, ℤ
		}
		if v, ok := e.nums[n.V]; ok {
			return v, v != nil
		}
		v, ok := new(big.Rat).SetString(n.V)
		if !ok || v.Num().BitLen()+v.Denom().BitLen() > 256 {
			v = nil
		}
		e.nums[n.V] = v
		return v, v != nil
	case KindID:
		v, ok := e.vals[n.V]
		if !ok {
			return nil, false
		}
		return v, true // a cast up to t keeps the value
	case KindAscription:
		at := typeClass(n.C[1])
		if numRank[at] == 0 || numRank[at] > numRank[t] {
			return nil, false
		}
		st, _ := e.treeType(n.C[0])
		if numRank[st] > numRank[at] {
			return nil, false // (x : ℕ) with x real is no cast
		}
		return e.value(n.C[0], at) // computed at its own type, then cast
	case KindUnary:
		if n.V != "-" || t == "ℕ" {
			return nil, false // no Neg ℕ
		}
		v, ok := e.value(n.C[0], t)
		if !ok {
			return nil, false
		}
		return new(big.Rat).Neg(v), true
	case KindApp:
		if dom, cod, ok := e.function(n.C[0].V); ok && len(dom) == len(n.C)-1 && numRank[cod] <= numRank[t] {
			// each argument elaborated at its domain (its leaves cast up
			// to it, never down), the value cast up to t
			args := make([]*big.Rat, len(dom))
			for i, d := range dom {
				at, fine := e.treeType(n.C[i+1])
				if !fine || numRank[at] > numRank[d] {
					return nil, false
				}
				v, fine := e.value(n.C[i+1], d)
				if !fine {
					return nil, false
				}
				args[i] = v
			}
			i := e.funcs[n.C[0].V]
			if i != 1 && i != 2 {
				// x ↦ x, x ↦ x + 1 and sums are functions into cod only
				// from domains it holds (not ℝ → ℕ)
				for _, d := range dom {
					if numRank[d] > numRank[cod] {
						return nil, false
					}
				}
			}
			v := functions[i](args)
			if (cod == "ℕ" || cod == "ℤ") && !v.IsInt() || cod == "ℕ" && v.Sign() < 0 {
				return nil, false // no such function into cod
			}
			return v, true
		}
		if len(n.C) == 2 && n.C[0].K == KindID && n.C[0].V == "abs" {
			// |e| is an application, a leaf of the tree around it: e is
			// elaborated alone, at the largest type of its own leaves (ℤ
			// division stays ℤ's), and the result cast up
			at, fine := e.treeType(n.C[1])
			if !fine || at == "" || at == "ℕ" || at == "ℂ" || numRank[at] > numRank[t] {
				return nil, false
			}
			v, ok := e.value(n.C[1], at)
			if !ok {
				return nil, false
			}
			return new(big.Rat).Abs(v), true
		}
	case KindBinary:
		if len(n.C) != 2 {
			return nil, false
		}
		if n.V == "^" {
			return e.power(n, t)
		}
		if !Is(n.V, Arithmetic) {
			return nil, false
		}
		x, okx := e.value(n.C[0], t)
		y, oky := e.value(n.C[1], t)
		if !okx || !oky {
			return nil, false
		}
		return arith(n.V, x, y, t)
	}
	return nil, false
}

// arith applies a binary operator at type t.
func arith(op string, x, y *big.Rat, t string) (*big.Rat, bool) {
	r := new(big.Rat)
	switch op {
	case "+":
		return r.Add(x, y), true
	case "*":
		return r.Mul(x, y), true
	case "-":
		r.Sub(x, y)
		if t == "ℕ" && r.Sign() < 0 {
			r.SetInt64(0) // truncated subtraction
		}
		return r, true
	case "/", "%":
		integral := t == "ℕ" || t == "ℤ"
		if !integral {
			if op == "%" {
				return nil, false // no Mod on a field
			}
			if y.Sign() == 0 {
				return r, true // x / 0 = 0 in a field
			}
			return r.Quo(x, y), true
		}
		if t == "ℤ" && (x.Sign() < 0 || y.Sign() < 0) {
			return nil, false // ℤ's rounding of negatives is not read
		}
		if y.Sign() == 0 {
			if op == "/" {
				return r, true // n / 0 = 0
			}
			return r.Set(x), true // n % 0 = n
		}
		q, m := new(big.Int).QuoRem(x.Num(), y.Num(), new(big.Int))
		if op == "/" {
			return r.SetInt(q), true
		}
		return r.SetInt(m), true
	}
	return nil, false
}

// power computes b ^ k for a natural exponent k (its own tree, numerals
// ℕ) of at most 64, with a result of bounded size.
func (e *evaluator) power(n *Node, t string) (*big.Rat, bool) {
	et, ok := e.treeType(n.C[1])
	if !ok || et != "" && et != "ℕ" {
		return nil, false // a real or integer exponent: not Monoid.npow
	}
	k, ok := e.value(n.C[1], "ℕ")
	if !ok || !k.IsInt() || k.Sign() < 0 || k.Num().Int64() > 64 {
		return nil, false
	}
	b, ok := e.value(n.C[0], t)
	if !ok || b.Num().BitLen()+b.Denom().BitLen() > 256 {
		return nil, false
	}
	r := big.NewRat(1, 1)
	for i := int64(0); i < k.Num().Int64(); i++ {
		r.Mul(r, b)
	}
	return r, true
}
