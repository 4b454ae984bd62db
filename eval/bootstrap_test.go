package eval

import (
	"context"
	"fmt"
	"math"
	"testing"
)

// TestPercentile95 against hand-computed order statistics.
func TestPercentile95(t *testing.T) {
	seq := make([]float64, 101)
	for i := range seq {
		seq[len(seq)-1-i] = float64(i) // unsorted: 100 down to 0
	}
	for _, tt := range []struct {
		v    []float64
		want [2]float64
	}{
		{nil, [2]float64{0, 0}},
		{[]float64{7}, [2]float64{7, 7}},
		{[]float64{1, 0}, [2]float64{0.025, 0.975}},
		// 101 values 0..100: positions 2.5 and 97.5.
		{seq, [2]float64{2.5, 97.5}},
		// 3 values: positions 0.05 and 1.95.
		{[]float64{10, 20, 30}, [2]float64{10.5, 29.5}},
	} {
		name := fmt.Sprint(tt.v)
		if got := Percentile95(tt.v); !near(got[0], tt.want[0]) || !near(got[1], tt.want[1]) {
			t.Errorf("Percentile95(%.40s) = %v, want %v", name, got, tt.want)
		}
	}
}

// jointCase is n gold-aligned samples of which k are predicted right
// (aligned, fields null) and the rest wrong (misaligned): joint accuracy is
// k/n, and a resample's joint accuracy is Binomial(n, k/n)/n.
func jointCase(n, k int) ([]Gold, map[string]Pred) {
	g := make([]Gold, n)
	p := map[string]Pred{}
	for i := range g {
		idx := fmt.Sprintf("s%04d", i)
		g[i] = gold(idx, "", "", "")
		p[idx] = pred(idx, i >= k, "", "", "")
	}
	return g, p
}

// TestBootstrapSpreadAgainstNormal compares the score bootstrap's interval
// for joint accuracy with an independent calculation: the normal
// approximation of the binomial, p ± 1.96·sqrt(p(1-p)/n). With n = 400 and
// 2,000 rounds the percentile interval's width is within 15% of it and its
// centre within 0.01 of p; a bootstrap that resamples too little (one
// index, or fewer draws) or too much falls outside.
func TestBootstrapSpreadAgainstNormal(t *testing.T) {
	const n, k = 400, 280 // p = 0.7
	g, p := jointCase(n, k)
	for _, seed := range []uint64{1, 2, 3} {
		r, err := Score(context.Background(), g, p, ExactJudge{}, Options{Bootstrap: 2000, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		acc := float64(k) / n
		want := 2 * 1.96 * math.Sqrt(acc*(1-acc)/n) // 0.0898
		iv := r.CI["joint_accuracy"]
		if w := iv[1] - iv[0]; math.Abs(w-want)/want > 0.15 {
			t.Errorf("seed %d: interval %v is %.4f wide, want %.4f ± 15%%", seed, iv, w, want)
		}
		if mid := (iv[0] + iv[1]) / 2; math.Abs(mid-acc) > 0.01 {
			t.Errorf("seed %d: interval %v centred at %.4f, want %.2f", seed, iv, mid, acc)
		}
		// Localization and correction are right on every gold-aligned
		// sample with null fields: accuracy 1 in every resample.
		if iv := r.CI["localization_accuracy"]; iv != [2]float64{1, 1} {
			t.Errorf("seed %d: localization interval %v, want [1 1]", seed, iv)
		}
	}
}

// TestBootstrapSeedMoves: two seeds give different joint-accuracy
// intervals, each a valid one (the same seed twice gives the same).
func TestBootstrapSeedMoves(t *testing.T) {
	g, p := jointCase(400, 280)
	ivs := map[uint64][2]float64{}
	for _, seed := range []uint64{1, 2, 1} {
		r, err := Score(context.Background(), g, p, ExactJudge{}, Options{Bootstrap: 500, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		iv := r.CI["joint_accuracy"]
		if prev, ok := ivs[seed]; ok && prev != iv {
			t.Errorf("seed %d twice: %v then %v", seed, prev, iv)
		}
		ivs[seed] = iv
	}
	if ivs[1] == ivs[2] {
		t.Errorf("seeds 1 and 2 gave the same interval %v", ivs[1])
	}
}
