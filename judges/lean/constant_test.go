package lean

import "testing"

// TestComputedConstant: a constant operand is worked out on ℚ and with
// ℕ's and ℤ's truncation; it may coincide with an operator pair's values
// (0, 1, -1) in any of those readings, or when it cannot be worked out.
func TestComputedConstant(t *testing.T) {
	one := map[string]bool{"1": true}
	zero := map[string]bool{"0": true}
	for _, c := range []struct {
		term   string
		values map[string]bool
		want   bool
	}{
		{"2 - 1", one, true},
		{"2 * 3", one, false},
		{"2 * 3", zero, false},
		{"3 - 5", zero, true},   // 0 on ℕ
		{"3 / 4", zero, true},   // 0 on ℕ and ℤ
		{"3 / 4", one, false},   // 3/4 on ℚ, 0 on ℕ
		{"7 / 7", one, true},    //
		{"-8 + 9", one, true},   // ℕ has no -8: ℚ and ℤ give 1
		{"-8 + 4", zero, false}, // -4
		{"(4 - 4 : ℝ)", zero, true},
		{"2 ^ 2014 - 2 ^ 2012", one, false}, // worked out exactly
		{"1000000 ^ (1 / 3)", zero, true},   // a fractional power is not worked out
		{"5 / 0", one, true},                // division by 0 is not worked out
		{"7 % 3", one, true},                // 1 on ℕ and ℤ
		{"x - 1", one, false},               // not numerals alone
		{"2", one, false},                   // a numeral is boundaryValue's
	} {
		st, err := Parse("theorem t : " + c.term + " = 0")
		if err != nil {
			t.Fatalf("%s: %v", c.term, err)
		}
		lhs := st.Tree.C[0]
		if got := computedConstant(lhs, c.values); got != c.want {
			t.Errorf("computedConstant(%s, %v) = %v, want %v", c.term, c.values, got, c.want)
		}
	}
}
