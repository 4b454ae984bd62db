package model

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges/verdictcache"
)

// TestCacheKeyHoldsOptions: every option that can change a model's answer
// (the seed, the context window, the reply's length, the temperature) is
// part of the verdict cache key, so that a run with another seed never
// takes the verdicts of the last one (issue 34.6). The lean-ast version is
// in it too; the judge's name, digest and prompt version stay.
func TestCacheKeyHoldsOptions(t *testing.T) {
	cache, err := verdictcache.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer cache.Close()
	f := newFake(t, []string{"m"}, fixedReply(0))
	p := eval.Pair{Kind: eval.Correction, Idx: "a", Informal: "i", FormalStatement: "theorem t : x = 1", Gold: "x = 2", Pred: "2 = x"}
	run := func(name string, edit func(*Config), wantCalls int64) {
		t.Helper()
		c := cfg(f, "m")
		c.Cache = cache
		c.Seed, c.NumCtx, c.NumPredict = 42, 8192, 256
		edit(&c)
		j, err := NewOllama(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		before := f.calls.Load()
		ds, err := j.Judge(context.Background(), []eval.Pair{p})
		if err != nil {
			t.Fatal(err)
		}
		if n := f.calls.Load() - before; n != wantCalls {
			t.Errorf("%s: %d model calls, want %d (decision %+v)", name, n, wantCalls, ds[0])
		}
		if wantCalls == 0 && !strings.HasPrefix(ds[0].Reason, "cached: ") {
			t.Errorf("%s: %+v, want the cached verdict", name, ds[0])
		}
	}
	run("first run", func(*Config) {}, 1)
	run("the same options", func(*Config) {}, 0)
	run("another --judge-seed", func(c *Config) { c.Seed = 7 }, 1)
	run("that seed again", func(c *Config) { c.Seed = 7 }, 0)
	run("another --num-ctx", func(c *Config) { c.NumCtx = 4096 }, 1)
	run("another num_predict", func(c *Config) { c.NumPredict = 128 }, 1)
	if cache.Len() != 4 {
		t.Errorf("%d verdicts cached, want 4", cache.Len())
	}

	// The key names what it holds: an option changed, the lean-ast version
	// changed, another temperature: each another key.
	j, err := NewOllama(context.Background(), cfg(f, "m"))
	if err != nil {
		t.Fatal(err)
	}
	base := string(j.CacheKey(p))
	if base == string(verdictcache.Key(j.Name(), j.Digest, Prompts()[p.Kind].Version, p)) {
		t.Error("the key is the one without the options: old entries must miss")
	}
	for name, opts := range map[string]map[string]any{
		"temperature 0.7": {"temperature": 0.7, "seed": j.cfg.Seed, "num_ctx": j.cfg.NumCtx, "num_predict": j.cfg.NumPredict},
		"top_k 1":         {"temperature": 0, "seed": j.cfg.Seed, "num_ctx": j.cfg.NumCtx, "num_predict": j.cfg.NumPredict, "top_k": 1},
	} {
		if k := string(verdictcache.Key(j.Name(), j.Digest, Prompts()[p.Kind].Version, p, optionsKey(opts, "lean-ast-x"))); k == base {
			t.Errorf("%s: same key", name)
		}
	}
	if a, b := optionsKey(j.Options(), "lean-ast-a"), optionsKey(j.Options(), "lean-ast-b"); a == b {
		t.Error("the lean-ast version is not in the key")
	}
}
