package lean

import (
	"errors"
	"strings"
	"testing"
)

// TestAdversarialPairs are statements that mean different things but that
// a normalizer may call equivalent: each must never be Same.
func TestAdversarialPairs(t *testing.T) {
	tests := []struct{ name, a, b string }{
		{"type arrows are not hypotheses",
			"theorem t (f : ℕ → ℝ → ℝ) : f 1 2 = 0", "theorem t (f : ℝ → ℕ → ℝ) : f 1 2 = 0"},
		{"arrows inside a hypothesis' type",
			"theorem t (h : ∀ x : ℝ, (x > 0 → x < 1) → x = 0) : True", "theorem t (h : ∀ x : ℝ, (x < 1 → x > 0) → x = 0) : True"},
		{"arrows in a set's element type",
			"theorem t (s : Set (ℕ → ℤ → ℕ)) : s = ∅", "theorem t (s : Set (ℤ → ℕ → ℕ)) : s = ∅"},
		{"a leading def with a different body",
			"def f (n : ℕ) : ℕ := n + 1\ntheorem t : f 2 = 3 := by sorry", "def f (n : ℕ) : ℕ := n + 2\ntheorem t : f 2 = 3 := by sorry"},
		{"a different theorem after the same def",
			"def f (n : ℕ) : ℕ := n + 1\ntheorem t : f 2 = 3 := by sorry", "def f (n : ℕ) : ℕ := n + 1\ntheorem t : f 2 = 4 := by sorry"},
		{"a def only on one side",
			"def f (n : ℕ) : ℕ := n + 1\ntheorem t : f 2 = 3", "theorem t : f 2 = 3"},
		{"an abbrev body",
			"abbrev S : Set ℕ := {n | n < 3}\ntheorem t : 2 ∈ S", "abbrev S : Set ℕ := {n | n < 4}\ntheorem t : 2 ∈ S"},
		{"a def by pattern matching",
			"def f : ℕ → ℕ\n  | 0 => 1\n  | n + 1 => 2 * f n\ntheorem t : f 3 = 8 := sorry", "def f : ℕ → ℕ\n  | 0 => 0\n  | n + 1 => 2 * f n\ntheorem t : f 3 = 8 := sorry"},
		{"an instance body",
			"instance : Inhabited ℕ := ⟨1⟩\ntheorem t : (default : ℕ) = 1", "instance : Inhabited ℕ := ⟨2⟩\ntheorem t : (default : ℕ) = 1"},
		{"a structure's fields",
			"structure P where\n  x : ℕ\n  y : ℕ\ntheorem t (p : P) : p.x = 1", "structure P where\n  x : ℕ\n  y : ℤ\ntheorem t (p : P) : p.x = 1"},
		{"structure literal field values",
			"theorem t : z = ({ re := 1, im := 2 } : ℂ)", "theorem t : z = ({ re := 1, im := 5 } : ℂ)"},
		{"structure literal field names",
			"theorem t : z = ({ re := 1, im := 2 } : ℂ)", "theorem t : z = ({ re := 2, im := 1 } : ℂ)"},
		{"structure update",
			"theorem t (w : ℂ) : z = { w with re := 1 }", "theorem t (w : ℂ) : z = { w with im := 1 }"},
		{"2.0 on ℕ is not 2 (it does not elaborate)",
			"theorem t (n : ℕ) : n = 2", "theorem t (n : ℕ) : n = 2.0"},
		{"division truncates on ℕ",
			"theorem t (n : ℕ) : n = 13 / 2", "theorem t (n : ℕ) : n = 6.5"},
		{"division truncates on ℤ",
			"theorem t (n : ℤ) : n = 7 / 2", "theorem t (n : ℤ) : n = 3"},
		{"an ℕ ascription inside a real equation",
			"theorem t (x : ℝ) : x = ((7 / 2 : ℕ) : ℝ)", "theorem t (x : ℝ) : x = ((3.5 : ℕ) : ℝ)"},
		{"an unanchored decimal defaults to Float",
			"theorem t : 2.0 + 2.0 = 4.0", "theorem t : 2 + 2 = 4"},
		{"≤ on naturals is not ⊆",
			"theorem t (a b : ℕ) : a ≤ b", "theorem t (a b : ℕ) : a ⊆ b"},
		{"≤ on multisets is not ⊆",
			"theorem t (s u : Multiset ℕ) : s ≤ u", "theorem t (s u : Multiset ℕ) : s ⊆ u"},
		{"a set literal alone says nothing (Multiset)",
			"theorem t (u : Multiset ℕ) : {1, 2} ≤ u", "theorem t (u : Multiset ℕ) : {1, 2} ⊆ u"},
		{"∃! does not commute",
			"theorem t : ∃! x : ℕ, ∃! y : ℕ, x < y", "theorem t : ∃! y : ℕ, ∃! x : ℕ, x < y"},
		{"∀ then ∃ does not commute",
			"theorem t : ∀ x : ℕ, ∃ y : ℕ, x < y", "theorem t : ∃ y : ℕ, ∀ x : ℕ, x < y"},
		{"a dependent binder cannot move",
			"theorem t : ∃ n : ℕ, ∃ v : Fin n, v = v", "theorem t : ∃ v : Fin n, ∃ n : ℕ, v = v"},
		{"a binder's type names an outer variable of the same name",
			"theorem t (n : ℕ) : ∃ v : Fin n, ∃ n : ℕ, (v : ℕ) < n", "theorem t (n : ℕ) : ∃ n : ℕ, ∃ v : Fin n, (v : ℕ) < n"},
		{"hypotheses reordered with a binder moved",
			"theorem t (h₀ : ∀ x : ℝ, f x = 2 * x) (h₁ : ∀ y : ℝ, g y = y) : f 1 = g 2", "theorem t (h₀ : ∀ x : ℝ, f x = 2 * x) (h₁ : ∀ y : ℝ, g y = y) : f 2 = g 1"},
		{"a nested hypothesis' bound variable is not an outer one",
			"theorem t (x : ℝ) (h : ∀ y : ℝ, y = x) : x = 0", "theorem t (x : ℝ) (h : ∀ y : ℝ, y = y) : x = 0"},
		{"a relation inside a relation is elaborated on its own",
			"theorem t (x : ℝ) (y : ℕ) : (x = 1) = (y = 2)", "theorem t (x : ℝ) (y : ℕ) : (x = 1) = (y = 2.0)"},
		{"a pattern binder shadows a set",
			"theorem t (x y : Set ℕ) : P (fun ⟨x, y⟩ => x ≤ y)", "theorem t (x y : Set ℕ) : P (fun ⟨x, y⟩ => x ⊆ y)"},
		{"a shadowing binder of another type",
			"theorem t (s : Set ℕ) : ∀ s : Multiset ℕ, s ≤ s", "theorem t (s : Set ℕ) : ∀ s : Multiset ℕ, s ⊆ s"},
		{"open ... in is kept",
			"open Real in\ntheorem t : π > 3", "open Nat in\ntheorem t : π > 3"},
		{"a function type ending in a Prop-valued function is still a type",
			"theorem t (f : ℕ → ℤ → Prop) : f 1 2", "theorem t (f : ℤ → ℕ → Prop) : f 1 2"},
		{"∀ in a function's type ending in a non-relation",
			"theorem t (f : ∀ (n : ℕ) (m : ℤ), ℝ) : f 1 2 = 0", "theorem t (f : ∀ (m : ℤ) (n : ℕ), ℝ) : f 1 2 = 0"},
		{"¬ ∃! is not ∀ ¬", "theorem t : ¬ ∃! x : ℕ, x < 2", "theorem t : ∀ x : ℕ, ¬ x < 2"},
		{"floor is not ceil", "theorem t (a : ℝ) : ⌊a⌋ = 3", "theorem t (a : ℝ) : Int.ceil a = 3"},
		{"⌊x⌋₊ is not Int.floor", "theorem t (a : ℝ) : ⌊a⌋₊ = 3", "theorem t (a : ℝ) : Int.floor a = 3"},
		{"pairs of other lengths", "theorem t (x y z : ℕ) : (x, y, z) = (1, 2, 3)", "theorem t (x y z : ℕ) : x = 1 ∧ y = 2"},
		{"instance binders never move",
			"theorem t (R M : Type*) [Ring R] [AddCommGroup M] [Module R M] : P R M", "theorem t (R M : Type*) [Module R M] [Ring R] [AddCommGroup M] : P R M"},
		{"trailing fun keeps its body",
			"theorem t : Summable fun n : ℕ => 1 / (n : ℝ) ^ 2", "theorem t : Summable fun n : ℕ => 1 / (n : ℝ) ^ 3"},
	}
	for _, tt := range tests {
		for _, ab := range [][2]string{{tt.a, tt.b}, {tt.b, tt.a}} {
			if got, why := Compare(ab[0], ab[1]); got == Same {
				t.Errorf("%s: judged equivalent (%s):\n  %s\n  %s", tt.name, why, ab[0], ab[1])
			}
		}
	}
}

// TestEquivalentSpellings are real equivalences in Lean 4 / Mathlib that
// the judge must accept.
func TestEquivalentSpellings(t *testing.T) {
	tests := []struct{ name, a, b string }{
		{"2 and 2.0 on ℝ", "theorem t (x : ℝ) : x = 2", "theorem t (x : ℝ) : x = 2.0"},
		{"1 and 1.0 on ℝ", "theorem t (x : ℝ) (h : x + 1 = 3) : x = 2", "theorem t (x : ℝ) (h : x + 1.0 = 3) : x = 2"},
		{"13/2 and 6.5 on ℝ", "theorem t (x : ℝ) : x = 13 / 2", "theorem t (x : ℝ) : x = 6.5"},
		{"13/2 and 6.5 on ℚ", "theorem t (q : ℚ) (h : q * 2 = 13) : q = 13 / 2", "theorem t (q : ℚ) (h : q * 2 = 13) : q = 6.5"},
		{"an ℝ ascription", "theorem t : (13 / 2 : ℝ) < 7", "theorem t : (6.5 : ℝ) < 7"},
		{"a bound operand takes the set's type", "theorem t (u : Set ℕ) : ∀ s, s ≤ u", "theorem t (u : Set ℕ) : ∀ s, s ⊆ u"},
		{"⊆ and ≤ on sets", "theorem t (s u : Set ℕ) : s ⊆ u", "theorem t (s u : Set ℕ) : s ≤ u"},
		{"∩ and ⊓ on sets", "theorem t (s u : Set ℕ) : s ∩ u = ∅", "theorem t (s u : Set ℕ) : s ⊓ u = ∅"},
		{"⊂ and < on finsets", "theorem t (s u : Finset ℕ) : s ⊂ u", "theorem t (s u : Finset ℕ) : s < u"},
		{"∪ and ⊔ on a set-builder", "theorem t (s : Set ℝ) : s ∪ {x | 0 < x} = s", "theorem t (s : Set ℝ) : s ⊔ {x | 0 < x} = s"},
		{"≥ on sets", "theorem t (s u : Set ℕ) : s ⊇ u", "theorem t (s u : Set ℕ) : s ≥ u"},
		{"trailing fun", "theorem t : Summable fun n : ℕ => 1 / (n : ℝ) ^ 2", "theorem t : Summable (fun n : ℕ => 1 / (n : ℝ) ^ 2)"},
		{"trailing λ after arguments", "theorem t (s : Finset ℕ) : (Finset.sum s fun i => i) = 3", "theorem t (s : Finset ℕ) : Finset.sum s (λ j ↦ j) = 3"},
		{"a variable moved past an independent hypothesis", "theorem t (x : ℝ) (h : 0 < x) (y : ℝ) : x + y > 0", "theorem t (x y : ℝ) (h : 0 < x) : x + y > 0"},
		{"name, proof, parentheses", "theorem a : (x) = 1 := by simp", "theorem b : x = 1 := sorry"},
		// f bound with its type: a free f is bound by Lean (autoImplicit)
		// at the type its first use needs, so its uses must keep their
		// place
		{"∀ inside a hypothesis, ending in a relation", "theorem t (f : ℕ → ℕ → ℕ) (h : ∀ a b : ℕ, a + 2 * b = f a b) : f 1 2 = 5", "theorem t (f : ℕ → ℕ → ℕ) (h : ∀ (b : ℕ) (a : ℕ), a + 2 * b = f a b) : f 1 2 = 5"},
		{"hypotheses inside a hypothesis", "theorem t (h : ∀ x : ℝ, 0 < x → x < 1 → f x = 0) : f 0.5 = 0", "theorem t (h : ∀ x : ℝ, x < 1 → 0 < x → f x = 0) : f 0.5 = 0"},
		{"|x| and abs x", "theorem t (a b : ℝ) : a * b + abs (a - b) ≤ 1", "theorem t (a b : ℝ) : a * b + |a - b| ≤ 1"},
		{"⌊x⌋ and Int.floor x", "theorem t (a : ℝ) : 1 / a - Int.floor (1 / a) = 0", "theorem t (a : ℝ) : 1 / a - ⌊1 / a⌋ = 0"},
		{"⌈x⌉₊ and Nat.ceil x", "theorem t (a : ℝ) : Nat.ceil a = 3", "theorem t (a : ℝ) : ⌈a⌉₊ = 3"},
		{"pairs equal componentwise", "theorem t (x y : ℕ) : (x, y) = (1, 2) ∨ (x, y) = (16, 2)", "theorem t (x y : ℕ) : x = 1 ∧ y = 2 ∨ x = 16 ∧ y = 2"},
		{"¬ ∃ is ∀ ¬", "theorem t (x y : ℤ) : 4 * x ^ 3 - 7 * y ^ 3 ≠ 2003", "theorem t : ¬ (∃ x y : ℤ, 4*x^3 - 7*y^3 = 2003)"},
		{"∃ x y and ∃ y x", "theorem t : ∃ x y : ℕ, x < y ∧ y < 5", "theorem t : ∃ y x : ℕ, x < y ∧ y < 5"},
		{"∀ a b and ∀ b a", "theorem t : ∀ a : ℤ, ∀ b : ℕ, a ≤ b", "theorem t : ∀ (b : ℕ) (a : ℤ), a ≤ b"},
		{"hypotheses that bind variables, swapped",
			"theorem t (f g : ℝ → ℝ) (h₀ : ∀ x : ℝ, f x = 2 * x) (h₁ : ∀ y : ℝ, g y = y) : f 1 = g 2", "theorem t (f g : ℝ → ℝ) (h₁ : ∀ y : ℝ, g y = y) (h₀ : ∀ x : ℝ, f x = 2 * x) : f 1 = g 2"},
		{"hypotheses with sums, swapped",
			"theorem t (n : ℕ) (h₀ : ∑ i in Finset.range n, i = 10) (h₁ : ∀ k, k < n → f k = 0) : n = 5", "theorem t (n : ℕ) (h₁ : ∀ k, k < n → f k = 0) (h₀ : ∑ i in Finset.range n, i = 10) : n = 5"},
		{"structure literal fields in any order", "theorem t : z = ({ re := 1, im := 2 } : ℂ)", "theorem t : z = ({ im := 2, re := 1 } : ℂ)"},
		{"the same def and theorem, renamed binders",
			"def f (n : ℕ) : ℕ := n + 1\ntheorem t : f 2 = 3 := by sorry", "def f (m : ℕ) : ℕ := m + 1\n\ntheorem other : f 2 = 3 := by\n  simp [f]"},
	}
	for _, tt := range tests {
		if got, why := Compare(tt.a, tt.b); got != Same {
			t.Errorf("%s: %v (%s):\n  %s\n  %s", tt.name, got, why, tt.a, tt.b)
		}
	}
}

// TestNotKnownToDiffer: spellings that are equivalent at some types stay
// undecided where the types are not known; they were judged different.
func TestNotKnownToDiffer(t *testing.T) {
	tests := []struct{ a, b string }{
		{"theorem t : s ⊆ u", "theorem t : s ≤ u"},
		{"theorem t : s ∩ u = ∅", "theorem t : s ⊓ u = ∅"},
		{"theorem t : f x = 2", "theorem t : f x = 2.0"},
		{"theorem t (n : ℕ) : n = 2", "theorem t (n : ℕ) : n = 2.0"},
	}
	for _, tt := range tests {
		if got, why := Compare(tt.a, tt.b); got != Undecided {
			t.Errorf("%v (%s):\n  %s\n  %s", got, why, tt.a, tt.b)
		}
	}
}

// binderGroups returns the byte ranges of a theorem's top-level "( ... )"
// binder groups and the names each binds.
func binderGroups(t *testing.T, src string) (groups [][2]int, names [][]string, toks []token) {
	toks, err := lex(src)
	if err != nil {
		t.Fatal(err)
	}
	depth, start := 0, -1
	for i, tk := range toks {
		if depth == 0 && tk.text == ":" {
			break
		}
		switch tk.text {
		case "(", "{", "[", "⦃":
			if depth == 0 && tk.text == "(" {
				start = i
			}
			depth++
		case ")", "}", "]", "⦄":
			depth--
			if depth == 0 && start >= 0 {
				var ns []string
				for j := start + 1; j < i && toks[j].kind == tIdent; j++ {
					ns = append(ns, toks[j].text)
				}
				groups = append(groups, [2]int{toks[start].pos, tk.pos + len(tk.text)})
				names = append(names, ns)
				start = -1
			}
		}
	}
	return groups, names, toks
}

// localInstance reports whether a binder group's type has a class at its
// head ((hF : CharP F p)), which makes the binder a local instance, or a
// name lean-ast cannot tell from a class (mayBeClass).
func localInstance(group string) bool {
	_, typ, ok := strings.Cut(group, ":")
	if !ok {
		return false
	}
	typ = strings.TrimSpace(typ)
	for strings.HasPrefix(typ, "∀") { // ∀ i, Nonempty (X i) is one too
		_, typ, _ = strings.Cut(typ, ",")
	}
	f := strings.Fields(strings.Trim(typ, " ()"))
	return len(f) > 0 && mayBeClass(&Node{K: KindID, V: strings.Trim(f[0], "()")})
}

// TestHypothesisSwaps swaps every two adjacent top-level binder groups of
// the real statements whose names are used nowhere else (independent
// hypotheses, so the swap is an equivalence): each must be judged the same.
func TestHypothesisSwaps(t *testing.T) {
	swaps, same, instances, untyped := 0, 0, 0, 0
	for _, s := range realStatements(t) {
		if !strings.HasPrefix(s, "theorem") && !strings.HasPrefix(s, "lemma") {
			continue // instances and defs: their binders never move
		}
		groups, names, toks := binderGroups(t, s)
		uses := map[string]int{}
		for _, tk := range toks {
			if tk.kind == tIdent {
				head, _, _ := strings.Cut(tk.text, ".")
				uses[head]++
			}
		}
		unused := func(ns []string) bool {
			for _, n := range ns {
				if uses[n] != 1 {
					return false
				}
			}
			return len(ns) > 0
		}
		for g := 0; g+1 < len(groups); g++ {
			a, b := groups[g], groups[g+1]
			if !unused(names[g]) || !unused(names[g+1]) || strings.TrimSpace(s[a[1]:b[0]]) != "" {
				continue
			}
			if localInstance(s[a[0]:a[1]]) || localInstance(s[b[0]:b[1]]) {
				instances++ // (hF : CharP F p) is a local instance: it stays
				continue
			}
			swapped := s[:a[0]] + s[b[0]:b[1]] + s[a[1]:b[0]] + s[a[0]:a[1]] + s[b[1]:]
			swaps++
			switch v := CompareCode(s, swapped); {
			case v.Result == Same:
				same++
			case v.Code == CodeUntypedBinder:
				// a name bound without a type and used at two types
				// (∀ p, Nat.Prime p → f p = p with f : ℚ → ℝ) makes
				// only statements equal as written equivalent
				untyped++
			default:
				t.Errorf("%v (%s):\n  %s\n  %s", v.Result, v.Why, s, swapped)
			}
		}
	}
	t.Logf("%d swaps of adjacent independent hypotheses, %d judged the same, %d undecided for a name bound without a type; %d swaps with a binder of a class type (a local instance) left out", swaps, same, untyped, instances)
	if untyped > 20 {
		t.Errorf("%d swaps undecided for a name bound without a type, want a few", untyped)
	}
	// Nonempty, Countable and Module.Injective are classes: a few dozen
	// swaps meet a local instance
	if instances == 0 || instances > 50 {
		t.Errorf("%d swaps with a local instance, want a few (CharP, Nonempty, ∀ i, Nonempty (X i))", instances)
	}
	if swaps < 100 {
		t.Errorf("only %d swaps: the generator lost its inputs", swaps)
	}
}

// TestNumeralAndOperatorFaithfulness pins when a single differing numeral
// or operator decides "not equivalent":
// a numeral only where its type reads as ℕ ℤ ℚ ℝ ℂ, inside no
// variable-free term and under no truncating / or %; an operator only
// where no 0, 1, ∅, ⊤ or ⊥ operand makes both collapse.
func TestNumeralAndOperatorFaithfulness(t *testing.T) {
	comparedBothWays(t, []comparison{
		// the numeral's type
		{"theorem t (x : ℝ) (h : x + 1 = 3) : x = 2", "theorem t (x : ℝ) (h : x + 1 = 4) : x = 2", Different},
		{"theorem t {K : Type*} [Field K] (x : K) (h : x + 1 = 3) : x = 2", "theorem t {K : Type*} [Field K] (x : K) (h : x + 1 = 4) : x = 2", Undecided},
		{"theorem t (f : ℝ → ℝ) (h : f 2 = 0) : True", "theorem t (f : ℝ → ℝ) (h : f 3 = 0) : True", Undecided},
		{"theorem t {K : Type*} (f : K → ℝ) (h : f 2 = 0) : True", "theorem t {K : Type*} (f : K → ℝ) (h : f 3 = 0) : True", Undecided},
		{"theorem t (n m : ℕ) (h : n ∈ Finset.range (m + 5)) : True", "theorem t (n m : ℕ) (h : n ∈ Finset.range (m + 6)) : True", Undecided},
		{"theorem t (n : ℕ) (h : n ∈ Finset.range 5) : True", "theorem t (n : ℕ) (h : n ∈ Finset.range 6) : True", Undecided}, // an application without a variable (as max 3 5)
		{"theorem t (x : K) (h : x = (2 : ℝ)) : True", "theorem t (x : K) (h : x = (3 : ℝ)) : True", Undecided},               // cast into K
		{"theorem t (x : ℝ) (h : x = (2 : ℝ)) : True", "theorem t (x : ℝ) (h : x = (3 : ℝ)) : True", Undecided},
		// around the difference: casts, non-injective functions, truncation, if-conditions, 0 and 1
		{"theorem t (K : Type) [Field K] (x : K) (h : x = ↑6) : True", "theorem t (K : Type) [Field K] (x : K) (h : x = ↑9) : True", Undecided},
		{"theorem t (n : ℤ) : ⌊(n : ℝ) + 1 / 2⌋ = n", "theorem t (n : ℤ) : ⌊(n : ℝ) + 1 / 3⌋ = n", Undecided},
		{"theorem t (x : ℝ) : max x (x - 1) = x", "theorem t (x : ℝ) : max x (x - 2) = x", Undecided},
		{"theorem t (f : ℝ → ℝ) (x : ℝ) : f (x - 1) = x", "theorem t (f : ℝ → ℝ) (x : ℝ) : f (x - 2) = x", Different},
		{"theorem t (n : ℕ) : n - (n + 1) = 0", "theorem t (n : ℕ) : n - (n + 3) = 0", Undecided},
		{"theorem t (x : ℝ) : x - (x + 1) = 5", "theorem t (x : ℝ) : x - (x + 3) = 5", Undecided},
		{"theorem t (f : ℝ → ℝ) (h : f = fun x => if x < 0 then -x else x) : True", "theorem t (f : ℝ → ℝ) (h : f = fun x => if x ≤ 0 then -x else x) : True", Undecided},
		// a moved bound in an if's condition is not decided: the branches may agree
		// where the conditions differ (x ≤ 3 and x ≤ 2 with x and 6 - x)
		{"theorem t (f : ℝ → ℝ) (h : f = fun (x : ℝ) => if x < 0 then -x else x) : True", "theorem t (f : ℝ → ℝ) (h : f = fun (x : ℝ) => if x < 1 then -x else x) : True", Undecided},
		{"theorem t (f : ℤ → ℤ) (hf : ∀ x, f x = if x ≤ 3 then x else 6 - x) : f 10 = -4", "theorem t (f : ℤ → ℤ) (hf : ∀ x, f x = if x ≤ 2 then x else 6 - x) : f 10 = -4", Undecided},
		{"theorem t (x : ℝ) (h : 2 * x = 0) : True", "theorem t (x : ℝ) (h : 3 * x = 0) : True", Undecided},
		{"theorem t (x : ℝ) (h : x + 2 = 0) : True", "theorem t (x : ℝ) (h : x + 3 = 0) : True", Undecided},
		{"theorem t (x : ℝ) (h : x ^ 2 = 1) : True", "theorem t (x : ℝ) (h : x ^ 4 = 1) : True", Undecided},
		{"theorem t (x y : ℝ) (h : (x - 1) ^ 2 + y ^ 2 = 0) : True", "theorem t (x y : ℝ) (h : (x - 1) ^ 4 + y ^ 2 = 0) : True", Undecided},
		{"theorem t (n : ℕ) : 2 ^ (n + 1) = 8", "theorem t (n : ℕ) : 2 ^ (n + 2) = 8", Different},
		// a relation between closed terms is true or false either way: 2 + 2 = 5
		// and 2 + 2 = 6 are both False
		{"theorem t : 2 + 2 = 5", "theorem t : 2 + 2 = 6", Undecided},
		{"theorem t (p : Prop) : p ∧ 2 < 3", "theorem t (p : Prop) : p ∧ 2 < 4", Undecided},
		{"theorem t (x : ℕ) : x + ∑ i ∈ Finset.range 2, i ^ 2 = 5", "theorem t (x : ℕ) : x + ∑ i ∈ Finset.range 2, i ^ 3 = 5", Undecided},
		// a bound function's argument is elaborated at its domain
		{"theorem t (K : Type) [Field K] (f : K → Prop) (n : ℕ) : f (n + 3)", "theorem t (K : Type) [Field K] (f : K → Prop) (n : ℕ) : f (n + 1)", Undecided},
		{"theorem t (f : ℝ → Prop) (n : ℕ) : f (n + 3)", "theorem t (f : ℝ → Prop) (n : ℕ) : f (n + 1)", Undecided},
		// operators on a concrete type lean-ast does not read: on Associates ≤ is ∣
		{"theorem t (a b : Associates ℕ) : a ≤ b", "theorem t (a b : Associates ℕ) : a ∣ b", Undecided},
		{"theorem t {G : Type*} [Group G] (a b c : G) : a * b = c", "theorem t {G : Type*} [Group G] (a b c : G) : a / b = c", Undecided},
		{"theorem t (x : ℝ) : x ⊔ 3 = 5", "theorem t (x : ℝ) : x ⊔ 4 = 5", Undecided},
		// operators on functions act on their values: typed by the codomain
		{"theorem t (f g : ℝ → ℝ) : f * g = 0", "theorem t (f g : ℝ → ℝ) : f - g = 0", Undecided},
		{"theorem t (f g : 𝕜 → 𝕜) : f * g = 0", "theorem t (f g : 𝕜 → 𝕜) : f - g = 0", Undecided}, // 𝕜 from a header lean-ast does not read
		// ∃ binders as Lean's explicitBinders has them: (C r : _) is one
		{"theorem t : ∃ (C r : _) (_ : 0 < C), ∀ n : ℕ, (n : ℝ) ≤ C * r ^ n", "theorem t : ∃ (D s : _) (_ : 0 < D), ∀ k : ℕ, (k : ℝ) ≤ D * s ^ k", Same},
		{"theorem t : ∃ (x), x = 1", "theorem t : ∃ x, x = 1", Undecided},
		{"theorem t : ∃ {x : ℕ}, x = 1", "theorem t : ∃ x : ℕ, x = 1", Undecided},
		{"theorem t : ∃ (x : ℕ) y : ℕ, x < y", "theorem t : ∃ (x : ℕ) (y : ℕ), x < y", Undecided},
		{"theorem t (f : ℝ → ℝ) : ∫ x in 5..15, f x = 2", "theorem t (f : ℝ → ℝ) : ∫ x in (5)..15, f x = 2", Undecided},
		// a name bound without a type takes it from its first use
		{"theorem t : ∃ x, Nat.Prime x ∧ (x : ℝ) / 2 = 1.5", "theorem t : ∃ x, (x : ℝ) / 2 = 1.5 ∧ Nat.Prime x", Undecided},
		{"theorem t (f : ℕ → ℝ) (g : ℝ → ℝ) : ∃ x, f x = g x", "theorem t (f : ℕ → ℝ) (g : ℝ → ℝ) : ∃ x, g x = f x", Undecided},
		{"theorem t (f g : ℝ → ℝ) : ∃ x, f x = g x", "theorem t (f g : ℝ → ℝ) : ∃ x, g x = f x", Same},
		// instance search matches an instance's type only as written
		{"theorem t {α : Type*} (p q : α → Prop) [Fintype {x : α // p x ∧ q x}] : Fintype.card {x : α // p x ∧ q x} = 0", "theorem t {α : Type*} (p q : α → Prop) [Fintype {x : α // p x ∧ q x}] : Fintype.card {x : α // q x ∧ p x} = 0", Undecided},
		{"theorem t {α β : Type} [Coe α β] [Coe β α] (a : α) (b : β) (h : a = b) : True", "theorem t {α β : Type} [Coe α β] [Coe β α] (a : α) (b : β) (h : b = a) : True", Undecided},
		{"theorem t {α : Type*} [Fintype α] (p q : α → Prop) (h : ∀ x, p x ∧ q x) : True", "theorem t {α : Type*} [Fintype α] (p q : α → Prop) (h : ∀ x, q x ∧ p x) : True", Same},
		// {(a : T) | p} with p no extBinders is Mathlib's pattern builder: {a : T | p}
		{"theorem t : {(a : Fin 5 → ℤ) | ∀ i, a i ≤ i}.ncard = 2", "theorem t : {b : Fin 5 → ℤ | ∀ i, b i ≤ i}.ncard = 2", Same},
		{"theorem t (x : ℝ) : (1 : ZMod 3) ∈ {x * (3 / 6) | (x : ZMod 3)}", "theorem t (x : ℝ) : (1 : ZMod 3) ∈ {x * (1 / 2) | (x : ZMod 3)}", Undecided},
		{"theorem t (x : Type) (F : Type → Type) : Nonempty ((x : Type) × F x)", "theorem t (x : Type) (F : Type → Type) : Nonempty (((x : Type)) × F x)", Undecided},
		{"theorem t (x : ℝ) : |x| + 1 > 0", "theorem t (x : ℝ) : |x| + 2 > 0", Undecided},
		{"theorem t (a b : ℝ) : abs (a + b) ≤ abs a + 1", "theorem t (a b : ℝ) : abs (a + b) ≤ abs a + 2", Different},
		{"theorem t (x : ℝ) (n : ℕ) (h : x ^ 2 = n) : True", "theorem t (x : ℝ) (n : ℕ) (h : x ^ 3 = n) : True", Undecided},
		// a name bound without a type takes its type from its use
		{"theorem t (x : ℕ → ℝ) : ∀ n, x (n + 1) = x n + 1", "theorem t (x : ℕ → ℝ) : ∀ n, x (n + 2) = x n + 1", Undecided},
		{"theorem t {K : Type*} (x : K → ℝ) : ∀ n, x (n + 1) = x n + 1", "theorem t {K : Type*} (x : K → ℝ) : ∀ n, x (n + 2) = x n + 1", Undecided},
		// (but i ranges over Finset.range n: ℕ, and the sums differ at n = 2)
		{"theorem t (n : ℕ) : ∑ i in Finset.range n, (i + 1) = 5", "theorem t (n : ℕ) : ∑ i in Finset.range n, (i + 2) = 5", Different},
		{"theorem t (s : Finset K) : ∑ i in s, (i + 1) = 5", "theorem t (s : Finset K) : ∑ i in s, (i + 2) = 5", Undecided},
		{"theorem t (x : ℕ → ℝ) : ∀ n, x (5 - n) = n + 2", "theorem t (x : ℕ → ℝ) : ∀ n, x (5 - n) = n + 3", Undecided},
		{"theorem t (x : ℤ → ℝ) : ∀ n, x (-n) = n + 2", "theorem t (x : ℤ → ℝ) : ∀ n, x (-n) = n + 3", Undecided},
		// relations against a bottom or top element collapse like ≤ 0 on ℕ
		{"theorem t (x y : ℝ) (h : x ≤ y) : True", "theorem t (x y : ℝ) (h : x = y) : True", Undecided},
		{"theorem t (s : Set ℕ) (h : s ≤ ∅) : True", "theorem t (s : Set ℕ) (h : s = ∅) : True", Undecided},
		{"theorem t (s : Set ℕ) (h : s ⊆ ∅) : True", "theorem t (s : Set ℕ) (h : s = ∅) : True", Undecided},
		{"theorem t (s t : Set ℕ) (h : s ⊆ t) : True", "theorem t (s t : Set ℕ) (h : s = t) : True", Undecided},
		{"theorem t (x : ℕ∞) (h : ⊤ ≤ x) : True", "theorem t (x : ℕ∞) (h : ⊤ = x) : True", Undecided},
		{"theorem t (x : ℕ∞) (h : x ≤ ⊥) : True", "theorem t (x : ℕ∞) (h : x = ⊥) : True", Undecided},
		{"theorem t (s : Set ℕ) (h : Set.univ ≤ s) : True", "theorem t (s : Set ℕ) (h : Set.univ = s) : True", Undecided},
		// a variable-free term around it
		{"theorem t (x : ℝ) (h : x ^ (1 / 2) = 2) : True", "theorem t (x : ℝ) (h : x ^ (1 / 3) = 2) : True", Undecided},
		{"theorem t (x : ℝ) (h : x * 2 ^ 0 = 5) : True", "theorem t (x : ℝ) (h : x * 3 ^ 0 = 5) : True", Undecided},
		// truncating / and %
		{"theorem t (n : ℕ) (h : (n + 4) % 2 = 1) : True", "theorem t (n : ℕ) (h : (n + 2) % 2 = 1) : True", Undecided},
		{"theorem t (n : ℕ) (h : (2 * n + 4) / 2 = 3) : True", "theorem t (n : ℕ) (h : (2 * n + 5) / 2 = 3) : True", Undecided},
		{"theorem t (x : ℝ) (h : (x + 4) / 2 = 3) : True", "theorem t (x : ℝ) (h : (x + 5) / 2 = 3) : True", Undecided},
		// operators on a boundary operand
		{"theorem t (x y : ℝ) (h : y = x / 0) : True", "theorem t (x y : ℝ) (h : y = x * 0) : True", Undecided},
		{"theorem t (x y : ℝ) (h : y = x + 0) : True", "theorem t (x y : ℝ) (h : y = x * 0) : True", Undecided},
		{"theorem t (n m : ℕ) (h : m = n % 0) : True", "theorem t (n m : ℕ) (h : m = n + 0) : True", Undecided},
		{"theorem t (s : Set ℕ) (h : s ∪ ∅ = {1}) : True", "theorem t (s : Set ℕ) (h : s \\ ∅ = {1}) : True", Undecided},
		{"theorem t (s : Set ℕ) (h : s ∪ ∅ = {1}) : True", "theorem t (s : Set ℕ) (h : s ∩ ∅ = {1}) : True", Undecided},
		{"theorem t (n : ℕ) (h : n ≤ 0) : True", "theorem t (n : ℕ) (h : n = 0) : True", Undecided},
		{"theorem t (n : ℕ) (h : n ∣ 1) : True", "theorem t (n : ℕ) (h : n = 1) : True", Undecided},
		{"theorem t (x : ℝ) (h : x < 1) : True", "theorem t (x : ℝ) (h : x ≤ 1) : True", Undecided},
		{"theorem t (x y : ℝ) (h : x + 1 = y) : True", "theorem t (x y : ℝ) (h : x - 1 = y) : True", Undecided},
	})
}

// TestExamplesAndBareTerms: an example or a bare term is read as a
// proposition (binders reordered, value dropped) only when its type surely
// is one; otherwise it may be data and is kept as its tokens.
func TestExamplesAndBareTerms(t *testing.T) {
	comparedBothWays(t, []comparison{
		{"example (n : ℕ) (x : ℝ) : ℝ := x + n", "example (x : ℝ) (n : ℕ) : ℝ := x + n", Undecided},
		{"example (n : ℕ) : ℕ := n + 1", "example (n : ℕ) : ℕ := n + 2", Undecided},
		{"example (n : ℕ) : ℕ := n + 1", "example (n : ℕ) : ℕ := n + 1", Same},
		{"example (x : ℝ) (h : 0 < x) : 0 < x ^ 2 := by positivity", "example (y : ℝ) (hy : 0 < y) : 0 < y ^ 2 := by simp", Same},
		{"example (p q : Prop) (hp : p) (hq : q) : p ∧ q := ⟨hp, hq⟩", "example (p q : Prop) (hq : q) (hp : p) : p ∧ q := by tauto", Same},
		{"ℕ → ℝ → ℝ", "ℝ → ℕ → ℝ", Undecided},
		{"∀ x : ℝ, x ^ 2 ≥ 0", "∀ y : ℝ, 0 ≤ y ^ 2", Same},
		{"¬ ∃ n : ℕ, n < 0", "¬ ∃ m : ℕ, m < 0", Same},
	})
}

// TestDomainInsideBinder: ⋃ ⋂ ⨆ ⨅ read a binder predicate inside the
// binder, and {x ∈ s | p} on a Set too, so a domain that mentions the bound
// name is refused; ∑ and ∏ read theirs outside. An interpolated string is
// refused: its names are uses.
func TestDomainInsideBinder(t *testing.T) {
	refusedAndRead(t, []string{
		"theorem t (n : ℕ) (A : ℕ → Set ℝ) : ⋃ n ∈ Finset.range n, A n = Set.univ",
		"theorem t (n : ℕ) (A : ℕ → Set ℝ) : ⋂ n < n, A n = ∅",
		"theorem t (i : ℕ) (g : ℕ → Set ℕ) (T : ℕ → ℝ) : ⨆ i ∈ g i, T i = 0",
		"theorem t (n : ℕ) (S : ℕ → Set ℕ) : {n ∈ S n | Even n} = S n",
		"theorem t (x y : ℕ) : toString x = s!\"{x}\"",
	}, []string{
		"theorem t (n : ℕ) (A : ℕ → Set ℝ) : ⋃ k ∈ Finset.range n, A k = Set.univ",
		"theorem t (n : ℕ) (f : ℕ → ℕ) : ∑ n ∈ Finset.range n, f n = 0",
		"theorem t (n : ℕ) (S : ℕ → Set ℕ) : {m ∈ S n | Even m} = S n",
		"theorem t (x : ℕ) : toString x = \"x!\"",
	})
}

// refusedAndRead checks that Parse refuses each of refused (ErrNotModelled)
// and reads each of read.
func refusedAndRead(t *testing.T, refused, read []string) {
	t.Helper()
	for _, src := range refused {
		if _, err := Parse(src); !errors.Is(err, ErrNotModelled) {
			t.Errorf("%s: %v, want ErrNotModelled", src, err)
		}
	}
	for _, src := range read {
		if _, err := Parse(src); err != nil {
			t.Errorf("%s: %v", src, err)
		}
	}
}

// TestNamesBoundInside: the with-filter of ∑ and ∏ and the branches of
// if h : c see the bound name (Finset.filter (fun x ↦ p), dite), which
// lean-ast does not model: a use there is refused.
func TestNamesBoundInside(t *testing.T) {
	refusedAndRead(t, []string{
		"theorem t (n : ℕ) : ∑ n ∈ Finset.range 10 with Odd n, n = 25",
		"theorem t (x : ℕ) (h : 5 < x) : (if h : x < 3 then (⟨x, h⟩ : Fin 3).val else 0) = 0",
		"theorem t (x h : ℕ) : (if h : x = 0 then 0 else h) = h",
	}, []string{
		"theorem t (n : ℕ) (hn : n = 7) : ∑ k ∈ Finset.range 10 with Odd n, k = 45",
		"theorem t (x : ℕ) : (if h : x < 3 then 1 else 0) ≤ 1",
	})
}

// TestLetColumnInsideBrackets: a line at or left of a let's column inside a
// bracket other than ( and ⟨ is refused, whatever => or then stands between
// (only closing brackets close one); inside ( it is an argument.
func TestLetColumnInsideBrackets(t *testing.T) {
	refusedAndRead(t, []string{
		"theorem t (f : ℕ → ℕ) :\n  let y := [fun x => f\n  x]\n  y = [] := sorry",
		"theorem t (f : ℕ → ℕ) :\n  let y := {f\n  1}\n  y = ∅ := sorry",
	}, []string{
		"theorem t (f : ℕ → ℕ) :\n  let y := (fun x => f\n  x)\n  y = f := sorry",
		"theorem t (f : ℕ → ℕ) :\n  let y := [(f 0), f\n   1]\n  y = [] := sorry",
	})
}

// comparison is a pair and the result Compare must give in either order.
type comparison struct {
	a, b string
	want Result
}

// comparedBothWays checks each comparison in both orders.
func comparedBothWays(t *testing.T, cases []comparison) {
	t.Helper()
	for _, tt := range cases {
		for _, ab := range [][2]string{{tt.a, tt.b}, {tt.b, tt.a}} {
			if got, why := Compare(ab[0], ab[1]); got != tt.want {
				t.Errorf("Compare(%q, %q) = %v (%s), want %v", ab[0], ab[1], got, why, tt.want)
			}
		}
	}
}
