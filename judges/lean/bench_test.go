package lean

import (
	"fmt"
	"github.com/rxeval/rxeval/internal/fixtures"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// realPairs are the pairs lean-ast meets in practice: the 205 miniF2F
// pairs of the GTED paper (label against the first prediction) and the
// FormalRx statements lean-ast reads (190 of 240) against a re-spaced,
// renamed copy.
func realPairs(t testing.TB) [][2]string {
	var pairs [][2]string
	for _, p := range fixtures.GTED(t) {
		pairs = append(pairs, [2]string{p.Label, p.Pred})
	}
	for _, r := range fixtures.FormalRx(t) {
		if _, err := Parse(r.Formal); err == nil {
			pairs = append(pairs, [2]string{r.Formal, respaceAndRename(t, r.Formal)})
		}
	}
	return pairs
}

// BenchmarkCompareReal: lean-ast on the real pairs, each timed alone; the
// median and 90th percentile per pair are reported (ns/pair-p50, -p90).
func BenchmarkCompareReal(b *testing.B) {
	pairs := realPairs(b)
	var times []time.Duration
	for b.Loop() {
		for _, p := range pairs {
			start := time.Now()
			Compare(p[0], p[1])
			times = append(times, time.Since(start))
		}
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "ns/pair-p50")
	b.ReportMetric(float64(times[len(times)*9/10].Nanoseconds()), "ns/pair-p90")
}

// hypotheses returns a theorem with n hypotheses over distinct variables
// (each a few tokens, ~30 bytes), and a copy with other spacing.
func hypotheses(n int) (string, string) {
	var a, b strings.Builder
	a.WriteString("theorem t")
	b.WriteString("theorem t")
	for i := range n {
		fmt.Fprintf(&a, " (h%d : x%d + %d ≤ y%d)", i, i, i, i)
		fmt.Fprintf(&b, "\n  (h%d : x%d+%d ≤ y%d)", i, i, i, i)
	}
	a.WriteString(" : True")
	b.WriteString(" :\n  True")
	return a.String(), b.String()
}

// BenchmarkHypotheses: lean-ast on statements of 100 and 2,000 hypotheses;
// linear means the second costs about 20 times the first.
func BenchmarkHypotheses(b *testing.B) {
	for _, n := range []int{100, 2000} {
		x, y := hypotheses(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			defer func(m int) { sizeLimit = m }(sizeLimit)
			sizeLimit = 1 << 20
			for b.Loop() {
				Compare(x, y)
			}
		})
	}
}

// TestLinearInHypotheses: a statement with 2,000 hypotheses costs at most
// 60 times the work of one with 100 (linear: 20; quadratic: 400), the
// work counted as bytes allocated (the passes build new trees and print
// them), which the machine's load does not change.
func TestLinearInHypotheses(t *testing.T) {
	defer func(m int) { sizeLimit = m }(sizeLimit)
	sizeLimit = 1 << 20
	work := map[int]uint64{}
	for _, n := range []int{100, 2000} {
		x, y := hypotheses(n)
		if r, why := Compare(x, y); r != Same {
			t.Fatalf("%d hypotheses: %v (%s)", n, r, why)
		}
		work[n] = allocatedBy(func() { Compare(x, y) })
	}
	ratio := float64(work[2000]) / float64(work[100])
	t.Logf("100 hypotheses %d bytes allocated, 2,000 hypotheses %d: %.1fx", work[100], work[2000], ratio)
	if ratio > 60 {
		t.Errorf("2,000 hypotheses cost %.0fx the work of 100 hypotheses (linear would be ~20x)", ratio)
	}
}

// allocatedBy is the bytes f allocates (runtime.MemStats.TotalAlloc, which
// counts what the machine's load does not change); tests that call it do
// not run in parallel, so no other goroutine allocates meanwhile.
func allocatedBy(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestOnePassRunsAgree: the one-pass normalization of long runs of
// hypotheses (canonRun) and the occurrence index give the trees the
// bottom-up passes give, on the real pairs, the adversarial corpus and
// generated runs (shared variables, conjunctions, named binders between
// hypotheses, runs under a binder that is not on the top-level chain).
func TestOnePassRunsAgree(t *testing.T) {
	var texts []string
	for _, p := range realPairs(t) {
		texts = append(texts, p[0], p[1])
	}
	for _, p := range readAdversarial(t) {
		texts = append(texts, p.a, p.b)
	}
	for _, n := range []int{8, 9, 20, 70} {
		var plain, shared, conj, mixed, inner strings.Builder
		for i := range n {
			fmt.Fprintf(&plain, " (h%d : x%d + %d ≤ y%d)", i, i, i%3, i)
			fmt.Fprintf(&shared, " (h%d : x + %d ≤ y)", i, (n-i)%4)
			fmt.Fprintf(&conj, " (h%d : x%d < %d ∧ 0 < x%d)", i, i%5, i, i%3)
			fmt.Fprintf(&mixed, " (x%d : ℝ) (h%d : x%d ≤ x%d)", i, i, i, (i+1)%n)
			fmt.Fprintf(&inner, "x%d < %d → ", i%4, i)
		}
		texts = append(texts,
			"theorem t"+plain.String()+" : True",
			"theorem t (x y : ℝ)"+shared.String()+" : x ≤ y",
			"theorem t"+conj.String()+" : False",
			"theorem t"+mixed.String()+" : x0 = x1",
			"theorem t (f : ℕ → Prop) (h : ∀ x0 x1 x2 x3 : ℕ, "+inner.String()+"f 0) : f 1",
			"theorem t : (fun (x0 x1 x2 x3 : ℕ) => "+inner.String()+"True) = g")
	}
	defer func(m int) { sizeLimit = m }(sizeLimit)
	sizeLimit = 1 << 20
	checked := 0
	for _, s := range texts {
		st, err := Parse(s)
		if err != nil {
			continue
		}
		fast := Normalize(st.Tree).String()
		slowRuns = true
		slow := Normalize(st.Tree).String()
		slowRuns = false
		if fast != slow {
			t.Errorf("one pass and bottom-up differ on\n%s\n one pass: %s\n bottom-up: %s", s, fast, slow)
		}
		checked++
	}
	if checked < 250 {
		t.Errorf("only %d statements parsed", checked)
	}
	t.Logf("%d statements", checked)
}
