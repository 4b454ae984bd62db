package lean

import (
	"fmt"
)

// Result is the outcome of comparing two statements.
type Result int

const (
	Undecided Result = iota
	Same
	Different
)

// Compare decides whether two Lean 4 statements mean the same: Same when
// their normalized trees are equal; Different when the trees (normalized,
// or normalized with binders in their written order) have the same shape
// and differ in exactly one numeral or one operator or relation symbol,
// other than two spellings that may mean the same (2 and 2.0, ≤ and ⊆ on
// operands of unknown type); Undecided otherwise (never Different on
// syntax alone).
func Compare(a, b string) (Result, string) {
	return ComparePrepared(Prepare(a), Prepare(b))
}

// Prepared is a statement read once for several comparisons (a judge
// compares the prediction with the gold and with the misaligned
// statement): parsed at once, normalized when first needed. It is not safe
// for concurrent use.
type Prepared struct {
	st          *Statement
	err         error
	norm, plain *Node // Normalize, and normalize without binder orders
}

// Prepare reads s for ComparePrepared.
func Prepare(s string) *Prepared {
	st, err := Parse(s)
	return &Prepared{st: st, err: err}
}

func (p *Prepared) normalized() *Node {
	if p.norm == nil {
		p.norm = Normalize(p.st.Tree)
	}
	return p.norm
}

func (p *Prepared) unordered() *Node {
	if p.plain == nil {
		p.plain = normalize(p.st.Tree, 0)
	}
	return p.plain
}

// ComparePrepared is Compare on statements already read; a is the gold's
// side (the reasons name it so).
func ComparePrepared(a, b *Prepared) (Result, string) {
	if a.err != nil {
		return Undecided, fmt.Sprintf("cannot parse the gold statement (%v)", a.err)
	}
	if b.err != nil {
		return Undecided, fmt.Sprintf("cannot parse the predicted statement (%v)", b.err)
	}
	na, nb := a.normalized(), b.normalized()
	if Equal(na, nb) {
		return Same, "the statements' normalized trees are equal"
	}
	if r, why := oneDifference(na, nb); r == Different {
		return r, why
	}
	return oneDifference(a.unordered(), b.unordered())
}

// mayBeSame are operators that mean the same on some types (≤ and ⊆ on
// sets), so that a tree differing only there is not known to differ.
var mayBeSame = map[[2]string]bool{}

func init() {
	// On propositions = is ↔ (propext); on anything else ↔ does not
	// typecheck. Either way the pair is not known to differ.
	mayBeSame[[2]string{"=", "↔"}] = true
	mayBeSame[[2]string{"↔", "="}] = true
	// On Prop, ⊓ is ∧ and ⊔ is ∨ (Prop's lattice, Mathlib/Order/Basic.lean).
	// On submodules and ideals + is ⊔ (Submodule.add_eq_sup).
	// On an additive group acting on itself +ᵥ is + and -ᵥ is - (vadd_eq_add,
	// vsub_eq_sub); a linear map composed with ∘ₗ coerces to the function
	// composed with ∘ (LinearMap.coe_comp).
	for _, p := range [][2]string{{"⊓", "∧"}, {"⊔", "∨"}, {"+", "⊔"}, {"+", "+ᵥ"}, {"-", "-ᵥ"}, {"∘", "∘ₗ"}} {
		mayBeSame[p] = true
		mayBeSame[[2]string{p[1], p[0]}] = true
	}
	for a, b := range latticeToSet {
		mayBeSame[[2]string{a, b}] = true
		mayBeSame[[2]string{b, a}] = true
	}
}

// oneDifference is Different when the trees differ in exactly one numeral
// or operator that cannot be another spelling of the same thing.
func oneDifference(na, nb *Node) (Result, string) {
	diffs := SingleDifference(na, nb)
	if len(diffs) == 1 && (diffs[0].Kind == "numeral" || diffs[0].Kind == "operator") {
		if why := unfaithful(diffs[0], na, nb); why != "" {
			return Undecided, why
		}
	}
	if len(diffs) == 1 {
		switch d := diffs[0]; d.Kind {
		case "numeral":
			x, ok1 := numValue(d.A)
			y, ok2 := numValue(d.B)
			if ok1 && ok2 && x.Cmp(y) == 0 {
				return Undecided, fmt.Sprintf("the statements differ only in how a numeral is written (%s vs %s), and its type is not known", d.A, d.B)
			}
			return Different, fmt.Sprintf("the statements differ only in a numeral (%s vs %s)", d.A, d.B)
		case "operator":
			if mayBeSame[[2]string{d.A, d.B}] {
				return Undecided, fmt.Sprintf("the statements differ only in %s vs %s, which mean the same on some operands (sets; propositions), and the operands' type is not known", d.A, d.B)
			}
			return Different, fmt.Sprintf("the statements differ only in an operator (%s vs %s)", d.A, d.B)
		}
	}
	return Undecided, "the normalized trees differ"
}

// Tokens splits src into Lean tokens (comments dropped), for matching
// fragments modulo spacing.
func Tokens(src string) ([]string, error) {
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(toks)-1)
	for _, t := range toks[:len(toks)-1] {
		if t.kind == tProj {
			out = append(out, "."+t.text)
			continue
		}
		out = append(out, t.text)
	}
	return out, nil
}

func clipNode(n *Node) string {
	s := n.String()
	if len(s) > 60 {
		s = s[:60] + "…"
	}
	return s
}
