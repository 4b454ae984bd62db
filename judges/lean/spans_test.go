package lean

import "testing"

// TestTokenSpans: every token with the bytes it occupies, projections
// with their dot; slicing the source at a span gives the token back.
func TestTokenSpans(t *testing.T) {
	src := "theorem t : (f x).1 ≤ y.val -- c\n + 2"
	spans, err := TokenSpans(src)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"theorem", "t", ":", "(", "f", "x", ")", ".1", "≤", "y.val", "+", "2"}
	if len(spans) != len(want) {
		t.Fatalf("%d spans %v, want %d", len(spans), spans, len(want))
	}
	for i, s := range spans {
		if s.Text != want[i] || s.End <= s.Pos || src[s.Pos:s.End] != want[i] {
			t.Errorf("span %d = %+v (%q in the source), want %q", i, s, src[s.Pos:s.End], want[i])
		}
	}
	if _, err := TokenSpans("x = \xff"); err == nil {
		t.Error("invalid UTF-8: no error")
	}
	if spans, err := TokenSpans("  -- only a comment"); err != nil || len(spans) != 0 {
		t.Errorf("no tokens: %v, %v", spans, err)
	}
}
