package eval

import (
	"reflect"
	"runtime"
	"testing"
)

// BenchmarkBootstrap1000 is the cost of --bootstrap 1000 on 7,030 rows.
func BenchmarkBootstrap1000(b *testing.B) {
	outs := benchOutcomes(b, 7030)
	for b.Loop() {
		bootstrap(outs, 1000, 1)
	}
}

// TestBootstrapSameOnEveryCoreCount: the resamples are drawn in order
// from one generator, so the intervals do not depend on how many cores
// compute the figures (GOMAXPROCS 1 and 4 give the same, for two seeds).
func TestBootstrapSameOnEveryCoreCount(t *testing.T) {
	outs := benchOutcomes(t, 500)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, seed := range []uint64{1, 7} {
		runtime.GOMAXPROCS(1)
		one := bootstrap(outs, 300, seed)
		runtime.GOMAXPROCS(4)
		four := bootstrap(outs, 300, seed)
		if !reflect.DeepEqual(one, four) {
			t.Errorf("seed %d: 1 core %v, 4 cores %v", seed, one, four)
		}
		if len(one) != 5 || one["joint_accuracy"][0] > one["joint_accuracy"][1] {
			t.Errorf("seed %d: intervals %v", seed, one)
		}
	}
}
