package model

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/internal/benchdata"
	"github.com/rxeval/rxeval/judges/verdictcache"
)

// benchDelay is how long each fake server takes to answer a call.
const benchDelay = 50 * time.Millisecond

// BenchmarkHosts measures model calls per second over loopback fake Ollama
// hosts that answer after 50 ms, for 1, 2 and 4 hosts at --parallel 1, 8
// and 32. Each operation judges 4 pairs per call slot; "ideal" is
// hosts×parallel/50ms, and overhead-ms/pair is the wall time a call slot
// spends on a pair beyond the server's 50 ms.
//
//	go test ./judges -run XXX -bench Hosts -benchtime 3x
func BenchmarkHosts(b *testing.B) {
	for _, hosts := range []int{1, 2, 4} {
		for _, parallel := range []int{1, 8, 32} {
			b.Run(fmt.Sprintf("hosts=%d/parallel=%d", hosts, parallel), func(b *testing.B) {
				var urls []string
				for range hosts {
					urls = append(urls, newFake(b, []string{"m"}, fixedReply(benchDelay)).URL)
				}
				j, err := NewOllama(context.Background(), Config{Hosts: urls, Model: "m", Parallel: parallel, Timeout: 10 * time.Second})
				if err != nil {
					b.Fatal(err)
				}
				slots := hosts * parallel
				pairs := manyPairs(4 * slots)
				b.ResetTimer()
				start := time.Now()
				for b.Loop() {
					if _, err := j.Judge(context.Background(), pairs); err != nil {
						b.Fatal(err)
					}
				}
				el := time.Since(start)
				calls := float64(j.Calls())
				rate := calls / el.Seconds()
				b.ReportMetric(rate, "calls/s")
				b.ReportMetric(rate/(float64(slots)/benchDelay.Seconds()), "of-ideal")
				perSlot := el.Seconds() * float64(slots) / calls
				b.ReportMetric((perSlot-benchDelay.Seconds())*1000, "overhead-ms/pair")
			})
		}
	}
}

// BenchmarkOpenAIHosts is BenchmarkHosts's first and last row for the
// OpenAI-compatible client.
//
//	go test ./judges -run XXX -bench OpenAIHosts -benchtime 5x
func BenchmarkOpenAIHosts(b *testing.B) {
	for _, hp := range [][2]int{{1, 1}, {4, 32}} {
		hosts, parallel := hp[0], hp[1]
		b.Run(fmt.Sprintf("hosts=%d/parallel=%d", hosts, parallel), func(b *testing.B) {
			var urls []string
			for range hosts {
				f := newFakeOpenAI(b, `{"id":"m"}`, func(int64) (int, string, time.Duration) {
					return 200, `{"equivalent": true, "reason": "same"}`, benchDelay
				})
				urls = append(urls, f.URL)
			}
			j, err := NewOpenAI(context.Background(), Config{Hosts: urls, Model: "m", Parallel: parallel, Timeout: 10 * time.Second})
			if err != nil {
				b.Fatal(err)
			}
			slots := hosts * parallel
			pairs := manyPairs(4 * slots)
			b.ResetTimer()
			start := time.Now()
			for b.Loop() {
				if _, err := j.Judge(context.Background(), pairs); err != nil {
					b.Fatal(err)
				}
			}
			rate := float64(j.Calls()) / time.Since(start).Seconds()
			b.ReportMetric(rate, "calls/s")
			b.ReportMetric(rate/(float64(slots)/benchDelay.Seconds()), "of-ideal")
		})
	}
}

// BenchmarkPairOverhead is the cost of one pair when the server answers at
// once (1 host, --parallel 1): prompt rendering, the HTTP round trip over
// loopback, JSON both ways (the fake server's share included), the reply's
// parsing and the dispatch.
//
//	go test ./judges -run XXX -bench PairOverhead
func BenchmarkPairOverhead(b *testing.B) {
	f := newFake(b, []string{"m"}, fixedReply(0))
	j, err := NewOllama(context.Background(), Config{Host: f.URL, Model: "m", Parallel: 1})
	if err != nil {
		b.Fatal(err)
	}
	pairs := manyPairs(64)
	b.ResetTimer()
	for b.Loop() {
		if _, err := j.Judge(context.Background(), pairs); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(j.Calls()), "µs/pair")
}

// rerunPairs are 14,060 pairs (7,030 samples, both kinds) with texts of
// about 1 KB, like a full test set's stage two.
func rerunPairs() []eval.Pair {
	rows := benchdata.Rows(7030, 1)
	pairs := make([]eval.Pair, 0, 2*len(rows))
	for i, r := range rows {
		text := r.Corrected
		for k := 1; text == ""; k++ { // an aligned sample: borrow a statement
			text = rows[(i+k)%len(rows)].Corrected
		}
		base := eval.Pair{Idx: r.Idx, Informal: "informal statement of " + r.Idx, FormalStatement: text}
		loc, cor := base, base
		loc.Kind, loc.Gold, loc.Pred = eval.Localization, text[:40], text[10:60]
		cor.Kind, cor.Gold, cor.Pred = eval.Correction, text, text+" "
		pairs = append(pairs, loc, cor)
	}
	return pairs
}

// fillCache stores an equivalent verdict for every pair in one
// transaction (the judge writes one per verdict, durably; that is not what
// the rerun measures).
func fillCache(tb testing.TB, c *verdictcache.Cache, j *Judge, pairs []eval.Pair) {
	keys := make([][]byte, len(pairs))
	ds := make([]eval.Decision, len(pairs))
	for i, p := range pairs {
		keys[i] = j.CacheKey(p)
		ds[i] = eval.Decision{Verdict: eval.Equivalent, Reason: "r", By: "ollama:m"}
	}
	if err := c.PutBatch(keys, ds); err != nil {
		tb.Fatal(err)
	}
}

// TestCachedRerun14060: a rerun of 14,060 cached verdicts makes no call.
// BenchmarkCachedRerun14060 times it.
func TestCachedRerun14060(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	f := newFake(t, []string{"m"}, fixedReply(0))
	cache, err := verdictcache.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer cache.Close()
	c := cfg(f, "m")
	c.Cache = cache
	j, _ := NewOllama(context.Background(), c)
	pairs := rerunPairs()
	fillCache(t, cache, j, pairs)
	ds, err := j.Judge(context.Background(), pairs)
	if err != nil {
		t.Fatal(err)
	}
	if len(pairs) != 14060 || f.calls.Load() != 0 || ds[14059].Verdict != eval.Equivalent {
		t.Errorf("%d pairs, %d calls, last %+v", len(pairs), f.calls.Load(), ds[14059])
	}
	if rs := j.LastRun(); rs.Cached != 14060 {
		t.Errorf("run stats %+v", rs)
	}
}

// BenchmarkCachedRerun14060 is a rerun whose 14,060 verdicts are all in
// the cache file (reopened, as a new process would).
//
//	go test ./judges -run XXX -bench CachedRerun -benchtime 5x
func BenchmarkCachedRerun14060(b *testing.B) {
	f := newFake(b, []string{"m"}, fixedReply(0))
	path := filepath.Join(b.TempDir(), "v.db")
	cache, err := verdictcache.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	c := cfg(f, "m")
	j, _ := NewOllama(context.Background(), c)
	pairs := rerunPairs()
	fillCache(b, cache, j, pairs)
	cache.Close()
	b.ResetTimer()
	for b.Loop() {
		cache, err := verdictcache.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		c.Cache = cache
		j, _ := NewOllama(context.Background(), c)
		if _, err := j.Judge(context.Background(), pairs); err != nil {
			b.Fatal(err)
		}
		cache.Close()
	}
	if f.calls.Load() != 0 {
		b.Fatalf("%d calls on a cached rerun", f.calls.Load())
	}
}
