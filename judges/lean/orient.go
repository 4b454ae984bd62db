package lean

// orient turns a > b into b < a and a ≥ b into b ≤ a (GT.gt a b is
// LT.lt b a, GE.ge a b is LE.le b a: Init/Prelude.lean), and leaves the
// sides of a = b to be sorted (Eq.comm; otherwise it is written Eq a b,
// which canon keeps in order), under a
// precondition on what the operands' types are known to be (the elaboration pass):
// both known and the same, or both numbers of ℕ ℤ ℚ ℝ ℂ (binrel%
// elaborates a relation between numbers at the largest type of both
// sides, whatever their order), a numeral taking the other side's type.
// Elsewhere the relation stays as written: Lean elaborates a < b at its
// first operand's type when the two types unify by unfolding (WithBot ℕ,
// WithTop ℕ and ℕ∞ are all Option ℕ), so p.degree < f.order and
// f.order > p.degree may use two different orders.
func orient(n *Node, env *scope) *Node {
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
func sameOrder(env *scope, a, b *Node) bool {
	if env.anyOrder {
		return true
	}
	if env.inferredInBoth(a, b) {
		return false // order.go: Lean fixes its type at the first use
	}
	ta, tb := env.typeOf(a), env.typeOf(b)
	switch {
	case ta.K == TNumeral || tb.K == TNumeral:
		return true // a numeral elaborates at the other side's type, whatever it is
	case !ta.known() && tb.known() && !tb.Loose && env.bareInferred(a), !tb.known() && ta.known() && !ta.Loose && env.bareInferred(b):
		// a bare name of inferred type beside a side of known type: binrel%
		// unifies its type with that one, whichever side it stands on
		return true
	case !ta.known() || !tb.known() || ta.Loose || tb.Loose:
		return false
	case ta.Name == tb.Name:
		return true
	}
	return ta.numeric() && tb.numeric()
}
