package synth

import "testing"

// BenchmarkGenerate7030 makes a full-size dev set from the built-in source
// (the target: under 1 s).
func BenchmarkGenerate7030(b *testing.B) {
	srcs := Builtin()
	for b.Loop() {
		set, err := Generate(srcs, Options{N: 7030, Seed: 1, AlignedFrac: 0.25})
		if err != nil || len(set.Samples) != 7030 {
			b.Fatal(err)
		}
	}
}
