package lean

import (
	"math/big"
	"strconv"
	"strings"
)

// typed applies the rewrites that are equivalences only at some types,
// with the types it can read from the binders (env maps a bound name to
// its type class, "" when unknown):
//
//   - on sets and finsets, ≤ < ⊓ ⊔ are ⊆ ⊂ ∩ ∪ (Set.le_eq_subset,
//     Set.lt_eq_ssubset, Set.inf_eq_inter, Set.sup_eq_union and their
//     Finset forms). An operand is a set when it is a variable declared
//     Set α or Finset α, a set-builder {x | p}, or Set.Icc and the like; a
//     set literal {a, b} alone is not (it may be a Multiset, where ≤ is
//     not ⊆).
//   - numerals compare by value where their type is ℚ, ℝ or ℂ: 2 and 2.0,
//     13/2 and 6.5. Lean elaborates the operands of + - * / and of = < ≤
//     as one tree (binop%) at its largest type: when every leaf of that
//     tree has a type read from the binders (ℕ ℤ ℚ ℝ ℂ, a function into
//     one of them, an ascription (e : T), a numeral or a coercion ↑e) and
//     the largest is ℚ, ℝ or ℂ, decimals and quotients of numerals become
//     their reduced fractions. Otherwise (an unknown leaf, or the largest
//     type ℕ or ℤ, where / truncates and 2.0 is not a literal) numerals
//     stay as written.
func typed(n *Node, env *scope) *Node {
	if n == nil || decidableConstruct(n) != "" {
		return n
	}
	switch {
	case binderKinds[n.K]:
		kids := make([]*Node, len(n.C))
		last := len(n.C) - 1
		for i := 0; i < last; i++ {
			kids[i] = typed(n.C[i], env)
		}
		var t *Node
		if n.K != KindSep && len(n.C) > 1 {
			t = n.C[0]
		}
		restore := env.bind(n.V, t)
		kids[last] = typed(n.C[last], env)
		restore()
		return n.with(kids)
	case n.K == KindBig:
		restore := env.bind(n.C[0].V, n.C[1])
		body := typed(n.C[3], env)
		restore()
		return &Node{K: n.K, V: n.V, C: []*Node{n.C[0], typed(n.C[1], env), typed(n.C[2], env), body}}
	case n.K == KindBinary && len(n.C) == 2 && PropsOf(n.V).OnSets != "" && sameSetKind(n.C[0], n.C[1], env):
		return typed(&Node{K: KindBinary, V: PropsOf(n.V).OnSets, C: n.C}, env)
	case inComponent(n):
		return foldComponent(n, env, unknownType)
	case n.K == KindAscription && len(n.C) == 2:
		t := readType(n.C[1])
		inner := n.C[0]
		switch {
		case inComponent(inner):
			inner = foldComponent(inner, env, t)
		case inner.K == KindNum && t.field():
			inner = foldNum(inner)
		default:
			inner = typed(inner, env)
		}
		return &Node{K: KindAscription, C: []*Node{inner, typed(n.C[1], env)}}
	}
	if len(n.C) == 0 {
		return n
	}
	kids := make([]*Node, len(n.C))
	for i, c := range n.C {
		kids[i] = typed(c, env)
	}
	return n.with(kids)
}

// isSet reports whether n is known to be a Set or a Finset.
func isSet(n *Node, env *scope) bool { return env.typeOf(n).K == TSet }

// sameSetKind is the precondition of reading ≤ < ⊓ ⊔ as ⊆ ⊂ ∩ ∪: both
// operands are known to be Sets, or both Finsets. Lean elaborates ⊓ and ⊔
// at the first operand's type and ∩ ∪ with coercions (binop%), so a
// Finset beside a Set elaborates one way only; and a set function not
// applied to all its arguments (Set.Icc 0) is a function, whose ≤ is
// pointwise while ⊆ has no instance. A bare name of inferred type beside
// one takes its type (∀ s, s ≤ u with u : Set ℕ).
func sameSetKind(a, b *Node, env *scope) bool {
	head := func(n *Node) string {
		if t := env.typeOf(n); t.K == TSet && t.known() {
			return t.Head
		}
		if k := unwrapParens(n).K; k == KindSetOf {
			return "Set" // {x | p x} is a Set (Mathlib/Data/Set/Defs.lean)
		}
		return ""
	}
	ha, hb := head(a), head(b)
	// a bare name of inferred type takes the other side's (binrel%)
	return ha != "" && (ha == hb || hb == "" && env.bareInferred(b)) || hb != "" && ha == "" && env.bareInferred(a)
}

// inComponent: the table's Component operators and unary - are elaborated
// together by binop%/binrel% (the base of ^ by rightact%).
func inComponent(n *Node) bool {
	return (n.K == KindBinary && Is(n.V, Component) && len(n.C) == 2) || (n.K == KindUnary && n.V == "-")
}

// isRelation: a relation is the root of its component; one inside
// another component is a leaf there (a Prop), elaborated on its own.
func isRelation(n *Node) bool { return n.K == KindBinary && Is(n.V, Component|PropValued) }

// leaves collects the leaves of the component at n (not the exponents of ^).
func leaves(n *Node, out []*Node, root bool) []*Node {
	if !inComponent(n) || !root && isRelation(n) {
		return append(out, n)
	}
	if n.K == KindBinary && n.V == "^" {
		return leaves(n.C[0], out, false)
	}
	for _, c := range n.C {
		out = leaves(c, out, false)
	}
	return out
}

// foldComponent rewrites the numerals of the component at n by value
// when its type is known to be ℚ, ℝ or ℂ (seed: the type it is ascribed,
// or Unknown), and runs typed on the leaves. A numeral or a coercion ↑e
// among the leaves takes the component's type (binop% inserts the casts).
func foldComponent(n *Node, env *scope, seed Type) *Node {
	class := seed
	fold := seed.K == TUnknown || seed.numeric()
	for _, l := range leaves(n, nil, true) {
		if l.K == KindNum || l.K == KindCoe {
			continue
		}
		if t := env.typeOf(l); t.numeric() {
			class = larger(class, t)
		} else {
			fold = false
		}
	}
	fold = fold && class.field()
	var walk func(n *Node, root bool) *Node
	walk = func(n *Node, root bool) *Node {
		if !root && isRelation(n) {
			return foldComponent(n, env, unknownType)
		}
		if !inComponent(n) {
			if fold && n.K == KindNum {
				return foldNum(n)
			}
			return typed(n, env)
		}
		kids := make([]*Node, len(n.C))
		for i, c := range n.C {
			if n.K == KindBinary && n.V == "^" && i == 1 {
				kids[i] = typed(c, env) // the exponent is elaborated on its own
				continue
			}
			kids[i] = walk(c, false)
		}
		out := n.with(kids)
		if fold && out.K == KindBinary && out.V == "/" && kids[0].K == KindNum && kids[1].K == KindNum && kids[1].V != "0" {
			if v, ok := constValue(out, class); ok {
				return &Node{K: KindNum, V: ratString(v)}
			}
		}
		return out
	}
	return walk(n, true)
}

// foldNum writes a numeral of a field by value: 2.0 is 2, 6.5 is 13/2.
func foldNum(n *Node) *Node {
	if v, ok := numValue(n.V); ok {
		return &Node{K: KindNum, V: ratString(v)}
	}
	return n
}

// numValue reads a normalized numeral (7, 2.5, 2.0, 13/2).
func numValue(s string) (*big.Rat, bool) {
	if len(s) > 40 {
		return nil, false
	}
	// 1e999999 would be built digit by digit (3.3 million bits, 0.3 s a
	// read): an exponent past 1,000 is not read
	if i := strings.IndexAny(s, "eE"); i >= 0 && !strings.HasPrefix(s, "0x") {
		if e, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+")); err != nil || e > 1000 || e < -1000 {
			return nil, false
		}
	}
	v, ok := new(big.Rat).SetString(s)
	return v, ok
}

func ratString(v *big.Rat) string {
	if v.IsInt() {
		return v.Num().String()
	}
	return v.String()
}
