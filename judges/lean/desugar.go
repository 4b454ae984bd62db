package lean

import (
	"strconv"
	"strings"
)

// identAliases unify ASCII and Unicode spellings of common names.
var identAliases = map[string]string{
	"Nat": "ℕ", "Int": "ℤ", "Real": "ℝ", "Rat": "ℚ", "Complex": "ℂ",
	"Real.pi": "Real.pi", "True": "True", "False": "False",
}

func desugar(n *Node) *Node {
	if n == nil {
		return nil
	}
	if decidableConstruct(n) != "" {
		return unparen(n, true) // read as written (order.go)
	}
	switch n.K {
	case KindParen:
		inner := desugar(n.C[0])
		if unknownOp(inner) {
			return &Node{K: KindParen, C: []*Node{inner}}
		}
		return inner
	case KindID:
		if v, ok := strings.CutPrefix(n.V, notationMark); ok {
			n = &Node{K: KindID, V: v}
		}
		if a, ok := identAliases[n.V]; ok {
			return &Node{K: KindID, V: a}
		}
		return n
	case KindNum:
		return &Node{K: KindNum, V: normNum(n.V)}
	case KindBinary:
		if strings.HasPrefix(n.V, "?") {
			// Unknown precedence: keep the parentheses of the operands.
			kids := make([]*Node, len(n.C))
			for i, c := range n.C {
				if c.K == KindParen {
					kids[i] = &Node{K: KindParen, C: []*Node{desugar(c.C[0])}}
				} else {
					kids[i] = desugar(c)
				}
			}
			return &Node{K: KindBinary, V: n.V, C: kids}
		}
		a, b := desugar(n.C[0]), desugar(n.C[1])
		rest := desugarAll(n.C[2:])
		if n.V == "=" && a.K == KindTuple && b.K == KindTuple && len(a.C) == len(b.C) && len(rest) == 0 && numeralPaired(a, b) {
			// (a, b) = (c, d) is a = c ∧ b = d (Prod.mk.injEq), where the
			// two tuples have one type
			out := &Node{K: KindBinary, V: "=", C: []*Node{a.C[len(a.C)-1], b.C[len(b.C)-1]}}
			for i := len(a.C) - 2; i >= 0; i-- {
				out = &Node{K: KindBinary, V: "∧", C: []*Node{{K: KindBinary, V: "=", C: []*Node{a.C[i], b.C[i]}}, out}}
			}
			return out
		}
		// the table's Derived negations as declared (Ne a b := ¬(a = b));
		// the converses (> ≥ ⊇ ⊃) are orient's, under its precondition
		switch p := PropsOf(n.V); {
		case p.Has&Derived != 0 && p.Negation != "":
			return &Node{K: KindUnary, V: "¬", C: []*Node{{K: KindBinary, V: p.Negation, C: []*Node{a, b}}}}
		case n.V == "→":
			return &Node{K: KindPi, V: "_", C: []*Node{a, b}}
		}
		return &Node{K: KindBinary, V: n.V, C: append([]*Node{a, b}, rest...)}
	case KindAbs, KindFloor, KindCeil, KindFloorNat, KindCeilNat:
		// |x| is abs x, ⌊x⌋ is Int.floor x, ⌊x⌋₊ is Nat.floor x (Mathlib
		// notations)
		return &Node{K: KindApp, C: []*Node{{K: KindID, V: notationFunctions[n.K]}, desugar(n.C[0])}}
	case KindUnary:
		x := desugar(n.C[0])
		if n.V == "¬" {
			return pushNot(x)
		}
		return &Node{K: KindUnary, V: n.V, C: []*Node{x}}
	case KindPostfix:
		x := desugar(n.C[0])
		if n.V == "!" {
			return &Node{K: KindApp, C: []*Node{{K: KindID, V: "Nat.factorial"}, x}}
		}
		return &Node{K: KindPostfix, V: n.V, C: []*Node{x}}
	case KindApp:
		kids := desugarAll(n.C)
		if kids[0].K == KindApp { // (f x) y = f x y
			kids = append(append([]*Node(nil), kids[0].C...), kids[1:]...)
		}
		return &Node{K: KindApp, C: kids}
	case KindProj:
		x := desugar(n.C[0])
		if x.K == KindID { // (x).f is x.f
			return &Node{K: KindID, V: x.V + "." + n.V}
		}
		return &Node{K: KindProj, V: n.V, C: []*Node{x}}
	}
	return n.with(desugarAll(n.C))
}

// notationFunctions are the functions behind bracket notations.
var notationFunctions = map[Kind]string{KindAbs: "abs", KindFloor: "Int.floor", KindCeil: "Int.ceil", KindFloorNat: "Nat.floor", KindCeilNat: "Nat.ceil"}

// pushNot negates x, pushing ¬ through ∃: ¬ ∃ x, P is ∀ x, ¬ P
// (not_exists; never through ∃!, nor ∀ into ∃).
func pushNot(x *Node) *Node {
	if x.K == KindExists && len(x.C) == 2 {
		return &Node{K: KindPi, V: x.V, C: []*Node{x.C[0], pushNot(x.C[1])}}
	}
	return &Node{K: KindUnary, V: "¬", C: []*Node{x}}
}

func desugarAll(ns []*Node) []*Node {
	out := make([]*Node, len(ns))
	for i, c := range ns {
		out[i] = desugar(c)
	}
	return out
}

func unknownOp(n *Node) bool { return n.K == KindBinary && strings.HasPrefix(n.V, "?") }

// normNum writes a numeral canonically: 007 -> 7, 2.50 -> 2.5.
func normNum(s string) string {
	s = strings.ReplaceAll(s, "_", "") // 1_000 is 1000
	if len(s) >= 2 && s[0] == '0' {
		base := map[byte]int{'x': 16, 'X': 16, 'b': 2, 'B': 2, 'o': 8, 'O': 8}[s[1]]
		if base != 0 {
			if v, err := strconv.ParseUint(s[2:], base, 64); err == nil {
				return strconv.FormatUint(v, 10)
			}
			return s
		}
	}
	if strings.ContainsAny(s, "eE") {
		return s // a scientific literal: OfScientific, like a decimal
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

// numeralPaired reports whether every component of tuple a or of tuple b
// beside it is a bare numeral, which takes the other's type: then
// (x, y) = (1, 2) has one type on both sides, as x = 1 ∧ y = 2 does. Two
// tuples of names may have two types (ℕ × ℕ and ℤ × ℤ), which no coercion
// joins: (n, m) = (x, y) does not elaborate, n = x ∧ m = y does, so such
// an equation is kept whole.
func numeralPaired(a, b *Node) bool {
	for i := range a.C {
		if a.C[i].K != KindNum && b.C[i].K != KindNum {
			return false
		}
	}
	return true
}
