package synth

import (
	"testing"

	"github.com/rxeval/rxeval/schema"
)

// TestSmallNSpread: with a small --n the misaligned samples go to
// categories drawn at random, each at most once more than any other
// (docs/synth.md: "drawn uniformly"), not to the first categories of the
// table; --aligned-frac of the samples are aligned. Over 40 seeds at
// --n 10 (7 misaligned samples of 27 categories) every category is made
// and none is made in more than twice its expected share of the runs;
// each run spans at least two of the three dimensions (S, C, I).
func TestSmallNSpread(t *testing.T) {
	t.Parallel()
	src := Builtin()
	const seeds = 40
	runs := map[string]int{} // category -> runs that made it
	for _, n := range []int{10, 30} {
		for seed := uint64(1); seed <= seeds; seed++ {
			if n == 30 && seed > 5 {
				break
			}
			set, err := Generate(src, Options{N: n, Seed: seed, AlignedFrac: 0.25})
			if err != nil {
				t.Fatal(err)
			}
			s := set.Summary
			wantAligned := map[int]int{10: 3, 30: 8}[n] // round(n/4)
			if s.Aligned != wantAligned || s.Misaligned != n-wantAligned {
				t.Errorf("n %d seed %d: %d aligned, %d misaligned", n, seed, s.Aligned, s.Misaligned)
			}
			lo, hi := n, 0
			dims := map[byte]bool{}
			for _, c := range s.ByCategory {
				lo, hi = min(lo, c.Made), max(hi, c.Made)
				if c.Made > 0 {
					cat, _ := schema.Lookup(c.Category)
					dims[cat.Code[0]] = true
					if n == 10 {
						runs[c.Category]++
					}
				}
			}
			if hi-lo > 1 {
				t.Errorf("n %d seed %d: categories made %d to %d times: want at most one apart", n, seed, lo, hi)
			}
			if len(dims) < 2 {
				t.Errorf("n %d seed %d: every misaligned sample in dimension %v", n, seed, dims)
			}
		}
	}
	cats := MakeableCategories()
	expect := float64(seeds) * 7 / float64(len(cats)) // about 10.4 runs each
	for _, c := range cats {
		if got := runs[c]; got == 0 || float64(got) > 2*expect {
			t.Errorf("%s made in %d of %d runs at --n 10; want 1 to %.0f", c, got, seeds, 2*expect)
		}
	}
}
