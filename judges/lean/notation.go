package lean

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// Notation is one infix operator lean-ast reads, with the precedence and
// associativity of the declaration it copies. Every row names that
// declaration and its file; Checked rows were read in the source (Lean
// core's src/Init/Notation.lean, src/Init/Core.lean and
// src/Lean/Parser/Term.lean, Mathlib's files). Every row is checked
// (TestNotationRowsChecked): a row that is not may not be added.
type Notation struct {
	Token   string // as written
	Norm    string // the spelling trees use (ASCII forms map to Unicode)
	Prec    int
	Assoc   byte   // 'l', 'r', or 'n' (infix: neither)
	Decl    string // the declaration
	Source  string // where it is declared
	Checked bool
	Props   *Props // the property columns; nil: none (ASCII rows have none: trees hold their Norm)
}

// Props are the property columns of one row. A column that is a claim
// about Lean (the operator is associative, a relation's converse is ...)
// holds on every row that has it, by the declaration Why cites; a row
// without it claims nothing, and lean-ast does not use it there.
type Props struct {
	Has      Prop
	Converse string // the relation with its operands swapped: a < b is b > a
	Negation string // the relation's negation: a ≠ b is ¬(a = b)
	Strict   string // the strict or non-strict partner of an order
	OnSets   string // what the operator is on sets: ≤ is ⊆
	Nhds     string // the set of the one-sided neighbourhood 𝓝[op] x
	// GluedElsewhere is another notation Mathlib declares with the token
	// and "[" glued on (m ⊗ₜ[R] n is not m ⊗ₜ [R] n): lean-ast refuses it.
	GluedElsewhere string
	Why            string // the declaration behind each column
}

// Prop is a set of property columns; each says what lean-ast does with
// an operator that has it (docs/notation.md lists them from here).
type Prop uint16

const (
	Symmetric       Prop = 1 << iota // a R b is b R a: canon sorts the two operands
	Chain                            // an associative and commutative connective: canon sorts a run of it
	Associative                      // a run of it is one n-ary node of the similarity judge's operator tree
	Homogeneous                      // the operands (and an operation's value) share one type: a numeral or an untyped name among them takes the others' type
	PropValued                       // a R b is a Prop: a hypothesis, an example's type, the end of a chain of ∀ and → whose binders commute
	Derived                          // declared as another row under ¬ or with its operands swapped (Ne, GT.gt, Superset); propChain reads only the others
	Arithmetic                       // Lean's arithmetic on numbers, which the witness computes
	Component                        // elaborated in one binop%/binrel%/rightact% tree with its operands (typed.go unifies their types; the base of ^ only)
	Order                            // a relation of an order (LT.lt, LE.le, their converses): > and ≥ are turned to their converse where both sides have the same order
	BinderPredicate                  // Lean reads it after a bound name (∀ x > 0); any other relation there is refused
	LetterSafe                       // may touch the name after it (2*x, x^n): Lean's longer tokens with its beginning go on with a subscript or a symbol (+ᵥ, *ᵥ, ^[), never a letter; after any other infix a glued letter leaves the statement unread
)

// Is reports whether the row of the token (or a tree's spelling) has
// every column of p.
func Is(token string, p Prop) bool { r := propsOf[token]; return r != nil && r.Has&p == p }

// PropsOf returns the property columns of the token's row (zero if none).
func PropsOf(token string) Props {
	if r := propsOf[token]; r != nil {
		return *r
	}
	return Props{}
}

var propsOf = func() map[string]*Props {
	m := map[string]*Props{}
	for _, n := range Infixes {
		if n.Props != nil {
			m[n.Token] = n.Props
		}
	}
	return m
}()

const (
	srcNotation = "lean4 src/Init/Notation.lean"
	srcCore     = "lean4 src/Init/Core.lean"
	srcTerm     = "lean4 src/Lean/Parser/Term.lean"
)

// Infixes is the one table of the infix notation lean-ast knows: the
// lexer's tokens, the parser's precedences and what lean-ast may do with
// each operator (Props) are read from here, by synth and the span judge too.
var Infixes = []Notation{
	{"↔", "↔", 20, 'n', `infix:20 " ↔ " => Iff`, srcCore, true, &Props{Has: Symmetric | PropValued, Why: "Symmetric: iff_comm (lean4 src/Init/Core.lean); PropValued: Iff (a b : Prop) : Prop"}},
	{"<->", "↔", 20, 'n', `infix:20 " <-> " => Iff`, srcCore, true, nil},
	{"→", "→", 25, 'r', `arrow: checkPrec 25 >> unicodeSymbol " → " " -> " >> termParser 25`, srcTerm, true, nil},
	{"->", "→", 25, 'r', `arrow: checkPrec 25 >> unicodeSymbol " → " " -> " >> termParser 25`, srcTerm, true, nil},
	{"→+*", "→+*", 25, 'r', `infixr:25 " →+* " => RingHom`, "Mathlib/Algebra/Ring/Hom/Defs.lean", true, nil},
	{"→*", "→*", 25, 'r', `infixr:25 " →* " => MonoidHom`, "Mathlib/Algebra/Group/Hom/Defs.lean", true, nil},
	{"→+", "→+", 25, 'r', `infixr:25 " →+ " => AddMonoidHom`, "Mathlib/Algebra/Group/Hom/Defs.lean", true, nil},
	{"→*₀", "→*₀", 25, 'r', `infixr:25 " →*₀ " => MonoidWithZeroHom`, "Mathlib/Algebra/GroupWithZero/Hom.lean", true, nil},
	{"→ₗ", "→ₗ", 25, 'r', `notation:25 M " →ₗ[" R:25 "] " M₂:0 => LinearMap (RingHom.id R) M M₂`, "Mathlib/Algebra/Module/LinearMap/Defs.lean", true, nil},
	{"→L", "→L", 25, 'r', `notation:25 M " →L[" R "] " M₂ => ContinuousLinearMap (RingHom.id R) M M₂`, "Mathlib/Topology/Algebra/Module/LinearMap.lean", true, nil},
	{"→ᵃ", "→ᵃ", 25, 'r', `notation:25 P1 " →ᵃ[" k:25 "] " P2:0 => AffineMap k P1 P2`, "Mathlib/LinearAlgebra/AffineSpace/AffineMap.lean", true, nil},
	{"→o", "→o", 25, 'r', `infixr:25 " →o " => OrderHom`, "Mathlib/Order/Hom/Basic.lean", true, nil},
	{"↪", "↪", 25, 'r', `infixr:25 " ↪ " => Embedding`, "Mathlib/Logic/Embedding/Basic.lean", true, nil},
	{"≃", "≃", 25, 'l', `infixl:25 " ≃ " => Equiv`, "Mathlib/Logic/Equiv/Defs.lean", true, nil},
	{"≃+*", "≃+*", 25, 'l', `infixl:25 " ≃+* " => RingEquiv`, "Mathlib/Algebra/Ring/Equiv.lean", true, nil},
	{"≃*", "≃*", 25, 'l', `infixl:25 " ≃* " => MulEquiv`, "Mathlib/Algebra/Group/Equiv/Defs.lean", true, nil},
	{"≃+", "≃+", 25, 'l', `infixl:25 " ≃+ " => AddEquiv`, "Mathlib/Algebra/Group/Equiv/Defs.lean", true, nil},
	{"≃ₗ", "≃ₗ", 50, 'n', `notation:50 M " ≃ₗ[" R "] " M₂ => LinearEquiv (RingHom.id R) M M₂`, "Mathlib/Algebra/Module/Equiv/Defs.lean", true, nil},
	{"⟶", "⟶", 10, 'r', `infixr:10 " ⟶ " => Quiver.Hom`, "Mathlib/Combinatorics/Quiver/Basic.lean", true, nil},
	{"⥤", "⥤", 26, 'r', `scoped[CategoryTheory] infixr:26 " ⥤ " => Functor`, "Mathlib/CategoryTheory/Functor/Basic.lean", true, nil},
	{"∨", "∨", 30, 'r', `infixr:30 " ∨  " => Or`, srcNotation, true, &Props{Has: Chain | Associative | PropValued, Why: "Chain, Associative: or_comm, or_assoc (lean4 src/Init/Core.lean); PropValued: Or (a b : Prop) : Prop"}},
	{"\\/", "∨", 30, 'r', `infixr:30 " \/ " => Or`, srcNotation, true, nil},
	{"∧", "∧", 35, 'r', `infixr:35 " ∧ " => And`, srcNotation, true, &Props{Has: Chain | Associative | PropValued, Why: "Chain, Associative: and_comm, and_assoc (lean4 src/Init/Core.lean); PropValued: And (a b : Prop) : Prop"}},
	{"/\\", "∧", 35, 'r', `infixr:35 " /\ " => And`, srcNotation, true, nil},
	{"×", "×", 35, 'r', `infixr:35 " × " => Prod`, srcNotation, true, nil},
	{"⧸", "⧸", 35, 'r', `notation:35 G " ⧸ " H:34 => HasQuotient.Quotient G H`, "Mathlib/Algebra/Quotient.lean", true, nil},
	{"=", "=", 50, 'n', `infix:50 " = " => Eq`, srcNotation, true, &Props{Has: Symmetric | Homogeneous | PropValued | Component, Negation: "≠", Why: "Symmetric: eq_comm (lean4 src/Init/Core.lean); Homogeneous, PropValued: Eq {α} (a b : α) : Prop; Component: macro_rules | `($x = $y) => `(binrel% Eq $x $y) (src/Init/Notation.lean); Negation: Ne a b := ¬(a = b) (src/Init/Core.lean)"}},
	{"≠", "≠", 50, 'n', `infix:50 " ≠ " => Ne`, srcCore, true, &Props{Has: Homogeneous | PropValued | Derived | BinderPredicate, Negation: "=", Nhds: "{x}ᶜ", Why: "Derived, Negation, Homogeneous, PropValued: @[reducible] def Ne {α : Sort u} (a b : α) := ¬(a = b) (lean4 src/Init/Core.lean); BinderPredicate: binder_predicate x \" ≠ \" y (src/Init/BinderPredicates.lean); Nhds: notation3 \"𝓝[≠] \" x:100 => nhdsWithin x {x}ᶜ (Mathlib/Topology/Defs/Filter.lean)"}},
	{"<", "<", 50, 'n', `infix:50 " < " => LT.lt`, srcNotation, true, &Props{Has: Homogeneous | PropValued | Component | Order | BinderPredicate, Converse: ">", Strict: "≤", OnSets: "⊂", Nhds: "Set.Iio", Why: "Homogeneous, PropValued, Order: LT.lt [LT α] (a b : α) : Prop; Component: binrel% LT.lt (src/Init/Notation.lean); Converse: GT.gt a b := LT.lt b a (src/Init/Prelude.lean); Strict: lt_iff_le_not_le (Mathlib/Order/Defs/PartialOrder.lean); OnSets: Set.lt_eq_ssubset (Mathlib/Data/Set/Basic.lean); BinderPredicate: binder_predicate x \" < \" y (src/Init/BinderPredicates.lean); Nhds: 𝓝[<] x => nhdsWithin x (Set.Iio x) (Mathlib/Topology/Defs/Filter.lean)"}},
	{">", ">", 50, 'n', `infix:50 " > " => GT.gt`, srcNotation, true, &Props{Has: Homogeneous | PropValued | Order | Derived | BinderPredicate, Converse: "<", Strict: "≥", Nhds: "Set.Ioi", Why: "Derived, Converse, Homogeneous, PropValued, Order: @[reducible] def GT.gt [LT α] (a b : α) : Prop := LT.lt b a (lean4 src/Init/Prelude.lean); Strict: lt_iff_le_not_le, read swapped; BinderPredicate: binder_predicate x \" > \" y (src/Init/BinderPredicates.lean); Nhds: 𝓝[>] x => nhdsWithin x (Set.Ioi x) (Mathlib/Topology/Defs/Filter.lean)"}},
	{"≤", "≤", 50, 'n', `infix:50 " ≤ " => LE.le`, srcNotation, true, &Props{Has: Homogeneous | PropValued | Component | Order | BinderPredicate, Converse: "≥", Strict: "<", OnSets: "⊆", Nhds: "Set.Iic", Why: "Homogeneous, PropValued, Order: LE.le [LE α] (a b : α) : Prop; Component: binrel% LE.le (src/Init/Notation.lean); Converse: GE.ge a b := LE.le b a (src/Init/Prelude.lean); Strict: lt_iff_le_not_le; OnSets: Set.le_eq_subset (Mathlib/Data/Set/Basic.lean); BinderPredicate: binder_predicate x \" ≤ \" y; Nhds: 𝓝[≤] x => nhdsWithin x (Set.Iic x)"}},
	{"<=", "≤", 50, 'n', `infix:50 " <= " => LE.le`, srcNotation, true, nil},
	{"≥", "≥", 50, 'n', `infix:50 " ≥ " => GE.ge`, srcNotation, true, &Props{Has: Homogeneous | PropValued | Order | Derived | BinderPredicate, Converse: "≤", Strict: ">", Nhds: "Set.Ici", Why: "Derived, Converse, Homogeneous, PropValued, Order: @[reducible] def GE.ge [LE α] (a b : α) : Prop := LE.le b a (lean4 src/Init/Prelude.lean); Strict: lt_iff_le_not_le, read swapped; BinderPredicate: binder_predicate x \" ≥ \" y; Nhds: 𝓝[≥] x => nhdsWithin x (Set.Ici x)"}},
	{">=", "≥", 50, 'n', `infix:50 " >= " => GE.ge`, srcNotation, true, nil},
	{"∈", "∈", 50, 'n', `notation:50 a:50 " ∈ " b:50 => Membership.mem b a`, srcNotation, true, &Props{Has: PropValued | BinderPredicate, Negation: "∉", Why: "PropValued: Membership.mem (γ : outParam (Type u)) (a : α) : Prop; Negation: notation:50 a:50 \" ∉ \" b:50 => ¬ (a ∈ b) (src/Init/Notation.lean); BinderPredicate: binder_predicate x \" ∈ \" y (Batteries/Util/ExtendedBinder.lean)"}},
	{"∉", "∉", 50, 'n', `notation:50 a:50 " ∉ " b:50 => ¬ (a ∈ b)`, srcNotation, true, &Props{Has: PropValued | Derived | BinderPredicate, Negation: "∈", Why: "Derived, Negation, PropValued: notation:50 a:50 \" ∉ \" b:50 => ¬ (a ∈ b) (lean4 src/Init/Notation.lean); BinderPredicate: binder_predicate x \" ∉ \" y (Batteries/Util/ExtendedBinder.lean)"}},
	{"⊆", "⊆", 50, 'n', `infix:50 " ⊆ " => Subset`, srcCore, true, &Props{Has: PropValued | BinderPredicate, Converse: "⊇", Why: "PropValued: HasSubset.Subset : α → α → Prop; Converse: def Superset [HasSubset α] (a b : α) := b ⊆ a (lean4 src/Init/Core.lean); BinderPredicate: binder_predicate x \" ⊆ \" y (Mathlib/Order/SetNotation.lean)"}},
	{"⊂", "⊂", 50, 'n', `infix:50 " ⊂ " => SSubset`, srcCore, true, &Props{Has: PropValued | BinderPredicate, Converse: "⊃", Why: "PropValued: HasSSubset.SSubset : α → α → Prop; Converse: def SSuperset [HasSSubset α] (a b : α) := b ⊂ a (lean4 src/Init/Core.lean); BinderPredicate: binder_predicate x \" ⊂ \" y (Mathlib/Order/SetNotation.lean)"}},
	{"⊇", "⊇", 50, 'n', `infix:50 " ⊇ " => Superset`, srcCore, true, &Props{Has: PropValued | Derived | BinderPredicate, Converse: "⊆", Why: "Derived, Converse, PropValued: def Superset [HasSubset α] (a b : α) := b ⊆ a (lean4 src/Init/Core.lean); BinderPredicate: binder_predicate x \" ⊇ \" y (Mathlib/Order/SetNotation.lean)"}},
	{"⊃", "⊃", 50, 'n', `infix:50 " ⊃ " => SSuperset`, srcCore, true, &Props{Has: PropValued | Derived | BinderPredicate, Converse: "⊂", Why: "Derived, Converse, PropValued: def SSuperset [HasSSubset α] (a b : α) := b ⊂ a (lean4 src/Init/Core.lean); BinderPredicate: binder_predicate x \" ⊃ \" y (Mathlib/Order/SetNotation.lean)"}},
	{"∣", "∣", 50, 'n', `infix:50 " ∣ " => Dvd.dvd`, srcNotation, true, &Props{Has: Homogeneous | PropValued, Why: "Homogeneous, PropValued: class Dvd (α : Type u) where dvd : α → α → Prop (lean4 src/Init/Prelude.lean)"}},
	{"≡", "≡", 50, 'n', `notation:50 a " ≡ " b " [MOD " n "]" => Nat.ModEq n a b`, "Mathlib/Data/Nat/ModEq.lean", true, &Props{Has: PropValued, Why: "PropValued: Nat.ModEq (n a b : ℕ) : Prop, Int.ModEq, AddCommGroup.ModEq, SModEq (Mathlib)"}},
	{"≈", "≈", 50, 'n', `infix:50 " ≈ " => HasEquiv.Equiv`, srcCore, true, nil},
	{"=ᶠ", "=ᶠ", 50, 'n', `notation:50 f " =ᶠ[" l:50 "] " g:50 => Filter.EventuallyEq l f g`, "Mathlib/Order/Filter/Basic.lean", true, &Props{Has: PropValued, Why: "PropValued: Filter.EventuallyEq (l : Filter α) (f g : α → β) : Prop"}},
	{"≤ᶠ", "≤ᶠ", 50, 'n', `notation:50 f " ≤ᶠ[" l:50 "] " g:50 => Filter.EventuallyLE l f g`, "Mathlib/Order/Filter/Basic.lean", true, &Props{Has: PropValued, Why: "PropValued: Filter.EventuallyLE (l : Filter α) (f g : α → β) : Prop"}},
	{"=ᵐ", "=ᵐ", 50, 'n', `notation:50 f " =ᵐ[" μ:50 "] " g:50 => Filter.EventuallyEq (MeasureTheory.ae μ) f g`, "Mathlib/MeasureTheory/OuterMeasure/AE.lean", true, &Props{Has: PropValued, Why: "PropValued: Filter.EventuallyEq (MeasureTheory.ae μ) f g : Prop"}},
	{"≤ᵐ", "≤ᵐ", 50, 'n', `notation:50 f " ≤ᵐ[" μ:50 "] " g:50 => Filter.EventuallyLE (MeasureTheory.ae μ) f g`, "Mathlib/MeasureTheory/OuterMeasure/AE.lean", true, &Props{Has: PropValued, Why: "PropValued: Filter.EventuallyLE (MeasureTheory.ae μ) f g : Prop"}},
	{"+", "+", 65, 'l', `infixl:65 " + " => HAdd.hAdd`, srcNotation, true, &Props{Has: Associative | Homogeneous | Arithmetic | Component | LetterSafe, Why: "Associative: add_assoc (Mathlib/Algebra/Group/Defs.lean); Homogeneous, Arithmetic, Component: macro_rules | `($x + $y) => `(binop% HAdd.hAdd $x $y) (lean4 src/Init/Notation.lean), instHAdd : HAdd α α α"}},
	{"-", "-", 65, 'l', `infixl:65 " - " => HSub.hSub`, srcNotation, true, &Props{Has: Homogeneous | Arithmetic | Component | LetterSafe, Why: "Homogeneous, Arithmetic, Component: binop% HSub.hSub (lean4 src/Init/Notation.lean), instHSub : HSub α α α"}},
	{"∪", "∪", 65, 'l', `infixl:65 " ∪ " => Union.union`, srcCore, true, &Props{Has: Associative, Why: "Associative: Set.union_assoc, Finset.union_assoc (Mathlib/Data/Set/Basic.lean, Mathlib/Data/Finset/Basic.lean)"}},
	{"++", "++", 65, 'l', `infixl:65 " ++ " => HAppend.hAppend`, srcNotation, true, nil},
	{"⊔", "⊔", 68, 'l', `infixl:68 " ⊔ " => Max.max`, "Mathlib/Order/Notation.lean", true, &Props{Has: Homogeneous, OnSets: "∪", Why: "Homogeneous: Max.max : α → α → α; OnSets: Set.sup_eq_union (Mathlib/Data/Set/Basic.lean)"}},
	{"⊓", "⊓", 69, 'l', `infixl:69 " ⊓ " => Min.min`, "Mathlib/Order/Notation.lean", true, &Props{Has: Homogeneous, OnSets: "∩", Why: "Homogeneous: Min.min : α → α → α; OnSets: Set.inf_eq_inter (Mathlib/Data/Set/Basic.lean)"}},
	{"*", "*", 70, 'l', `infixl:70 " * " => HMul.hMul`, srcNotation, true, &Props{Has: Associative | Homogeneous | Arithmetic | Component | LetterSafe, Why: "Associative: mul_assoc (Mathlib/Algebra/Group/Defs.lean); Homogeneous, Arithmetic, Component: binop% HMul.hMul (lean4 src/Init/Notation.lean), instHMul : HMul α α α"}},
	{"/", "/", 70, 'l', `infixl:70 " / " => HDiv.hDiv`, srcNotation, true, &Props{Has: Homogeneous | Arithmetic | Component | LetterSafe, Why: "Homogeneous, Arithmetic, Component: binop% HDiv.hDiv (lean4 src/Init/Notation.lean), instHDiv : HDiv α α α"}},
	{"%", "%", 70, 'l', `infixl:70 " % " => HMod.hMod`, srcNotation, true, &Props{Has: Homogeneous | Arithmetic | LetterSafe, Why: "Homogeneous, Arithmetic: binop% HMod.hMod (lean4 src/Init/Notation.lean), instHMod : HMod α α α"}},
	{"∩", "∩", 70, 'l', `infixl:70 " ∩ " => Inter.inter`, srcCore, true, &Props{Has: Associative, Why: "Associative: Set.inter_assoc, Finset.inter_assoc (Mathlib/Data/Set/Basic.lean, Mathlib/Data/Finset/Basic.lean)"}},
	{"\\", "\\", 70, 'n', `infix:70 " \ " => SDiff.sdiff`, srcCore, true, nil},
	{"•", "•", 73, 'r', `infixr:73 " • " => HSMul.hSMul`, "Mathlib/Algebra/Group/Defs.lean", true, nil},
	{"^", "^", 80, 'r', `infixr:80 " ^ " => HPow.hPow`, srcNotation, true, &Props{Has: Component | LetterSafe, Why: "Component: macro_rules | `($x ^ $y) => `(rightact% HPow.hPow $x $y) (lean4 src/Init/Notation.lean): the base is in the tree, the exponent is not"}},
	{"≫", "≫", 80, 'r', `scoped infixr:80 " ≫ " => CategoryStruct.comp`, "Mathlib/CategoryTheory/Category/Basic.lean", true, nil},
	{"⋙", "⋙", 80, 'r', `scoped[CategoryTheory] infixr:80 " ⋙ " => Functor.comp`, "Mathlib/CategoryTheory/Functor/Basic.lean", true, nil},
	{"''", "''", 80, 'l', `infixl:80 " '' " => image`, "Mathlib/Data/Set/Defs.lean", true, nil},
	{"⁻¹'", "⁻¹'", 80, 'l', `infixl:80 " ⁻¹' " => preimage`, "Mathlib/Data/Set/Defs.lean", true, nil},
	{"×ˢ", "×ˢ", 82, 'r', `@[inherit_doc SProd.sprod] infixr:82 " ×ˢ " => SProd.sprod`, "Mathlib/Data/SProd.lean", true, nil},
	{"∘", "∘", 90, 'r', `infixr:90 " ∘ " => Function.comp`, srcNotation, true, nil},
	{"∘ₗ", "∘ₗ", 80, 'r', `notation3:80 (name := compNotation) f:81 " ∘ₗ " g:80 => LinearMap.comp (σ₁₂ := RingHom.id _) (σ₂₃ := RingHom.id _) (σ₁₃ := RingHom.id _) f g`, "Mathlib/Algebra/Module/LinearMap/Defs.lean", true, nil},
	{"-ᵥ", "-ᵥ", 65, 'l', `infixl:65 " -ᵥ " => VSub.vsub`, "Mathlib/Algebra/Notation/Defs.lean", true, nil},
	// +ᵥ is infixr:65 in today's Mathlib and was infixl:65 before: read as
	// neither, so a chain a +ᵥ b +ᵥ c (whose grouping depends on the
	// version) is refused rather than read one way.
	{"+ᵥ", "+ᵥ", 65, 'n', `infixr:65 " +ᵥ " => HVAdd.hVAdd`, "Mathlib/Algebra/Notation/Defs.lean", true, nil},
	{"∆", "∆", 100, 'l', `infixl:100 " ∆ " => symmDiff`, "Mathlib/Order/SymmDiff.lean", true, nil},
	{"..", "..", 60, 'n', `notation3"∫ "(...)" in "a".."b", "r:60:(scoped f => f)" ∂"μ:70 => intervalIntegral r a b μ: the bounds are terms read up to "..", which lean-ast reads as a non-associative infix at 60 (bounds built with +, *, ^ or applications read alike)`, "Mathlib/MeasureTheory/Integral/IntervalIntegral.lean", true, &Props{Has: LetterSafe}},
	{"≃ₜ", "≃ₜ", 25, 'l', `infixl:25 " ≃ₜ " => Homeomorph`, "Mathlib/Topology/Homeomorph/Defs.lean", true, nil},
	// →ₛ and ∈+ are local notation, declared alike in each file that uses
	// them: a statement that holds them is from such a file (elsewhere it
	// does not parse).
	{"→ₛ", "→ₛ", 25, 'r', `local infixr:25 " →ₛ " => SimpleFunc`, "Mathlib/MeasureTheory/Function/SimpleFunc.lean", true, nil},
	{"≃ₗᵢ", "≃ₗᵢ", 25, 'r', `notation:25 E " ≃ₗᵢ[" R:25 "] " E₂:0 => LinearIsometryEquiv (RingHom.id R) E E₂`, "Mathlib/Analysis/Normed/Operator/LinearIsometry.lean", true, nil},
	{"→SL", "→SL", 25, 'r', `notation:25 M " →SL[" σ "] " M₂ => ContinuousLinearMap σ M M₂`, "Mathlib/Topology/Algebra/Module/LinearMap.lean", true, nil},
	{"∈+", "∈+", 50, 'l', `local infixl:50 " ∈+ " => List.Duplicate`, "Mathlib/Data/List/Duplicate.lean", true, nil},
	{"<+", "<+", 50, 'l', `@[inherit_doc] scoped infixl:50 " <+ " => Sublist`, "lean4 src/Init/Data/List/Basic.lean", true, nil},
	{"<+:", "<+:", 50, 'l', `@[inherit_doc] infixl:50 " <+: " => IsPrefix`, "lean4 src/Init/Data/List/Basic.lean", true, nil},
	{"<:+", "<:+", 50, 'l', `@[inherit_doc] infixl:50 " <:+ " => IsSuffix`, "lean4 src/Init/Data/List/Basic.lean", true, nil},
	{"<:+:", "<:+:", 50, 'l', `@[inherit_doc] infixl:50 " <:+: " => IsInfix`, "lean4 src/Init/Data/List/Basic.lean", true, nil},
	{"⬝ᵥ", "⬝ᵥ", 72, 'l', `infixl:72 " ⬝ᵥ " => dotProduct`, "Mathlib/Data/Matrix/Mul.lean", true, nil},
	{"*ᵥ", "*ᵥ", 73, 'r', `scoped infixr:73 " *ᵥ " => Matrix.mulVec`, "Mathlib/Data/Matrix/Mul.lean", true, nil},
	{"=O", "=O", 100, 'n', `notation:100 f " =O[" l "] " g:100 => IsBigO l f g`, "Mathlib/Analysis/Asymptotics/Defs.lean", true, nil},
	{"⊗ₜ", "⊗ₜ", 100, 'l', `infixl:100 " ⊗ₜ " => tmul _`, "Mathlib/LinearAlgebra/TensorProduct/Defs.lean", true, &Props{GluedElsewhere: `notation:100 x:100 " ⊗ₜ[" R "] " y:101 => tmul R x y, Mathlib/LinearAlgebra/TensorProduct/Defs.lean`}},
	// ⊗ alone is also the monoidal product (scoped infixr:70 " ⊗ " =>
	// MonoidalCategory.tensorObj): only ⊗[R] is read. Its right side was
	// N:100 before and is N:101 now: read as neither, a chain is refused.
	{"⊗", "⊗", 100, 'n', `@[inherit_doc] scoped[TensorProduct] notation:100 M:100 " ⊗[" R "] " N:101 => TensorProduct R M N`, "Mathlib/LinearAlgebra/TensorProduct/Defs.lean", true, nil},
	{"|>", "|>", 10, 'l', `syntax:min term " |> " term:min1 : term`, srcNotation, true, nil},
	{"<|", "<|", 10, 'r', `syntax:min term " <| " term:min : term`, srcNotation, true, nil},
	{"$", "<|", 10, 'r', `syntax:min term atomic(" $" ws) term:min : term`, srcNotation, true, nil},
}

// form is Forms by token: the lexer's and the parser's view of it.
var form = func() map[string]Form {
	m := make(map[string]Form, len(Forms))
	for _, f := range Forms {
		m[f.Token] = f
	}
	return m
}()

// GluedBracket reports whether the row's declaration spells its token with
// "[" glued on (notation:25 M " →ₗ[" R:25 "] " M₂:0): Lean's token is then
// "→ₗ[", so the lexer refuses the symbol without it and the parser reads
// the bracket's term as a third part of the relation.
func (n Notation) GluedBracket() bool { return strings.Contains(n.Decl, `" `+n.Token+`[`) }

// RightAtZero reports whether the row's declaration reads its right side
// at precedence 0: the item after the bracket's "] " is a name with no
// precedence or with :0 (M " →L[" R "] " M₂, E " ≃ₗᵢ[" R:25 "] " E₂:0), so
// the right side takes every operator after it, as Lean's term parser at
// precedence 0 does.
func (n Notation) RightAtZero() bool { return rightAtZero.MatchString(n.Decl) }

var rightAtZero = regexp.MustCompile(`"\] " [^\s:"]+(:0)? =>`)

// ASCIISpellings maps each ASCII token of the table whose trees spell it
// in Unicode to that spelling: <= to ≤, -> to →, /\ to ∧ ($ is <|, ASCII
// too, and not among them).
func ASCIISpellings() map[string]string {
	m := map[string]string{}
	for _, n := range Infixes {
		if n.Token != n.Norm && strings.ContainsFunc(n.Norm, func(r rune) bool { return r >= utf8.RuneSelf }) {
			m[n.Token] = n.Norm
		}
	}
	return m
}

// InfixOp returns the table's row for an infix token.
func InfixOp(token string) (Notation, bool) {
	n, ok := infix[token]
	return n, ok
}

// infix is the table by token: the lexer's and the parser's view of it.
var infix = func() map[string]Notation {
	m := make(map[string]Notation, len(Infixes))
	for _, n := range Infixes {
		m[n.Token] = n
	}
	return m
}()

// Form is a notation other than an infix operator that lean-ast reads: a
// prefix or postfix operator, a binder, a big operator, a bracket, a
// symbol for one constant, a set-builder, a token glued to its bracket.
// Like Infixes, each row names the declaration it copies; Read says
// whether that declaration was read in the source (rows not read are
// brackets and symbols whose reading does not depend on a precedence:
// lean-ast keeps them as their own node, equal only to themselves).
type Form struct {
	Token  string // as written
	Kind   string // prefix, postfix, binder, big operator, bracket, constant, set-builder, glued
	Reads  string // how lean-ast reads it
	Decl   string // the declaration
	Source string
	Read   bool
	Prec   int    // the precedence of the argument or body, where the parser reads it at one
	Lex    string // the lexer's tokens of more than one character it brings (space-separated)
}

// Forms is the table of every non-infix notation lean-ast reads
// (TestFormsCoverParser checks that the parser knows no other).
var Forms = []Form{
	{"-", "prefix", "argument at 75 (prefix:100 in Lean before 2024): -x ^ 2 is -(x ^ 2)", `prefix:75 "-" => Neg.neg`, srcNotation, true, 75, ""},
	{"¬", "prefix", "argument at 40", `notation:max "¬" p:40 => Not p`, srcNotation, true, 40, ""},
	{"↑", "prefix", "argument at max: no application, postfixes included", `syntax:1024 (name := coeNotation) "↑" term:1024 : term`, "lean4 src/Init/Coe.lean", true, 0, ""},
	{"√", "prefix", "argument at max: √x⁻¹ is √(x⁻¹), √ f x is (√f) x", `prefix:max "√" => Real.sqrt`, "Mathlib/Data/Real/Sqrt.lean", true, 0, ""},
	{"#", "prefix", "argument at arg: no application", `scoped prefix:arg "#" => Finset.card`, "Mathlib/Data/Finset/Card.lean", true, 0, ""},
	{"⋃₀", "prefix", "argument at 110", `prefix:110 "⋃₀ " => sUnion`, "Mathlib/Order/SetNotation.lean", true, 110, "⋃₀"},
	{"⋂₀", "prefix", "argument at 110", `prefix:110 "⋂₀ " => sInter`, "Mathlib/Order/SetNotation.lean", false, 110, "⋂₀"},
	{"⁻¹", "postfix", "binds to the argument: f x⁻¹ is f (x⁻¹)", `postfix:max "⁻¹" => Inv.inv`, "Mathlib/Algebra/Group/Defs.lean", true, 0, "⁻¹"},
	{"ᶜ", "postfix", "binds to the argument", `postfix:1024 "ᶜ" => compl`, "Mathlib/Order/Notation.lean", true, 0, ""},
	{"ˣ", "postfix", "binds to the argument", `postfix:1024 "ˣ" => Units`, "Mathlib/Algebra/Group/Units/Defs.lean", true, 0, ""},
	{"!", "postfix", "binds to the argument: n ! is Nat.factorial n", `scoped notation:10000 n "!" => Nat.factorial n`, "Mathlib/Data/Nat/Factorial/Basic.lean", true, 0, ""},
	{"ᵀ", "postfix", "binds to the argument", `scoped postfix:1024 "ᵀ" => Matrix.transpose`, "Mathlib/Data/Matrix/Basic.lean", true, 0, ""},
	{"ᵒᵈ", "postfix", "binds to the argument", `notation:max α "ᵒᵈ" => OrderDual α`, "Mathlib/Order/Basic.lean", true, 0, ""},
	{"ᗮ", "postfix", "binds to the argument: f Kᗮ is f (Kᗮ)", `notation:1200 K "ᗮ" => orthogonal K`, "Mathlib/Analysis/InnerProductSpace/Orthogonal.lean", true, 0, ""},
	{"⟦X⟧", "postfix", "binds to the argument: f R⟦X⟧ is f (R⟦X⟧), its own node (PowerSeries R); ⟦ otherwise (Quotient.mk) refused", `scoped notation:9000 R "⟦X⟧" => PowerSeries R`, "Mathlib/RingTheory/PowerSeries/Basic.lean", true, 0, "⟦X⟧"},
	{"^[", "postfix", "f^[n] is Nat.iterate f n, binding to the argument: g f^[n] x is g (Nat.iterate f n) x; the token is ^[ glued, so f ^ [n] is a power", `notation:max f "^["n"]" => Nat.iterate f n`, "Mathlib/Logic/Function/Iterate.lean", true, 0, "^["},
	{"xs[i]", "postfix", "an index glued to the term before it is getElem, binding to the argument: f l[i] is f (l[i]); l [i], spaced, applies l to a list; the bound's proof comes from the hypotheses before it, so a binder holding an index keeps its place; xs[i]!, xs[i]? and xs[i]'h are not read", `syntax:max term noWs "[" withoutPosition(term) "]" : term (macro_rules => getElem xs i (by get_elem_tactic))`, "lean4 src/Init/GetElem.lean", true, 0, ""},
	{"R[X]", "postfix", "R glued to [X] is Polynomial R, not an index", `scoped[Polynomial] notation:9000 R "[X]" => Polynomial R`, "Mathlib/Algebra/Polynomial/Basic.lean", true, 0, ""},
	{"∀", "binder", "binders, optional type, binder predicates (∀ x ∈ s), body at 0", `leading_parser:leadPrec unicodeSymbol "∀" "forall" >> many1 binder >> optType >> ", " >> termParser`, srcTerm, true, 0, ""},
	{"Π", "binder", "as ∀", `Π binders, body (the dependent arrow in Lean 3 spelling)`, "Mathlib (the Π notation; file not read)", false, 0, ""},
	{"∃", "binder", "binders, optional type, binder predicates (∃ x > 0), body at 0", `macro "∃" xs:explicitBinders ", " b:term : term`, "lean4 src/Init/NotationExtra.lean", false, 0, ""},
	{"∃!", "binder", "as ∃", `macro "∃!" xs:explicitBinders ", " b:term : term`, "Mathlib/Logic/ExistsUnique.lean", false, 0, "∃!"},
	{"fun", "binder", "binders then => or ↦, body at 0; a pattern ⟨x, y⟩ or (x, y), match alternatives and Lean 3's 'fun x,' refused", `leading_parser:maxPrec ppAllowUngrouped >> unicodeSymbol "λ" "fun" >> (basicFun <|> matchAlts)`, srcTerm, true, 0, ""},
	{"λ", "binder", "as fun", `leading_parser:maxPrec ppAllowUngrouped >> unicodeSymbol "λ" "fun" >> (basicFun <|> matchAlts)`, srcTerm, true, 0, ""},
	{"let", "binder", "let x := v; b and let x : t := v, the body after ; or a line break; the value's arguments stand right of the let's column (checkColGt), except inside ( ); a pattern, parameters, equations and let rec refused; have, show, suffices, match refused", `leading_parser:leadPrec withPosition ("let " >> letDecl) >> optSemicolon termParser`, srcTerm, true, 0, ""},
	{"Σ", "binder", "as ∃", `macro "Σ" xs:explicitBinders ", " b:term : term`, "lean4 src/Init/NotationExtra.lean", false, 0, ""},
	{"∀ᶠ", "binder", "one name, 'in' filter (outside the name's scope) ',' body at 0", `notation3 "∀ᶠ "(...)" in "f", "r:(scoped p => Filter.Eventually p f) => r`, "Mathlib/Order/Filter/Defs.lean", true, 0, "∀ᶠ"},
	{"∃ᶠ", "binder", "as ∀ᶠ", `notation3 "∃ᶠ "(...)" in "f", "r:(scoped p => Filter.Frequently p f) => r`, "Mathlib/Order/Filter/Defs.lean", true, 0, "∃ᶠ"},
	{"∀ᵐ", "binder", "as ∀ᶠ x in MeasureTheory.ae μ, the term it unfolds to: one name, ∂ measure (outside the name's scope) ',' body at 0", `notation3 "∀ᵐ "(...)" ∂"μ", "r:(scoped p => Filter.Eventually p <| MeasureTheory.ae μ) => r`, "Mathlib/MeasureTheory/OuterMeasure/AE.lean", true, 0, "∀ᵐ"},
	{"∃ᵐ", "binder", "as ∃ᶠ x in MeasureTheory.ae μ", `notation3 "∃ᵐ "(...)" ∂"μ", "r:(scoped P => Filter.Frequently P <| MeasureTheory.ae μ) => r`, "Mathlib/MeasureTheory/OuterMeasure/AE.lean", true, 0, "∃ᵐ"},
	{"∑", "big operator", "body at 67: ∑ i ∈ s, f i + 1 is (∑ i ∈ s, f i) + 1", `"∑ " bigOpBinders* ("with" term)? "," term:67`, "Mathlib/Algebra/BigOperators/Group/Finset/Defs.lean", true, 67, ""},
	{"∏", "big operator", "body at 67", `"∏ " bigOpBinders* ("with" term)? "," term:67`, "Mathlib/Algebra/BigOperators/Group/Finset/Defs.lean", true, 67, ""},
	{"∑'", "big operator", "body at 67", `notation3 "∑' "(...)", "r:67:(scoped f => tsum f) => r`, "Mathlib/Topology/Algebra/InfiniteSum/Defs.lean", true, 67, "∑'"},
	{"∏'", "big operator", "body at 67", `notation3 "∏' "(...)", "r:67:(scoped f => tprod f) => r`, "Mathlib/Topology/Algebra/InfiniteSum/Defs.lean", true, 67, "∏'"},
	{"∫", "big operator", "body at 60, then ∂ μ: ∫ x in a..b, x + 1 = 4 is (∫ x in a..b, x + 1) = 4; the Bochner forms (∫ x, f x ∂μ, Mathlib/MeasureTheory/Integral/Bochner.lean) likewise", `notation3 "∫ "(...)" in "a".."b", "r:60:(scoped f => intervalIntegral f a b volume) => r`, "Mathlib/MeasureTheory/Integral/IntervalIntegral.lean", true, 60, ""},
	{"∫⁻", "big operator", "body at 60, then ∂ μ", `notation3 "∫⁻ "(...)", "r:60:(scoped f => f)" ∂"μ:70 => lintegral μ r`, "Mathlib/MeasureTheory/Integral/Lebesgue/Basic.lean", true, 60, "∫⁻"},
	{"∮", "big operator", "body at 60", `notation3 "∮ "(...)" in "c", "r:60:(scoped f => circleIntegral f c R) => r`, "Mathlib/MeasureTheory/Integral/CircleIntegral.lean", false, 60, ""},
	{"⋃", "big operator", "body at 60", `notation3 "⋃ "(...)", "r:60:(scoped f => iUnion f) => r`, "Mathlib/Order/SetNotation.lean", true, 60, ""},
	{"⋂", "big operator", "body at 60", `notation3 "⋂ "(...)", "r:60:(scoped f => iInter f) => r`, "Mathlib/Order/SetNotation.lean", true, 60, ""},
	{"⨆", "big operator", "body at 60", `notation3 "⨆ "(...)", "r:60:(scoped f => iSup f) => r`, "Mathlib/Order/SetNotation.lean", true, 60, ""},
	{"⨅", "big operator", "body at 60", `notation3 "⨅ "(...)", "r:60:(scoped f => iInf f) => r`, "Mathlib/Order/SetNotation.lean", true, 60, ""},
	{"|", "bracket", "|a| as its own node (abs)", "macro:max atomic(\"|\" noWs) a:term noWs \"|\" : term => `(abs $a)", "Mathlib/Algebra/Order/Group/Unbundled/Abs.lean", true, 0, ""},
	{"‖", "bracket", "‖a‖ as its own node (norm)", `@[inherit_doc] notation "‖" e "‖" => norm e`, "Mathlib/Analysis/Normed/Group/Basic.lean", true, 0, ""},
	{"‖₊", "bracket", "‖a‖₊ as nnnorm a, ‖a‖ₑ as enorm a (the closing token says which)", `@[inherit_doc] notation "‖" e "‖₊" => nnnorm e; @[inherit_doc] notation "‖" e "‖ₑ" => enorm e`, "Mathlib/Analysis/Normed/Group/Basic.lean", true, 0, "‖₊ ‖ₑ"},
	{"![", "bracket", "![a, b] as the term it unfolds to, Matrix.vecCons a (Matrix.vecCons b Matrix.vecEmpty); one token, so n ![a] is n applied to a vector (!![ and #[ refused)", "syntax (name := vecNotation) \"![\" term,* \"]\" : term; macro_rules | `(![$term:term, $terms:term,*]) => `(vecCons $term ![$terms,*]) | `(![$term:term]) => `(vecCons $term ![]) | `(![]) => `(vecEmpty)", "Mathlib/Data/Fin/VecNotation.lean", true, 0, "!["},
	{"(↑)", "constant", "its own symbol (the coercion as a function, at the type it is ascribed)", `elab "(" "↑" ")" : term <= expectedType => elabPartiallyAppliedCoe ...`, "lean4 Lean.Elab.Term.CoeImpl (file not read)", false, 0, ""},
	{"𝓝ˢ", "constant", "nhdsSet; one token (ˢ is no identifier character)", `scoped[Topology] notation "𝓝ˢ" => nhdsSet`, "Mathlib/Topology/Defs/Filter.lean (file not read)", false, 0, ""},
	{"⌊", "bracket", "⌊a⌋ (Int.floor) and ⌊a⌋₊ (Nat.floor) as their own nodes", `notation "⌊" a "⌋₊" => Nat.floor a`, "Mathlib/Algebra/Order/Floor.lean", true, 0, "⌋₊"},
	{"⌈", "bracket", "⌈a⌉ (Int.ceil) and ⌈a⌉₊ (Nat.ceil) as their own nodes", `notation "⌈" a "⌉₊" => Nat.ceil a`, "Mathlib/Algebra/Order/Floor.lean", true, 0, "⌉₊"},
	{"⟪", "bracket", "⟪x, y⟫_𝕜 as its own node (inner)", `notation3:max "⟪" x ", " y "⟫_" 𝕜:max => @inner 𝕜 _ _ x y`, "Mathlib/Analysis/InnerProductSpace/Defs.lean", false, 0, ""},
	{"⁅", "bracket", "⁅x, y⁆ as its own node (Bracket.bracket)", `notation "⁅" x ", " y "⁆" => Bracket.bracket x y`, "Mathlib/Data/Bracket.lean", false, 0, ""},
	{"∅", "constant", "its own symbol; {} is left apart (Lean reads it as ∅ or as an empty structure instance, by the expected type)", `@[inherit_doc] notation "∅" => EmptyCollection.emptyCollection`, srcCore, true, 0, ""},
	{"⊤", "constant", "its own symbol", `notation "⊤" => Top.top`, "Mathlib/Order/Notation.lean", true, 0, ""},
	{"⊥", "constant", "its own symbol", `notation "⊥" => Bot.bot`, "Mathlib/Order/Notation.lean", true, 0, ""},
	{"∞", "constant", "its own symbol", `scoped notation "∞" => (⊤ : ENNReal)`, "Mathlib/Data/ENNReal/Basic.lean", false, 0, ""},
	{"·", "constant", "the cdot of (· + 1), its own symbol", `cdot: leading_parser:maxPrec symbol "·" <|> "."`, srcTerm, false, 0, ""},
	{"π", "constant", "Real.pi", `scoped notation "π" => Real.pi`, "Mathlib/Analysis/SpecialFunctions/Trigonometric/Basic.lean", false, 0, ""},
	{"ℵ₀", "constant", "its own symbol", `scoped notation "ℵ₀" => Cardinal.aleph0`, "Mathlib/SetTheory/Cardinal/Basic.lean", true, 0, ""},
	{"∠", "constant", "EuclideanGeometry.angle", `scoped notation "∠" => EuclideanGeometry.angle`, "Mathlib/Geometry/Euclidean/Angle/Unoriented/Affine.lean", true, 0, "∠"},
	{"∡", "constant", "EuclideanGeometry.oangle", `scoped notation "∡" => EuclideanGeometry.oangle`, "Mathlib/Geometry/Euclidean/Angle/Oriented/Affine.lean", true, 0, "∡"},
	{"{x | p}", "set-builder", "a set-builder binding x in p; {x : T | p}, {x ∈ s | p} likewise", "| `({ $x:ident | $p }) => `(setOf fun $x:ident ↦ $p)", "Mathlib/Data/Set/Defs.lean", true, 0, ""},
	{"{(x, y) : T | p}", "set-builder", "a set-builder over a pattern binding x, y in p; only with the type", "macro (name := macroPattSetBuilder) (priority := low-1) \"{\" pat:term \" : \" t:term \" | \" p:term \"}\" : term => `({ x : $t | match x with | $pat => $p })", "Mathlib/Data/Set/Defs.lean", true, 0, ""},
	{"{f x | x ∈ s}", "set-builder", "an image builder, kept as written", "macro (priority := low) \"{\" t:term \" | \" bs:extBinders \"}\" : term => `({x | ∃ᵉ $bs:extBinders, $t = x})", "Mathlib/Data/Set/Defs.lean", true, 0, ""},
	{"𝓝[", "glued", "𝓝[s] x is nhdsWithin x s, the point at 100; 𝓝 [s] (a space) is 𝓝 applied to a list", `scoped[Topology] notation "𝓝[" s "] " x:100 => nhdsWithin x s`, "Mathlib/Topology/Defs/Filter.lean", true, 0, ""},
	{"𝓝[≤]", "glued", "nhdsWithin x (Set.Iic x); 𝓝[≥] 𝓝[<] 𝓝[>] 𝓝[≠] likewise", `scoped[Topology] notation3 "𝓝[≤] " x:100 => nhdsWithin x (Set.Iic x)`, "Mathlib/Topology/Defs/Filter.lean", true, 0, ""},
	{"[MOD", "glued", "the modulus of a ≡ b [MOD n], a third part of the relation; [ZMOD [PMOD [SMOD likewise; never a list", `notation:50 a " ≡ " b " [MOD " n "]" => Nat.ModEq n a b`, "Mathlib/Data/Nat/ModEq.lean", true, 0, ""},
	{"=ᶠ[", "glued", "refused without its bracket; every infix row whose declaration glues [ to its token likewise (≤ᶠ[ =ᵐ[ ≤ᵐ[ →ₗ[ ≃ₗ[ →L[ →SL[ →ᵃ[ ≃ₗᵢ[ =O[ ⊗[); the bracket's term is a third part of the relation, and where the declaration reads the right side at 0 (M →L[R] M₂) lean-ast does too", `notation:50 f " =ᶠ[" l:50 "] " g:50 => Filter.EventuallyEq l f g`, "Mathlib/Order/Filter/Basic.lean", true, 0, ""},
}

// plainScopes are the namespaces of the rows declared `scoped` without a
// namespace written: the namespace the declaration sits in.
var plainScopes = map[string]string{"≫": "CategoryTheory", "<+": "List", "*ᵥ": "Matrix", "#": "Finset", "ᵀ": "Matrix",
	"⟦X⟧": "PowerSeries", "∞": "ENNReal", "π": "Real", "ℵ₀": "Cardinal", "∠": "EuclideanGeometry", "∡": "EuclideanGeometry", "!": "Nat"}

// scopedTokens maps the token of every scoped row (Infixes and Forms) to
// the namespace that must be open for Lean to read it.
var scopedTokens = map[string]string{}

func init() {
	scope := func(token, decl string) {
		d := strings.TrimPrefix(decl, "@[inherit_doc] ")
		if ns, ok := strings.CutPrefix(d, "scoped["); ok {
			if i := strings.IndexByte(ns, ']'); i > 0 {
				scopedTokens[token] = ns[:i]
			}
		} else if strings.HasPrefix(d, "scoped ") {
			scopedTokens[token] = plainScopes[token]
		}
	}
	for _, r := range Infixes {
		scope(r.Token, r.Decl)
	}
	for _, f := range Forms {
		scope(f.Token, f.Decl)
	}
}

// scopesUsed lists the namespaces of the scoped notation among toks: a
// scoped token, R[X] (the brackets glued around X) and 𝓝[ (Topology).
func scopesUsed(toks []token) []string {
	var out []string
	add := func(ns string) {
		if ns != "" && !slices.Contains(out, ns) {
			out = append(out, ns)
		}
	}
	for i, t := range toks {
		switch {
		case t.text == "[" && i+2 < len(toks) && toks[i+1].text == "X" && toks[i+2].text == "]" && toks[i+1].pos == t.end && toks[i+2].pos == toks[i+1].end:
			add("Polynomial")
		case t.text == "𝓝" && i+1 < len(toks) && toks[i+1].text == "[" && toks[i+1].pos == t.end:
			add("Topology")
		case t.kind == tSym || t.kind == tIdent:
			add(scopedTokens[t.text])
		}
	}
	return out
}
