package lean

import "testing"

// TestTypeOf pins the elaboration pass's types: binders, ascriptions,
// binop%'s largest type, Mathlib's functions, and Unknown where the type is
// not read.
func TestTypeOf(t *testing.T) {
	for _, tt := range []struct {
		src, want string // a statement whose conclusion is a = b; want is a's type ("?" Unknown, "~T" loose)
	}{
		{"theorem t (x : ℕ) (y : ℝ) : x + y = 0", "ℝ"},
		{"theorem t (x : ℤ) : x ^ 2 = 0", "ℤ"},
		{"theorem t (x : ℕ) : (x : ℝ) = 0", "ℝ"},
		{"theorem t (x : OrderDual ℕ) : (x : ℕ) = 0", "~ℕ"},
		{"theorem t (x) : x + 1 = 0", "?"},
		{"theorem t (g : ℕ → ℕ → ℝ) : g 1 2 = 0", "ℝ"},
		{"theorem t (g : ℕ → ℕ → ℝ) : g 1 = 0", "?"},
		{"theorem t (x : ℝ) : |x| = 0", "ℝ"},
		{"theorem t (n : ℕ) : Nat.choose n 2 = 0", "ℕ"},
		{"theorem t (s : Finset ℕ) : s.card = 0", "ℕ"},
		{"theorem t (s u : Set ℕ) : s ∩ u = s", "(app id:Set id:ℕ)"},
		{"theorem t : Real.pi = 0", "ℝ"},
		{"theorem t (p : WithBot ℕ) : p = 0", "(app id:WithBot id:ℕ)"},
	} {
		st, err := Parse(tt.src)
		if err != nil {
			t.Fatal(err)
		}
		env := &scope{}
		n := desugar(st.Tree)
		for n.K == KindPi || n.K == KindTheorem {
			if n.K == KindPi {
				defer env.bind(n.V, n.C[0])()
			}
			n = n.C[len(n.C)-1]
		}
		got := env.typeOf(n.C[0])
		s := got.Name
		switch {
		case got.K == TUnknown:
			s = "?"
		case got.Loose:
			s = "~" + s
		}
		if s != tt.want {
			t.Errorf("%s: %s, want %s", tt.src, s, tt.want)
		}
	}
}
