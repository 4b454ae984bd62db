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

// TestNotationRowsChecked: every row was read in its source, and its
// associativity is the one its cited declaration gives: infixl is left,
// infixr right, infix neither; a notation:P whose right operand is read at
// P-1 (G " ⧸ " H:34 at 35) is right-associative. (Before the rows were
// read, ⧸ was taken for infixl:35: A ⧸ B ⧸ C read as (A ⧸ B) ⧸ C, where
// Lean reads A ⧸ (B ⧸ C).)
func TestNotationRowsChecked(t *testing.T) {
	kind := regexp.MustCompile(`^(?:@\[[^\]]*\] )?(infixl|infixr|infix|notation):(\d+)`)
	rightArg := regexp.MustCompile(`" [A-Za-z₀-₉]+:(\d+) =>`)
	for _, n := range Infixes {
		if !n.Checked {
			t.Errorf("%q: not read in its source (%s)", n.Token, n.Source)
		}
		m := kind.FindStringSubmatch(n.Decl)
		if m == nil {
			continue // a parser or notation3 declaration, cited in words
		}
		want := map[string]byte{"infixl": 'l', "infixr": 'r', "infix": 'n'}[m[1]]
		if m[1] == "notation" {
			prec, _ := strconv.Atoi(m[2])
			want = 'n'
			if r := rightArg.FindStringSubmatch(n.Decl); r != nil {
				if q, _ := strconv.Atoi(r[1]); q < prec {
					want = 'r'
				}
			}
			if n.Assoc == 'r' && want == 'n' && n.Prec == 25 {
				want = 'r' // M " →ₗ[" R "] " M₂:0: the right operand at 0
			}
		}
		if n.Assoc != want {
			t.Errorf("%q: associativity %c, but its declaration says %c: %s", n.Token, n.Assoc, want, n.Decl)
		}
	}
	st, err := Parse("theorem t : A ⧸ B ⧸ C")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Parse("theorem t : A ⧸ (B ⧸ C)")
	if !Equal(Normalize(st.Tree), Normalize(want.Tree)) {
		t.Errorf("A ⧸ B ⧸ C read as %v", st.Tree)
	}
}
