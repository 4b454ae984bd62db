package lean

import (
	"math/big"
	"strings"
)

// The one exact evaluator: the value of a term at a number type, computed
// as Lean's instances compute it, for the witness (at a point, its
// variables' values in vals) and for whatever computes a constant (no
// variable). Each rule cites the declaration it follows:
//
//   - ℕ: a - b is 0 when b > a (Nat.sub_eq_zero_of_le), / floors
//     (Nat.div), x / 0 = 0 (Nat.div_zero), x % 0 = x (Nat.mod_zero);
//   - ℤ: / is Int.ediv and % is Int.emod (instance : Div Int := ⟨Int.ediv⟩):
//     x = y * (x / y) + x % y with 0 ≤ x % y < |y| (Int.emod_nonneg,
//     Int.ediv_add_emod), x / 0 = 0 (Int.ediv_zero), x % 0 = x
//     (Int.emod_zero);
//   - ℚ ℝ ℂ: / is the field's, x / 0 = 0 (div_zero); no %;
//   - b ^ k for a natural exponent k (Monoid.npow), of at most 64;
//   - a numeral is OfNat at the type; a decimal or scientific literal is
//     OfScientific, on a field the rational it writes (no ℕ or ℤ value); an ascription (e : T) computes e at T, then casts it up;
//     |e| computes e at its own type (a leaf of the tree around it);
//   - Nat.factorial n for n ≤ 20 (Nat.factorial_succ), Nat.gcd, Nat.lcm,
//     ⌊x⌋ ⌈x⌉ ⌊x⌋₊ ⌈x⌉₊, Real.sqrt of 0, of a negative and of a perfect
//     square, ∑ and ∏ over Finset.range k for k ≤ 100; Nat.Prime, Even and
//     Odd (witness.go).
//
// What it cannot compute exactly (a function it does not know, a real
// power, a huge value) has no value: never a guess.

// evaluator evaluates terms and propositions at one point.
type evaluator struct {
	scope                     // the variables' types (and the quantified ones')
	vals  map[string]*big.Rat // their values at the point
	steps int                 // work done, bounded
	nums  map[string]*big.Rat // numerals read (nil: not read)
	funcs map[string]int      // function variables to their functions' index
}

// maxSteps bounds the nodes one evaluation visits.
const maxSteps = 20000

// constValue is the value of a term with no variable at type t.
func constValue(n *Node, t Type) (*big.Rat, bool) {
	e := &evaluator{vals: map[string]*big.Rat{}, nums: map[string]*big.Rat{}}
	return e.value(n, t)
}

// valueType is the type a term's leaves give it where the evaluator reads
// them all (ℕ for numerals alone), and whether it does.
func (e *evaluator) valueType(n *Node) (Type, bool) {
	t := e.typeOf(n)
	switch {
	case t.K == TNumeral:
		return Type{}, true
	case t.numeric():
		return t, true
	}
	return t, false
}

// value computes n at type t.
func (e *evaluator) value(n *Node, t Type) (*big.Rat, bool) {
	if e.steps++; e.steps > maxSteps {
		return nil, false
	}
	switch n.K {
	case KindParen:
		return e.value(n.C[0], t)
	case KindNum:
		if (t.K == TNat || t.K == TInt) && strings.Trim(n.V, "0123456789") != "" {
			return nil, false // a decimal or scientific literal is OfScientific: not on ℕ, ℤ
		}
		if strings.ContainsAny(n.V, "eE") {
			// 1e-1 on a field is the rational it writes (OfScientific of
			// a DivisionRing is Rat.ofScientific cast: exact)
			if v, ok := numValue(n.V); ok && t.field() && !strings.HasPrefix(n.V, "0x") && v.Num().BitLen()+v.Denom().BitLen() <= 256 {
				return v, true
			}
			return nil, false
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
		return v, ok // a cast up to t keeps the value
	case KindAscription:
		at := readType(n.C[1])
		if !at.numeric() || at.rank() > t.rank() {
			return nil, false
		}
		if st, _ := e.valueType(n.C[0]); st.rank() > at.rank() {
			return nil, false // (x : ℕ) with x real is no cast
		}
		return e.expectValue(n.C[0], at) // computed at its own type, then cast
	case KindUnary:
		if n.V != "-" || t.K == TNat {
			return nil, false // no Neg ℕ
		}
		v, ok := e.value(n.C[0], t)
		if !ok {
			return nil, false
		}
		return new(big.Rat).Neg(v), true
	case KindApp:
		return e.apply(n, t)
	case KindBig:
		// a leaf: elaborated alone, at its body's type, and cast up
		bt := e.typeOf(n)
		if !bt.numeric() || bt.rank() > t.rank() {
			return nil, false
		}
		return e.bigOp(n, bt)
	case KindBinary:
		if len(n.C) != 2 {
			return nil, false
		}
		if n.V == "^" {
			return e.power(n, t)
		}
		switch n.V {
		case "+", "-", "*", "/", "%":
		default:
			return nil, false
		}
		x, okx := e.value(n.C[0], t)
		y, oky := e.value(n.C[1], t)
		if !okx || !oky {
			return nil, false
		}
		return arith(n.V, x, y, t.K)
	}
	return nil, false
}

// apply computes an application: of a function variable, abs, or
// Nat.factorial.
func (e *evaluator) apply(n *Node, t Type) (*big.Rat, bool) {
	head := n.C[0]
	if head.K != KindID {
		return nil, false
	}
	if f, _ := e.lookup(head.V); f.K == TFun && len(f.Args) == len(n.C) && f.Args[len(f.Args)-1].rank() <= t.rank() {
		// each argument elaborated at its domain (its leaves cast up
		// to it, never down), the value cast up to t
		dom, cod := f.Args[:len(f.Args)-1], f.Args[len(f.Args)-1]
		args := make([]*big.Rat, len(dom))
		for i, d := range dom {
			at, fine := e.valueType(n.C[i+1])
			if !fine || at.rank() > d.rank() {
				return nil, false
			}
			v, fine := e.expectValue(n.C[i+1], d)
			if !fine {
				return nil, false
			}
			args[i] = v
		}
		i := e.funcs[head.V]
		if i != 1 && i != 2 {
			// x ↦ x, x ↦ x + 1 and sums are functions into cod only
			// from domains it holds (not ℝ → ℕ)
			for _, d := range dom {
				if d.rank() > cod.rank() {
					return nil, false
				}
			}
		}
		v := functions[i](args)
		if (cod.K == TNat || cod.K == TInt) && !v.IsInt() || cod.K == TNat && v.Sign() < 0 {
			return nil, false // no such function into cod
		}
		return v, true
	}
	if len(n.C) == 3 && (head.V == "Nat.gcd" || head.V == "Nat.lcm") {
		// Nat.gcd_zero_left: gcd 0 n = n; Nat.lcm_zero_left: lcm 0 n = 0
		x, okx := e.natArg(n.C[1])
		y, oky := e.natArg(n.C[2])
		if !okx || !oky {
			return nil, false
		}
		g := new(big.Int).GCD(nil, nil, x, y)
		if head.V == "Nat.gcd" {
			return new(big.Rat).SetInt(g), true
		}
		if g.Sign() == 0 {
			return new(big.Rat), true
		}
		return new(big.Rat).SetInt(new(big.Int).Div(new(big.Int).Mul(x, y), g)), true
	}
	if len(n.C) != 2 {
		return nil, false
	}
	switch head.V {
	case "Real.sqrt":
		// Real.sqrt x = 0 for x ≤ 0 (Real.sqrt_eq_zero'), and the root of
		// a perfect square p² / q² is p / q (Real.sqrt_sq): no other value
		// is exact
		if t.rank() < 4 {
			return nil, false
		}
		if at, fine := e.valueType(n.C[1]); !fine || at.rank() > 4 {
			return nil, false
		}
		x, ok := e.expectValue(n.C[1], numType("ℝ"))
		if !ok {
			return nil, false
		}
		if x.Sign() <= 0 {
			return new(big.Rat), true
		}
		p, q := new(big.Int).Sqrt(x.Num()), new(big.Int).Sqrt(x.Denom())
		if new(big.Int).Mul(p, p).Cmp(x.Num()) != 0 || new(big.Int).Mul(q, q).Cmp(x.Denom()) != 0 {
			return nil, false
		}
		return new(big.Rat).SetFrac(p, q), true
	case "Int.floor", "Int.ceil", "Nat.floor", "Nat.ceil":
		// ⌊x⌋ is the greatest integer ≤ x (Int.floor_le, Int.lt_floor_add_one),
		// ⌈x⌉ = -⌊-x⌋ (Int.ceil_eq_neg_floor_neg... Int.floor_neg), ⌊x⌋₊ and
		// ⌈x⌉₊ their values clamped at 0 (Nat.floor_eq_zero, Nat.ceil_eq_zero)
		res := TInt
		if strings.HasPrefix(head.V, "Nat.") {
			res = TNat
		}
		at, fine := e.valueType(n.C[1])
		if !fine || at.K == TUnknown || at.K == TComplex || int(res) > t.rank() {
			return nil, false // numerals alone: their type is not read
		}
		x, ok := e.value(n.C[1], at)
		if !ok {
			return nil, false
		}
		if strings.HasSuffix(head.V, "ceil") {
			x = new(big.Rat).Neg(x)
		}
		f := new(big.Int).Div(x.Num(), x.Denom()) // Euclidean, by a positive denominator: the floor
		if strings.HasSuffix(head.V, "ceil") {
			f.Neg(f)
		}
		if res == TNat && f.Sign() < 0 {
			f.SetInt64(0)
		}
		return new(big.Rat).SetInt(f), true
	case "abs":
		// |e| is an application, a leaf of the tree around it: e is
		// elaborated alone, at the largest type of its own leaves (ℤ
		// division stays ℤ's), and the result cast up
		at, fine := e.valueType(n.C[1])
		if !fine || at.K == TUnknown || at.K == TNat || at.K == TComplex || at.rank() > t.rank() {
			return nil, false
		}
		v, ok := e.value(n.C[1], at)
		if !ok {
			return nil, false
		}
		return new(big.Rat).Abs(v), true
	case "Nat.factorial":
		if at, fine := e.valueType(n.C[1]); !fine || at.rank() > 1 {
			return nil, false // its argument is a natural number
		}
		x, ok := e.expectValue(n.C[1], numType("ℕ"))
		if !ok || x.Cmp(big.NewRat(20, 1)) > 0 {
			return nil, false
		}
		f := big.NewInt(1)
		for i := int64(2); i <= x.Num().Int64(); i++ {
			f.Mul(f, big.NewInt(i))
		}
		return new(big.Rat).SetInt(f), true
	}
	return nil, false
}

// bindVar binds a variable of type t, its value set by the caller, until
// the returned function restores what it hides.
func (e *evaluator) bindVar(name string, t Type) (restore func()) {
	saved, had := e.vals[name]
	restoreType := e.bindType(name, t)
	return func() {
		restoreType()
		if had {
			e.vals[name] = saved
		} else {
			delete(e.vals, name)
		}
	}
}

// natArg computes an argument of type ℕ.
func (e *evaluator) natArg(n *Node) (*big.Int, bool) {
	if at, fine := e.valueType(n); !fine || at.rank() > 1 {
		return nil, false
	}
	x, ok := e.expectValue(n, numType("ℕ"))
	if !ok {
		return nil, false
	}
	return x.Num(), true
}

// expectValue computes n elaborated against the expected type t (an
// ascription's term, a function's or Real.sqrt's argument, a big
// operator's body): Lean unifies the result type of abs, Finset.sum and
// Finset.prod with t before it reads their arguments (elabAppArgs'
// propagateExpectedType), so |n / 2| under ℝ is |↑n / 2|; as a leaf of a
// binop% tree they are elaborated alone (value).
func (e *evaluator) expectValue(n *Node, t Type) (*big.Rat, bool) {
	for n.K == KindParen && len(n.C) == 1 {
		n = n.C[0]
	}
	switch {
	case n.K == KindApp && len(n.C) == 2 && n.C[0].K == KindID && n.C[0].V == "abs":
		// abs needs a lattice ordered additive group: ℤ, ℚ, ℝ
		if t.K != TInt && t.K != TRat && t.K != TReal {
			return nil, false
		}
		if at, fine := e.valueType(n.C[1]); !fine || at.rank() > t.rank() {
			return nil, false
		}
		v, ok := e.expectValue(n.C[1], t)
		if !ok {
			return nil, false
		}
		return new(big.Rat).Abs(v), true
	case n.K == KindBig:
		if bt := e.typeOf(n); !bt.numeric() && bt.K != TNumeral || bt.rank() > t.rank() {
			return nil, false
		}
		return e.bigOp(n, t)
	}
	return e.value(n, t)
}

// bigOp computes ∑ and ∏ over Finset.range k, k ≤ 100
// (Finset.sum_range_succ, Finset.prod_range_succ), the body elaborated
// against bt.
func (e *evaluator) bigOp(n *Node, bt Type) (*big.Rat, bool) {
	k, ok := e.natArg(n.C[2].C[1])
	if !ok || k.Cmp(big.NewInt(100)) > 0 {
		return nil, false
	}
	name := n.C[0].V
	defer e.bindVar(name, numType("ℕ"))()
	acc := new(big.Rat)
	if n.V == "∏|in" {
		acc.SetInt64(1)
	}
	for i := int64(0); i < k.Int64(); i++ {
		e.vals[name] = big.NewRat(i, 1)
		v, ok := e.expectValue(n.C[3], bt)
		if !ok {
			return nil, false
		}
		if n.V == "∏|in" {
			acc.Mul(acc, v)
		} else {
			acc.Add(acc, v)
		}
		if acc.Num().BitLen()+acc.Denom().BitLen() > 256 {
			return nil, false
		}
	}
	return acc, true
}

// arith applies a binary operator at a number type.
func arith(op string, x, y *big.Rat, t TypeKind) (*big.Rat, bool) {
	r := new(big.Rat)
	switch op {
	case "+":
		return r.Add(x, y), true
	case "*":
		return r.Mul(x, y), true
	case "-":
		r.Sub(x, y)
		if t == TNat && r.Sign() < 0 {
			r.SetInt64(0) // truncated subtraction
		}
		return r, true
	case "/", "%":
		if t != TNat && t != TInt {
			if op == "%" {
				return nil, false // no Mod on a field
			}
			if y.Sign() == 0 {
				return r, true // x / 0 = 0 in a field
			}
			return r.Quo(x, y), true
		}
		if y.Sign() == 0 {
			if op == "/" {
				return r, true // n / 0 = 0
			}
			return r.Set(x), true // n % 0 = n
		}
		// big.Int's Div and Mod are Euclidean: Int.ediv and Int.emod, and
		// ℕ's floor on natural numbers
		q, m := new(big.Int).DivMod(x.Num(), y.Num(), new(big.Int))
		if op == "/" {
			return r.SetInt(q), true
		}
		return r.SetInt(m), true
	}
	return nil, false
}

// power computes b ^ k for a natural exponent k (its own tree, numerals
// ℕ) of at most 64, with a result of bounded size.
func (e *evaluator) power(n *Node, t Type) (*big.Rat, bool) {
	et, ok := e.valueType(n.C[1])
	if !ok || et.K != TUnknown && et.K != TNat {
		return nil, false // a real or integer exponent: not Monoid.npow
	}
	k, ok := e.value(n.C[1], numType("ℕ"))
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
