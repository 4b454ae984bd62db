package synth

import (
	"syscall"
	"testing"
	"time"
)

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkGenerate7030 makes a full-size dev set from the built-in source
// (the target: under 1 s). Besides wall time it reports the CPU
// time of the process per set (cpu-s/op, all threads), which a loaded
// machine inflates less than wall time.
func BenchmarkGenerate7030(b *testing.B) {
	srcs := Builtin()
	start := cpuTime()
	for b.Loop() {
		set, err := Generate(srcs, Options{N: 7030, Seed: 1, AlignedFrac: 0.25})
		if err != nil || len(set.Samples) != 7030 {
			b.Fatal(err)
		}
	}
	b.ReportMetric((cpuTime()-start).Seconds()/float64(b.N), "cpu-s/op")
}
