package lean

import (
	"math/big"
	"strings"
)

// The value of a term with no variable (evalConstant, for the witness's
// constants) and the operator and function tables the passes share.

// boundaryNames are the constants boundaryValue knows, by their spellings.
var boundaryNames = map[string]string{
	"∅": "∅", "⊤": "⊤", "⊥": "⊥", "Set.univ": "Set.univ", "id": "id",
	"Finset.univ": "Set.univ", "Finset.empty": "∅", "EmptyCollection.emptyCollection": "∅",
	"Nat.zero": "0", "Zero.zero": "0", "One.one": "1",
	"Bot.bot": "⊥", "False": "⊥", "false": "⊥", "Top.top": "⊤", "True": "⊤", "true": "⊤",
}

// evalStatus is how evalConstant ended.
type evalStatus int

const (
	evalOK          evalStatus = iota
	evalNotConstant            // not numerals and arithmetic alone
	evalNoReading              // no value in this mode (-2 in ℕ, 0.5 in ℤ)
	evalUnknown                // a value not worked out (x / 0, a huge power)
)

type evalMode int

const (
	evalRat evalMode = iota
	evalNat
	evalIntFloor
	evalIntTrunc
)

// evalConstant works out a term of numerals, - + * / % and powers under
// mode.
func evalConstant(n *Node, mode evalMode, depth int) (*big.Rat, evalStatus) {
	if depth > 32 {
		return nil, evalUnknown
	}
	switch {
	case n.K == KindNum:
		r, ok := numValue(n.V)
		if !ok {
			return nil, evalUnknown
		}
		if mode != evalRat && !r.IsInt() {
			return nil, evalNoReading
		}
		return r, evalOK
	case n.K == KindAscription && len(n.C) == 2 && typeClass(n.C[1]) == "ℕ" && mode != evalNat:
		// ((3 / 2 : ℕ) : ℝ) is 1: the inner term is on ℕ
		return evalConstant(n.C[0], evalNat, depth+1)
	case n.K == KindAscription && len(n.C) == 2 && typeClass(n.C[1]) == "ℤ" && mode == evalRat:
		x, st := evalConstant(n.C[0], evalIntFloor, depth+1)
		y, st2 := evalConstant(n.C[0], evalIntTrunc, depth+1)
		if st != evalOK || st2 != evalOK || x.Cmp(y) != 0 {
			return nil, max(st, st2, evalUnknown)
		}
		return x, evalOK
	case (n.K == KindParen || n.K == KindCoe) && len(n.C) == 1, n.K == KindAscription && len(n.C) == 2:
		return evalConstant(n.C[0], mode, depth+1)
	case n.K == KindUnary && n.V == "-" && len(n.C) == 1:
		x, st := evalConstant(n.C[0], mode, depth+1)
		if st != evalOK {
			return nil, st
		}
		if mode == evalNat {
			return nil, evalNoReading
		}
		return new(big.Rat).Neg(x), evalOK
	case n.K == KindBinary && len(n.C) == 2:
		switch n.V {
		case "+", "-", "*", "/", "%", "^":
		default:
			return nil, evalNotConstant
		}
		x, stx := evalConstant(n.C[0], mode, depth+1)
		y, sty := evalConstant(n.C[1], mode, depth+1)
		if stx != evalOK || sty != evalOK {
			return nil, max(stx, sty)
		}
		z := new(big.Rat)
		switch n.V {
		case "+":
			z.Add(x, y)
		case "-":
			z.Sub(x, y)
			if mode == evalNat && z.Sign() < 0 {
				z.SetInt64(0)
			}
		case "*":
			z.Mul(x, y)
		case "/", "%":
			if y.Sign() == 0 {
				return nil, evalUnknown
			}
			if mode == evalRat {
				if n.V == "%" {
					return nil, evalNoReading
				}
				return z.Quo(x, y), evalOK
			}
			q := new(big.Int)
			if mode == evalIntTrunc {
				q.Quo(x.Num(), y.Num())
			} else {
				q.Div(x.Num(), y.Num()) // Euclidean: floor for a positive divisor
			}
			if n.V == "/" {
				return z.SetInt(q), evalOK
			}
			return z.Sub(x, new(big.Rat).Mul(y, new(big.Rat).SetInt(q))), evalOK
		case "^":
			if !y.IsInt() || y.Sign() < 0 || !x.IsInt() || int64(x.Num().BitLen())*y.Num().Int64() > 1<<16 || y.Num().BitLen() > 20 {
				return nil, evalUnknown
			}
			z.SetInt(new(big.Int).Exp(x.Num(), y.Num(), nil))
		}
		return z, evalOK
	case n.K == KindApp && len(n.C) == 2 && n.C[0].K == KindID && (n.C[0].V == "Nat.factorial" || n.C[0].V == "factorial"):
		// 8! (Nat.factorial, a natural number whatever the mode)
		x, st := evalConstant(n.C[1], evalNat, depth+1)
		if st != evalOK {
			return nil, st
		}
		if !x.IsInt() || x.Num().Cmp(big.NewInt(1000)) > 0 {
			return nil, evalUnknown
		}
		f := big.NewInt(1)
		for i := int64(2); i <= x.Num().Int64(); i++ {
			f.Mul(f, big.NewInt(i))
		}
		return new(big.Rat).SetInt(f), evalOK
	}
	return nil, evalNotConstant
}

// numericArgs are Mathlib functions whose numeric arguments have one
// fixed type, so that a numeral argument has it: Finset.range 5 is a
// natural number.
var numericArgs = map[string]string{
	"Finset.range": "ℕ", "Nat.choose": "ℕ", "Nat.factorial": "ℕ", "Nat.Prime": "ℕ", "Nat.gcd": "ℕ", "Nat.lcm": "ℕ", "Nat.Coprime": "ℕ",
	"Nat.digits": "ℕ", "Nat.divisors": "ℕ", "Nat.totient": "ℕ", "Nat.fib": "ℕ", "Nat.sqrt": "ℕ",
	"Int.gcd": "ℤ", "Int.natAbs": "ℤ", "Int.toNat": "ℤ",
	"Real.sqrt": "ℝ", "Real.log": "ℝ", "Real.exp": "ℝ", "Real.sin": "ℝ", "Real.cos": "ℝ", "Real.tan": "ℝ", "Real.arctan": "ℝ", "Real.logb": "ℝ", "Real.pi": "ℝ",
}

// sameTypeFunctions return a value of their arguments' type.
var sameTypeFunctions = map[string]bool{"abs": true, "max": true, "min": true}

// numericResults are Mathlib functions with a fixed numeric result type.
var numericResults = map[string]string{
	"Nat.choose": "ℕ", "Nat.factorial": "ℕ", "Nat.gcd": "ℕ", "Nat.lcm": "ℕ", "Nat.totient": "ℕ", "Nat.fib": "ℕ", "Nat.sqrt": "ℕ",
	"Int.gcd": "ℕ", "Int.natAbs": "ℕ", "Int.toNat": "ℕ", "Finset.card": "ℕ", "Int.floor": "ℤ", "Int.ceil": "ℤ", "Nat.floor": "ℕ", "Nat.ceil": "ℕ",
	"Real.sqrt": "ℝ", "Real.log": "ℝ", "Real.exp": "ℝ", "Real.sin": "ℝ", "Real.cos": "ℝ", "Real.tan": "ℝ", "Real.arctan": "ℝ", "Real.logb": "ℝ",
	"Real.pi": "ℝ", "π": "ℝ", "Complex.I": "ℂ", "Complex.abs": "ℝ", "Complex.exp": "ℂ",
}

// injectiveFunctions are global functions that never map two values to
// one, so that a difference under them stays a difference.
var injectiveFunctions = map[string]bool{"Finset.range": true, "Real.exp": true, "Nat.succ": true, "Nat.cast": true, "Int.cast": true, "Int.ofNat": true, "Rat.cast": true}

// hasFreeVariable reports whether n uses a variable it does not bind
// itself: a bound name (alpha-normalized names start with '#') or a free
// name in operand position (a variable of the header, or a constant such
// as Real.pi); a function's name at the head of an application (max 3 5)
// is not one, nor a name n binds (∑ i ∈ range 3, i ^ 2 has none).
func hasFreeVariable(n *Node) bool {
	inner := map[string]bool{}
	var bind func(*Node)
	bind = func(m *Node) {
		switch {
		case binderKinds[m.K]:
			inner[m.V] = true
		case m.K == KindBig && len(m.C) > 0:
			inner[m.C[0].V] = true
		}
		for _, c := range m.C {
			bind(c)
		}
	}
	bind(n)
	var walk func(m *Node, head bool) bool
	walk = func(m *Node, head bool) bool {
		if m.K == KindID {
			if boundaryNames[m.V] != "" {
				return false // ∅, Set.univ, True: constants, never a variable
			}
			// #0.1 is a bound name (boundName), #0.1.2 and h.1 project one
			name, rest, _ := strings.Cut(m.V, ".")
			if strings.HasPrefix(name, "#") {
				depth, _, _ := strings.Cut(rest, ".")
				name += "." + depth
			}
			if inner[name] {
				return false
			}
			return strings.HasPrefix(m.V, "#") || !head
		}
		for i, c := range m.C {
			if m.K == KindAscription && i == 1 {
				continue
			}
			if binderKinds[m.K] && i == 0 && len(m.C) > 1 && numRank[typeClass(c)] > 0 {
				continue // ℝ in {x : ℝ | False}: a type, no variable
			}
			if walk(c, m.K == KindApp && i == 0) {
				return true
			}
		}
		return false
	}
	return walk(n, false)
}

// hasKind reports whether a node of kind k occurs in n.
func hasKind(n *Node, k Kind) bool {
	if n.K == k {
		return true
	}
	for _, c := range n.C {
		if hasKind(c, k) {
			return true
		}
	}
	return false
}

func unwrapParens(n *Node) *Node {
	for n.K == KindParen && len(n.C) == 1 {
		n = n.C[0]
	}
	return n
}
