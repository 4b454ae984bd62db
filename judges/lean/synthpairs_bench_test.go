package lean_test

import (
	"syscall"
	"testing"
	"time"

	"github.com/rxeval/rxeval/judges/lean"
	"github.com/rxeval/rxeval/synth"
)

// synthCorrections are the correction pairs of 'rxeval synth pairs --n
// 1000 --seed 1' (the FormalAlign-style rewrites and near misses that
// 'study calibrate --labels … --judge offline' gives lean-ast): 5,975 of
// its 9,681 pairs.
func synthCorrections(b *testing.B) [][2]string {
	set, err := synth.Generate(synth.Builtin(), synth.Options{N: 1000, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	var pairs [][2]string
	for _, p := range synth.Pairs(set.Samples) {
		if p.Task == "correction" {
			pairs = append(pairs, [2]string{p.Reference, p.Candidate})
		}
	}
	if len(pairs) < 5000 {
		b.Fatalf("%d correction pairs, want the 5,975 of synth pairs --n 1000", len(pairs))
	}
	return pairs
}

// cpuTime is the CPU time of the process so far (all threads, the
// collector's too), which a loaded machine inflates less than wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkSynthPairs: lean-ast on every correction pair of synth pairs,
// each statement prepared and the pair decided as the offline judge does;
// an op is the whole set (ns/op, allocs/op and B/op, and the process's
// CPU time, cpu-ns/op).
func BenchmarkSynthPairs(b *testing.B) {
	pairs := synthCorrections(b)
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		for _, p := range pairs {
			lean.Decide(lean.Prepare(p[0]), lean.Prepare(p[1]))
		}
	}
	b.ReportMetric(float64((cpuTime()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(len(pairs)), "pairs/op")
}
