package lean

import (
	"reflect"
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
