package leanrepl

import (
	"regexp"
	"strings"
	"testing"

	"github.com/rxeval/rxeval/internal/fixtures"
)

// TestSingleTheorem: BEq+ takes a statement only when it is one theorem.
// Each refused text is an attack on the proof search (a smuggled axiom, a
// macro, an option, a second theorem, rxeval's own names) or a form BEq+
// cannot compare as one statement; each taken text is a theorem Lean reads
// as one declaration.
func TestSingleTheorem(t *testing.T) {
	for _, tt := range []struct{ in, why string }{
		{"theorem t (x : ℕ) : x + 0 = x := by simp", ""},
		{"lemma t : True", ""},
		{"example : 1 = 1 := rfl", ""},
		{"@[simp] protected theorem foo.bar : True := trivial", ""},
		{"x + 0 = x", ""},
		{"theorem t (s : String) (h : s = \"axiom\") : True", ""},
		{"theorem t (c : Char) (h : c = '#') : True", ""},
		{"theorem t (x' : ℕ) (h : x' = 0) : x' = 0", ""},
		{"theorem t : (by exact trivial : True) := sorry", ""},
		{"theorem t : P := by\n  set_option maxRecDepth 1000 in\n  simp", ""},
		{"theorem t (axiomatic : ℕ) : axiomatic = axiomatic", ""},
		{"theorem t (h : «theorem» = 1) : True", ""},
		{"theorem t (s : String) (h : s = \"\\\" theorem\") : True", ""}, // an escaped quote does not end the string
		{"theorem t (c : Char) (h : c = '(') : True := sorry\ntheorem u : False := sorry", `a second command starts at "theorem"`}, // a bracket in a character literal opens nothing
		{"theorem t : Nat.«axiom» = 1", ""},

		{"axiom cheat : False\ntheorem t : 1 = 2 := cheat.elim", `it starts with "axiom"`},
		{"theorem t : 1 = 2\naxiom cheat : False", `a second command starts at "axiom"`},
		{"theorem t : 1 = 2 := sorry\ntheorem u : False := sorry", `a second command starts at "theorem"`},
		{"theorem t : 1 = 2 := by simp\n\nmacro \"simp\" : tactic => `(tactic| sorry)", `a second command starts at "macro"`},
		{"set_option debug.skipKernelTC true in\ntheorem t : 1 = 2", `it starts with "set_option"`},
		{"theorem t : 1 = 2 := by decide\n#exit", `"#exit" could run code`},
		{"#eval IO.Process.run {cmd := \"rm\"}\ntheorem t : 1 = 2", `"#eval" could run code`},
		{"theorem t : (by_elab pure (Lean.mkConst ``True)) := sorry", `"by_elab" could run code`},
		{"theorem t : (by run_tac IO.println \"x\"; exact True) := sorry", `"run_tac" could run code`},
		{"theorem t (h : (unsafe (fun _ => 1) 0) = 1) : True", `"unsafe" could run code`},
		{"theorem t (h : IO.FS.removeFile \"x\" = pure ()) : True", `"IO.FS.removeFile" names the programming API`},
		{"theorem t : True := by\n  run_tac IO.println 1", `"run_tac" could run code`},
		{"theorem t : rxeval_hyp = rxeval_hyp", `the name "rxeval_hyp" is reserved`},
		{"theorem t : Foo.rxeval_goal", `the name "Foo.rxeval_goal" is reserved`},
		{"noncomputable def solution : ℝ := 83\ntheorem t (x : ℝ) : x = solution := sorry", `it starts with "def"`},
		{"open Real in\ntheorem t : π > 3", `it starts with "open"`},
		{"instance : Inhabited ℕ := ⟨0⟩", `it starts with "instance"`},
		{"@[simp] x = 1", "attributes or modifiers stand before no theorem"},
		{"theorem t : True := by\n  trivial\nattribute [simp] Nat.add_comm", `a second command starts at "attribute"`},
		{"theorem t : True -- a comment\nnamespace X", `a second command starts at "namespace"`},

		// A name is compared as Lean resolves it: «…» parts unquoted, a
		// leading _root_ dropped (atk34 codecheck, reserved-guillemets).
		{"theorem t (h : «IO».FS.writeFile \"/tmp/x\" \"x\" = pure ()) : True := sorry", `"«IO».FS.writeFile" names the programming API`},
		{"theorem t (h : _root_.IO.FS.writeFile \"/tmp/x\" \"x\" = pure ()) : True := sorry", `"_root_.IO.FS.writeFile" names the programming API`},
		{"theorem t (h : «Lean».Elab.Command.elabCommand default = default) : True := sorry", `"«Lean».Elab.Command.elabCommand" names the programming API`},
		{"theorem t : (by exact «Lean».Meta.evalExpr) = 1 := sorry", `"«Lean».Meta.evalExpr" names the programming API`},
		{"theorem t : (open Lean in Elab.Command.elabCommand default) = default := sorry", `"Lean" names the programming API`},
		{"theorem t (h : «rxeval_hyp» = «rxeval_hyp») : True := sorry", `the name "«rxeval_hyp»" is reserved`},
		{"theorem t : (show Prop by first | (have : type_of% «rxeval_hyp» = True := rfl; exact False) | exact type_of% «rxeval_hyp» | exact False) := sorry", `the name "«rxeval_hyp»" is reserved`},
		{"theorem t : _root_.rxeval_goal = 1 := sorry", `the name "_root_.rxeval_goal" is reserved`},
		{"theorem t : Foo.«rxeval_hyp» = 1 := sorry", `the name "Foo.«rxeval_hyp»" is reserved`},
		{"theorem t (IOx : ℕ) (h : «IOx» = Lean₁) : IOx = IOx := sorry", ""},
		{"theorem t (s : String) (h : s = \"rxeval_hyp IO.x\") : True := sorry", ""},
		// Text Lean's tokenizer cannot read: where its proof starts is not known.
		{"theorem t : (s : String) = \"unclosed := sorry", "tokenizer cannot read it"},
	} {
		if got := singleTheorem(clean(tt.in)); tt.why == "" && got != "" || !strings.Contains(got, tt.why) {
			t.Errorf("singleTheorem(%q) = %q, want %q", tt.in, got, tt.why)
		}
	}
}

// TestSingleTheoremRealStatements: of the real Mathlib-style statements of
// FormalRx, the single theorems are taken and the rest are refused for
// the reason their first token gives.
func TestSingleTheoremRealStatements(t *testing.T) {
	taken, refused := 0, map[string]int{}
	for _, row := range fixtures.FormalRx(t) {
		why := singleTheorem(clean(row.Formal))
		if why == "" {
			taken++
			continue
		}
		refused[why]++
		if strings.HasPrefix(strings.TrimSpace(clean(row.Formal)), "theorem") {
			t.Errorf("refused a statement that starts with theorem (%s):\n%s", why, row.Formal)
		}
	}
	if taken < 220 {
		t.Errorf("%d of the statements taken as single theorems; refused: %v", taken, refused)
	}
	t.Logf("%d taken; refused: %v", taken, refused)
}

// TestAsAxiom: the other statement of a pair, assumed.
func TestAsAxiom(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"theorem foo (x : ℕ) : x = x := by simp", "axiom H (x : ℕ) : x = x"},
		{"@[simp] protected lemma foo : True", "axiom H : True"},
		{"example : 1 = 1 := rfl", "axiom H : 1 = 1"},
		{"1 = 1", "axiom H : 1 = 1"},
		{"theorem t (x : ℕ := 3) : x = 3", "axiom H (x : ℕ := 3) : x = 3"},
		{"theorem «the main theorem» (x : ℕ) : x = x := rfl", "axiom H (x : ℕ) : x = x"},
	} {
		if got := asAxiom(tt.in, "H"); got != tt.want {
			t.Errorf("asAxiom(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzSingleTheorem: any text is scanned without a panic, and every token
// lies inside it.
func FuzzSingleTheorem(f *testing.F) {
	for _, s := range []string{"theorem t : x = 1 := by simp", "'", "\"", "«", "@[", "x'", "'\\", "#", "«a»."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		singleTheorem(s)
		toks, _ := scanTokens(s)
		for _, tok := range toks {
			if tok.at < 0 || tok.at+len(tok.text) > len(s) || s[tok.at:tok.at+len(tok.text)] != tok.text {
				t.Fatalf("token %q at %d is not in %q", tok.text, tok.at, s)
			}
		}
	})
}

// TestProofCut: the proof is cut off where Lean's parser ends the
// declaration's signature: the first ":=" at bracket depth 0 that is no
// let's or have's, never one inside a char or string literal, a comment or
// a «…» name, and no bracket counted inside them (atk34 charlit and
// toplevel-let: the proof was doubled, or the statement cut at its let).
func TestProofCut(t *testing.T) {
	omni := "theorem omni_theorem_1753 {c1 c2 u1 u2 : ℝ}\n (hc1 : 0 < c1) (hc2 : 0 < c2)\n (hu1 : 0 < u1) (hu2 : 0 < u2) :\n let p1 := (u1 + c1) / 3\n let p2 := (u2 + c2) / 3\n let r1 := ((u1 - c1) ^ 2) / (6 * u1)\n let r2 := ((u2 - c2) ^ 2) / (6 * u2)\n p1 = (u1 + c1) / 3 ∧ p2 = (u2 + c2) / 3 ∧\n r1 = ((u1 - c1) ^ 2) / (6 * u1) ∧ r2 = ((u2 - c2) ^ 2) / (6 * u2)"
	for _, tt := range []struct{ in, want string }{
		{"theorem t2 : ['('].length = 1 := by sorry", "theorem t2 : ['('].length = 1 := sorry"},
		{"theorem t2 : 'a' ≠ ('⟨' : Char) := sorry", "theorem t2 : 'a' ≠ ('⟨' : Char) := sorry"},
		{"theorem t2 : (34 : ℕ) = ('\"' : Char).toNat := sorry", "theorem t2 : (34 : ℕ) = ('\"' : Char).toNat := sorry"},
		{"theorem t2 (n : ℕ) : ([')'] : List Char).length = 1 := sorry", "theorem t2 (n : ℕ) : ([')'] : List Char).length = 1 := sorry"},
		{"theorem t2 : (2 : ℕ) + 2 = 4 ∧ ('(' : Char) = '(' := sorry", "theorem t2 : (2 : ℕ) + 2 = 4 ∧ ('(' : Char) = '(' := sorry"},
		{"theorem t : ('\\'' : Char) = '\\'' ∧ ('\\\\' : Char) ≠ '(' := by simp", "theorem t : ('\\'' : Char) = '\\'' ∧ ('\\\\' : Char) ≠ '(' := sorry"},
		{"theorem t (s : String) (h : s = r#\"a := (\"#) : True := trivial", "theorem t (s : String) (h : s = r#\"a := (\"#) : True := sorry"},
		{"theorem t (f : ℕ → ℕ) (s : Set ℕ) (h' : f '' s = f ⁻¹' s) : True := trivial", "theorem t (f : ℕ → ℕ) (s : Set ℕ) (h' : f '' s = f ⁻¹' s) : True := sorry"},
		{"theorem t : /- ( := -/ True := trivial", "theorem t : /- ( := -/ True := sorry"},
		{omni + " := by sorry", omni + " := sorry"},
		{"theorem t : have h : 1 = 1 := rfl; h = h := by\n  have k : 2 = 2 := rfl\n  rfl", "theorem t : have h : 1 = 1 := rfl; h = h := sorry"},
		{"theorem t : let f : ℕ → ℕ := fun x => x; letI : Inhabited ℕ := ⟨0⟩; f 1 = 1 := rfl", "theorem t : let f : ℕ → ℕ := fun x => x; letI : Inhabited ℕ := ⟨0⟩; f 1 = 1 := sorry"},
	} {
		if got := WithProof(tt.in, "sorry"); got != tt.want {
			t.Errorf("WithProof(%q)\n = %q\nwant %q", tt.in, got, tt.want)
		}
	}
	// The other statement, assumed, keeps its lets; a bare proposition
	// with a let is still renamed.
	if got, want := asAxiom(omni+" := by sorry", "H"), "axiom H"+strings.TrimPrefix(omni, "theorem omni_theorem_1753"); got != want {
		t.Errorf("asAxiom(omni_theorem_1753) = %q, want %q", got, want)
	}
	if got, want := Renamed("let x := 1\n x = 1", "H"), "theorem H : let x := 1\n x = 1"; got != want {
		t.Errorf("Renamed(a bare let) = %q, want %q", got, want)
	}
}

// TestProofCutRealStatements: every real FormalRx statement BEq+ takes (a
// single theorem) ends with its proof, ":= sorry" or ":= by sorry"; the
// proof is cut exactly there, lets and all (omni_theorem_1753 has four
// top-level lets).
func TestProofCutRealStatements(t *testing.T) {
	proof := regexp.MustCompile(`:=\s*(by\s+)?sorry\s*$`)
	lets := 0
	for _, row := range fixtures.FormalRx(t) {
		s := clean(row.Formal)
		if singleTheorem(s) != "" {
			continue
		}
		m := proof.FindStringIndex(s)
		if m == nil {
			t.Fatalf("%s: no proof at the end: %q", row.Idx, s)
		}
		if got := proofStart(s); got != m[0] {
			t.Errorf("%s: proof found at byte %d, want %d:\n%s", row.Idx, got, m[0], s)
		}
		if strings.Contains(s[:m[0]], "let ") {
			lets++
		}
	}
	if lets == 0 {
		t.Errorf("no FormalRx statement with a let: the fixture lost omni_theorem_1753")
	}
}
