package lean

import "strings"

// orient turns a > b into b < a and a ≥ b into b ≤ a (GT.gt a b is
// LT.lt b a, GE.ge a b is LE.le b a: Init/Prelude.lean), and leaves the
// sides of a = b to be sorted (Eq.comm; otherwise it is written Eq a b,
// which canon keeps in order), under a
// precondition on what the operands' types are known to be (operandType):
// both known and the same, or both numbers of ℕ ℤ ℚ ℝ ℂ (binrel%
// elaborates a relation between numbers at the largest type of both
// sides, whatever their order), a numeral taking the other side's type.
// Elsewhere the relation stays as written: Lean elaborates a < b at its
// first operand's type when the two types unify by unfolding (WithBot ℕ,
// WithTop ℕ and ℕ∞ are all Option ℕ), so p.degree < f.order and
// f.order > p.degree may use two different orders.
func orient(n *Node, env *typeEnv) *Node {
	if len(n.C) == 0 || decidableConstruct(n) != "" {
		return n
	}
	kids, changed := make([]*Node, len(n.C)), false
	at := func(i int) {
		kids[i] = orient(n.C[i], env)
		changed = changed || kids[i] != n.C[i]
	}
	switch {
	case binderKinds[n.K] && len(n.C) >= 2:
		last := len(n.C) - 1
		for i := range last {
			at(i)
		}
		var t *Node
		if n.K != KindSep && n.C[0].K != KindHole {
			t = n.C[0]
		}
		restore := env.bind(n.V, t)
		at(last)
		restore()
	case n.K == KindBig && len(n.C) == 4:
		kids[0] = n.C[0]
		at(1)
		at(2)
		var t *Node
		if n.C[1].K != KindHole {
			t = n.C[1]
		}
		restore := env.bind(n.C[0].V, t)
		at(3)
		restore()
	default:
		for i := range n.C {
			at(i)
		}
	}
	if n.K == KindBinary && len(kids) == 2 {
		switch {
		case Is(n.V, Derived) && PropsOf(n.V).Converse != "" && sameOrder(env, kids[0], kids[1]):
			return &Node{K: KindBinary, V: PropsOf(n.V).Converse, C: []*Node{kids[1], kids[0]}}
		case n.V == "=" && !sameOrder(env, kids[0], kids[1]):
			// Eq a b, which canon does not sort: with a two-way coercion
			// (ZMod 3 and ℚ, Fin 3 and Fin 5) a = b is at a's type and
			// b = a at b's
			return &Node{K: KindApp, C: []*Node{{K: KindID, V: "Eq"}, kids[0], kids[1]}}
		}
	}
	if !changed {
		return n
	}
	return n.with(kids)
}

// orderedEq reports whether n is orient's Eq a b, an equation whose sides
// keep their order.
func orderedEq(n *Node) bool {
	return n.K == KindApp && len(n.C) == 3 && n.C[0].K == KindID && n.C[0].V == "Eq"
}

// sameOrder is orient's precondition: a relation between a and b means
// the same with its sides swapped.
func sameOrder(env *typeEnv, a, b *Node) bool {
	if env.anyOrder {
		return true
	}
	if env.inferredInBoth(a, b) {
		return false // order.go: Lean fixes its type at the first use
	}
	ta, tb := operandType(env, a), operandType(env, b)
	switch {
	case ta == numeral || tb == numeral:
		return true // a numeral elaborates at the other side's type, whatever it is
	case ta == "" && tb != "" && env.bareInferred(a), tb == "" && ta != "" && env.bareInferred(b):
		// a bare name of inferred type beside a side of known type: binrel%
		// unifies its type with that one, whichever side it stands on
		return true
	case ta == "" || tb == "":
		return false
	case ta == tb:
		return true
	}
	return numRank[ta] > 0 && numRank[tb] > 0
}

// numeral is operandType's type of a numeral, which takes its type from
// the other operands.
const numeral = "numeral"

// typeEnv maps a bound name to its written type (nil: bound without
// one), changed in place as orient enters and leaves binders; inside a
// pattern binder (⟨a, b⟩) every type is forgotten.
type typeEnv struct {
	types    map[string]*Node
	forget   int
	anyOrder bool // SimilarityForm: every precondition taken as met
}

// bind binds name to t until the returned function restores the binding
// it hides.
func (env *typeEnv) bind(name string, t *Node) (restore func()) {
	if len(name) > 0 && (name[0] == '[' || name == "_") {
		return func() {}
	}
	if strings.HasPrefix(name, "⟨") {
		env.forget++
		return func() { env.forget-- }
	}
	if env.types == nil {
		env.types = map[string]*Node{}
	}
	old, had := env.types[name]
	env.types[name] = t
	return func() {
		if had {
			env.types[name] = old
		} else {
			delete(env.types, name)
		}
	}
}

// globalTypes are the types of Mathlib constants and the result types of
// Mathlib functions of numbers, where lean-ast knows them: Real.pi
// (Mathlib/Analysis/SpecialFunctions/Trigonometric/Basic.lean), the real
// functions Real.sqrt, Real.exp, Real.log, Real.sin, Real.cos, Real.tan,
// Real.arctan (Mathlib/Analysis/SpecialFunctions/...), and Nat.factorial,
// Nat.choose, Nat.gcd, Nat.lcm, Nat.succ (Mathlib/Data/Nat/..., Init).
var globalTypes = map[string]string{
	"Real.pi": "ℝ", "Real.sqrt": "ℝ", "Real.exp": "ℝ", "Real.log": "ℝ", "Real.logb": "ℝ", "Real.sin": "ℝ", "Real.cos": "ℝ", "Real.tan": "ℝ",
	"Real.arctan": "ℝ", "Real.arcsin": "ℝ", "Real.arccos": "ℝ", "Real.sinh": "ℝ", "Real.cosh": "ℝ", "Complex.abs": "ℝ",
	"Nat.factorial": "ℕ", "Nat.choose": "ℕ", "Nat.gcd": "ℕ", "Nat.lcm": "ℕ", "Nat.succ": "ℕ", "Nat.totient": "ℕ", "Nat.fib": "ℕ",
	"Int.natAbs": "ℕ", "Int.toNat": "ℕ", "Int.floor": "ℤ", "Int.ceil": "ℤ", "Nat.floor": "ℕ", "Nat.ceil": "ℕ", "Int.gcd": "ℕ",
	"Finset.card": "ℕ", "Set.ncard": "ℕ", "List.length": "ℕ", "Polynomial.natDegree": "ℕ",
}

// methodTypes are the result types of functions called by dot notation
// on a bound name of a known type head (s.card with s : Finset ℕ):
// Finset.card, Set.ncard, List.length, Polynomial.natDegree (Mathlib).
var methodTypes = map[string]string{"Finset.card": "ℕ", "Set.ncard": "ℕ", "List.length": "ℕ", "Polynomial.natDegree": "ℕ"}

// operandType is the type of term n where lean-ast establishes it, as the
// printed type (ℕ, WithBot ℕ), numeral for a numeral, or "" when unknown.
func operandType(env *typeEnv, n *Node) string {
	switch n.K {
	case KindNum:
		return numeral
	case KindParen:
		return operandType(env, n.C[0])
	case KindAscription:
		// (e : T) elaborates e against T: a numeral, or a number cast to
		// another number type (↑ inserted), then has type T; e of type T
		// is T; otherwise e may keep its own type, T being only checked
		// by unfolding ((a : ℕ) with a : OrderDual ℕ is a itself, of type
		// ℕᵒᵈ), so the type is not known
		if len(n.C) != 2 || n.C[1].K == KindHole {
			return ""
		}
		t, inner := typeName(n.C[1]), operandType(env, n.C[0])
		if inner == numeral || inner == t || numRank[inner] > 0 && numRank[t] > 0 {
			return t
		}
	case KindID:
		if env.forget > 0 {
			return ""
		}
		if t, bound := env.types[n.V]; bound {
			if t == nil {
				return ""
			}
			return typeName(t)
		}
		if f := globalTypes[n.V]; f != "" && n.V == "Real.pi" {
			return f
		}
		return methodType(env, n.V)
	case KindSetOf:
		if len(n.C) == 2 && n.C[0].K != KindHole {
			return typeName(&Node{K: KindApp, C: []*Node{{K: KindID, V: "Set"}, n.C[0]}})
		}
	case KindUnary:
		if n.V == "-" && len(n.C) == 1 {
			return operandType(env, n.C[0])
		}
	case KindBinary:
		if len(n.C) != 2 {
			return ""
		}
		switch n.V {
		case "^":
			return operandType(env, n.C[0])
		case "+", "-", "*", "/", "%":
			a, b := operandType(env, n.C[0]), operandType(env, n.C[1])
			switch {
			case a == "" || b == "":
				return ""
			case a == b || b == numeral:
				return a
			case a == numeral:
				return b
			case numRank[a] > 0 && numRank[b] > 0:
				if numRank[a] > numRank[b] {
					return a
				}
				return b
			}
		}
	case KindApp:
		return resultType(env, n)
	}
	return ""
}

// resultType is the type of an application of a bound function (its
// written type's codomain after as many arrows as arguments) or of a
// function of globalTypes, or "".
func resultType(env *typeEnv, n *Node) string {
	head, args := n.C[0], len(n.C)-1
	if head.K != KindID || env.forget > 0 {
		return ""
	}
	if _, bound := env.types[head.V]; !bound && head.V == "abs" && args == 1 {
		return operandType(env, n.C[1]) // |a| has a's type (abs, Mathlib/Algebra/Order/Group/Abs.lean)
	}
	t, bound := env.types[head.V]
	if !bound {
		if f := globalTypes[head.V]; f != "" && head.V != "Real.pi" {
			return f
		}
		return ""
	}
	for ; t != nil && args > 0; args-- {
		if t.K != KindPi || t.V != "_" || len(t.C) != 2 {
			return ""
		}
		t = t.C[1]
	}
	if t == nil || t.K == KindPi {
		return ""
	}
	return typeName(t)
}

// methodType is the type of x.f, a bound x of a known type head T and
// T.f in methodTypes, or "".
func methodType(env *typeEnv, name string) string {
	x, f, ok := strings.Cut(name, ".")
	if !ok || env.forget > 0 {
		return ""
	}
	t := env.types[x]
	if t == nil || t.K != KindApp || t.C[0].K != KindID {
		return ""
	}
	return methodTypes[t.C[0].V+"."+f]
}

// typeName is a type as operandType compares it: a name as written (ℕ),
// anything else printed as its tree.
func typeName(t *Node) string {
	if t.K == KindID {
		return t.V
	}
	return t.String()
}
