package lean

import (
	"math/big"
	"strings"
	"testing"
)

// TestWitness pins when "not equivalent" has a witness, and that the
// witness is computed as Lean computes: each pair differs in one numeral or
// operator; want is the result and, for Different, the point named.
func TestWitness(t *testing.T) {
	for _, tt := range []struct {
		a, b  string
		want  Result
		point string
	}{
		// ℕ subtraction truncates: x - 3 = 0 and x - 4 = 0 differ at 4
		{"theorem t (x : ℕ) : x - 3 = 0", "theorem t (x : ℕ) : x - 4 = 0", Different, "= 4 "},
		// on ℝ they differ at 3 and at 4; the grid's first is 3
		{"theorem t (x : ℝ) : x - 3 = 0", "theorem t (x : ℝ) : x - 4 = 0", Different, "= 3 "},
		// ℕ division floors: 7 / 2 = 3, and n / 0 = 0
		{"theorem t : (7 : ℕ) / 2 = 3", "theorem t : (7 : ℕ) / 2 = 4", Different, "with no variable"},
		{"theorem t (n : ℕ) : n / 0 = 0", "theorem t (n : ℕ) : n / 0 = 1", Different, ""},
		// field division by 0 is 0: x / 0 = 0 holds everywhere, = 1 nowhere
		{"theorem t (x : ℝ) : x / 0 = 0", "theorem t (x : ℝ) : x / 0 = 1", Different, ""},
		// binrel% elaborates at the largest type: n / 2 is real division
		// here, so (n : ℝ) / 2 = n / 2 always holds, and = n / 3 does not
		{"theorem t (n : ℕ) : (n : ℝ) / 2 = n / 2", "theorem t (n : ℕ) : (n : ℝ) / 2 = n / 3", Different, "= 1 "},
		// an ascription computes its term at its own type: ((n - 1 : ℕ) :
		// ℝ) truncates at 0, so it is 0 exactly when n ≤ 1
		{"theorem t (n : ℕ) : ((n - 1 : ℕ) : ℝ) = 0 ↔ n ≤ 1", "theorem t (n : ℕ) : ((n - 1 : ℕ) : ℝ) = 0 ↔ n ≤ 2", Different, "= 2 "},
		// and (n - 1 : ℝ) is real subtraction: 0 only at n = 1
		{"theorem t (n : ℕ) : ((n - 1 : ℝ)) = 0 ↔ n = 1", "theorem t (n : ℕ) : ((n - 1 : ℝ)) = 0 ↔ n = 0", Different, "= 0 "},
		// thrown away: a factor m % m, a False conjunct, a premise the
		// conclusion repeats: no witness
		{"theorem t (a m : ℕ) (h : (a + 2) * (m % m) = 0) : a = a", "theorem t (a m : ℕ) (h : (a + 3) * (m % m) = 0) : a = a", Undecided, ""},
		{"theorem t (x y : ℝ) (h : x < 2 ∧ False) : y = 1", "theorem t (x y : ℝ) (h : x < 3 ∧ False) : y = 1", Undecided, ""},
		{"theorem t (x y : ℝ) (hy : y = 1) (hx : x < 2) : y = 1", "theorem t (x y : ℝ) (hy : y = 1) (hx : x < 3) : y = 1", Undecided, ""},
		// differing only off the grid: undecided, the stated price
		{"theorem t (x : ℝ) : x ^ 2 = 5", "theorem t (x : ℝ) : x ^ 3 = 5", Undecided, ""},
		// Props and functions are tried too
		{"theorem t (p q : Prop) : p ∧ q", "theorem t (p q : Prop) : p ∨ q", Different, "variable true"},
		{"theorem t (f : ℝ → ℝ) (x : ℝ) : f (x + 2) = 0", "theorem t (f : ℝ → ℝ) (x : ℝ) : f (x + 3) = 0", Different, "a function (x ↦ x)"},
		// ℤ's / is Int.ediv: -3 / 2 = -2 and -3 / 3 = -1
		{"theorem t (x : ℤ) : x / 2 = -1", "theorem t (x : ℤ) : x / 3 = -1", Different, "= -3 "},
		// Int.emod is never negative: -449 * 24 % 1199 = 15
		{"theorem t (x : ℤ) (h : 24 * x % 1199 = 15) : x ≤ -449", "theorem t (x : ℤ) (h : 24 * x % 1199 = 15) : x < -449", Different, "= -449 "},
		// Nat.factorial: 3! = 6 < 3 ^ 2, not < 3 ^ 1
		{"theorem t (n : ℕ) (h : 3 ≤ n) : n ! < n ^ (n - 1)", "theorem t (n : ℕ) (h : 3 ≤ n) : n ! < n ^ (n - 2)", Different, "= 3 "},
		// the witness reads the elaborated trees, where 7 / 2 is still a
		// quotient (the normalized trees fold it to 7/2, 6 / 2 to 3)
		{"theorem t (x : ℝ) : x + 7 / 2 = 10", "theorem t (x : ℝ) : x + 6 / 2 = 10", Different, "= 7 "},
		{"theorem t (s t : ℝ) (h₀ : s = 9 - 2 * t) (h₁ : t = 3 * s + 1) : s = 1 ∧ t = 4", "theorem t (s t : ℝ) (h₀ : s = 9 - 2 * t) (h₁ : t = 3 * s + 1) : s = 2 ∧ t = 4", Different, "= 4 "},
		// a scientific literal on ℝ is the rational it writes: 1e-1 is 1/10
		{"theorem t (x : ℝ) (h : x = 1e-1) : 10 * x = 1", "theorem t (x : ℝ) (h : x = 1e1) : 10 * x = 1", Different, "= 10 "},
		// and none on ℕ
		{"theorem t (x : ℕ) : x = 1e1", "theorem t (x : ℕ) : x = 1e2", Undecided, ""},
		// a real exponent is not Monoid.npow: unknown, no witness
		{"theorem t (x : ℝ) (h : 0 < x) : x ^ (2 : ℝ) = 4", "theorem t (x : ℝ) (h : 0 < x) : x ^ (3 : ℝ) = 4", Undecided, ""},
		// names that may not be Mathlib's: no witness is sought
		{"def abs (x : ℝ) : ℝ := 0\ntheorem t (x : ℝ) : abs x = 1", "def abs (x : ℝ) : ℝ := 0\ntheorem t (x : ℝ) : abs x = 2", Undecided, ""},
	} {
		for _, ab := range [][2]string{{tt.a, tt.b}, {tt.b, tt.a}} {
			got, why := Compare(ab[0], ab[1])
			if got != tt.want || tt.want == Different && !strings.Contains(why, tt.point) {
				t.Errorf("Compare(%q, %q) = %v (%s), want %v with %q", ab[0], ab[1], got, why, tt.want, tt.point)
			}
		}
	}
}

// TestArithAgainstGo checks the evaluator's ℕ and ℚ arithmetic against a
// plain computation on int64 for all small operands.
func TestArithAgainstGo(t *testing.T) {
	for x := int64(0); x <= 12; x++ {
		for y := int64(0); y <= 12; y++ {
			want := map[string]int64{"+": x + y, "*": x * y, "-": max(x-y, 0), "/": 0, "%": x}
			if y != 0 {
				want["/"], want["%"] = x/y, x%y
			}
			for op, w := range want {
				got, ok := arith(op, big.NewRat(x, 1), big.NewRat(y, 1), TNat)
				if !ok || got.Cmp(big.NewRat(w, 1)) != 0 {
					t.Errorf("ℕ: %d %s %d = %v (%v), want %d", x, op, y, got, ok, w)
				}
			}
			if q, ok := arith("/", big.NewRat(x, 1), big.NewRat(y, 1), TReal); !ok || y == 0 && q.Sign() != 0 || y != 0 && q.Cmp(big.NewRat(x, y)) != 0 {
				t.Errorf("ℝ: %d / %d = %v (%v)", x, y, q, ok)
			}
		}
	}
}

// TestArithLeanConventions checks the evaluator against values worked out
// by hand from Lean's definitions (Int.ediv, Int.emod, Nat.sub, div_zero).
func TestArithLeanConventions(t *testing.T) {
	for _, tt := range []struct {
		op   string
		x, y int64
		t    TypeKind
		want string // "" for no value
	}{
		{"/", -7, 2, TInt, "-4"}, {"%", -7, 2, TInt, "1"}, // -7 = 2 * -4 + 1
		{"/", 7, -2, TInt, "-3"}, {"%", 7, -2, TInt, "1"}, // 7 = -2 * -3 + 1
		{"/", -7, -2, TInt, "4"}, {"%", -7, -2, TInt, "1"}, // -7 = -2 * 4 + 1
		{"/", -1, 3, TInt, "-1"}, {"%", -1, 3, TInt, "2"},
		{"/", -7, 0, TInt, "0"}, {"%", -7, 0, TInt, "-7"},
		{"/", 0, -3, TInt, "0"}, {"-", 2, 5, TInt, "-3"},
		{"-", 2, 5, TNat, "0"}, {"/", 7, 2, TNat, "3"}, {"%", 7, 2, TNat, "1"},
		{"/", 7, 0, TNat, "0"}, {"%", 7, 0, TNat, "7"},
		{"/", 7, 2, TReal, "7/2"}, {"/", 7, 0, TReal, "0"}, {"/", -7, 0, TRat, "0"},
		{"%", 7, 2, TReal, ""}, {"*", -3, 4, TComplex, "-12"},
	} {
		got, ok := arith(tt.op, big.NewRat(tt.x, 1), big.NewRat(tt.y, 1), tt.t)
		if s := ""; ok {
			s = got.RatString()
			if s != tt.want {
				t.Errorf("%d %s %d at %v = %s, want %q", tt.x, tt.op, tt.y, tt.t, s, tt.want)
			}
		} else if tt.want != "" {
			t.Errorf("%d %s %d at %v: no value, want %s", tt.x, tt.op, tt.y, tt.t, tt.want)
		}
	}
	// constants, as the folder and the witness compute them, at the type
	// binop% gives the left side (its largest leaf's; the ascription's)
	for src, want := range map[string]string{
		"theorem t : (7 : ℤ) / -2 = 0": "-3", "theorem t : (-7 : ℤ) % 3 = 0": "2",
		"theorem t : ((7 - 9 : ℕ) : ℝ) = 0": "0", "theorem t : Nat.factorial 5 = 0": "120",
		"theorem t : ((7 : ℕ) / 2 : ℝ) = 0": "7/2", "theorem t : (2 : ℝ) ^ 10 / 4 = 0": "256",
		"theorem t : 7 / 2 = 0": "3", "theorem t : (7 - 9 : ℤ) / 4 = 0": "-1",
		// Real.sqrt: exact on perfect squares and on negatives (0), no
		// value elsewhere
		"theorem t : Real.sqrt (9 / 4) = 0": "3/2", "theorem t : Real.sqrt (-4) = 0": "0",
		"theorem t : Real.sqrt 2 = 0":   "none",
		"theorem t : Nat.gcd 12 18 = 0": "6", "theorem t : Nat.gcd 0 0 = 0": "0",
		"theorem t : Nat.lcm 4 6 = 0": "12", "theorem t : Nat.lcm 0 5 = 0": "0",
		"theorem t : ⌊(-7 / 2 : ℝ)⌋ = 0": "-4", "theorem t : ⌈(-7 / 2 : ℝ)⌉ = 0": "-3",
		"theorem t : ⌊(-7 / 2 : ℝ)⌋₊ = 0": "0", "theorem t : ⌈(7 / 2 : ℝ)⌉₊ = 0": "4",
		"theorem t : ∑ i ∈ Finset.range 4, i ^ 2 = 0": "14", "theorem t : ∏ i ∈ Finset.range 4, (i + 1) = 0": "24",
		"theorem t : ∑ i ∈ Finset.range 3, (i - 1) = 0":       "1", // ℕ: 0 + 0 + 1
		"theorem t : ∑ i ∈ Finset.range 3, ((i : ℤ) - 1) = 0": "0",
	} {
		st, err := Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		lhs := desugar(st.Tree)
		for lhs.K != KindBinary {
			lhs = lhs.C[len(lhs.C)-1]
		}
		at := (&scope{}).typeOf(lhs.C[0])
		if at.K == TNumeral {
			at = numType("ℕ")
		}
		v, ok := constValue(lhs.C[0], at)
		if want == "none" && ok || want != "none" && (!ok || v.RatString() != want) {
			t.Errorf("%s: %v (%v), want %s", src, v, ok, want)
		}
	}
	// predicates, decided exactly
	for src, want := range map[string]truth{
		"Nat.Prime 97": isTrue, "Nat.Prime 91": isFalse, "Nat.Prime 1": isFalse, "Nat.Prime 2": isTrue,
		"Even (-4 : ℤ)": isTrue, "Odd (-3 : ℤ)": isTrue, "Even (3 : ℕ)": isFalse, "Odd (0 : ℕ)": isFalse,
		"Even (3 : ℝ)": unknown, "Nat.Prime 1000003": unknown,
	} {
		st, err := Parse("theorem t : " + src)
		if err != nil {
			t.Fatal(err)
		}
		n := desugar(st.Tree)
		for n.K == KindTheorem {
			n = n.C[len(n.C)-1]
		}
		e := &evaluator{vals: map[string]*big.Rat{}, nums: map[string]*big.Rat{}}
		if got := e.prop(n); got != want {
			t.Errorf("%s: %v, want %v", src, got, want)
		}
	}
}

// FuzzWitness: comparing a statement with a one-character change of it
// never panics, and a "not equivalent" either way is one both ways (the
// witness search does not depend on which side is the gold).
func FuzzWitness(f *testing.F) {
	f.Add("theorem t (x : ℕ) (h : x - 3 = 0) : x ≤ 3", 12, byte('4'))
	f.Add("theorem t (x y : ℝ) (h : x / y = 2) : x = 2 * y", 25, byte('3'))
	f.Add("theorem t (p : Prop) (n : ℤ) : p ∨ n % 2 = 1", 30, byte('0'))
	f.Fuzz(func(t *testing.T, s string, at int, c byte) {
		if len(s) > 400 || at < 0 || at >= len(s) {
			return
		}
		m := s[:at] + string(c) + s[at+1:]
		r1, w1 := Compare(s, m)
		r2, w2 := Compare(m, s)
		if (r1 == Different) != (r2 == Different) {
			t.Errorf("asymmetric:\n%s (%s)\n%s (%s)", s, w1, m, w2)
		}
	})
}
