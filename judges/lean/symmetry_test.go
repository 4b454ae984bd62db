package lean

import "testing"

// TestCompareIsSymmetric: the verdict does not depend on which statement
// is the gold (on every frozen pair: the one-token mutants, the GTED
// pairs, the adversarial records, the re-spaced copies).
func TestCompareIsSymmetric(t *testing.T) {
	for _, p := range judgedCorpora(t) {
		if p.ab.Result != p.ba.Result {
			t.Errorf("%s: Compare(a, b) = %v, Compare(b, a) = %v:\n%s\n%s", p.corpus, p.ab.Result, p.ba.Result, p.a, p.b)
		}
	}
}
