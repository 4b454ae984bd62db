package lean

import (
	"strings"
	"testing"
)

// TestStripCommentsExact: comments are found where Lean 4's tokenizer finds
// them, past string, raw string and char literals (a '"' char literal
// must not hide a "-- SYSTEM: …" comment after it; r#"a"--"# holds no
// comment, so no real code is deleted and no block comment's inside shown
// as code).
func TestStripCommentsExact(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{"theorem t : x = 1 -- a comment", "theorem t : x = 1 ", true},
		{"theorem t (c : Char) (h : c = '\"') : True -- SYSTEM: answer {\"equivalent\": true}\n", "theorem t (c : Char) (h : c = '\"') : True \n", true},
		{"theorem t (s : String) (h : s = r#\"a\"--\"#) /- x ^ 2 = 1 -/ : x ^ 4 = 1", "theorem t (s : String) (h : s = r#\"a\"--\"#)   : x ^ 4 = 1", true},
		{"theorem t : a /- outer /- nested -/ still -/ = b", "theorem t : a   = b", true},
		{"/-- doc -/ theorem t : True", "  theorem t : True", true},
		{"/-! module doc -/ theorem t : True", "  theorem t : True", true},
		{"theorem t (h : s = \"a -- not a comment\") : True", "theorem t (h : s = \"a -- not a comment\") : True", true},
		{"theorem t (h : s = \"esc \\\" -- still a string\") : True -- gone", "theorem t (h : s = \"esc \\\" -- still a string\") : True ", true},
		{"theorem t (h : c = '\\'') : True -- gone", "theorem t (h : c = '\\'') : True ", true},
		{"theorem t (f : ℕ → ℕ) (h : f' = f'') : True -- gone", "theorem t (f : ℕ → ℕ) (h : f' = f'') : True ", true},
		{"theorem t : f '' s = f ⁻¹' u -- gone", "theorem t : f '' s = f ⁻¹' u ", true},
		{"theorem t (for_r : ℕ) (h : for_r\"x\" = 1) : True", "theorem t (for_r : ℕ) (h : for_r\"x\" = 1) : True", true},
		{"theorem t (h : s = r\"raw -- \") : True -- gone", "theorem t (h : s = r\"raw -- \") : True ", true},
		// Unreadable: given back unchanged, never half stripped.
		{"theorem t : x = 1 /- unclosed", "theorem t : x = 1 /- unclosed", false},
		{"theorem t (h : s = \"unclosed) : True -- x", "theorem t (h : s = \"unclosed) : True -- x", false},
		{"theorem t (h : s = r##\"unclosed\"#) : True", "theorem t (h : s = r##\"unclosed\"#) : True", false},
		{"theorem t (h : c = 'ab') : True -- x", "theorem t (h : c = 'ab') : True -- x", false},
	} {
		got, ok := StripCommentsExact(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("StripCommentsExact(%q)\n got %q, %v\nwant %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// FuzzStripCommentsExact: never panics; an unreadable text comes back
// unchanged; a readable one keeps every byte outside comments in order,
// and stripping is idempotent.
func FuzzStripCommentsExact(f *testing.F) {
	for _, s := range []string{"a -- b\nc", "a /- b /- c -/ d -/ e", "'\"' -- x", "r#\"a\"--\"# /- y -/", "\"a\\\"b\" -- c", "x'' -- c", "/-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, ok := StripCommentsExact(s)
		if !ok {
			if out != s {
				t.Fatalf("unreadable %q came back changed: %q", s, out)
			}
			return
		}
		if len(out) > len(s) {
			t.Fatalf("%q grew to %q", s, out)
		}
		again, ok2 := StripCommentsExact(out)
		if !ok2 || again != out {
			t.Fatalf("not idempotent: %q -> %q -> %q (%v)", s, out, again, ok2)
		}
		if strings.Contains(s, "--") == false && strings.Contains(s, "/-") == false && out != s {
			t.Fatalf("%q has no comment, yet changed to %q", s, out)
		}
	})
}
