package lean

import "testing"

// TestStripComments: line and nested block comments go (a block leaves a
// space, so tokens stay apart; an unclosed one runs to the end); a string
// literal on one line shields what it holds, escapes included; a quote
// without its closing quote on the same line shields nothing.
func TestStripComments(t *testing.T) {
	for in, want := range map[string]string{
		"a -- c\nb":                  "a \nb",
		"a /- c -/ b":                "a   b",
		"a/-c-/b":                    "a b",
		"a /- x /- y -/ z -/ b":      "a   b",
		"a /- open":                  "a  ",
		`a "x -- y" b -- c`:          `a "x -- y" b `,
		`a "x \" -- y" b`:            `a "x \" -- y" b`,
		`"\\" -- c`:                  `"\\" `,
		"a \" q -- c\nb":             "a \" q \nb",
		"a \"x\ny\" -- c":            "a \"x\ny\" ",
		`a "b"`:                      `a "b"`,
		`""`:                         `""`,
		"-":                          "-",
		"/":                          "/",
		`x "`:                        `x "`,
		`"a\`:                        `"a\`,
		"no comment at all":          "no comment at all",
		"x -- one\ny -- two\nz":      "x \ny \nz",
		"\"s\" /- c -/ \"t\" -- end": "\"s\"   \"t\" ",
	} {
		if got := StripComments(in); got != want {
			t.Errorf("StripComments(%q) = %q, want %q", in, got, want)
		}
	}
}
