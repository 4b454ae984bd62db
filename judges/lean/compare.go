package lean

import "fmt"

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
	sa, err := Parse(a)
	if err != nil {
		return Undecided, fmt.Sprintf("cannot parse the gold statement (%v)", err)
	}
	sb, err := Parse(b)
	if err != nil {
		return Undecided, fmt.Sprintf("cannot parse the predicted statement (%v)", err)
	}
	na, nb := Normalize(sa.Tree), Normalize(sb.Tree)
	if Equal(na, nb) {
		return Same, "the statements' normalized trees are equal"
	}
	if r, why := oneDifference(na, nb); r == Different {
		return r, why
	}
	return oneDifference(normalize(sa.Tree, 0), normalize(sb.Tree, 0))
}

// mayBeSame are operators that mean the same on some types (≤ and ⊆ on
// sets), so that a tree differing only there is not known to differ.
var mayBeSame = map[[2]string]bool{}

func init() {
	for a, b := range latticeToSet {
		mayBeSame[[2]string{a, b}] = true
		mayBeSame[[2]string{b, a}] = true
	}
}

// oneDifference is Different when the trees differ in exactly one numeral
// or operator that cannot be another spelling of the same thing.
func oneDifference(na, nb *Node) (Result, string) {
	diffs := SingleDifference(na, nb)
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
				return Undecided, fmt.Sprintf("the statements differ only in %s vs %s, the same on sets, and the operands' type is not known", d.A, d.B)
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
