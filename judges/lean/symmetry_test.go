package lean

import (
	"testing"

	"github.com/rxeval/rxeval/internal/fixtures"
)

// TestCompareIsSymmetric: the verdict does not depend on which statement
// is the gold (on the one-token mutants and the GTED pairs).
func TestCompareIsSymmetric(t *testing.T) {
	orig, mutant := oneTokenMutants(t)
	for _, p := range fixtures.GTED(t) {
		orig, mutant = append(orig, p.Label), append(mutant, p.Pred)
	}
	for i := range orig {
		ab, _ := Compare(orig[i], mutant[i])
		ba, _ := Compare(mutant[i], orig[i])
		if ab != ba {
			t.Errorf("Compare(a, b) = %v, Compare(b, a) = %v:\n%s\n%s", ab, ba, orig[i], mutant[i])
		}
	}
}
