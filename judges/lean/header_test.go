package lean

import (
	"reflect"
	"slices"
	"testing"
)

// TestReadHeaderNotation: the declarations of real FormalRx headers
// (testdata/formalrx/sample_even.jsonl) and their tokens.
func TestReadHeaderNotation(t *testing.T) {
	header := "import Mathlib\nimport Aesop\n\nopen Real Topology\n\n" +
		"local notation \"⟪\" x \", \" y \"⟫\" => inner 𝕜 x y\n" +
		"local infixr:25 \" →ₛ \" => SimpleFunc\n" +
		"@[inherit_doc] scoped[Foo] notation3 \"∑ᶠ \"(...)\", \"r:67:(scoped f => finsum f) =>\n  r\n" +
		"notation:1200 K \"ᗮ\" => orthogonal K\n" +
		"macro_rules | `($a + $b) => `($a - $b)\n" +
		"theorem notation_is_not_a_declaration : True := trivial\n"
	got := ReadHeaderNotation(header)
	want := [][]string{{"⟪", ",", "⟫"}, {"→ₛ"}, {"∑ᶠ", ","}, {"ᗮ"}, nil}
	if len(got) != len(want) {
		t.Fatalf("%d declarations, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if !reflect.DeepEqual(got[i].Tokens, want[i]) {
			t.Errorf("declaration %d (%s): tokens %q, want %q", i, got[i].Line, got[i].Tokens, want[i])
		}
	}
	if !got[4].Any || got[0].Any {
		t.Errorf("macro_rules must be Any, notation not: %+v", got)
	}
	if tok, ok := got[1].UsedBy("theorem t (f : α →ₛ E) : True"); !ok || tok != "→ₛ" {
		t.Errorf("UsedBy = %q, %v", tok, ok)
	}
	if _, ok := got[3].UsedBy("theorem t : x = y"); ok {
		t.Error("a token no statement holds counts as used")
	}
	if _, ok := got[0].UsedBy("theorem t (x y : ℝ) : x = y"); ok {
		t.Error("a comma, the inner product's later atom, counts as using it")
	}
	if len(ReadHeaderNotation("import Mathlib\nopen Nat")) != 0 {
		t.Error("imports and opens declare no notation")
	}
}

func TestHeaderOpens(t *testing.T) {
	h := "import Mathlib\nopen BigOperators Real Nat Topology Rat\nopen Foo in\nopen scoped Polynomial\nopen Set hiding image\nnamespace Bar"
	want := []string{"BigOperators", "Real", "Nat", "Topology", "Rat", "Polynomial", "Set", "Bar"}
	if got := HeaderOpens(h); !slices.Equal(got, want) {
		t.Errorf("HeaderOpens = %q, want %q", got, want)
	}
}

// TestScopedNotation: scoped notation (n ! in Nat, ℝ[X] in Polynomial, π
// in Real) is read as what it stands for only where its namespace is open
// (the header, the statement's own open line) or both statements use it.
func TestScopedNotation(t *testing.T) {
	for _, tt := range []struct {
		a, b, header string
		want         Result
		code         Code
	}{
		{"theorem t (n : ℕ) : Nat.factorial n > 0", "theorem t (n : ℕ) : n ! > 0", "import Mathlib", Undecided, CodeScopedNotation},
		{"theorem t (n : ℕ) : Nat.factorial n > 0", "theorem t (n : ℕ) : n ! > 0", "import Mathlib\nopen Nat", Same, CodeEqualNormalized},
		{"theorem t (n : ℕ) : (n + 1) ! > 0", "theorem t (m : ℕ) : (m + 1) ! > 0", "", Same, CodeEqualAsWritten},
		{"theorem t (p : Polynomial ℝ) : p.degree = 2", "theorem t (p : ℝ[X]) : p.degree = 2", "open Real", Undecided, CodeScopedNotation},
		{"theorem t (p : Polynomial ℝ) : p.degree = 2", "theorem t (p : ℝ[X]) : p.degree = 2", "open Real Polynomial", Same, CodeEqualNormalized},
		{"theorem t : Real.pi > 3", "theorem t : π > 3", "open Nat", Undecided, CodeScopedNotation},
		{"theorem t : Real.pi > 3", "theorem t : π > 3", "open Nat Real", Undecided, CodeTreesDiffer}, // π is read as itself
		{"theorem t : π > 3", "theorem t : 3 < π", "", Same, CodeEqualNormalized},
		{"theorem t (a : ℝ) (s : Set ℝ) (h : s ∈ 𝓝[≤] a) : s = s", "theorem t (a : ℝ) (s : Set ℝ) (h : s ∈ nhdsWithin a (Set.Iic a)) : s = s", "open Topology", Same, CodeEqualNormalized},
		{"theorem t (A B C : EuclideanSpace ℝ (Fin 2)) (h : ∠ A B C = 1) : A = A", "theorem t (A B C : EuclideanSpace ℝ (Fin 2)) (h : EuclideanGeometry.angle A B C = 1) : A = A", "open EuclideanGeometry", Same, CodeEqualAsWritten},
	} {
		for _, ab := range [][2]string{{tt.a, tt.b}, {tt.b, tt.a}} {
			a, b := Prepare(ab[0]), Prepare(ab[1])
			a.InHeaderOpens(HeaderOpens(tt.header))
			b.InHeaderOpens(HeaderOpens(tt.header))
			if v := Decide(a, b); v.Result != tt.want || v.Code != tt.code {
				t.Errorf("%q vs %q under %q: %v %s (%s), want %v %s", ab[0], ab[1], tt.header, v.Result, v.Code, v.Why, tt.want, tt.code)
			}
		}
	}
}
