package lean

import "testing"

// TestFoldNeedsEveryLeafTyped: numerals are compared by value only when
// every leaf of their component has a known numeric type; one leaf of an
// unknown type (g here) keeps 2.0 and 2 apart.
func TestFoldNeedsEveryLeafTyped(t *testing.T) {
	if r, why := Compare("theorem t (x : ℝ) : x + 1 = 2.0", "theorem t (x : ℝ) : x + 1 = 2"); r != Same {
		t.Errorf("all leaves real: %v (%s), want Same", r, why)
	}
	if r, why := Compare("theorem t (x : ℝ) : x + g = 2.0", "theorem t (x : ℝ) : x + g = 2"); r == Same {
		t.Errorf("g of unknown type: %v (%s), want not Same", r, why)
	}
}
