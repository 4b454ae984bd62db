package lean

import (
	"strconv"
	"strings"
	"testing"
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
	sameWithin(t, b.String(), binderWorkPerByte)
}

// sameWithin checks that src compares Same with itself and that the
// comparison's work, counted as bytes allocated, stays within
// workPerByte times the statement's length (the budgets below are about
// twice what each shape costs; a pass that goes quadratic or retries
// exponentially costs orders of magnitude more).
func sameWithin(t *testing.T, src string, workPerByte uint64) {
	t.Helper()
	var r Result
	var why string
	work := allocatedBy(func() { r, why = Compare(src, src) })
	if r != Same {
		t.Fatalf("%v (%s)", r, why)
	}
	if work > workPerByte*uint64(len(src)) {
		t.Errorf("comparing a %d-byte statement with itself allocated %d bytes, over %d a byte", len(src), work, workPerByte)
	}
	t.Logf("%d bytes: %d bytes allocated (%d a byte)", len(src), work, work/uint64(len(src)))
}

// workPerByte is the budget of bytes allocated per byte compared for
// shapes that cost little (lets, tuples, long chains); nested runs of
// binders, which try binder orders, get twice what they cost today.
const (
	workPerByte       = 4000
	binderWorkPerByte = 25000
)

// TestHostileLets: a let's value of thousands of arguments, on one line or
// one a line, is read in time linear in its length (each argument's
// column is found by a binary search of the line starts).
func TestHostileLets(t *testing.T) {
	for _, sep := range []string{" ", "\n   "} {
		sameWithin(t, "theorem t (f : ℕ → ℕ) :\n  let y := f"+strings.Repeat(sep+"x", 3000)+"\n  y = 0 := sorry", workPerByte)
	}
}

// TestLongChainDifference: a product of 3,900 factors differing in one
// numeral is judged in time: the rules that look for equal operands at
// each level hash them instead of printing them (printing would make 800
// factors cost 13 s).
func TestLongChainDifference(t *testing.T) {
	factors := 3899
	if testing.Short() {
		factors = 999
	}
	chain := "theorem t (x : ℝ) : " + strings.Repeat("x * ", factors) + "x = "
	var r Result
	var why string
	work := allocatedBy(func() { r, why = Compare(chain+"1", chain+"2") })
	if r != Different {
		t.Fatalf("%v (%s), want not equivalent", r, why)
	}
	if work > workPerByte*uint64(len(chain)) {
		t.Errorf("a %d-byte product differing in one numeral allocated %d bytes, over %d a byte", len(chain), work, workPerByte)
	}
	t.Logf("%d bytes: %d bytes allocated (%d a byte)", len(chain), work, work/uint64(len(chain)))
}

// TestHostileTuple: a tuple equation of 2,600 components, 2,600
// conjunctions once split, is sorted once, not at every link (which
// takes 5 s).
func TestHostileTuple(t *testing.T) {
	var xs, ns []string
	for i := 0; i < 2600; i++ {
		xs = append(xs, "x")
		ns = append(ns, strconv.Itoa(i%10))
	}
	sameWithin(t, "theorem t (x : ℕ) : ("+strings.Join(xs, ", ")+") = ("+strings.Join(ns, ", ")+")", workPerByte)
}
