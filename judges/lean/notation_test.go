package lean

import (
	"regexp"
	"strconv"
	"testing"
)

// TestNotationTable: every row of the one notation table parses as its
// declaration says: against + (65), a higher precedence groups first and a
// lower one last; against itself, left or right by its associativity. And
// the precedence in each row is the number its cited declaration gives.
func TestNotationTable(t *testing.T) {
	declPrec := regexp.MustCompile(`^(?:infix[lr]?|notation|prefix|postfix):(\d+)`)
	parse := func(src string) *Node {
		t.Helper()
		st, err := Parse("theorem t : " + src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		return st.Tree
	}
	for _, n := range Infixes {
		if m := declPrec.FindStringSubmatch(n.Decl); m != nil {
			if p, _ := strconv.Atoi(m[1]); p != n.Prec {
				t.Errorf("%s: precedence %d, but its declaration says %d: %s", n.Token, n.Prec, p, n.Decl)
			}
		}
		switch n.Token {
		case "≡", "=ᶠ", "≤ᶠ", "→ₗ", "≃ₗ", "→L", "→ᵃ", "..", "$":
			continue // take a bracketed argument or are not free-standing infixes
		}
		op := " " + n.Token + " "
		got := parse("a" + op + "b + c")
		var want *Node
		switch {
		case n.Prec > 65 || n.Prec == 65 && n.Assoc == 'l':
			want = parse("(a" + op + "b) + c")
		case n.Prec < 65:
			want = parse("a" + op + "(b + c)")
		default:
			continue
		}
		if !Equal(Normalize(got), Normalize(want)) {
			t.Errorf("%q: a%sb + c read as %v, want %v", n.Token, op, got, want)
		}
		switch n.Assoc {
		case 'l':
			if g, w := parse("a"+op+"b"+op+"c"), parse("(a"+op+"b)"+op+"c"); !Equal(Normalize(g), Normalize(w)) {
				t.Errorf("%q is infixl, yet a%sb%sc is %v", n.Token, op, op, g)
			}
		case 'r':
			if g, w := parse("a"+op+"b"+op+"c"), parse("a"+op+"(b"+op+"c)"); !Equal(Normalize(g), Normalize(w)) {
				t.Errorf("%q is infixr, yet a%sb%sc is %v", n.Token, op, op, g)
			}
		}
	}
}
