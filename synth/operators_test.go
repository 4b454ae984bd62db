package synth

import "testing"

// operatorCases: for each operator, a real statement (ProofNet-lean4 or the
// GTED miniF2F references, both under ../testdata), one of the mutants it
// makes there, and that mutant's gold location.
var operatorCases = []struct {
	op, src, mutant, loc string
}{
	{"exists-to-forall", "theorem Rudin_exercise_1_2 : ¬ ∃ (x : ℚ), ( x ^ 2 = 12 ) := sorry",
		"theorem Rudin_exercise_1_2 : ¬ ∀ (x : ℚ), ( x ^ 2 = 12 ) := sorry",
		"∀ (x : ℚ), ( x ^ 2 = 12 )"},
	{"forall-to-exists", "theorem Rudin_exercise_1_18b\n  : ¬ ∀ (x : ℝ), ∃ (y : ℝ), y ≠ 0 ∧ x * y = 0 := sorry",
		"theorem Rudin_exercise_1_18b\n  : ¬ ∃ (x : ℝ), ∃ (y : ℝ), y ≠ 0 ∧ x * y = 0 := sorry",
		"∃ (x : ℝ), ∃ (y : ℝ), y ≠ 0 ∧ x * y = 0"},
	{"connective-swap", "theorem Rudin_exercise_1_18b\n  : ¬ ∀ (x : ℝ), ∃ (y : ℝ), y ≠ 0 ∧ x * y = 0 := sorry",
		"theorem Rudin_exercise_1_18b\n  : ¬ ∀ (x : ℝ), ∃ (y : ℝ), y ≠ 0 ∨ x * y = 0 := sorry",
		"y ≠ 0 ∨ x * y = 0"},
	{"number-type-swap", "theorem Pugh_exercise_2_32a (A : Set ℕ) : IsClopen A := sorry",
		"theorem Pugh_exercise_2_32a (A : Set ℤ) : IsClopen A := sorry",
		"Set ℤ"},
	{"function-swap", "theorem Ireland_Rosen_exercise_12_12 : IsAlgebraic ℚ (sin (pi/12)) := sorry",
		"theorem Ireland_Rosen_exercise_12_12 : IsAlgebraic ℚ (cos (pi/12)) := sorry",
		"cos (pi/12)"},
	{"arith-operator-swap", "theorem mathd_numbertheory_517 : 121 * 122 * 123 % 4 = 2 := by sorry",
		"theorem mathd_numbertheory_517 : 121 + 122 * 123 % 4 = 2 := by sorry",
		"121 + 122 * 123 % 4"},
	{"exponent-change", "theorem mathd_algebra_304 : 91 ^ 2 = 8281 := by sorry",
		"theorem mathd_algebra_304 : 91 ^ 3 = 8281 := by sorry",
		"91 ^ 3"},
	{"numeral-change", "theorem mathd_algebra_304 : 91 ^ 2 = 8281 := by sorry",
		"theorem mathd_algebra_304 : 92 ^ 2 = 8281 := by sorry",
		"92 ^ 2"},
	{"index-shift", "theorem Ireland_Rosen_exercise_1_27 {n : ℕ} (hn : Odd n) : 8 ∣ (n^2 - 1) := sorry",
		"theorem Ireland_Rosen_exercise_1_27 {n : ℕ} (hn : Odd (n + 1)) : 8 ∣ (n^2 - 1) := sorry",
		"Odd (n + 1)"},
	{"order-relation-swap", "theorem mathd_numbertheory_457 (n : ℕ) (h₀ : 0 < n) (h₁ : 80325 ∣ n !) : 17 ≤ n := by sorry",
		"theorem mathd_numbertheory_457 (n : ℕ) (h₀ : 0 < n) (h₁ : 80325 ≤ n !) : 17 ≤ n := by sorry",
		"80325 ≤ n !"},
	{"infinity-swap", "theorem Dummit_Foote_exercise_1_3_8 : Infinite (Equiv.Perm ℕ) := sorry",
		"theorem Dummit_Foote_exercise_1_3_8 : Finite (Equiv.Perm ℕ) := sorry",
		"Finite (Equiv.Perm ℕ)"},
	{"extremum-swap", "theorem Rudin_exercise_3_5\n  (a b : ℕ → ℝ)\n  (h : limsup a + limsup b ≠ 0) :\n  limsup (λ n => a n + b n) ≤ limsup a + limsup b := sorry",
		"theorem Rudin_exercise_3_5\n  (a b : ℕ → ℝ)\n  (h : liminf a + limsup b ≠ 0) :\n  limsup (λ n => a n + b n) ≤ limsup a + limsup b := sorry",
		"liminf a"},
	{"cardinality-change", "instance Herstein_exercise_2_1_21 (G : Type*) [Group G] [Fintype G]\n  (hG : card G = 5) :\n  CommGroup G := sorry",
		"instance Herstein_exercise_2_1_21 (G : Type*) [Group G] [Fintype G]\n  (hG : card G = 6) :\n  CommGroup G := sorry",
		"card G = 6"},
	{"derivative-swap", "theorem Putnam_exercise_1998_a3 (f : ℝ → ℝ) (hf : ContDiff ℝ 3 f) :\n  ∃ a : ℝ, (f a) * (deriv f a) * (iteratedDeriv 2 f a) * (iteratedDeriv 3 f a) ≥ 0 := sorry",
		"theorem Putnam_exercise_1998_a3 (f : ℝ → ℝ) (hf : ContDiff ℝ 3 f) :\n  ∃ a : ℝ, (f a) * (iteratedDeriv 2 f a) * (iteratedDeriv 2 f a) * (iteratedDeriv 3 f a) ≥ 0 := sorry",
		"(f a) * (iteratedDeriv 2 f a)"},
	{"geometry-swap", "theorem Dummit_Foote_exercise_2_4_4 {G : Type*} [Group G] (H : Subgroup G) :\n  closure ((H : Set G) \\ {1}) = ⊤ := sorry",
		"theorem Dummit_Foote_exercise_2_4_4 {G : Type*} [Group G] (H : Subgroup G) :\n  interior ((H : Set G) \\ {1}) = ⊤ := sorry",
		"interior ((H : Set G) \\ {1})"},
	{"strict-positivity", "theorem imo_1959_p1 (n : ℕ) (h₀ : 0 < n) : Nat.gcd (21 * n + 4) (14 * n + 3) = 1 := by sorry",
		"theorem imo_1959_p1 (n : ℕ) (h₀ : 0 ≤ n) : Nat.gcd (21 * n + 4) (14 * n + 3) = 1 := by sorry",
		"0 ≤ n"},
	{"bound-strictness", "theorem Herstein_exercise_2_4_36 {a n : ℕ} (h : a > 1) :\n  n ∣ (a ^ n - 1).totient := sorry",
		"theorem Herstein_exercise_2_4_36 {a n : ℕ} (h : a ≥ 1) :\n  n ∣ (a ^ n - 1).totient := sorry",
		"a ≥ 1"},
	{"domain-interval", "theorem Dummit_Foote_exercise_7_1_12 {F : Type*} [Field F] {K : Subring F}\n  (hK : (1 : F) ∈ K) : IsDomain K := sorry",
		"theorem Dummit_Foote_exercise_7_1_12 {F : Type*} [Field F] {K : Subring F}\n  (hK : (1 : F) ∉ K) : IsDomain K := sorry",
		"(1 : F) ∉ K"},
	{"constraint-variable", "theorem Herstein_exercise_2_4_36 {a n : ℕ} (h : a > 1) :\n  n ∣ (a ^ n - 1).totient := sorry",
		"theorem Herstein_exercise_2_4_36 {a n : ℕ} (h : n > 1) :\n  n ∣ (a ^ n - 1).totient := sorry",
		"n > 1"},
	{"range-bound-shift", "theorem mathd_numbertheory_239 : (∑ k in Finset.Icc 1 12, k) % 4 = 2 := by sorry",
		"theorem mathd_numbertheory_239 : (∑ k in Finset.Icc 2 12, k) % 4 = 2 := by sorry",
		"Finset.Icc 2 12"},
	{"range-kind", "theorem mathd_numbertheory_239 : (∑ k in Finset.Icc 1 12, k) % 4 = 2 := by sorry",
		"theorem mathd_numbertheory_239 : (∑ k in Finset.Ico 1 12, k) % 4 = 2 := by sorry",
		"Finset.Ico 1 12"},
	{"drop-hypothesis", "theorem mathd_algebra_440 (x : ℝ) (h₀ : 3 / 2 / 3 = x / 10) : x = 5 := by sorry",
		"theorem mathd_algebra_440 (x : ℝ) : x = 5 := by sorry",
		"(x : ℝ)"},
	{"add-hypothesis", "theorem algebra_sqineq_at2malt1 (a : ℝ) : a * (2 - a) ≤ 1 := by sorry",
		"theorem algebra_sqineq_at2malt1 (a : ℝ) (ha_pos : 0 < a) : a * (2 - a) ≤ 1 := by sorry",
		"(ha_pos : 0 < a)"},
	{"hypothesis-relation", "theorem mathd_algebra_440 (x : ℝ) (h₀ : 3 / 2 / 3 = x / 10) : x = 5 := by sorry",
		"theorem mathd_algebra_440 (x : ℝ) (h₀ : 3 / 2 / 3 ≠ x / 10) : x = 5 := by sorry",
		"3 / 2 / 3 ≠ x / 10"},
	{"goal-relation", "theorem mathd_algebra_304 : 91 ^ 2 = 8281 := by sorry",
		"theorem mathd_algebra_304 : ¬(91 ^ 2 = 8281) := by sorry",
		"¬(91 ^ 2 = 8281)"},
	{"truncating-division", "theorem Axler_exercise_1_2 :\n  (⟨-1/2, Real.sqrt 3 / 2⟩ : ℂ) ^ 3 = -1 := sorry",
		"theorem Axler_exercise_1_2 :\n  (⟨-1/2, Nat.sqrt 3 / 2⟩ : ℂ) ^ 3 = -1 := sorry",
		"Nat.sqrt 3"},
	{"drop-parentheses", "theorem mathd_numbertheory_254 : (239 + 174 + 83) % 10 = 6 := by sorry",
		"theorem mathd_numbertheory_254 : 239 + 174 + 83 % 10 = 6 := by sorry",
		"239 + 174 + 83 % 10"},
}

func TestOperatorsOnRealStatements(t *testing.T) {
	byName := map[string]*Operator{}
	for _, op := range Operators {
		byName[op.Name] = op
	}
	tested := map[string]bool{}
	for _, c := range operatorCases {
		op := byName[c.op]
		if op == nil {
			t.Fatalf("no operator %q", c.op)
		}
		tested[c.op] = true
		st, err := parseStmt(c.src)
		if err != nil {
			t.Fatalf("%s: %v", c.op, err)
		}
		ps := newParsedSource(Source{Formal: c.src}, st)
		found := false
		for _, m := range op.find(st) {
			r := check(&ps, m)
			if r.mutant != c.mutant {
				continue
			}
			found = true
			if r.why != "" {
				t.Errorf("%s: the mutant was rejected: %s", c.op, r.why)
			}
			if r.loc != c.loc {
				t.Errorf("%s: location %q, want %q", c.op, r.loc, c.loc)
			}
		}
		if !found {
			t.Errorf("%s: does not make\n%s\nfrom\n%s", c.op, c.mutant, c.src)
		}
	}
	for _, op := range Operators {
		if !tested[op.Name] {
			t.Errorf("operator %s has no case on a real statement", op.Name)
		}
	}
}

// A mutation the lean-ast judge finds equivalent is never made: ≤ → ≥
// with the sides swapped would be, and so is a no-op rename.
func TestCheckRejects(t *testing.T) {
	src := "theorem t (x : ℝ) (h : 0 < x) : x ≤ 2 * x := sorry"
	st, err := parseStmt(src)
	if err != nil {
		t.Fatal(err)
	}
	ps := newParsedSource(Source{Formal: src}, st)
	for _, c := range []struct {
		m   mutation
		why string
	}{
		{one(len("theorem t (x : ℝ) (h : 0 < x) : "), len(src)-len(" := sorry"), "2 * x ≥ x"), "equivalent (lean-ast)"},
		{one(len("theorem t (x : ℝ) (h : "), len("theorem t (x : ℝ) (h : 0 < x"), "x > 0"), "equivalent (lean-ast)"},
		{one(len("theorem t (x : ℝ) (h : 0 "), len("theorem t (x : ℝ) (h : 0 <"), "<"), "no change"},
		{one(len("theorem t (x : ℝ) (h : 0 "), len("theorem t (x : ℝ) (h : 0 <"), "< ("), "does not parse"},
	} {
		if r := check(&ps, c.m); r.why != c.why {
			t.Errorf("%+v: rejected for %q, want %q", c.m.edits, r.why, c.why)
		}
	}
}

// TestRangeOperatorsNeedANumber: `range f` with f a function is Set.range,
// not an interval: neither range operator touches it, while `range n` with
// n bound as a number is shifted and turned into an Icc (user trial:
// `span (range f)` became `span (range (f + 1))`, labelled Range Shift).
func TestRangeOperatorsNeedANumber(t *testing.T) {
	byName := map[string]*Operator{}
	for _, op := range Operators {
		byName[op.Name] = op
	}
	mutants := func(op, src string) []string {
		st, err := parseStmt(src)
		if err != nil {
			t.Fatal(err)
		}
		ps := newParsedSource(Source{Formal: src}, st)
		var out []string
		for _, m := range byName[op].find(st) {
			if r := check(&ps, m); r.why == "" {
				out = append(out, r.mutant)
			}
		}
		return out
	}
	setRange := "theorem t {V : Type*} [AddCommGroup V] [Module ℝ V] (f : ℕ → V) (h : Submodule.span ℝ (Set.range f) = ⊤) : True := sorry"
	bare := "theorem t {V : Type*} [AddCommGroup V] [Module ℝ V] (f : ℕ → V) (h : Submodule.span ℝ (range f) = ⊤) : True := sorry"
	for _, src := range []string{setRange, bare} {
		for _, op := range []string{"range-bound-shift", "range-kind"} {
			if ms := mutants(op, src); len(ms) != 0 {
				t.Errorf("%s on a function's range: %q", op, ms)
			}
		}
	}
	finset := "theorem t (n : ℕ) : ∑ i in Finset.range n, i = n * (n - 1) / 2 := sorry"
	for op, want := range map[string]string{
		"range-bound-shift": "theorem t (n : ℕ) : ∑ i in Finset.range (n + 1), i = n * (n - 1) / 2 := sorry",
		"range-kind":        "theorem t (n : ℕ) : ∑ i in Finset.Icc 1 n, i = n * (n - 1) / 2 := sorry",
	} {
		found := false
		for _, m := range mutants(op, finset) {
			found = found || m == want
		}
		if !found {
			t.Errorf("%s on Finset.range n: %q not made (got %q)", op, want, mutants(op, finset))
		}
	}
}
