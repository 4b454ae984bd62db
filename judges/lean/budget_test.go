package lean

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestHostileBinderRuns: runs of interchangeable binders, nested, cannot
// make a comparison slow (the orders tried are bounded per run and per
// statement).
func TestHostileBinderRuns(t *testing.T) {
	var b strings.Builder
	b.WriteString("theorem t : ")
	for i := 0; i < 120; i++ {
		b.WriteString("∃ a b c d e f : ℕ, a + b + c + d + e + f = 0 ∧ (")
	}
	b.WriteString("True")
	b.WriteString(strings.Repeat(")", 120))
	sameWithin(t, b.String(), 10*time.Second)
}

// sameWithin checks that src compares Same with itself within limit.
func sameWithin(t *testing.T, src string, limit time.Duration) {
	t.Helper()
	if raceEnabled {
		limit *= 20 // scripts/check runs the package under -race on a loaded machine
	}
	start := time.Now()
	if r, why := Compare(src, src); r != Same {
		t.Fatalf("%v (%s)", r, why)
	}
	if d := time.Since(start); d > limit {
		t.Errorf("comparing a %d-byte statement with itself took %v", len(src), d)
	}
	t.Logf("%d bytes: %v", len(src), time.Since(start))
}

// TestHostileLets: a let's value of thousands of arguments, on one line or
// one a line, is read in time linear in its length (each argument's
// column is found by a binary search of the line starts).
func TestHostileLets(t *testing.T) {
	for _, sep := range []string{" ", "\n   "} {
		sameWithin(t, "theorem t (f : ℕ → ℕ) :\n  let y := f"+strings.Repeat(sep+"x", 3000)+"\n  y = 0 := sorry", 2*time.Second)
	}
}

// TestLongChainDifference: a product of 3,900 factors differing in one
// numeral is judged in time: the rules that look for equal operands at
// each level hash them instead of printing them (printing made 800
// factors cost 13 s, round 14a).
func TestLongChainDifference(t *testing.T) {
	chain := "theorem t (x : ℝ) : " + strings.Repeat("x * ", 3899) + "x = "
	limit := 5 * time.Second
	if raceEnabled {
		limit *= 20
	}
	start := time.Now()
	if r, why := Compare(chain+"1", chain+"2"); r != Different {
		t.Fatalf("%v (%s), want not equivalent", r, why)
	}
	if d := time.Since(start); d > limit {
		t.Errorf("a %d-byte product differing in one numeral took %v", len(chain), d)
	}
}

// TestHostileTuple: a tuple equation of 2,600 components, 2,600
// conjunctions once split, is sorted once, not at every link (5 s before
// round 19b's fix).
func TestHostileTuple(t *testing.T) {
	var xs, ns []string
	for i := 0; i < 2600; i++ {
		xs = append(xs, "x")
		ns = append(ns, strconv.Itoa(i%10))
	}
	sameWithin(t, "theorem t (x : ℕ) : ("+strings.Join(xs, ", ")+") = ("+strings.Join(ns, ", ")+")", time.Second)
}
