package eval

import (
	"math/rand/v2"
	"sort"
)

// bootStream is the second word of the PCG state of every bootstrap: a
// system's own intervals and the comparison draw the same resamples for
// the same seed, so one figure gets one interval in a run.
const bootStream = 0x5eed

// bootstrap resamples samples with replacement and returns the 95%
// percentile interval of each headline figure. The judge's verdicts are
// fixed; only the sample is resampled.
func bootstrap(outs []Outcome, rounds int, seed uint64) map[string][2]float64 {
	rng := rand.New(rand.NewPCG(seed, bootStream))
	series := map[string][]float64{}
	idx := make([]int, len(outs))
	metrics := resampler(outs)
	for r := 0; r < rounds; r++ {
		for i := range idx {
			idx[i] = rng.IntN(len(outs))
		}
		m := metrics(idx)
		series["joint_accuracy"] = append(series["joint_accuracy"], m.JointAccuracy)
		series["verdict_macro_f1"] = append(series["verdict_macro_f1"], m.VerdictMacroF1)
		series["category_macro_f1"] = append(series["category_macro_f1"], m.CategoryMacroF1)
		series["localization_accuracy"] = append(series["localization_accuracy"], m.LocalizationAccuracy)
		series["correction_accuracy"] = append(series["correction_accuracy"], m.CorrectionAccuracy)
	}
	ci := make(map[string][2]float64, len(series))
	for k, v := range series {
		ci[k] = Percentile95(v)
	}
	return ci
}

// Percentile95 returns the 2.5th and 97.5th percentiles of v (linear
// interpolation between order statistics). v is sorted in place.
func Percentile95(v []float64) [2]float64 {
	if len(v) == 0 {
		return [2]float64{}
	}
	sort.Float64s(v)
	at := func(q float64) float64 {
		pos := q * float64(len(v)-1)
		lo := int(pos)
		if lo+1 >= len(v) {
			return v[len(v)-1]
		}
		frac := pos - float64(lo)
		return v[lo]*(1-frac) + v[lo+1]*frac
	}
	return [2]float64{at(0.025), at(0.975)}
}
