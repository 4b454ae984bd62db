package lean

import (
	"strings"
	"testing"
)

// TestNestedRetries: brackets nested so that each may be read two ways (a
// set-builder or a set, a binder or a term) are read in bounded time when
// the innermost reading fails: a level that read its contents again on
// failure would take time doubling with the depth (24 levels: 20 s; 401
// set-builders: no end). Past the budget the statement is refused.
func TestNestedRetries(t *testing.T) {
	nest := func(open, inner, close string, n int) string {
		return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
	}
	for _, c := range []struct{ name, stmt string }{
		{"set-builders, broken inside", "theorem t : " + nest("{x | ", "x +", "}", 24) + " = ∅ := sorry"},
		{"401 set-builders", "theorem t : " + nest("{x | ", "x = 1", "}", 401) + " = ∅ := sorry"},
		{"binders, broken inside", "theorem t : " + nest("(x : ", "ℕ +", ") → ℕ", 24) + " := sorry"},
		{"subtypes, broken inside", "theorem t : " + nest("{x // ", "x +", "}", 24) + " := sorry"},
		{"parentheses and builders", "theorem t : " + nest("(", nest("{x | ", "x +", "}", 30), ")", 380) + " := sorry"},
	} {
		var got Result
		var why string
		if work := allocatedBy(func() { got, why = Compare(c.stmt, c.stmt+" ") }); work > workPerByte*uint64(len(c.stmt)) {
			t.Errorf("%s: %d bytes allocated to compare %d bytes", c.name, work, len(c.stmt))
		}
		if got == Different {
			t.Errorf("%s: judged not equivalent to itself (%s)", c.name, why)
		}
	}
	// A deep nest that reads: still read, within the budget.
	ok := "theorem t : " + nest("{x | ", "x = 1", "}", 60) + " = ∅ := sorry"
	if got, why := Compare(ok, ok); got != Same {
		t.Errorf("60 nested set-builders: %v (%s)", got, why)
	}
}
