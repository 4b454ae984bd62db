package leanrepl

import (
	"github.com/rxeval/rxeval/internal/fixtures"
	"strings"
	"testing"
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
		for _, tok := range scanTokens(s) {
			if tok.at < 0 || tok.at+len(tok.text) > len(s) || s[tok.at:tok.at+len(tok.text)] != tok.text {
				t.Fatalf("token %q at %d is not in %q", tok.text, tok.at, s)
			}
		}
	})
}
