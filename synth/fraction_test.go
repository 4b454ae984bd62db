package synth

import (
	"strings"
	"testing"
)

// TestAlignedFractionKept: when the categories run out of distinct
// mutations, fewer aligned samples are made too, so the aligned fraction
// holds (n shrinks), and a warning says so. Extremum Concept Error (S3.2)
// has 13 candidates in the built-in source.
func TestAlignedFractionKept(t *testing.T) {
	for _, tt := range []struct {
		n                   int
		frac                float64
		aligned, misaligned int
		warns               int
		warnHas             string
	}{
		{300, 0.25, 4, 13, 1, "so 4 aligned samples instead of 75 keep the aligned fraction 0.25"}, // round(13/3)
		{300, 0.5, 13, 13, 1, "so 13 aligned samples instead of 150"},
		{300, 0, 0, 13, 1, "only 13 of the 300 misaligned samples asked for could be made"},
		{16, 0.25, 4, 12, 0, ""}, // enough mutations: nothing shrinks
		{300, 1, 300, 0, 0, ""},  // nothing misaligned asked for
	} {
		set, err := Generate(Builtin(), Options{N: tt.n, Seed: 1, AlignedFrac: tt.frac, Categories: []string{"Extremum Concept Error"}})
		if err != nil {
			t.Fatal(err)
		}
		s := set.Summary
		aligned := 0
		for _, x := range set.Samples {
			if x.Aligned {
				aligned++
			}
		}
		if s.Aligned != tt.aligned || aligned != tt.aligned || s.Misaligned != tt.misaligned || s.Samples != len(set.Samples) || s.Requested != tt.n {
			t.Errorf("n %d frac %v: %d samples (%d aligned counted %d, %d misaligned), requested %d; want %d aligned, %d misaligned",
				tt.n, tt.frac, len(set.Samples), s.Aligned, aligned, s.Misaligned, s.Requested, tt.aligned, tt.misaligned)
		}
		if len(s.Warnings) != tt.warns || tt.warns > 0 && !strings.Contains(s.Warnings[0], tt.warnHas) {
			t.Errorf("n %d frac %v: warnings %q, want %d with %q", tt.n, tt.frac, s.Warnings, tt.warns, tt.warnHas)
		}
		if tt.aligned > 0 && s.AlignedSources != min(tt.aligned, 367) {
			t.Errorf("n %d frac %v: %d distinct aligned sources", tt.n, tt.frac, s.AlignedSources)
		}
	}
}

// TestAlignedSourcesFullSet: at the default --n 7030 the 1758 aligned
// samples use every one of the 367 usable sources (Axler_exercise_6_7, whose I•v glues an infix to a name, is not read), 4 or 5 times each.
func TestAlignedSourcesFullSet(t *testing.T) {
	set := full(t)
	uses := map[string]int{}
	for _, s := range set.Samples {
		if s.Aligned {
			uses[s.Source]++
		}
	}
	most := 0
	for _, n := range uses {
		most = max(most, n)
	}
	s := set.Summary
	if len(uses) != 367 || s.AlignedSources != len(uses) || s.AlignedMaxUses != most || most != 5 || s.AlignedReuse != 1758-367 || len(s.Warnings) != 0 {
		t.Errorf("distinct %d (summary %d), most used %d times (summary %d), reuse %d, warnings %q", len(uses), s.AlignedSources, most, s.AlignedMaxUses, s.AlignedReuse, s.Warnings)
	}
}
