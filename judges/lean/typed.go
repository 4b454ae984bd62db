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
func typed(n *Node, env map[string]string) *Node {
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
		class := ""
		if n.K != KindSep && len(n.C) > 1 {
			class = typeClass(n.C[0])
		}
		name := n.V
		kids[last] = withType(env, name, class, func(env map[string]string) *Node { return typed(n.C[last], env) })
		return n.with(kids)
	case n.K == KindBig:
		body := withType(env, n.C[0].V, typeClass(n.C[1]), func(env map[string]string) *Node { return typed(n.C[3], env) })
		return &Node{K: n.K, V: n.V, C: []*Node{n.C[0], typed(n.C[1], env), typed(n.C[2], env), body}}
	case n.K == KindBinary && len(n.C) == 2 && PropsOf(n.V).OnSets != "" && (isSet(n.C[0], env) || isSet(n.C[1], env)):
		return typed(&Node{K: KindBinary, V: PropsOf(n.V).OnSets, C: n.C}, env)
	case inComponent(n):
		return foldComponent(n, env, "")
	case n.K == KindAscription && len(n.C) == 2:
		t := typeClass(n.C[1])
		inner := n.C[0]
		switch {
		case inComponent(inner):
			inner = foldComponent(inner, env, t)
		case inner.K == KindNum && isField(t):
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

// withType calls f with env extending env by name's type class, changed
// in place and restored when f returns (see withBinding); a pattern binder
// binds names that are not tracked, so f sees no types at all.
func withType(env map[string]string, name, class string, f func(map[string]string) *Node) *Node {
	if strings.HasPrefix(name, "⟨") {
		return f(nil) // a pattern binds names we do not track: forget every type
	}
	return withBinding(env, name, class, f)
}

// setFunctions return a Set or a Finset.
var setFunctions = map[string]bool{
	"Set.Icc": true, "Set.Ico": true, "Set.Ioc": true, "Set.Ioo": true, "Set.Ici": true, "Set.Iic": true, "Set.Ioi": true, "Set.Iio": true,
	"Set.univ": true, "Set.range": true, "Set.image": true, "Set.preimage": true,
	"Finset.Icc": true, "Finset.Ico": true, "Finset.Ioc": true, "Finset.Ioo": true, "Finset.range": true, "Finset.univ": true,
	"Finset.filter": true, "Finset.image": true,
}

// isSet reports whether n is known to be a Set or a Finset.
func isSet(n *Node, env map[string]string) bool {
	switch n.K {
	case KindID:
		return env[n.V] == "set" || setFunctions[n.V]
	case KindSetOf, KindSep:
		return true
	case KindApp:
		return n.C[0].K == KindID && setFunctions[n.C[0].V]
	case KindBinary:
		if (n.V == "∩" || n.V == "∪" || n.V == "\\") && len(n.C) == 2 {
			return isSet(n.C[0], env) || isSet(n.C[1], env)
		}
	case KindAscription:
		return typeClass(n.C[1]) == "set"
	}
	return false
}

// numeric types in the order of their coercions.
var numRank = map[string]int{"ℕ": 1, "ℤ": 2, "ℚ": 3, "ℝ": 4, "ℂ": 5}

func isField(class string) bool { return numRank[class] >= 3 }

// typeClass reads a type: a numeric type, "set" for Set α and Finset α,
// "fn:T" for a function into a numeric type T, or "".
func typeClass(t *Node) string {
	switch t.K {
	case KindID:
		if numRank[t.V] > 0 {
			return t.V
		}
	case KindApp:
		if t.C[0].K == KindID && (t.C[0].V == "Set" || t.C[0].V == "Finset") {
			return "set"
		}
	case KindPi:
		// a function of one argument into a numeric type
		if c := typeClass(t.C[1]); t.V == "_" && numRank[c] > 0 {
			return "fn:" + c
		}
	}
	return ""
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

// leafType is the type class of a leaf, "·" for a leaf that takes the
// component's type (a numeral, a coercion), "" when unknown.
func leafType(n *Node, env map[string]string) string {
	switch n.K {
	case KindNum, KindCoe:
		return "·"
	case KindID:
		if n.V == "Real.pi" {
			return "ℝ"
		}
		return env[n.V]
	case KindApp:
		if h := n.C[0]; h.K == KindID {
			if numericResults[h.V] == "ℝ" { // Mathlib functions into ℝ
				return "ℝ"
			}
			if c, ok := strings.CutPrefix(env[h.V], "fn:"); ok && len(n.C) == 2 {
				return c
			}
		}
	case KindAscription:
		return typeClass(n.C[1])
	}
	return ""
}

// foldComponent rewrites the numerals of the component at n by value
// when its type is known to be ℚ, ℝ or ℂ (seed: the type it is ascribed,
// or ""), and runs typed on the leaves.
func foldComponent(n *Node, env map[string]string, seed string) *Node {
	class := seed
	fold := true
	if seed != "" && numRank[seed] == 0 {
		fold = false
	}
	for _, l := range leaves(n, nil, true) {
		t := leafType(l, env)
		switch {
		case t == "·":
		case numRank[t] > 0:
			if numRank[t] > numRank[class] {
				class = t
			}
		default:
			fold = false
		}
	}
	fold = fold && isField(class)
	var walk func(n *Node, root bool) *Node
	walk = func(n *Node, root bool) *Node {
		if !root && isRelation(n) {
			return foldComponent(n, env, "")
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
		if fold && out.K == KindBinary && out.V == "/" && kids[0].K == KindNum && kids[1].K == KindNum {
			a, ok1 := numValue(kids[0].V)
			b, ok2 := numValue(kids[1].V)
			if ok1 && ok2 && b.Sign() != 0 {
				return &Node{K: KindNum, V: ratString(new(big.Rat).Quo(a, b))}
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
