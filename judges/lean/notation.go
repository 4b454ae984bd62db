package lean

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
}

const (
	srcNotation = "lean4 src/Init/Notation.lean"
	srcCore     = "lean4 src/Init/Core.lean"
	srcTerm     = "lean4 src/Lean/Parser/Term.lean"
)

// Infixes is the one table of the infix notation lean-ast knows; the
// parser reads its precedences from here, and synth's mutation parser too.
var Infixes = []Notation{
	{"↔", "↔", 20, 'n', `infix:20 " ↔ " => Iff`, srcCore, true},
	{"<->", "↔", 20, 'n', `infix:20 " <-> " => Iff`, srcCore, true},
	{"→", "→", 25, 'r', `arrow: checkPrec 25 >> unicodeSymbol " → " " -> " >> termParser 25`, srcTerm, true},
	{"->", "→", 25, 'r', `arrow: checkPrec 25 >> unicodeSymbol " → " " -> " >> termParser 25`, srcTerm, true},
	{"→+*", "→+*", 25, 'r', `infixr:25 " →+* " => RingHom`, "Mathlib/Algebra/Ring/Hom/Defs.lean", true},
	{"→*", "→*", 25, 'r', `infixr:25 " →* " => MonoidHom`, "Mathlib/Algebra/Group/Hom/Defs.lean", true},
	{"→+", "→+", 25, 'r', `infixr:25 " →+ " => AddMonoidHom`, "Mathlib/Algebra/Group/Hom/Defs.lean", true},
	{"→*₀", "→*₀", 25, 'r', `infixr:25 " →*₀ " => MonoidWithZeroHom`, "Mathlib/Algebra/GroupWithZero/Hom.lean", true},
	{"→ₗ", "→ₗ", 25, 'r', `notation:25 M " →ₗ[" R:25 "] " M₂:0 => LinearMap (RingHom.id R) M M₂`, "Mathlib/Algebra/Module/LinearMap/Defs.lean", true},
	{"→L", "→L", 25, 'r', `notation:25 M " →L[" R "] " M₂ => ContinuousLinearMap (RingHom.id R) M M₂`, "Mathlib/Topology/Algebra/Module/LinearMap.lean", true},
	{"→ᵃ", "→ᵃ", 25, 'r', `notation:25 P1 " →ᵃ[" k:25 "] " P2:0 => AffineMap k P1 P2`, "Mathlib/LinearAlgebra/AffineSpace/AffineMap.lean", true},
	{"→o", "→o", 25, 'r', `infixr:25 " →o " => OrderHom`, "Mathlib/Order/Hom/Basic.lean", true},
	{"↪", "↪", 25, 'r', `infixr:25 " ↪ " => Embedding`, "Mathlib/Logic/Embedding/Basic.lean", true},
	{"≃", "≃", 25, 'l', `infixl:25 " ≃ " => Equiv`, "Mathlib/Logic/Equiv/Defs.lean", true},
	{"≃+*", "≃+*", 25, 'l', `infixl:25 " ≃+* " => RingEquiv`, "Mathlib/Algebra/Ring/Equiv.lean", true},
	{"≃*", "≃*", 25, 'l', `infixl:25 " ≃* " => MulEquiv`, "Mathlib/Algebra/Group/Equiv/Defs.lean", true},
	{"≃+", "≃+", 25, 'l', `infixl:25 " ≃+ " => AddEquiv`, "Mathlib/Algebra/Group/Equiv/Defs.lean", true},
	{"≃ₗ", "≃ₗ", 50, 'n', `notation:50 M " ≃ₗ[" R "] " M₂ => LinearEquiv (RingHom.id R) M M₂`, "Mathlib/Algebra/Module/Equiv/Defs.lean", true},
	{"∨", "∨", 30, 'r', `infixr:30 " ∨  " => Or`, srcNotation, true},
	{"\\/", "∨", 30, 'r', `infixr:30 " \/ " => Or`, srcNotation, true},
	{"∧", "∧", 35, 'r', `infixr:35 " ∧ " => And`, srcNotation, true},
	{"/\\", "∧", 35, 'r', `infixr:35 " /\ " => And`, srcNotation, true},
	{"×", "×", 35, 'r', `infixr:35 " × " => Prod`, srcNotation, true},
	{"⧸", "⧸", 35, 'r', `notation:35 G " ⧸ " H:34 => HasQuotient.Quotient G H`, "Mathlib/Algebra/Quotient.lean", true},
	{"=", "=", 50, 'n', `infix:50 " = " => Eq`, srcNotation, true},
	{"≠", "≠", 50, 'n', `infix:50 " ≠ " => Ne`, srcCore, true},
	{"<", "<", 50, 'n', `infix:50 " < " => LT.lt`, srcNotation, true},
	{">", ">", 50, 'n', `infix:50 " > " => GT.gt`, srcNotation, true},
	{"≤", "≤", 50, 'n', `infix:50 " ≤ " => LE.le`, srcNotation, true},
	{"<=", "≤", 50, 'n', `infix:50 " <= " => LE.le`, srcNotation, true},
	{"≥", "≥", 50, 'n', `infix:50 " ≥ " => GE.ge`, srcNotation, true},
	{">=", "≥", 50, 'n', `infix:50 " >= " => GE.ge`, srcNotation, true},
	{"∈", "∈", 50, 'n', `notation:50 a:50 " ∈ " b:50 => Membership.mem b a`, srcNotation, true},
	{"∉", "∉", 50, 'n', `notation:50 a:50 " ∉ " b:50 => ¬ (a ∈ b)`, srcNotation, true},
	{"⊆", "⊆", 50, 'n', `infix:50 " ⊆ " => Subset`, srcCore, true},
	{"⊂", "⊂", 50, 'n', `infix:50 " ⊂ " => SSubset`, srcCore, true},
	{"⊇", "⊇", 50, 'n', `infix:50 " ⊇ " => Superset`, srcCore, true},
	{"⊃", "⊃", 50, 'n', `infix:50 " ⊃ " => SSuperset`, srcCore, true},
	{"∣", "∣", 50, 'n', `infix:50 " ∣ " => Dvd.dvd`, srcNotation, true},
	{"≡", "≡", 50, 'n', `notation:50 a " ≡ " b " [MOD " n "]" => Nat.ModEq n a b`, "Mathlib/Data/Nat/ModEq.lean", true},
	{"≈", "≈", 50, 'n', `infix:50 " ≈ " => HasEquiv.Equiv`, srcCore, true},
	{"=ᶠ", "=ᶠ", 50, 'n', `notation:50 f " =ᶠ[" l:50 "] " g:50 => Filter.EventuallyEq l f g`, "Mathlib/Order/Filter/Basic.lean", true},
	{"≤ᶠ", "≤ᶠ", 50, 'n', `notation:50 f " ≤ᶠ[" l:50 "] " g:50 => Filter.EventuallyLE l f g`, "Mathlib/Order/Filter/Basic.lean", true},
	{"+", "+", 65, 'l', `infixl:65 " + " => HAdd.hAdd`, srcNotation, true},
	{"-", "-", 65, 'l', `infixl:65 " - " => HSub.hSub`, srcNotation, true},
	{"∪", "∪", 65, 'l', `infixl:65 " ∪ " => Union.union`, srcCore, true},
	{"++", "++", 65, 'l', `infixl:65 " ++ " => HAppend.hAppend`, srcNotation, true},
	{"⊔", "⊔", 68, 'l', `infixl:68 " ⊔ " => Max.max`, "Mathlib/Order/Notation.lean", true},
	{"⊓", "⊓", 69, 'l', `infixl:69 " ⊓ " => Min.min`, "Mathlib/Order/Notation.lean", true},
	{"*", "*", 70, 'l', `infixl:70 " * " => HMul.hMul`, srcNotation, true},
	{"/", "/", 70, 'l', `infixl:70 " / " => HDiv.hDiv`, srcNotation, true},
	{"%", "%", 70, 'l', `infixl:70 " % " => HMod.hMod`, srcNotation, true},
	{"∩", "∩", 70, 'l', `infixl:70 " ∩ " => Inter.inter`, srcCore, true},
	{"\\", "\\", 70, 'n', `infix:70 " \ " => SDiff.sdiff`, srcCore, true},
	{"•", "•", 73, 'r', `infixr:73 " • " => HSMul.hSMul`, "Mathlib/Algebra/Group/Defs.lean", true},
	{"^", "^", 80, 'r', `infixr:80 " ^ " => HPow.hPow`, srcNotation, true},
	{"''", "''", 80, 'l', `infixl:80 " '' " => image`, "Mathlib/Data/Set/Defs.lean", true},
	{"⁻¹'", "⁻¹'", 80, 'l', `infixl:80 " ⁻¹' " => preimage`, "Mathlib/Data/Set/Defs.lean", true},
	{"×ˢ", "×ˢ", 82, 'r', `@[inherit_doc SProd.sprod] infixr:82 " ×ˢ " => SProd.sprod`, "Mathlib/Data/SProd.lean", true},
	{"∘", "∘", 90, 'r', `infixr:90 " ∘ " => Function.comp`, srcNotation, true},
	{"∆", "∆", 100, 'l', `infixl:100 " ∆ " => symmDiff`, "Mathlib/Order/SymmDiff.lean", true},
	{"..", "..", 60, 'n', `notation3"∫ "(...)" in "a".."b", "r:60:(scoped f => f)" ∂"μ:70 => intervalIntegral r a b μ: the bounds are terms read up to "..", which lean-ast reads as a non-associative infix at 60 (bounds built with +, *, ^ or applications read alike)`, "Mathlib/MeasureTheory/Integral/IntervalIntegral.lean", true},
	{"|>", "|>", 10, 'l', `syntax:min term " |> " term:min1 : term`, srcNotation, true},
	{"<|", "<|", 10, 'r', `syntax:min term " <| " term:min : term`, srcNotation, true},
	{"$", "<|", 10, 'r', `syntax:min term atomic(" $" ws) term:min : term`, srcNotation, true},
}

// Prefix and postfix notation lean-ast reads (parse.go applies them).
var (
	// NegPrec: prefix:75 "-" => Neg.neg (lean4 src/Init/Notation.lean; in
	// Lean versions before 2024 it was prefix:100), so -x ^ 2 is -(x ^ 2).
	NegPrec = 75
	// NotArgPrec: notation:max "¬" p:40 => Not p (src/Init/Notation.lean).
	NotArgPrec = 40
	// Postfix operators are trailing parsers at max precedence, so they
	// apply to an application's argument: postfix:max "⁻¹" => Inv.inv
	// (Mathlib/Algebra/Group/Defs.lean, checked); ᶜ: postfix:1024 "ᶜ" =>
	// compl (Mathlib/Order/Notation.lean); ! : notation:10000 n "!" =>
	// Nat.factorial n (Mathlib/Data/Nat/Factorial/Basic.lean).
	Postfixes = []string{"⁻¹", "ᶜ", "ˣ", "!", "ᵀ", "ᵒᵈ"}
)

// InfixOp returns the table's row for an infix token.
func InfixOp(token string) (Notation, bool) {
	n, ok := infixByToken[token]
	return n, ok
}

var infixByToken = func() map[string]Notation {
	m := make(map[string]Notation, len(Infixes))
	for _, n := range Infixes {
		m[n.Token] = n
	}
	return m
}()
