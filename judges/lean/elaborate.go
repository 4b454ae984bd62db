package lean

import (
	"slices"
	"strings"
)

// The elaboration pass: the type of a term or of a binder's type, read in
// one place from binders, ascriptions and a table of Mathlib names, as a
// Type. The passes that need types (orient's precondition, typed's
// rewrites, the witness's evaluator) ask it; Unknown, where it cannot
// tell, never becomes a decision: a rewrite that needs a type does not
// apply, and the evaluator finds no value.

// TypeKind is the kind of a Type.
type TypeKind uint8

const (
	TUnknown TypeKind = iota
	TNat              // ℕ
	TInt              // ℤ
	TRat              // ℚ
	TReal             // ℝ
	TComplex          // ℂ
	TProp             // Prop
	TSet              // Set α or Finset α (≤ is ⊆ on both)
	TFun              // a function type A → B → … → C
	TOther            // another type, known by its printed form (WithBot ℕ, Fin 3)
	TNumeral          // a numeral: OfNat, at the type of the other operands (ℕ alone)
)

// Type is what elaboration establishes about a type.
type Type struct {
	K TypeKind
	// Name is the type as printed (ℕ, Set ℕ, ℕ → ℝ, WithBot ℕ) where it is
	// known whole; "" where only its kind is (a set-builder without a type).
	Name string
	// Head is an applied type's head (Finset in Finset ℕ), for dot notation.
	Head string
	// Args are a set's element type, a function's domains then its codomain.
	Args []Type
	// Loose: the term is of type Name or of a type that unfolds to it (an
	// ascription (e : T) only checks e against T up to unfolding: (a : ℕ)
	// with a : ℕᵒᵈ is a itself, of type ℕᵒᵈ). Its arithmetic is T's; its
	// order may not be.
	Loose bool
	// Inferred: a bound name's type is written nowhere whole (no type, or
	// one with a hole): Lean infers it at its first elaborated use.
	Inferred bool
}

var unknownType = Type{}

// numRank are the number types in the order of their coercions (ℕ → ℤ →
// ℚ → ℝ → ℂ: Nat.cast, Int.cast, Rat.cast, Complex.ofReal).
var numRank = map[string]int{"ℕ": 1, "ℤ": 2, "ℚ": 3, "ℝ": 4, "ℂ": 5}

var numTypes = [...]Type{{K: TNat, Name: "ℕ"}, {K: TInt, Name: "ℤ"}, {K: TRat, Name: "ℚ"}, {K: TReal, Name: "ℝ"}, {K: TComplex, Name: "ℂ"}}

// numType is the number type of a name (ℕ ℤ ℚ ℝ ℂ), Unknown for another.
func numType(name string) Type {
	if r := numRank[name]; r > 0 {
		return numTypes[r-1]
	}
	return unknownType
}

// rank is a number type's place among ℕ ℤ ℚ ℝ ℂ (1 to 5), 0 for another.
func (t Type) rank() int {
	if t.K >= TNat && t.K <= TComplex {
		return int(t.K)
	}
	return 0
}

func (t Type) numeric() bool { return t.rank() > 0 }

// field reports whether t is ℚ, ℝ or ℂ, where / is a field's.
func (t Type) field() bool { return t.rank() >= 3 }

// known reports whether t is known whole.
func (t Type) known() bool { return t.K != TUnknown && t.Name != "" }

// larger is the larger of two number types.
func larger(a, b Type) Type {
	if b.rank() > a.rank() {
		return b
	}
	return a
}

// readType reads a type as written.
func readType(t *Node) Type {
	t = unwrapParens(t)
	switch t.K {
	case KindID:
		if numRank[t.V] > 0 {
			return numType(t.V)
		}
		if t.V == "Prop" {
			return Type{K: TProp, Name: "Prop"}
		}
		return Type{K: TOther, Name: t.V}
	case KindHole:
		return unknownType
	case KindApp:
		if h := t.C[0]; h.K == KindID && (h.V == "Set" || h.V == "Finset") && len(t.C) == 2 {
			return Type{K: TSet, Name: t.String(), Head: h.V, Args: []Type{readType(t.C[1])}}
		}
		if h := t.C[0]; h.K == KindID {
			return Type{K: TOther, Name: t.String(), Head: h.V}
		}
	case KindPi, KindBinary:
		// A → B → C, its arguments in Args (∀ (x : A), B only where x
		// is unused, as normalization writes it: ∀ _ : A, B)
		var args []Type
		for u := t; ; {
			if !((u.K == KindPi && u.V == "_" || u.K == KindBinary && u.V == "→") && len(u.C) == 2) {
				if len(args) == 0 {
					break
				}
				return Type{K: TFun, Name: t.String(), Args: append(args, readType(u))}
			}
			args = append(args, readType(u.C[0]))
			u = unwrapParens(u.C[1])
		}
	}
	return Type{K: TOther, Name: t.String()}
}

// apply is the type of a function of type f applied to all its
// arguments (k of them); Unknown for any other k.
func (f Type) apply(k int) Type {
	if f.K == TFun && k == len(f.Args)-1 {
		return f.Args[k]
	}
	return unknownType
}

// scope maps the names bound around a term to their types (Unknown:
// bound without one), changed in place as a pass enters and leaves
// binders; inside a pattern binder (⟨a, b⟩) every type is forgotten.
type scope struct {
	types map[string]Type
	// uses are the names each bound name's written type mentions (n in
	// a : ZMod n): a binder that shadows one of them makes that type
	// unknown, since the name no longer means the binder it meant
	uses     map[string][]string
	forget   int
	anyOrder bool // SimilarityForm: every precondition of orient taken as met
}

// bind binds name to the type written t (nil: none) until the returned
// function restores the binding it hides.
func (s *scope) bind(name string, t *Node) (restore func()) {
	ty := unknownType
	if t != nil {
		ty = readType(t)
	}
	ty.Inferred = t == nil || hasKind(t, KindHole)
	var uses []string
	if t != nil {
		uses = namesIn(t, uses)
	}
	if len(uses) == 0 && len(s.uses) == 0 {
		return s.bindType(name, ty)
	}
	if s.uses == nil {
		s.uses = map[string][]string{}
	}
	// a type that mentions name is unknown while this binding shadows the
	// name it meant ((n : ℕ) (a : ZMod n) (n : ℕ) (b : ZMod n): a and b
	// have two types)
	var hidden []string
	for k, us := range s.uses {
		if k != name && slices.Contains(us, name) {
			if _, bound := s.types[k]; bound {
				hidden = append(hidden, k)
			}
		}
	}
	saved := make([]Type, len(hidden))
	for i, k := range hidden {
		saved[i] = s.types[k]
		s.types[k] = unknownType
	}
	oldUses, hadUses := s.uses[name]
	s.uses[name] = uses
	unbind := s.bindType(name, ty)
	return func() {
		unbind()
		if hadUses {
			s.uses[name] = oldUses
		} else {
			delete(s.uses, name)
		}
		for i, k := range hidden {
			s.types[k] = saved[i]
		}
	}
}

// namesIn appends the heads of the names n mentions.
func namesIn(n *Node, out []string) []string {
	if n.K == KindID {
		head, _, _ := strings.Cut(n.V, ".")
		return append(out, head)
	}
	for _, c := range n.C {
		out = namesIn(c, out)
	}
	return out
}

func (s *scope) bindType(name string, ty Type) (restore func()) {
	if len(name) > 0 && (name[0] == '[' || name == "_") {
		return func() {}
	}
	if strings.HasPrefix(name, "⟨") {
		s.forget++
		return func() { s.forget-- }
	}
	if s.types == nil {
		s.types = map[string]Type{}
	}
	old, had := s.types[name]
	s.types[name] = ty
	return func() {
		if had {
			s.types[name] = old
		} else {
			delete(s.types, name)
		}
	}
}

// lookup is the type of a bound name, and whether it is bound.
func (s *scope) lookup(name string) (Type, bool) {
	if s.forget > 0 {
		return unknownType, true
	}
	t, ok := s.types[name]
	return t, ok
}

// typeOf is the type of term n in scope s: a numeral's is TNumeral; the
// operands of + - * / % and of a relation are one tree (binop%, binrel%:
// Lean elaborates them at the largest type of their leaves, casting the
// others up), a power has its base's type (Monoid.npow), an application
// its function's codomain.
func (s *scope) typeOf(n *Node) Type {
	switch n.K {
	case KindNum:
		return Type{K: TNumeral}
	case KindParen:
		return s.typeOf(n.C[0])
	case KindAscription:
		// (e : T) elaborates e against T: a numeral, a term of type T, or a
		// number cast to another number type (↑ inserted) then has type T;
		// otherwise e keeps its own type, T checked by unfolding (Loose)
		if len(n.C) != 2 {
			return unknownType
		}
		t := readType(n.C[1])
		if !t.known() {
			return unknownType
		}
		inner := s.typeOf(n.C[0])
		if inner.Loose || !(inner.K == TNumeral || inner.Name == t.Name || inner.numeric() && t.numeric()) {
			t.Loose = true
		}
		return t
	case KindID:
		// the globals first: no binder takes their names (shadowsGlobal)
		if n.V == "Real.pi" {
			return numType("ℝ")
		}
		if globalSets[n.V] {
			return Type{K: TSet}
		}
		if t, bound := s.lookup(n.V); bound {
			return t
		}
		return s.methodType(n.V)
	case KindSetOf:
		if len(n.C) == 2 && n.C[0].K != KindHole {
			return readType(&Node{K: KindApp, C: []*Node{{K: KindID, V: "Set"}, n.C[0]}})
		}
		return Type{K: TSet}
	case KindSep:
		return Type{K: TSet}
	case KindBig:
		// ∑ i ∈ Finset.range k, f i (Finset.sum): the body's type, i : ℕ
		if overRange(n) {
			defer s.bindType(n.C[0].V, numType("ℕ"))()
			if t := s.typeOf(n.C[3]); t.numeric() {
				return t
			}
		}
	case KindUnary:
		if n.V == "-" && len(n.C) == 1 {
			return s.typeOf(n.C[0])
		}
	case KindBinary:
		if len(n.C) != 2 {
			return unknownType
		}
		switch n.V {
		case "^":
			return s.typeOf(n.C[0])
		case "+", "-", "*", "/", "%":
			a, b := s.typeOf(n.C[0]), s.typeOf(n.C[1])
			var t Type
			switch {
			case a.K == TUnknown || b.K == TUnknown:
				return unknownType
			case a.known() && a.Name == b.Name || b.K == TNumeral:
				t = a
			case a.K == TNumeral:
				t = b
			case a.numeric() && b.numeric():
				t = larger(a, b)
			default:
				return unknownType
			}
			t.Loose = a.Loose || b.Loose
			return t
		case "∩", "∪", "\\", "⊓", "⊔":
			// Inter.inter, Union.union, SDiff.sdiff, Min.min, Max.max:
			// α → α → α
			a, b := s.typeOf(n.C[0]), s.typeOf(n.C[1])
			switch {
			case a.known() && !a.Loose && !b.Loose && a.Name == b.Name:
				return a
			case a.K == TSet || b.K == TSet:
				return Type{K: TSet}
			}
		}
	case KindApp:
		head, args := n.C[0], len(n.C)-1
		if head.K != KindID {
			return unknownType
		}
		switch {
		case head.V == "abs" && args == 1:
			return s.typeOf(n.C[1]) // |a| has a's type (abs, Mathlib/Algebra/Order/Group/Abs.lean)
		case setFunctions[head.V]:
			return Type{K: TSet}
		case resultTypes[head.V] != "":
			return numType(resultTypes[head.V])
		}
		if f, bound := s.lookup(head.V); bound {
			return f.apply(args)
		}
	}
	return unknownType
}

// overRange reports whether n is ∑ or ∏ over Finset.range k, its bound
// name of type ℕ.
func overRange(n *Node) bool {
	if len(n.C) != 4 || n.V != "∑|in" && n.V != "∏|in" || n.C[1].K != KindHole && readType(n.C[1]).K != TNat {
		return false
	}
	d := n.C[2]
	return d.K == KindApp && len(d.C) == 2 && d.C[0].K == KindID && d.C[0].V == "Finset.range"
}

// methodType is the type of x.f, a bound x of a known type head T and
// T.f a function of methodTypes, Unknown otherwise.
func (s *scope) methodType(name string) Type {
	x, f, ok := strings.Cut(name, ".")
	if !ok || s.forget > 0 {
		return unknownType
	}
	t, bound := s.types[x]
	if !bound || t.K == TUnknown {
		return unknownType
	}
	if t.Head == "" || !methodTypes[t.Head+"."+f] {
		return unknownType
	}
	return numType(resultTypes[t.Head+"."+f])
}

// resultTypes are the result types of Mathlib functions of numbers (and
// of numeric constants): Real.sqrt, Real.exp, Real.log, Real.logb,
// Real.sin, Real.cos, Real.tan, Real.arctan, Real.arcsin, Real.arccos,
// Real.sinh, Real.cosh (Mathlib/Analysis/SpecialFunctions/...),
// Complex.abs, Complex.exp (Mathlib/Analysis/Complex/...),
// Nat.factorial, Nat.choose, Nat.gcd, Nat.lcm, Nat.succ, Nat.totient,
// Nat.fib, Nat.sqrt (Mathlib/Data/Nat/..., Init), Int.natAbs, Int.toNat,
// Int.gcd (Init/Data/Int), Int.floor, Int.ceil, Nat.floor, Nat.ceil
// (Mathlib/Algebra/Order/Floor.lean), Finset.card, Set.ncard,
// List.length, Polynomial.natDegree.
var resultTypes = map[string]string{
	"Real.pi": "ℝ", "π": "ℝ", "Complex.I": "ℂ",
	"Real.sqrt": "ℝ", "Real.exp": "ℝ", "Real.log": "ℝ", "Real.logb": "ℝ", "Real.sin": "ℝ", "Real.cos": "ℝ", "Real.tan": "ℝ",
	"Real.arctan": "ℝ", "Real.arcsin": "ℝ", "Real.arccos": "ℝ", "Real.sinh": "ℝ", "Real.cosh": "ℝ", "Complex.abs": "ℝ", "Complex.exp": "ℂ",
	"Nat.factorial": "ℕ", "Nat.choose": "ℕ", "Nat.gcd": "ℕ", "Nat.lcm": "ℕ", "Nat.succ": "ℕ", "Nat.totient": "ℕ", "Nat.fib": "ℕ", "Nat.sqrt": "ℕ",
	"Int.natAbs": "ℕ", "Int.toNat": "ℕ", "Int.floor": "ℤ", "Int.ceil": "ℤ", "Nat.floor": "ℕ", "Nat.ceil": "ℕ", "Int.gcd": "ℕ",
	"Finset.card": "ℕ", "Set.ncard": "ℕ", "List.length": "ℕ", "Polynomial.natDegree": "ℕ",
}

// methodTypes are the functions of resultTypes also called by dot
// notation on a term of their namespace's type (s.card with s : Finset ℕ).
var methodTypes = map[string]bool{"Finset.card": true, "Set.ncard": true, "List.length": true, "Polynomial.natDegree": true}

// globalSets are Mathlib's constant sets (Set.univ, Finset.univ).
var globalSets = map[string]bool{"Set.univ": true, "Finset.univ": true}

// setFunctions return a Set or a Finset (Mathlib/Order/Interval/Set/...,
// Mathlib/Data/Finset/...).
var setFunctions = map[string]bool{
	"Set.Icc": true, "Set.Ico": true, "Set.Ioc": true, "Set.Ioo": true, "Set.Ici": true, "Set.Iic": true, "Set.Ioi": true, "Set.Iio": true,
	"Set.univ": true, "Set.range": true, "Set.image": true, "Set.preimage": true,
	"Finset.Icc": true, "Finset.Ico": true, "Finset.Ioc": true, "Finset.Ioo": true, "Finset.range": true, "Finset.univ": true,
	"Finset.filter": true, "Finset.image": true,
}
