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
// their normalized trees are equal; Different when the trees have the same
// shape and differ in exactly one numeral or one operator or relation
// symbol; Undecided otherwise (never Different on syntax alone).
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
	diffs := SingleDifference(na, nb)
	if len(diffs) == 1 {
		switch d := diffs[0]; d.Kind {
		case "numeral":
			return Different, fmt.Sprintf("the statements differ only in a numeral (%s vs %s)", d.A, d.B)
		case "operator":
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
