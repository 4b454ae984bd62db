package lean

import (
	"fmt"
	"strings"
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
	if m := modular(na); m != "" {
		return fmt.Sprintf("the statements differ only in %s vs %s, under %s, where different spellings can mean the same", d.A, d.B, m)
	}
	if m := modular(nb); m != "" {
		return fmt.Sprintf("the statements differ only in %s vs %s, under %s, where different spellings can mean the same", d.A, d.B, m)
	}
	if d.Kind == "operator" {
		if why := sameByOperands(d); why != "" {
			return why
		}
	}
	// The value term around the difference: up through arithmetic,
	// application and rounding, to the relation or connective above.
	// A numeral under injective wrappers only (-56, (3 : ℝ), ↑3) is still
	// a lone value.
	lone, i := d.at, len(d.path)-1
	for ; i >= 0 && injective(d.path[i]); i-- {
		lone = d.path[i]
	}
	t := lone
	for ; i >= 0 && valueNode(d.path[i]); i-- {
		t = d.path[i]
	}
	if t != lone && !hasVariable(t, false) {
		return fmt.Sprintf("the statements differ only in %s vs %s inside %s, a term with no variable whose two values may coincide", d.A, d.B, clipNode(t))
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
	if Equal(n.C[0], n.C[1]) {
		return fmt.Sprintf("the statements differ only in %s vs %s, applied to the same term twice, where different operators can mean the same", d.A, d.B)
	}
	if id := rightIdentity[d.A]; id != "" && id == rightIdentity[d.B] && n.C[1].K == KindNum && n.C[1].V == id {
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
		case "ZMod", "Fin", "BitVec", "UInt8", "UInt16", "UInt32", "UInt64", "USize":
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

// hasVariable reports whether n uses a variable: a bound name
// (alpha-normalized names start with '#') or a free name in operand
// position (a variable of the header, or a constant such as Real.pi); a
// function's name at the head of an application (max 3 5) is not one.
func hasVariable(n *Node, head bool) bool {
	if n.K == KindID {
		return strings.HasPrefix(n.V, "#") || !head
	}
	for i, c := range n.C {
		if n.K == KindAscription && i == 1 {
			continue // the type of (e : T)
		}
		if hasVariable(c, n.K == KindApp && i == 0) {
			return true
		}
	}
	return false
}

func clipNode(n *Node) string {
	s := n.String()
	if len(s) > 60 {
		s = s[:60] + "…"
	}
	return s
}
