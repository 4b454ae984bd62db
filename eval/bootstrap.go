package eval

import (
	"math/rand/v2"
	"runtime"
	"sort"
	"sync"
)

// bootStream is the second word of the PCG state of every bootstrap: a
// system's own intervals and the comparison draw the same resamples for
// the same seed, so one figure gets one interval in a run.
const bootStream = 0x5eed

// bootstrap resamples samples with replacement and returns the 95%
// percentile interval of each headline figure. The judge's verdicts are
// fixed; only the sample is resampled. One goroutine draws the resamples
// from one generator, in order, so a seed gives the same intervals
// whatever the number of cores; the figures of each resample (three
// quarters of the time) are computed on all cores.
func bootstrap(outs []Outcome, rounds int, seed uint64) map[string][2]float64 {
	rng := rand.New(rand.NewPCG(seed, bootStream))
	metrics := resampler(outs)
	results := make([]Metrics, max(rounds, 0))
	type job struct {
		round int
		idx   []int
	}
	workers := max(1, min(runtime.GOMAXPROCS(0), 8))
	jobs := make(chan job, workers)
	free := make(chan []int, workers+1)
	for range workers + 1 {
		free <- make([]int, len(outs))
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for j := range jobs {
				results[j.round] = metrics(j.idx)
				free <- j.idx
			}
		})
	}
	for r := 0; r < rounds; r++ {
		idx := <-free
		for i := range idx {
			idx[i] = rng.IntN(len(outs))
		}
		jobs <- job{r, idx}
	}
	close(jobs)
	wg.Wait()
	series := map[string][]float64{}
	for _, m := range results {
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
