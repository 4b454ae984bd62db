package textcut

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestPrefix(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"abc", 5, "abc"},
		{"abc", 3, "abc"},
		{"abc", 2, "ab"},
		{"abc", 0, ""},
		{"abc", -1, ""},
		{"aé", 2, "a"}, // é is 2 bytes: not split
		{"aé", 3, "aé"},
		{"𝕜x", 3, ""}, // a 4-byte rune
		{"𝕜x", 4, "𝕜"},
	} {
		if got := Prefix(c.s, c.n); got != c.want {
			t.Errorf("Prefix(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}

func FuzzPrefix(f *testing.F) {
	f.Add("aé𝕜", 3)
	f.Fuzz(func(t *testing.T, s string, n int) {
		got := Prefix(s, n)
		if !strings.HasPrefix(s, got) || len(got) > max(n, 0) && len(got) != len(s) {
			t.Fatalf("Prefix(%q, %d) = %q", s, n, got)
		}
		if utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatalf("Prefix(%q, %d) = %q splits a rune", s, n, got)
		}
		if utf8.ValidString(s) && len(s) > max(n, 0) && max(n, 0)-len(got) >= utf8.UTFMax {
			t.Fatalf("Prefix(%q, %d) = %q cuts more than a rune", s, n, got)
		}
	})
}
