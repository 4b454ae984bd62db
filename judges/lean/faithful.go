package lean

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
)

// When a single differing numeral or operator shows that two statements
// differ (issue 17.3 and the outsider rounds of 2026-11-25): the rules
// that leave such a pair undecided, where the two values may be one.

// unfaithful says why a single differing numeral or operator does not
// show that the statements differ, or "" when it does (issue 17.3):
//   - under a modular type or relation (ZMod n, Fin n, machine integers,
//     a ≡ b [MOD n], [ZMOD n], Nat.ModEq) numerals wrap: 3 ≡ 7 [MOD 4],
//     (9 : ZMod 7) = 2; and a • b is a * b on a ring (smul_eq_mul);
//   - in a computed term with no variable (not a lone numeral), the
//     two values may coincide:
//     4 / 2 = 5 / 2 in ℤ, 3 - 5 = 3 - 7 in ℕ, 2 ^ 0 = 3 ^ 0, max 3 5 =
//     max 4 5, ⌊2.5⌋ = ⌊2.7⌋, 2 + 2 = 2 * 2.
func unfaithful(d Difference, na, nb *Node) string {
	for _, n := range []*Node{na, nb} {
		if hasKind(n, KindLet) {
			// let a := 0; x - a is x + 0 by zeta, and let f := fun _ => 0;
			// f 3 is f 4: a let-bound name stands for its value, which
			// lean-ast does not substitute
			return fmt.Sprintf("the statements differ only in %s vs %s, in a statement with let, whose names stand for their values", d.A, d.B)
		}
		if m := modular(n); m != "" {
			return fmt.Sprintf("the statements differ only in %s vs %s, under %s, where different spellings can mean the same", d.A, d.B, m)
		}
	}
	if d.Kind == "operator" {
		if why := sameByOperands(d); why != "" {
			return why
		}
		if d.at != nil && d.at.K == KindUnary {
			// ⋃₀ {t} and ⋂₀ {t} are both t (round 24b)
			return fmt.Sprintf("the statements differ only in %s vs %s, prefix operators that may agree on their operand", d.A, d.B)
		}
	}
	// < against ≤, or a moved bound (x ≤ 3 and x ≤ 2), in an if's
	// condition: the conditions differ at a boundary where the branches
	// may agree (3 = 6 - 3; 1 / choose 2008 2009 = 0) (round 14b)
	for i, p := range d.path {
		next := d.at
		if i+1 < len(d.path) {
			next = d.path[i+1]
		}
		if p.K == KindIte && len(p.C) > 0 && p.C[0] == next {
			return fmt.Sprintf("the statements differ only in %s vs %s in an if's condition, where the branches may agree at the boundary", d.A, d.B)
		}
	}
	// The value terms around the difference: up through arithmetic,
	// application and rounding. A numeral under injective wrappers only
	// (-56, (3 : ℝ), ↑3) is still a lone value; any larger term around it
	// without a variable (1 / 2, 2 ^ 0, 3 - 5, max 3 5) may have the same
	// value in both statements, even inside a term with variables
	// (x ^ (1 / 2) is x ^ 0 on ℕ exponents, y + 1 / 2 is y + 0 on ℕ).
	lone, i := d.at, len(d.path)-1
	for ; i >= 0 && injective(d.path[i]); i-- {
		lone = d.path[i]
	}
	// A closed term may bind its own variables: ∑ i ∈ range 2, i ^ 2 and
	// ∑ i ∈ range 2, i ^ 3 are both 1 (round 12a).
	t := lone
	for j := i; j >= 0 && (valueNode(d.path[j]) || d.path[j].K == KindBig || d.path[j].K == KindLambda); j-- {
		if !hasFreeVariable(d.path[j]) {
			t = d.path[j]
		}
	}
	if t != lone {
		return fmt.Sprintf("the statements differ only in %s vs %s inside %s, a term with no variable whose two values may coincide", d.A, d.B, clipNode(t))
	}
	if h := impliedByHypothesis(d); h != nil {
		return fmt.Sprintf("the statements differ only in %s vs %s, in a part of the statement that holds the hypothesis %s as written, which may make it true whatever the difference (x = 2 ⊢ x = 2 ∨ y = 3)", d.A, d.B, clipNode(h))
	}
	if c := closedProposition(d); c != nil {
		return fmt.Sprintf("the statements differ only in %s vs %s inside %s, a proposition with no variable: true or false whatever the statement's variables, and two such may both hold (∃ x : ℕ, x > 5 and ∃ x : ℕ, x > 6)", d.A, d.B, clipNode(c))
	}
	if r := enclosingRelation(d); r != nil && !hasFreeVariable(r) {
		return fmt.Sprintf("the statements differ only in %s vs %s inside %s, a relation between terms with no variable, true or false either way (2 < 3 and 2 < 4)", d.A, d.B, clipNode(r))
	}
	if d.Kind == "operator" && homogeneous[d.A] && homogeneous[d.B] && d.at != nil && d.at.K == KindBinary {
		if env := pathTypes(d); !componentTyped(d.at, env, len(d.path) == 0 || !unusualClass(d.path[0])) {
			// on another type an instance gives the operators their
			// meaning: on Associates ≤ is ∣ (Associates.dvd_eq_le), on a
			// tropical semiring + is min (issue 17.3: type unknown,
			// undecided)
			return fmt.Sprintf("the statements differ only in %s vs %s, on operands whose type lean-ast cannot read as ℕ, ℤ, ℚ, ℝ or ℂ, where the instances may make them the same", d.A, d.B)
		}
	}
	if d.Kind == "numeral" {
		return numeralUnfaithful(d)
	}
	if why := boundaryOperand(d); why != "" {
		return why
	}
	env := pathTypes(d)
	class := ""
	if d.at != nil && d.at.K == KindBinary && homogeneous[d.at.V] && !relations[d.at.V] {
		if c, ok := componentClass(d.at, env); ok {
			class = c
		}
	}
	return masked(d, env, class)
}

// boundaryOperand says why a differing operator may give the same value
// because an operand is 0 or 1, ∅, ⊤ or ⊥, or "". Arithmetic: each
// operator's value with that operand, as a table; the pair is undecided
// when both collapse to the same value or one to a value that depends on
// the type: x / 0 and x * 0 are both 0, n % 0 and n + 0 both n, 0 - n and
// 0 * n both 0 on ℕ, s ∪ ∅ and s \ ∅ both s. Relations: the pairs that
// coincide on ℕ and on nonnegative terms (n ≤ 0 is n = 0, |x| ≤ 0 is
// |x| = 0, 0 < n is 0 ≠ n, n ∣ 1 is n = 1, 0 ∣ n is 0 = n).
func boundaryOperand(d Difference) string {
	n := d.at
	if n == nil || n.K != KindBinary || len(n.C) != 2 {
		return ""
	}
	values := [2]string{boundaryValue(n.C[0]), boundaryValue(n.C[1])}
	for side, c := range n.C {
		v := values[side]
		if v == "" {
			if coinciding := coincideAt(side, d.A, d.B); len(coinciding) > 0 && computedConstant(c, coinciding) {
				return fmt.Sprintf("the statements differ only in %s vs %s with a computed constant as an operand, whose value may make both operators give the same value (x * (2 - 1) and x / (2 - 1))", d.A, d.B)
			}
			// Real.cos 0, √1, Nat.choose 3 0, Finset.range 0, {x | False}:
			// a term with no variable lean-ast does not work out may be
			// the 0, 1 or ∅ both operators collapse on (round 20)
			if cls, _ := componentClass(n, pathTypes(d)); !harmless(c, cls) {
				return fmt.Sprintf("the statements differ only in %s vs %s with %s as an operand, a term that may be a constant (0, 1, -1 or ∅) on which both operators give the same value", d.A, d.B, clipNode(c))
			}
			continue
		}
		for _, v := range strings.Split(v, "|") { // a / a is 1 or 0
			if mayCoincide(side, v, d.A, d.B) {
				return fmt.Sprintf("the statements differ only in %s vs %s with %s as an operand, where both operators can give the same value", d.A, d.B, v)
			}
		}
	}
	for side, v := range values {
		if r := collapse[[2]string{side2[side], v}]; r[d.A] != "" && r[d.B] != "" {
			continue // the table knows both: s ∪ ∅ is s, s ∩ ∅ is ∅
		}
		if (v == "⊤" || v == "⊥" || v == "∅" || v == "Set.univ") && latticeOps[d.A] && latticeOps[d.B] {
			return fmt.Sprintf("the statements differ only in %s vs %s against %s, a bottom or top element, where they may coincide", d.A, d.B, v)
		}
	}
	for _, v := range values {
		if v != "" && relationPairs[[2]string{d.A, d.B}] {
			return fmt.Sprintf("the statements differ only in %s vs %s against %s, which mean the same on ℕ and on nonnegative terms", d.A, d.B, v)
		}
	}
	return ""
}

var side2 = [2]string{"left", "right"}

// boundaryNames are the constants boundaryValue knows, by their spellings.
var boundaryNames = map[string]string{
	"∅": "∅", "⊤": "⊤", "⊥": "⊥", "Set.univ": "Set.univ", "id": "id",
	"Finset.univ": "Set.univ", "Finset.empty": "∅", "EmptyCollection.emptyCollection": "∅",
	"Nat.zero": "0", "Zero.zero": "0", "One.one": "1",
	"Bot.bot": "⊥", "False": "⊥", "false": "⊥", "Top.top": "⊤", "True": "⊤", "true": "⊤",
}

// latticeOps are the connectives, relations and lattice operators that a
// bottom or top operand can make coincide (p ∧ True and p ↔ True are p;
// p ≤ False and p = False are ¬p; s ∪ ∅ and s \ ∅ are s).
var latticeOps = map[string]bool{"∧": true, "∨": true, "↔": true, "→": true, "=": true, "≠": true, "≤": true, "<": true,
	"≥": true, ">": true, "⊓": true, "⊔": true, "⊆": true, "⊂": true, "⊇": true, "⊃": true, "∪": true, "∩": true, "\\": true, "∆": true}

// binaryBoundary is the value a binary operator op gives whatever its
// other operand, from its operands' boundary values l and r, or "":
// y ^ 0 and π ^ 0 are 1; 0 * y, y * 0, 0 / y, y / 0 and y % 1 are 0
// (round 13a); and by the collapse table t ∩ ∅ and f ” ∅ are ∅, s ∪
// Set.univ is Set.univ (round 20). The operands' values are worked out
// once by the caller: a chain of 3,900 factors must not evaluate each
// operand twice at every level.
func binaryBoundary(op, l, r string) string {
	switch {
	case op == "^" && r == "0":
		return "1"
	case op == "*" && (l == "0" || r == "0"), op == "/" && (l == "0" || r == "0"), op == "%" && r == "1":
		return "0"
	}
	for side, v := range [2]string{l, r} {
		if v == "" {
			continue
		}
		switch c := collapse[[2]string{side2[side], v}][op]; c {
		case "∅", "Set.univ", "⊤", "⊥":
			return c
		}
	}
	return ""
}

// unwrapValue is the term under parentheses, ascriptions and casts, which
// keep its value: (0 : ℝ), ↑(1 : ℕ).
func unwrapValue(n *Node) *Node {
	for n.K == KindParen && len(n.C) == 1 || n.K == KindAscription && len(n.C) == 2 || n.K == KindCoe && len(n.C) == 1 {
		n = n.C[0]
	}
	return n
}

// mayCoincide reports whether operators a and b may give the same value
// with the operand v on the given side (the collapse table: both reduce
// to one thing, or one depends on the type).
func mayCoincide(side int, v, a, b string) bool {
	r := collapse[[2]string{side2[side], v}]
	if r == nil {
		return false
	}
	ra, rb := r[a], r[b]
	return ra == "?" || rb == "?" || ra != "" && ra == rb
}

// coincideAt are the operand values (0, 1, -1) on the given side at which
// operators a and b may give the same value.
func coincideAt(side int, a, b string) map[string]bool {
	out := map[string]bool{}
	for _, v := range []string{"0", "1", "-1"} {
		if mayCoincide(side, v, a, b) {
			out[v] = true
		}
	}
	return out
}

// computedConstant reports whether n computes a value from numerals alone
// (2 - 1, 3 / 3, (4 - 4 : ℝ)) that may be one of values, on ℚ or with
// ℕ's or ℤ's truncation, or a value lean-ast does not work out.
func computedConstant(n *Node, values map[string]bool) bool {
	n = unwrapValue(n)
	if n.K != KindBinary && !(n.K == KindUnary && n.V == "-") {
		return false
	}
	hit, _ := evaluations(n, allModes, func(v *big.Rat) bool {
		for want := range values {
			if w, _ := new(big.Rat).SetString(want); v.Cmp(w) == 0 {
				return true
			}
		}
		return false
	})
	return hit
}

// allModes are the readings of arithmetic on numerals: ℚ, ℕ, and ℤ with
// either rounding of / and %.
var allModes = []evalMode{evalRat, evalNat, evalIntFloor, evalIntTrunc}

// evaluations works n out in each mode in turn: hit when a value
// satisfies want or a mode cannot work it out (x / 0, a huge power);
// notConstant when n is not arithmetic on numerals.
func evaluations(n *Node, modes []evalMode, want func(*big.Rat) bool) (hit, notConstant bool) {
	for _, mode := range modes {
		v, st := evalConstant(n, mode, 0)
		switch st {
		case evalNotConstant:
			return false, true
		case evalUnknown:
			return true, false
		case evalOK:
			if want(v) {
				return true, false
			}
		}
	}
	return false, false
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
		// ((3 / 2 : ℕ) : ℝ) is 1: the inner term is on ℕ (round 20)
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

// boundaryValue is "0", "1" or "-1" for the numerals of those values
// (0.0, -1) and ∅ ⊤ ⊥ Set.univ id for those constants, under
// parentheses, ascriptions and casts ((0 : ℝ), ↑(1 : ℕ)), Finset.univ as
// Set.univ and {} as ∅; or "".
func boundaryValue(n *Node) string {
	n = unwrapValue(n)
	switch {
	case n.K == KindNum:
		if v, ok := numValue(n.V); ok && v.IsInt() && v.Num().IsInt64() {
			switch v.Num().Int64() {
			case 0:
				return "0"
			case 1:
				return "1"
			}
		}
	case n.K == KindUnary && n.V == "-" && len(n.C) == 1:
		switch boundaryValue(n.C[0]) {
		case "1":
			return "-1"
		case "0":
			return "0" // -0
		}
	case n.K == KindSetLit && len(n.C) == 0:
		return "∅"
	case n.K == KindList && len(n.C) == 0, n.K == KindStr && n.V == `""`:
		return "⊥" // the least list and string
	case n.K == KindID:
		return boundaryNames[n.V]
	case n.K == KindBinary && len(n.C) == 2 && sameUpToOrder(n.C[0], n.C[1]):
		switch n.V {
		case "-":
			return "0" // y - y, x + y - (y + x)
		case "\\", "∆":
			return "∅" // s \ s
		case "/":
			return "0|1" // a / a: 1, or 0 where a = 0
		}
	case n.K == KindBinary && len(n.C) == 2:
		if v := binaryBoundary(n.V, boundaryValue(n.C[0]), boundaryValue(n.C[1])); v != "" {
			return v
		}
		if n.V == "∩" && (complementOf(n.C[0], n.C[1]) || complementOf(n.C[1], n.C[0])) {
			return "∅" // s ∩ sᶜ
		}
	case n.K == KindApp && len(n.C) == 3 && n.C[0].K == KindID && n.C[0].V == "symmDiff" && sameUpToOrder(n.C[1], n.C[2]):
		return "∅"
	}
	return ""
}

// collapse gives, for an operand (its side and value), what each operator
// reduces to: "x" or "y" (the other operand), a constant, "?" when it
// depends on the type, "" when it does not reduce.
var collapse = map[[2]string]map[string]string{
	{"right", "0"}:        {"+": "x", "-": "x", "*": "0", "/": "0", "%": "x", "⊔": "?", "⊓": "?", "^": "1", "•": "0", "∣": "?"},
	{"left", "0"}:         {"+": "y", "-": "?", "*": "0", "/": "0", "%": "0", "⊔": "?", "⊓": "?", "^": "?", "•": "0", "∣": "?"},
	{"right", "1"}:        {"*": "x", "/": "x", "^": "x", "%": "?", "⊔": "?", "⊓": "?", "∣": "?"},
	{"left", "1"}:         {"*": "y", "^": "1", "%": "?", "⊔": "?", "⊓": "?", "∣": "?"},
	{"right", "-1"}:       {"*": "-x", "/": "-x", "%": "?", "^": "?", "∣": "?"},
	{"left", "-1"}:        {"*": "-y", "%": "?", "^": "?", "∣": "?"},
	{"right", "∅"}:        {"∪": "x", "\\": "x", "∆": "x", "∩": "∅", "×ˢ": "∅", "''": "∅", "⁻¹'": "∅"},
	{"left", "∅"}:         {"∪": "y", "\\": "∅", "∆": "y", "∩": "∅", "×ˢ": "∅"},
	{"right", "⊤"}:        {"⊔": "⊤", "⊓": "x", "∪": "?", "∩": "?"},
	{"left", "⊤"}:         {"⊔": "⊤", "⊓": "y", "∪": "?", "∩": "?"},
	{"right", "⊥"}:        {"⊔": "x", "⊓": "⊥", "∪": "?", "∩": "?"},
	{"left", "⊥"}:         {"⊔": "y", "⊓": "⊥", "∪": "?", "∩": "?"},
	{"right", "Set.univ"}: {"∪": "Set.univ", "∩": "x", "\\": "∅", "⁻¹'": "Set.univ", "''": "?"},
	{"left", "id"}:        {"''": "y", "⁻¹'": "y", "∘": "y"},
	{"right", "id"}:       {"∘": "x"},
	{"left", "Set.univ"}:  {"∪": "Set.univ", "∩": "y"},
}

// relationPairs are relations that coincide against 0 or 1 on ℕ or on a
// nonnegative term, or against a bottom or top element (s ⊆ ∅ is s = ∅,
// ⊤ ≤ x is ⊤ = x), in either order.
var relationPairs = func() map[[2]string]bool {
	m := map[[2]string]bool{}
	for _, p := range [][2]string{{"≤", "="}, {"≥", "="}, {"<", "≠"}, {">", "≠"}, {"∣", "="}, {"⊆", "="}, {"⊇", "="}} {
		m[p] = true
		m[[2]string{p[1], p[0]}] = true
	}
	return m
}()

// homogeneous are the operators whose operands (and, for + - * / % ⊔ ⊓,
// result) have one type, so that a numeral among them takes the type of
// the other operands: binop% and binrel% in Lean core, and Dvd.dvd, Ne,
// Max and Min whose arguments share their type parameter.
var homogeneous = map[string]bool{"+": true, "-": true, "*": true, "/": true, "%": true, "⊔": true, "⊓": true, "=": true, "≠": true, "<": true, "≤": true, ">": true, "≥": true, "∣": true}

// relations among homogeneous: the root of a component (a Prop).
var relations = map[string]bool{"=": true, "≠": true, "<": true, "≤": true, ">": true, "≥": true, "∣": true}

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

// numeralUnfaithful says why a single differing numeral does not show the
// statements differ, or "" when it does: its type must be read as ℕ, ℤ,
// ℚ, ℝ or ℂ (issue 17.3: in a field of characteristic p, a quotient ring,
// GaloisField or Float, two numerals can be one element). The type comes
// from an ascription, from the other leaves of the numeral's component
// (the operands elaborated together: x + 1 = 3 with x : ℝ), from the
// function it is an argument of, or, for numerals alone under a relation
// or in an exponent, from Lean's default ℕ. Truncating / and % (on ℕ, ℤ)
// may also map two numerals to one value: (n + 4) % 2 is (n + 2) % 2.
func numeralUnfaithful(d Difference) string {
	if x, ok1 := numValue(d.A); ok1 {
		if y, ok2 := numValue(d.B); ok2 && x.Cmp(y) == 0 {
			return "" // one value written two ways: oneDifference says so
		}
	}
	env := pathTypes(d)
	unknown := fmt.Sprintf("the statements differ only in a numeral (%s vs %s) whose type lean-ast cannot read as ℕ, ℤ, ℚ, ℝ or ℂ", d.A, d.B)
	x, i := d.at, len(d.path)-1
	// Injective wrappers: an ascription gives the type (and a cast from
	// it into an unreadable type is caught by masked), a coercion's
	// argument is elaborated alone (ℕ by default).
	for ; i >= 0 && injective(d.path[i]); i-- {
		if p := d.path[i]; p.K == KindAscription && numRank[typeClass(p.C[1])] == 0 {
			return unknown
		}
		// (6 : ℕ) and ↑6 are leaves of the component around them, into
		// whose type Lean casts them: it must be read too.
		x = d.path[i]
	}
	// The component: up through the homogeneous operators and the base of
	// ^; an exponent is elaborated on its own.
	divides := false
	for ; i >= 0; i-- {
		p := d.path[i]
		if p.K == KindParen || p.K == KindUnary && p.V == "-" {
			x = p
			continue
		}
		if p.K != KindBinary || !(homogeneous[p.V] || p.V == "^" && len(p.C) == 2 && p.C[0] == x) {
			break
		}
		if p.V == "/" || p.V == "%" {
			divides = true
		}
		x = p
		if relations[p.V] {
			i--
			break
		}
	}
	root := x
	class, ok := componentClass(root, env)
	if !ok {
		return unknown
	}
	if class == "" { // numerals only: the type comes from around the component
		switch {
		case root.K == KindBinary && relations[root.V], i < 0:
			class = "ℕ" // Lean's default instance for numerals
		case d.path[i].K == KindBinary && d.path[i].V == "^" && d.path[i].C[1] == root:
			class = "ℕ"
		case d.path[i].K == KindAscription:
			class = typeClass(d.path[i].C[1])
		case d.path[i].K == KindApp:
			class = argClass(d.path[i], root, env)
		}
		if numRank[class] == 0 {
			return unknown
		}
	}
	if divides && !isField(class) {
		return fmt.Sprintf("the statements differ only in a numeral (%s vs %s) under / or %% on %s, which truncate: two numerals may give one value", d.A, d.B, class)
	}
	return masked(d, env, class)
}

// injectiveFunctions are global functions that never map two values to
// one, so that a difference under them stays a difference.
var injectiveFunctions = map[string]bool{"Finset.range": true, "Real.exp": true, "Nat.succ": true, "Nat.cast": true, "Int.cast": true, "Int.ofNat": true, "Rat.cast": true}

// masked says why a difference, faithful where it is, may vanish in the
// terms around it, or "" (the second outsider round of 2026-11-25): a
// cast into a type lean-ast cannot read (((6 : ℕ) : K) in characteristic
// 3); a function that maps two values to one (⌊n + 1 / 2⌋, max x (x - 1),
// √(-x ^ 2 - 1), |·|, Nat.gcd); truncated subtraction on ℕ (n - (n + 1)
// is 0); a changed exponent of a base of unknown type (u ^ 3 = u ^ 5 for
// a unit of ℤ); < against ≤ in an if's condition (the branches may agree
// at the boundary); and a relation against 0 or 1 whose side the
// difference reaches only through * and ^ (2 * x = 0 is 3 * x = 0, x ^ 2
// = 1 is x ^ 4 = 1 on ℝ). Propositions that coincide for deeper reasons
// (x ^ 2 + 1 = 0 and x ^ 2 + 2 = 0 both have no real solution) are not
// caught: lean-ast's "not equivalent" is that the terms differ there.
// class is the numeric type of the difference's component, or "".
func masked(d Difference, env map[string]*Node, class string) string {
	what := fmt.Sprintf("the statements differ only in %s vs %s", d.A, d.B)
	child := d.at
	// multiplicative: the path so far goes through * ^ / (unary -) and
	// parentheses only, from a numeral or from * ^ / themselves.
	multiplicative := d.Kind == "numeral" || multiplicativeOps[d.A] && multiplicativeOps[d.B]
	inExponent := false
	for i := len(d.path) - 1; i >= 0; i, child = i-1, d.path[i] {
		p := d.path[i]
		if !(p.K == KindParen || p.K == KindUnary && p.V == "-" || p.K == KindBinary && (multiplicativeOps[p.V] || relations[p.V]) || addsZero(p, child)) {
			multiplicative = false
		}
		if why := absorbed(p, child); why != "" {
			return what + ", " + why
		}
		switch p.K {
		case KindAscription:
			if child == p.C[0] && numRank[typeClass(p.C[1])] == 0 {
				return what + ", cast into a type lean-ast cannot read (where two values may be one)"
			}
		case KindIte:
			// a branch: the condition may hold always or never (if x = x,
			// if n ≥ 0 on ℕ), so the other branch is never taken (round 24a)
			if len(p.C) > 0 && child != p.C[0] {
				return what + ", in a branch of an if, which may be the branch never taken"
			}
		case KindBig:
			// a body summed over a domain with no variable, which may be
			// empty (Finset.range 0, Finset.Icc 5 3: round 24a)
			if len(p.C) == 4 && child == p.C[3] && !hasFreeVariable(p.C[2]) && !closedNonempty(p.C[2]) {
				return fmt.Sprintf("%s, in the body of %s over %s, a domain with no variable that may be empty", what, p.V, clipNode(p.C[2]))
			}
			// a domain summed over with a body that may be constant
			// (0, x - x, i * 0: round 24b): ∑ over any domain is 0
			if len(p.C) == 4 && child != p.C[3] && mayBeConstant(p.C[3], false) {
				return fmt.Sprintf("%s, in the domain of %s, whose body %s may be a constant such as 0 or ∅ (then the domain does not matter)", what, p.V, clipNode(p.C[3]))
			}
		case KindLambda:
			// a fun's body counts where the fun is compared (f = fun x
			// => …) or given to a bound function; composed, applied or
			// imaged it may be thrown away ((fun _ => 0) ∘ g: round 24b)
			j := i - 1
			for j >= 0 && d.path[j].K == KindParen {
				j--
			}
			if !topChain(d.path, i) && (j < 0 || !lambdaKept(d.path[j], d.path[j+1], env)) {
				return what + ", inside a fun whose use lean-ast does not read (composed, applied or mapped, it may not use its body)"
			}
		case KindApp:
			// A function lean-ast does not name (a fun, a vector, a dot
			// notation s.sum, a composition) may ignore its argument or
			// have a body it never uses: (fun _ => x) (z + 5), ![x, z + 5] 0,
			// (fun w => x + w) 0 (round 24a).
			if h := unwrapParens(p.C[0]); h.K != KindID {
				return fmt.Sprintf("%s, in %s applied, a function lean-ast does not name (it may not use the difference)", what, clipNode(p.C[0]))
			}
			// A global function lean-ast does not know to be injective
			// may map two arguments to one: on numbers by rounding,
			// truncating, clamping or periodicity (⌊⌋, √ of a negative,
			// max, Nat.gcd, cos), on functions and sets by what it keeps
			// of them (Tendsto (fun n => 1 / n) and (fun n => 1 / (n + 1))
			// atTop (𝓝 0) both hold; deriv forgets constants, Set.Infinite
			// sizes: round 24a). A bound function is any function, so a
			// difference in its argument stays one.
			if h := p.C[0]; child != h && h.K == KindID && env[h.V] == nil && !injectiveFunctions[h.V] {
				return fmt.Sprintf("%s, under %s, a function that may map two arguments to one", what, h.V)
			}
			// An argument of a bound function is elaborated at its
			// domain: with f : K → Prop, f (n + 3) is f (↑n + 3), and in
			// characteristic 2 that is f (↑n + 1) (round 12a).
			if h := p.C[0]; child != h && h.K == KindID && env[h.V] != nil && !readableDomain(domainOf(env[h.V], p, child)) {
				return fmt.Sprintf("%s, in an argument of %s, whose domain lean-ast cannot read as ℕ, ℤ, ℚ, ℝ, ℂ, a set of them or Prop (there two numerals may be one element)", what, h.V)
			}
			// and its value is one of its codomain, which may have one
			// element (f : ℝ → Unit: round 24b)
			if h := p.C[0]; child != h && h.K == KindID && env[h.V] != nil && !readableCodomain(codomainOf(env[h.V], len(p.C)-1), env) {
				return fmt.Sprintf("%s, in an argument of %s, whose values lean-ast cannot read as ℕ, ℤ, ℚ, ℝ, ℂ, a set of them, Prop or a type the statement binds (a type of one element makes all values one)", what, h.V)
			}
		case KindProj:
			// (x + 3).gcd 1, (x - x + 1).sign, (x + 3, y).2: a field or a
			// function by dot notation, which may map two values to one
			// (round 21b)
			if len(p.C) > 0 && child == p.C[0] {
				return fmt.Sprintf("%s, in the term before .%s, a field or function by dot notation that may map two values to one", what, p.V)
			}
		case KindUnary:
			// # (a cardinality), ⋃₀ and ⋂₀ map two arguments to one
			if p.V != "-" && p.V != "¬" && p.V != "@" {
				return fmt.Sprintf("%s, under %s, which may map two arguments to one", what, p.V)
			}
		case KindPostfix:
			// ⁻¹, ᶜ and ᵀ are involutions on the types they are declared
			// for (inv_inv, compl_compl, transpose_transpose); n ! is 1 at
			// 0 and at 1, so only a term with a variable keeps its
			// difference; ˣ, ᵒᵈ and ᗮ build types and subspaces
			switch {
			case p.V == "!" && hasFreeVariable(child):
			case p.V == "⁻¹" || p.V == "ᶜ" || p.V == "ᵀ":
			default:
				return fmt.Sprintf("%s, under the postfix %s, which may map two arguments to one", what, p.V)
			}
		case KindFloor, KindCeil, KindFloorNat, KindCeilNat, KindAbs, KindNorm:
			return what + ", under a rounding, an absolute value or a norm, which may map two values to one"
		case KindBinary:
			if dual := absorption[p.V]; dual != "" {
				for _, other := range p.C {
					if other != child && absorbedBy(p.V, dual, child, other, d) {
						// s ∪ (s ∩ t) is s, p ∧ (p ∨ q) is p (sup_inf_self,
						// and_or_self), s ∪ (s \ t) is s (round 24b)
						return fmt.Sprintf("%s, under %s beside %s, which absorbs it (s ∪ (s ∩ t) is s)", what, p.V, clipNode(other))
					}
				}
			}
			if len(p.C) != 2 {
				continue
			}
			if p.V == "⊔" || p.V == "⊓" {
				// max and min on a linear order (x ⊔ 3 = 5 and x ⊔ 4 = 5
				// are both x = 5), like max and min themselves
				return what + ", under " + p.V + ", which may map two values to one"
			}
			other := p.C[0]
			if other == child {
				other = p.C[1]
			}
			// An annihilated operand: 0 * (x + 3), (x - x) * (y + 3),
			// (x + 3) / 0, (x + 3) ^ 0 do not depend on it.
			zero := boundaryValue(other) == "0"
			if (p.V == "*" || p.V == "•") && zero || (p.V == "/" || p.V == "^") && child == p.C[0] && boundaryValue(p.C[1]) == "0" {
				return what + ", in an operand that a 0 beside it annihilates"
			}
			switch {
			case p.V == "∣" && child == p.C[1]:
				// 2 ∣ n + 2 is 2 ∣ n + 4: the right side counts only
				// modulo the left (round 22)
				return what + ", on the right of ∣, which counts only modulo its left side"
			case (p.V == "/" || p.V == "%") && !fieldAt(p, env):
				// (4 * x + 2) % 2 and (4 * x - 2) % 2, (x + 3) / (x + 4)
				// and (x - 3) / (x + 4) on ℕ (round 21b)
				return what + ", under / or % on a type that is not a field (they truncate: two values may give one)"
			case p.V == "-" && class == "ℕ":
				return what + ", under truncated subtraction on ℕ"
			case p.V == "^" && child == p.C[1]:
				if bc, ok := componentClass(p.C[0], env); !ok || bc == "" && !numeralBase(p.C[0]) {
					return what + " in an exponent of a base whose type lean-ast cannot read"
				}
				inExponent = true
			case relations[p.V]:
				if v := boundaryValue(other); (v == "0" || v == "1" || v == "-1") && (multiplicative || inExponent) {
					return fmt.Sprintf("%s, on a side compared with %s through a product or a power, where different factors or powers can have the same solutions", what, v)
				}
				rc, _ := componentClass(p, env) // the type of both sides
				if (multiplicative || inExponent) && !harmless(other, rc) {
					// x ^ 2 = 2 - 1 is x ^ 4 = 2 - 1, 2 * x = 0 ^ 3 is 3 * x =
					// 0 ^ 3, 2 * x = n % n is 3 * x = n % n
					return fmt.Sprintf("%s, on a side compared with %s, a term that may be 0, 1 or -1, through a product or a power", what, clipNode(other))
				}
				// The proposition may still vanish in what holds it ({x |
				// x < 2} ∩ ∅, p ∨ (p ∧ x < 2), decide (x < 2) under 0 *:
				// round 24b): the walk goes on, now past the arithmetic.
				multiplicative, inExponent, class = false, false, ""
			case (p.V == "''" || p.V == "⁻¹'") && child == p.C[1] && !boundFunction(p.C[0], env):
				// Real.cos '' s: a function lean-ast does not read may map
				// two sets to one image
				return fmt.Sprintf("%s, in the set mapped by %s, which may map two sets to one", what, clipNode(p.C[0]))
			}
		}
	}
	return ""
}

var multiplicativeOps = map[string]bool{"*": true, "^": true, "/": true}

// addsZero reports whether p adds 0 to child or takes 0 from it (y + 0,
// 0 + y, y - 0), which keeps its value: 2 * x + 0 = 0 is 2 * x = 0.
func addsZero(p, child *Node) bool {
	if p.K != KindBinary || len(p.C) != 2 || !(p.V == "+" || p.V == "-" && p.C[0] == child) {
		return false
	}
	other := p.C[0]
	if other == child {
		other = p.C[1]
	}
	return literalValue(other) == "0"
}

// absorbed says why the operand child of p, where the difference lies,
// may not change p's value, or "" (round 19b): an operand beside it that
// absorbs any value (0 / y, 0 % y, y % 1, 0 ^ n, 1 ^ n, (-1) ^ n, s ∩ ∅,
// s ∪ Set.univ, ∅ \ s, f ” ∅, x ∈ ∅, p ∧ False), a term beside it with no
// variable that lean-ast does not work out (1 / 2 and 2 - 5 are 0 on ℕ, 0
// ^ 2 and 0 + 0 are 0, 2 - 1 is 1: (x + 3) ^ (1 / 2) is (x + 4) ^ (1 / 2)),
// or an if whose condition has no variable (the branch may be the one not
// taken).
func absorbed(p, child *Node) string {
	if p.K == KindIte && len(p.C) > 0 && p.C[0] != child && (!hasFreeVariable(p.C[0]) || boundaryValue(p.C[0]) != "") {
		return fmt.Sprintf("in a branch of an if whose condition %s has no variable: the branch may be the one not taken", clipNode(p.C[0]))
	}
	if p.K != KindBinary || len(p.C) != 2 {
		return ""
	}
	side, other := 0, p.C[1]
	if p.C[1] == child {
		side, other = 1, p.C[0]
	}
	v := boundaryValue(other)
	switch v {
	case "∅", "Set.univ", "⊤", "⊥":
		if p.V != "=" && p.V != "≠" && p.V != "↔" {
			return fmt.Sprintf("in an operand of %s beside %s, a bottom or top element that may absorb it", p.V, v)
		}
	case "0", "1", "-1":
		switch {
		case p.V == "/" && v == "0", p.V == "%" && (v == "0" && side == 1 || v == "1" && side == 0),
			p.V == "^" && side == 1 && v != "", p.V == "-" && side == 1 && v == "0":
			// 0 / y, y / 0, 0 % y, y % 1, 0 ^ n, 1 ^ n, (-1) ^ n, 0 - y
			// on ℕ
			return fmt.Sprintf("in an operand of %s beside %s, which may absorb it", p.V, v)
		}
	}
	// + and - are injective in each operand (truncation on ℕ is masked's
	// rule); a relation's other side matters only through a product or a
	// power (masked)
	if v == "" && !additive[p.V] && !relations[p.V] && !harmless(other, "") {
		return fmt.Sprintf("beside %s, a term that may be a constant such as 0, 1 or ∅ and absorb the difference (lean-ast reads as varying only numerals and terms whose variables each occur once)", clipNode(other))
	}
	return ""
}

// harmless reports whether n, beside a difference, cannot be a constant
// that absorbs it: with no variable, a numeral as written or worked out to
// a value other than 0, 1 and -1 (class, when known, is its type), or √n
// above 1; with variables, a term that cannot be constant (mayBeConstant).
func harmless(n *Node, class string) bool {
	if !hasFreeVariable(n) {
		return !closedTerm(n, class)
	}
	return !mayBeConstant(n, isField(class))
}

// mayBeConstant reports whether a term with variables may still be
// constant (round 21b): a subtraction whose sides share a variable (y -
// y, n - (n + 1), y + 0 - y), / or % on variables (n % n, 2 * n % 2,
// n / (n + 1) on ℕ), a product with 0, a power of 0 or 1 or to the 0th ((0
// : ℝ) ^ (n + 1), (1 : ℝ) ^ n, y ^ 0), or a term whose every part with
// variables is one of those (|y - y|, Real.sin (y - y), (y - y) ^ 2).
//
// field says the term is on ℚ, ℝ or ℂ, where / does not truncate.
func mayBeConstant(n *Node, field bool) bool {
	n = unwrapValue(n)
	if !hasFreeVariable(n) {
		return true
	}
	switch {
	case n.K == KindID:
		return false
	case n.K == KindBinary && len(n.C) == 2:
		switch n.V {
		case "-", "\\", "∆":
			if sharesVariable(n.C[0], n.C[1]) {
				return true
			}
		case "+":
			// -y + y: a negation on one side cancels the other
			if (hasKind(n.C[0], KindUnary) || hasKind(n.C[1], KindUnary) || hasBinary(n, "-")) && sharesVariable(n.C[0], n.C[1]) {
				return true
			}
		case "%":
			return true
		case "/":
			// truncating on ℕ and ℤ (n / (n + 1)); on a field x / x is 1
			// or 0 and 0 / y is 0
			if !field && !fieldAscribed(n) || sharesVariable(n.C[0], n.C[1]) || literalValue(n.C[0]) == "0" {
				return true
			}
		case "*", "•", "∩", "×ˢ":
			// literal operands only: boundaryValue walks its operand, and
			// at every level of a chain of 3,900 factors that was cubic;
			// and a big operator that may be 0 or ∅ (n * ∑ i ∈ s, 0:
			// round 24b)
			if literalValue(n.C[0]) == "0" || literalValue(n.C[1]) == "0" || isBottom(n.C[0]) || isBottom(n.C[1]) ||
				constantBig(n.C[0], field) || constantBig(n.C[1], field) {
				return true
			}
		case "^":
			if b := literalValue(n.C[0]); b != "" || literalValue(n.C[1]) == "0" || isMinusOne(n.C[0]) {
				return true
			}
		}
	case n.K == KindApp && len(n.C) > 0 && n.C[0].K == KindID && strings.HasPrefix(n.C[0].V, "#"):
		return false // a bound function: any function
	case n.K == KindBig && len(n.C) == 4:
		// ∑ i ∈ range n, 0 and ⋃ i ∈ s, ∅ are constant whatever the
		// domain (round 24b)
		return mayBeConstant(n.C[3], field)
	}
	for i, c := range n.C {
		if i == 0 && n.K == KindApp && c.K == KindID {
			continue // a global function's name: its value depends on its arguments
		}
		if hasFreeVariable(c) && !mayBeConstant(c, field) {
			return false
		}
	}
	return true
}

// literalValue is "0" or "1" for a numeral of that value as written
// (under parentheses, ascriptions and casts), or "".
func literalValue(n *Node) string {
	if n = unwrapValue(n); n.K != KindNum {
		return ""
	}
	return boundaryValue(n)
}

// fieldAt reports whether the operands of p are read as ℚ, ℝ or ℂ (its
// own type, not the difference's: an exponent is ℕ under a real /).
func fieldAt(p *Node, env map[string]*Node) bool {
	c, ok := componentClass(p, env)
	return ok && isField(c)
}

// isBottom reports whether n is ∅ or ⊥ as written.
func isBottom(n *Node) bool {
	n = unwrapValue(n)
	return n.K == KindID && (boundaryNames[n.V] == "∅" || boundaryNames[n.V] == "⊥") || n.K == KindSetLit && len(n.C) == 0
}

// isMinusOne reports whether n is -1 as written.
func isMinusOne(n *Node) bool {
	n = unwrapValue(n)
	return n.K == KindUnary && n.V == "-" && len(n.C) == 1 && literalValue(n.C[0]) == "1"
}

// hasBinary reports whether n holds the binary operator op.
func hasBinary(n *Node, op string) bool {
	if n.K == KindBinary && n.V == op {
		return true
	}
	return slices.ContainsFunc(n.C, func(c *Node) bool { return hasBinary(c, op) })
}

// sharesVariable reports whether a and b use a name in common.
func sharesVariable(a, b *Node) bool {
	names := map[string]bool{}
	var collect func(m *Node, in bool) bool
	collect = func(m *Node, in bool) bool {
		if m.K == KindID && boundaryNames[m.V] == "" {
			if in {
				return names[m.V]
			}
			names[m.V] = true
		}
		for _, c := range m.C {
			if collect(c, in) {
				return true
			}
		}
		return false
	}
	collect(a, false)
	return collect(b, true)
}

var additive = map[string]bool{"+": true, "-": true, "↔": true, "∧": true, "∨": true}

// closedTerm reports whether n is a term with no variable whose value may
// be 0, 1 or -1, or is not worked out: 1 / 2 and 2 - 5 (0 on ℕ), 0 ^ 2,
// 2 - 1, Real.sqrt 0. A numeral as written is not one, nor arithmetic on
// numerals whose values, on every type it may have (ℕ, ℤ, ℚ: ℝ when a
// leaf is ascribed one), are none of those: 5 ^ 2, 12 / 25, (1 : ℝ) / 3.
//
// class is the term's numeric type where the context gives it (the other
// side of a relation on ℝ), or "".
func closedTerm(n *Node, class string) bool {
	if hasFreeVariable(n) || plainValue(n) || sqrtAboveOne(n) {
		return false
	}
	modes := allModes
	if isField(class) || fieldAscribed(n) {
		modes = modes[:1]
	}
	hit, notConstant := evaluations(n, modes, func(v *big.Rat) bool {
		return v.IsInt() && v.Num().IsInt64() && v.Num().Int64() >= -1 && v.Num().Int64() <= 1
	})
	return hit || notConstant
}

// sqrtAboveOne reports whether n is the real square root of a numeral
// of at least 2 (√2, Real.sqrt 3): a value above 1, never 0, 1 or -1.
func sqrtAboveOne(n *Node) bool {
	n = unwrapValue(n)
	if n.K != KindApp || len(n.C) != 2 || n.C[0].K != KindID || n.C[0].V != "Real.sqrt" && n.C[0].V != "√" {
		return false
	}
	v, st := evalConstant(n.C[1], evalRat, 0)
	return st == evalOK && v.Cmp(big.NewRat(1, 1)) > 0
}

// fieldAscribed reports whether a leaf of n is ascribed ℚ, ℝ or ℂ, which
// gives the whole arithmetic term that type (binop%).
func fieldAscribed(n *Node) bool {
	if n.K == KindAscription && len(n.C) == 2 && isField(typeClass(n.C[1])) {
		return true
	}
	return slices.ContainsFunc(n.C, fieldAscribed)
}

// plainValue reports whether n is a numeral as written, under
// parentheses, ascriptions, casts and a minus, or a set or list of them
// ({1}, [2, 3]): a value lean-ast reads.
func plainValue(n *Node) bool {
	n = unwrapValue(n)
	if n.K == KindUnary && n.V == "-" && len(n.C) == 1 {
		n = unwrapValue(n.C[0])
	}
	if (n.K == KindSetLit || n.K == KindList) && len(n.C) > 0 {
		return !slices.ContainsFunc(n.C, func(c *Node) bool { return !plainValue(c) })
	}
	return n.K == KindNum
}

// numeralBase reports whether n is a numeral of at least 2 (2 ^ n is
// injective in n).
func numeralBase(n *Node) bool {
	for n.K == KindParen {
		n = n.C[0]
	}
	v, ok := numValue(n.V)
	return n.K == KindNum && ok && v.Cmp(big.NewRat(2, 1)) >= 0
}

// pathTypes maps the names bound along the difference's path to their
// types.
func pathTypes(d Difference) map[string]*Node {
	env := map[string]*Node{}
	for k, n := range d.path {
		next := d.at
		if k+1 < len(d.path) {
			next = d.path[k+1]
		}
		switch {
		case binderKinds[n.K] && len(n.C) >= 2 && n.C[len(n.C)-1] == next:
			env[n.V] = n.C[0]
			if n.C[0].K == KindHole {
				if t := holeType(n.V, n.C[len(n.C)-1], env); t != nil {
					env[n.V] = t
				}
			}
		case n.K == KindBig && len(n.C) == 4 && n.C[3] == next:
			env[n.C[0].V] = n.C[1]
			if r := n.C[2]; n.C[1].K == KindHole && r.K == KindApp && len(r.C) == 2 && r.C[0].K == KindID && r.C[0].V == "Finset.range" {
				env[n.C[0].V] = natType // i ∈ Finset.range n is a natural number
			}
		}
	}
	return env
}

var natType = &Node{K: KindID, V: "ℕ"}

// holeType reads the type of a name bound without one (∀ n, x (n + 1) =
// …) from its use in body as an argument, alone or in a component, of a
// bound function whose domain is numeric: Lean's unifier gives the name
// that domain. It is nil when no such use is found, or two disagree.
func holeType(name string, body *Node, env map[string]*Node) *Node {
	var found *Node
	agree := true
	var walk func(n *Node)
	walk = func(n *Node) {
		if !agree {
			return
		}
		if n.K == KindApp && len(n.C) >= 2 && n.C[0].K == KindID {
			if t, ok := env[n.C[0].V]; ok {
				for _, a := range n.C[1:] {
					if t.K != KindPi || len(t.C) != 2 {
						break
					}
					if dom := t.C[0]; numRank[typeClass(dom)] > 0 && leafOf(a, name) {
						if found != nil && typeClass(found) != typeClass(dom) {
							agree = false
						}
						found = dom
					}
					t = t.C[1]
				}
			}
		}
		for _, c := range n.C {
			walk(c)
		}
	}
	walk(body)
	if !agree {
		return nil
	}
	return found
}

// leafOf reports whether name is n, or a leaf of the homogeneous
// component n (n + 1, 2 * n - 1).
func leafOf(n *Node, name string) bool {
	switch {
	case n.K == KindID:
		return n.V == name
	case n.K == KindParen || n.K == KindUnary && n.V == "-":
		return leafOf(n.C[0], name)
	case n.K == KindBinary && homogeneous[n.V] && !relations[n.V] && len(n.C) == 2:
		return leafOf(n.C[0], name) || leafOf(n.C[1], name)
	}
	return false
}

// componentClass is the numeric type of a component's non-numeral
// leaves: "" when all are numerals (or coercions, which take the
// component's type), ok false when one is not known.
func componentClass(n *Node, env map[string]*Node) (string, bool) {
	class := ""
	var walk func(n *Node) bool
	walk = func(n *Node) bool {
		switch {
		case n.K == KindParen || n.K == KindUnary && n.V == "-" || n.K == KindAbs:
			return walk(n.C[0])
		case n.K == KindBinary && homogeneous[n.V] && len(n.C) == 2:
			return walk(n.C[0]) && walk(n.C[1])
		case n.K == KindBinary && n.V == "^" && len(n.C) == 2:
			return walk(n.C[0])
		case n.K == KindNum || n.K == KindCoe:
			return true
		}
		c := leafClass(n, env)
		if numRank[c] == 0 {
			return false
		}
		if numRank[c] > numRank[class] {
			class = c
		}
		return true
	}
	ok := walk(n)
	return class, ok
}

// componentTyped reports whether every leaf of the component n is a
// numeral or has a type lean-ast reads: ℕ ℤ ℚ ℝ ℂ, or a type variable
// bound in the statement ((G : Type*) [Group G] (a b : G)), where the
// operators are the classes' own for every type at once. A concrete type
// of another kind may give them other meanings: on Associates ℕ, ≤ is ∣;
// on Equiv.Perm, * is ∘.
func componentTyped(n *Node, env map[string]*Node, vars bool) bool {
	switch {
	case n.K == KindParen || n.K == KindUnary && n.V == "-" || n.K == KindAbs:
		return componentTyped(n.C[0], env, vars)
	case n.K == KindBinary && homogeneous[n.V] && len(n.C) == 2:
		return componentTyped(n.C[0], env, vars) && componentTyped(n.C[1], env, vars)
	case n.K == KindBinary && n.V == "^" && len(n.C) == 2:
		return componentTyped(n.C[0], env, vars)
	case n.K == KindNum || n.K == KindCoe:
		return true
	case n.K == KindID:
		if t, ok := env[n.V]; ok {
			for t.K == KindPi && len(t.C) == 2 && t.V == "_" {
				t = t.C[1] // a function: the operators act on its values (Pi.instMul)
			}
			if numRank[typeClass(t)] > 0 {
				return true
			}
			if t.K == KindID && vars {
				if tt, ok := env[t.V]; ok && isSort(tt) {
					return true
				}
			}
		}
	}
	return numRank[leafClass(n, env)] > 0
}

// standardClasses are the classes under which a type variable's operators
// are the usual ones. Another class may make two of them one: in a
// BooleanRing a - b is a + b, under CanonicallyOrderedMul ≤ is ∣, under
// Subsingleton everything is equal (round 14a).
var standardClasses = map[string]bool{}

func init() {
	for _, c := range strings.Fields(`Add Mul Sub Div Neg Inv Zero One LE LT Dvd Semigroup Monoid CommMonoid Group CommGroup
		AddSemigroup AddMonoid AddCommMonoid AddGroup AddCommGroup Semiring CommSemiring Ring CommRing DivisionRing
		Field IsDomain Preorder PartialOrder LinearOrder Lattice LinearOrderedField LinearOrderedRing
		LinearOrderedCommRing OrderedRing OrderedField OrderedSemiring StrictOrderedRing Module Algebra
		NormedAddCommGroup NormedSpace NormedField InnerProductSpace TopologicalSpace MetricSpace
		Fintype Finite DecidableEq Nontrivial Inhabited Nonempty NoZeroDivisors CharZero`) {
		standardClasses[c] = true
	}
}

// unusualClass reports whether a binder of root may be a class outside
// standardClasses (an instance binder, or one mayBeClass cannot rule out).
func unusualClass(root *Node) bool {
	found := false
	var walk func(n *Node)
	walk = func(n *Node) {
		if found {
			return
		}
		if binderKinds[n.K] && len(n.C) >= 2 {
			t := n.C[0]
			if strings.HasPrefix(n.V, "[") || mayBeClass(t) {
				h := strings.TrimPrefix(typeHead(t), "_root_.")
				if !standardClasses[h] && !notClasses[h[strings.LastIndexByte(h, '.')+1:]] {
					found = true
					return
				}
			}
		}
		for _, c := range n.C {
			walk(c)
		}
	}
	walk(root)
	return found
}

// isSort reports whether t is Type, Type*, Type u, Sort u or Sort*.
func isSort(t *Node) bool {
	if t.K == KindApp && len(t.C) > 0 {
		t = t.C[0]
	}
	return t.K == KindID && (t.V == "Type" || t.V == "Type*" || t.V == "Sort" || t.V == "Sort*")
}

// leafClass is the numeric type of a component's leaf, or "".
func leafClass(n *Node, env map[string]*Node) string {
	switch n.K {
	case KindID:
		if t, ok := env[n.V]; ok {
			return typeClass(t)
		}
		return numericResults[n.V]
	case KindApp:
		h := n.C[0]
		if h.K != KindID {
			return ""
		}
		if sameTypeFunctions[h.V] { // abs x, max x y: the type of the arguments
			class := ""
			for _, a := range n.C[1:] {
				c, ok := componentClass(a, env)
				if !ok || c == "" {
					return ""
				}
				if numRank[c] > numRank[class] {
					class = c
				}
			}
			return class
		}
		if t, ok := env[h.V]; ok {
			for range n.C[1:] {
				if t.K != KindPi || len(t.C) != 2 {
					return ""
				}
				t = t.C[1]
			}
			return typeClass(t)
		}
		return numericResults[h.V]
	case KindAscription:
		return typeClass(n.C[1])
	case KindFloor, KindCeil:
		return "ℤ"
	case KindFloorNat, KindCeilNat:
		return "ℕ"
	}
	return ""
}

// argClass is the numeric type of an application's argument arg: from a
// bound function's declared domain or numericArgs, or "".
func argClass(app, arg *Node, env map[string]*Node) string {
	h := app.C[0]
	if h.K != KindID {
		return ""
	}
	t, ok := env[h.V]
	if !ok {
		return numericArgs[h.V]
	}
	for _, a := range app.C[1:] {
		if t.K != KindPi || len(t.C) != 2 {
			return ""
		}
		if a == arg {
			return typeClass(t.C[0])
		}
		t = t.C[1]
	}
	return ""
}

// rightIdentity are operators with the same right identity: x + 0 and
// x - 0 are both x; x * 1, x / 1 and x ^ 1 are all x.
var rightIdentity = map[string]string{"+": "0", "-": "0", "*": "1", "/": "1", "^": "1"}

// sameByOperands says why two operators on the node's operands may give
// the same value, or "": when both operands are the same term (a ≤ a and
// a = a are both true, p ∧ p and p ∨ p both p), or when the right operand
// is both operators' identity.
func sameByOperands(d Difference) string {
	n := d.at
	if n == nil || n.K != KindBinary || len(n.C) != 2 {
		return ""
	}
	if sameUpToOrder(n.C[0], n.C[1]) {
		return fmt.Sprintf("the statements differ only in %s vs %s, applied to the same term twice, where different operators can mean the same", d.A, d.B)
	}
	if id := rightIdentity[d.A]; id != "" && id == rightIdentity[d.B] && boundaryValue(n.C[1]) == id {
		return fmt.Sprintf("the statements differ only in %s vs %s with %s on the right, the identity of both", d.A, d.B, id)
	}
	return ""
}

// modular names a modular type or relation, or •, used in n, or "".
func modular(n *Node) string {
	switch {
	case n.K == KindID:
		head, _, _ := strings.Cut(n.V, ".")
		switch head {
		case "ZMod", "Fin", "BitVec", "UInt8", "UInt16", "UInt32", "UInt64", "USize",
			"CharP", "ExpChar", "CharTwo", "ringChar", "GaloisField": // in characteristic p numerals wrap, and a + b is a - b in characteristic 2
			return head
		}
		if n.V == "Nat.ModEq" || n.V == "Int.ModEq" || n.V == "AddCommGroup.ModEq" {
			return n.V
		}
	case n.K == KindBinary && (n.V == "≡" || n.V == "•"):
		return n.V
	}
	for _, c := range n.C {
		if m := modular(c); m != "" {
			return m
		}
	}
	return ""
}

// injective reports whether n wraps one value without losing it: a
// negation, an ascription or a coercion (of a numeral: ℕ into ℤ ℚ ℝ ℂ).
func injective(n *Node) bool {
	return n.K == KindUnary && n.V == "-" || n.K == KindAscription || n.K == KindCoe || n.K == KindParen
}

// valueNode reports whether n computes a value from its children (so a
// difference below it may cancel), rather than relating or binding.
func valueNode(n *Node) bool {
	switch n.K {
	case KindBinary:
		switch n.V {
		case "+", "-", "*", "/", "%", "^", "•", "∘":
			return true
		}
		return false
	case KindUnary:
		return n.V == "-"
	case KindApp, KindAscription, KindCoe, KindPostfix, KindAbs, KindNorm, KindFloor, KindCeil, KindParen, KindTuple, KindAnon, KindProj:
		return true
	}
	return false
}

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
			inner[strings.TrimPrefix(m.V, "[")] = true
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

// enclosingRelation is the relation whose operands hold the difference,
// reached through value terms only (or the differing relation itself), or
// nil.
func enclosingRelation(d Difference) *Node {
	if d.at != nil && d.at.K == KindBinary && propOps[d.at.V] {
		return d.at
	}
	for i := len(d.path) - 1; i >= 0; i-- {
		p := d.path[i]
		switch {
		case p.K == KindBinary && propOps[p.V]:
			return p
		case !valueNode(p) && p.K != KindBig:
			return nil
		}
	}
	return nil
}

// domainOf is the declared domain of f's parameter that arg is given to in
// the application app of f, whose type is t; nil when not read.
func domainOf(t, app, arg *Node) *Node {
	for _, a := range app.C[1:] {
		if t.K != KindPi || len(t.C) != 2 {
			return nil
		}
		if a == arg {
			return t.C[0]
		}
		t = t.C[1]
	}
	return nil
}

// readableDomain reports whether a numeral given to a parameter of type t
// has a type lean-ast reads: ℕ ℤ ℚ ℝ ℂ, a Set or Finset of one, or Prop
// (whose terms give their numerals their own types).
func readableDomain(t *Node) bool {
	if t == nil {
		return false
	}
	t = unwrapParens(t)
	if numRank[typeClass(t)] > 0 || t.K == KindID && t.V == "Prop" {
		return true
	}
	return t.K == KindApp && len(t.C) == 2 && typeClass(t) == "set" && numRank[typeClass(t.C[1])] > 0
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

// sameUpToOrder reports whether a and b are one term up to the order of
// the operands of + * ∩ ∪ ⊔ ⊓ ∆ (a + b and b + a): where a different
// operator applies to both, or a - b is 0, their values may coincide. *
// is taken as commutative too, which can only leave a pair undecided.
// selfCancels reports whether n is y - y or t \ t (0 or ∅) up to order.
func selfCancels(n *Node) bool {
	n = unwrapParens(n)
	return n.K == KindBinary && len(n.C) == 2 && (n.V == "-" || n.V == "\\") && sameUpToOrder(n.C[0], n.C[1])
}

// absorbs reports whether other is an op of a with something, up to
// order, so that a ∪ (a ∩ t) and a ∩ (a ∪ t) are a.
func absorbs(a, other *Node, op string) bool {
	other = unwrapParens(other)
	if other.K != KindBinary || other.V != op || len(other.C) != 2 {
		return false
	}
	return sameUpToOrder(a, other.C[0]) || sameUpToOrder(a, other.C[1])
}

func sameUpToOrder(a, b *Node) bool {
	return orderFreeHash(a) == orderFreeHash(b)
}

// orderFreeHash hashes n with the operands of orderFree operators in a
// fixed order, without printing it: printed keys made a product of 800 factors cost 13 s,
// each level printing everything below it (round 14a). Two terms with one
// hash are taken for one term, which can only leave a pair undecided.
func orderFreeHash(n *Node) uint64 {
	n = unwrapParens(n)
	// an identity operand as written: x + 0, x - 0, x * 1, x / 1, x ^ 1
	// are x (x + 0 ≤ x is x + 0 = x on ℕ: round 21b)
	for n.K == KindBinary && len(n.C) == 2 {
		l, r := literalValue(n.C[0]), literalValue(n.C[1])
		switch {
		case (n.V == "+" || n.V == "-") && r == "0", (n.V == "*" || n.V == "/" || n.V == "^") && r == "1":
			n = unwrapParens(n.C[0])
			continue
		case n.V == "+" && l == "0", n.V == "*" && l == "1":
			n = unwrapParens(n.C[1])
			continue
		case (n.V == "+" || n.V == "-" || n.V == "∪") && selfCancels(n.C[1]), n.V == "∪" && absorbs(n.C[0], n.C[1], "∩"), n.V == "∩" && absorbs(n.C[0], n.C[1], "∪"):
			// x - (y - y), s ∪ (t \ t), s ∪ (s ∩ t), s ∩ (s ∪ t) are x and
			// s (round 24b)
			n = unwrapParens(n.C[0])
			continue
		case (n.V == "+" || n.V == "∪") && selfCancels(n.C[0]), n.V == "∪" && absorbs(n.C[1], n.C[0], "∩"), n.V == "∩" && absorbs(n.C[1], n.C[0], "∪"):
			n = unwrapParens(n.C[1])
			continue
		}
		break
	}
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	mix := func(s string) {
		for i := 0; i < len(s); i++ {
			h ^= uint64(s[i])
			h *= prime
		}
		h ^= 0xff
		h *= prime
	}
	mix(n.K.String())
	mix(n.V)
	if len(n.C) == 0 {
		return h
	}
	kids := make([]uint64, len(n.C))
	for i, c := range n.C {
		kids[i] = orderFreeHash(c)
	}
	if n.K == KindBinary && orderFree[n.V] && len(kids) == 2 && kids[1] < kids[0] {
		kids[0], kids[1] = kids[1], kids[0]
	}
	for _, k := range kids {
		h ^= k
		h *= prime
		h = h<<13 | h>>51
	}
	return h
}

var orderFree = map[string]bool{"+": true, "*": true, "∩": true, "∪": true, "⊔": true, "⊓": true, "∆": true, "=": true, "↔": true, "∧": true, "∨": true}

func unwrapParens(n *Node) *Node {
	for n.K == KindParen && len(n.C) == 1 {
		n = n.C[0]
	}
	return n
}

// complementOf reports whether c is sᶜ for s.
func complementOf(s, c *Node) bool {
	c = unwrapParens(c)
	return c.K == KindPostfix && c.V == "ᶜ" && len(c.C) == 1 && sameUpToOrder(s, c.C[0])
}

// closedNonempty reports whether a domain with no variable is a Finset
// interval that lean-ast works out to hold two elements at least on every
// reading of its numerals (Finset.range 5, Finset.Icc 1 3; Finset.range (2
// - 5) is empty on ℕ, Finset.range 1 is {0}): its size is k for range k,
// b + 1 - a for Icc a b, b - a for Ico and Ioc, b - (a + 1) for Ioo, which
// truncated subtraction on ℕ reads the same way.
func closedNonempty(n *Node) bool {
	n = unwrapParens(n)
	if n.K != KindApp || len(n.C) < 2 || n.C[0].K != KindID {
		return false
	}
	num := func(v int64) *Node { return &Node{K: KindNum, V: fmt.Sprint(v)} }
	bin := func(op string, a, b *Node) *Node { return &Node{K: KindBinary, V: op, C: []*Node{a, b}} }
	var size *Node
	switch name := strings.TrimPrefix(n.C[0].V, "Finset."); {
	case name == "range" && len(n.C) == 2:
		size = n.C[1]
	case len(n.C) != 3:
		return false
	case name == "Icc":
		size = bin("-", bin("+", n.C[2], num(1)), n.C[1])
	case name == "Ico" || name == "Ioc":
		size = bin("-", n.C[2], n.C[1])
	case name == "Ioo":
		size = bin("-", n.C[2], bin("+", n.C[1], num(1)))
	default:
		return false
	}
	// two elements at least: over one (Finset.range 1) the bound name is
	// one value, where i * 2 and i * 3 may agree (both 0)
	two := big.NewRat(2, 1)
	hit, notConstant := evaluations(size, allModes, func(v *big.Rat) bool { return v.Cmp(two) < 0 })
	return !hit && !notConstant
}

// closedProposition is the outermost proposition around the difference
// that has no variable and stands in a hypothesis of the statement or
// inside a proposition with variables, or nil (round 24): a hypothesis ∃ x
// : ℕ, x > 5 is true, as is ∃ x : ℕ, x > 6, and a statement assuming
// either is the same; so is P x ∧ (2 < 3) against P x ∧ (2 < 4). A
// conclusion with no variable is the statement's claim (∃ n : ℕ, n > 5
// against ∃ n : ℕ, n > 6 as the whole statement, like ∀ x : ℝ, x ^ 2 ≥ 0
// against ≥ 1): lean-ast takes the two for different claims, a stated
// limit when both hold.
func closedProposition(d Difference) *Node {
	i, open := 0, false
	for ; i < len(d.path); i++ {
		p, next := d.path[i], d.at
		if i+1 < len(d.path) {
			next = d.path[i+1]
		}
		top := p.K == KindTheorem || p.K == KindDecl || p.K == KindDecls ||
			p.K == KindPi && len(p.C) > 0 && p.C[len(p.C)-1] == next
		if !top {
			if p.K == KindPi && len(p.C) == 2 && p.C[0] == next {
				i, open = i+1, true // into one of the statement's hypotheses
			}
			break
		}
	}
	for ; i < len(d.path); i++ {
		p := d.path[i]
		prop := p.K == KindPi || p.K == KindExists || p.K == KindExistsUnique || p.K == KindUnary && p.V == "¬" ||
			p.K == KindBinary && propOps[p.V]
		closed := !hasFreeVariable(p)
		if prop && closed && open {
			return p
		}
		if !closed {
			open = true
		}
	}
	return nil
}

// absorption maps the lattice and logic operators to their duals: an
// operand absorbs a dual term that has it as an operand (s ∪ (s ∩ t) = s,
// p ∧ (p ∨ q) = p).
var absorption = map[string]string{"∧": "∨", "∨": "∧", "∩": "∪", "∪": "∩", "⊓": "⊔", "⊔": "⊓"}

// absorbedBy reports whether child, an operand of op, is absorbed by the
// operand other beside it: child is a dual term (or, under ∪, a
// difference other \ t) with other as an operand apart from the
// difference (so in both statements); for a differing operator at child,
// either statement's operator counts.
func absorbedBy(op, dual string, child, other *Node, d Difference) bool {
	c := unwrapParens(child)
	if c.K != KindBinary {
		return false
	}
	ops := []string{c.V}
	if c == d.at && d.Kind == "operator" {
		ops = []string{d.A, d.B}
	}
	for _, v := range ops {
		var operands []*Node
		switch {
		case v == dual:
			operands = c.C
		case op == "∪" && v == "\\" && len(c.C) == 2:
			operands = c.C[:1]
		}
		for _, o := range operands {
			if found, _ := containsApart(o, other, d.at, d.Kind == "operator"); found && Equal(unwrapParens(o), unwrapParens(other)) {
				return true
			}
		}
	}
	return false
}

// containsApart reports whether sub is a subterm of n, n itself
// included, that does not hold the difference at hole: such a part is the
// same in both statements (s in s ∪ (s ∩ t), with the difference in t).
// It returns whether n holds hole too. opOnly says the difference is
// hole's operator alone: its operands are the same in both statements.
func containsApart(n, sub, hole *Node, opOnly bool) (found, holds bool) {
	if n == hole {
		for _, c := range n.C {
			if f, _ := containsApart(c, sub, hole, opOnly); f && opOnly {
				return true, true
			}
		}
		return false, true
	}
	for _, c := range n.C {
		f, h := containsApart(c, sub, hole, opOnly)
		if f {
			return true, true
		}
		holds = holds || h
	}
	return !holds && Equal(n, sub), holds
}

// boundFunction reports whether f is a name the statement binds (any
// function, so its images keep differences apart).
func boundFunction(f *Node, env map[string]*Node) bool {
	f = unwrapParens(f)
	return f.K == KindID && env[f.V] != nil
}

// lambdaKept reports whether the fun lam (or the parentheses around it),
// whose parent on the path is parent, is used whole: an operand of = or ≠, or an argument of a bound
// function.
func lambdaKept(parent, lam *Node, env map[string]*Node) bool {
	switch {
	case parent.K == KindBinary && (parent.V == "=" || parent.V == "≠"):
		return true
	case parent.K == KindApp && len(parent.C) > 1 && parent.C[0] != lam:
		return boundFunction(parent.C[0], env)
	}
	return false
}

// codomainOf is the type of a function of type t applied to n arguments,
// or nil.
func codomainOf(t *Node, n int) *Node {
	for ; n > 0; n-- {
		t = unwrapParens(t)
		if !(t.K == KindPi || t.K == KindBinary && t.V == "→") || len(t.C) != 2 {
			return nil
		}
		t = t.C[1]
	}
	return t
}

// readableCodomain reports whether a function into type t may tell two
// arguments apart (not so into Unit): a type readableDomain reads, a type
// variable the statement binds (any type), a set, Finset or list type,
// one of manyValued, or a function type into one.
func readableCodomain(t *Node, env map[string]*Node) bool {
	if t == nil {
		return false
	}
	t = unwrapParens(t)
	switch {
	case readableDomain(t):
		return true
	case t.K == KindID && (env[t.V] != nil || manyValued[t.V]):
		return true
	case (t.K == KindPi || t.K == KindBinary && t.V == "→") && len(t.C) == 2:
		return readableCodomain(t.C[1], env)
	case t.K == KindApp && len(t.C) == 2 && t.C[0].K == KindID && (t.C[0].V == "Set" || t.C[0].V == "Finset" || t.C[0].V == "List"):
		return true // never one value: ∅ and univ, [] and [x] differ
	}
	return false
}

// manyValued are Mathlib's types of more than one value that
// readableDomain does not list.
var manyValued = map[string]bool{"NNReal": true, "ENNReal": true, "EReal": true, "PNat": true, "ENat": true, "Bool": true}

// constantBig reports whether n is a big operator whose body may be
// constant (∑ i ∈ s, 0).
func constantBig(n *Node, field bool) bool {
	n = unwrapValue(n)
	return n.K == KindBig && len(n.C) == 4 && mayBeConstant(n.C[3], field)
}

// impliedByHypothesis is a hypothesis of the statement that the
// hypothesis or conclusion holding the difference contains as written
// apart from the difference, or nil (round 24b): with h₁ : x = 2, a
// hypothesis x = 2 ∨ y = 3 holds whatever y = 3 says, as does such a
// conclusion. (A hypothesis A ∧ B reads as two.)
func impliedByHypothesis(d Difference) *Node {
	on := map[*Node]bool{d.at: true}
	var chain *Node
	for _, p := range d.path {
		on[p] = true
		if chain == nil && p.K == KindPi {
			chain = p
		}
	}
	if chain == nil {
		return nil
	}
	// the statement's parts: its hypotheses (and binder types) down the
	// chain of Pis, then its conclusion
	var parts []*Node
	n := chain
	for n.K == KindPi && len(n.C) == 2 {
		parts = append(parts, n.C[0])
		n = n.C[1]
	}
	parts = append(parts, n)
	var part *Node
	for _, c := range parts {
		if on[c] {
			part = c
		}
	}
	if part == nil {
		return nil
	}
	for _, h := range parts[:len(parts)-1] {
		prop := h.K == KindExists || h.K == KindUnary && h.V == "¬" || h.K == KindBinary && propOps[h.V]
		if prop && h != part && absorbedBy("∧", "∨", part, h, d) {
			return h
		}
	}
	return nil
}

// topChain reports whether path[i] is one of the declaration's own
// binders: every node above it is a declaration or a binder whose body
// holds the rest (a def's or an instance's binders read as funs).
func topChain(path []*Node, i int) bool {
	for j := 0; j < i; j++ {
		p := path[j]
		switch {
		case p.K == KindDecls || p.K == KindDecl || p.K == KindTheorem:
		case (p.K == KindLambda || p.K == KindPi) && len(p.C) > 0 && p.C[len(p.C)-1] == path[j+1]:
		default:
			return false
		}
	}
	return true
}
