package model

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ollama/ollama/api"
	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges/verdictcache"
)

func manyPairs(n int) []eval.Pair {
	ps := make([]eval.Pair, n)
	for i := range ps {
		ps[i] = eval.Pair{Kind: eval.Correction, Idx: "p", FormalStatement: "s", Gold: "theorem t : a = b", Pred: "theorem t : b = a" + strings.Repeat(" ", i)}
	}
	return ps
}

// TestStatusRetryRules: 5xx and 429 are retried, other 4xx are not, and
// either way the pair is marked Failed (a server failure, not the model's
// answer).
func TestStatusRetryRules(t *testing.T) {
	for _, tt := range []struct {
		status    int
		wantCalls int64
	}{{500, 3}, {503, 3}, {429, 3}, {400, 1}, {404, 1}, {413, 1}} {
		f := newFake(t, []string{"m"}, func(int64, api.ChatRequest) (int, string, time.Duration) { return tt.status, "", 0 })
		c := cfg(f, "m")
		c.Parallel, c.Retries = 1, 2
		j, err := NewOllama(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		ds, err := j.Judge(context.Background(), samplePairs[:1])
		if err != nil {
			t.Fatal(err)
		}
		if got := f.calls.Load(); got != tt.wantCalls {
			t.Errorf("HTTP %d: %d calls, want %d", tt.status, got, tt.wantCalls)
		}
		if d := ds[0]; d.Verdict != eval.Undecided || !d.Failed || !strings.Contains(d.Reason, "HTTP") {
			t.Errorf("HTTP %d: decision %+v", tt.status, d)
		}
	}
}

// TestUnparsableIsNotAFailure: a reply that does not parse leaves the pair
// undecided. The server did its job, so it never stops the run (MaxFailures
// 1 and all four pairs are asked), but the pair is marked Failed: nobody
// decided it, and the CLI's exit code says so (4 unless --allow-undecided).
func TestUnparsableIsNotAFailure(t *testing.T) {
	f := newFake(t, []string{"m"}, always("maybe"))
	c := cfg(f, "m")
	c.MaxFailures = 1
	j, err := NewOllama(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := j.Judge(context.Background(), manyPairs(4))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		if d.Verdict != eval.Undecided || !d.Failed || !strings.HasPrefix(d.Reason, "model reply unusable") {
			t.Errorf("decision %+v", d)
		}
	}
	if rs := j.LastRun(); rs.Unusable != 4 || rs.Failed != 4 || rs.Calls != 4 {
		t.Errorf("run stats %+v, want 4 calls, 4 failed, 4 unusable", rs)
	}
}

// TestStopsAfterConsecutiveFailures: a server that answers only 500 is
// not asked for all 50 pairs: the run stops with ErrServerFailing after
// MaxFailures pairs, and the verdicts decided before stay cached.
func TestStopsAfterConsecutiveFailures(t *testing.T) {
	f := newFake(t, []string{"m"}, func(n int64, _ api.ChatRequest) (int, string, time.Duration) {
		if n <= 5 {
			return 200, `{"equivalent": true, "reason": "ok"}`, 0
		}
		return 500, "", 0
	})
	cache, err := verdictcache.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer cache.Close()
	c := cfg(f, "m")
	c.Parallel, c.Retries, c.MaxFailures, c.Cache = 1, 1, 3, cache
	j, err := NewOllama(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	_, err = j.Judge(context.Background(), manyPairs(50))
	if !errors.Is(err, ErrServerFailing) {
		t.Fatalf("err = %v, want ErrServerFailing", err)
	}
	var he *HintError
	if !errors.As(err, &he) || !strings.Contains(he.Hint, "cached") {
		t.Errorf("no hint: %v", err)
	}
	// 5 good calls, then 3 pairs x 2 attempts.
	if got := f.calls.Load(); got != 5+3*2 {
		t.Errorf("%d calls, want 11", got)
	}
	if cache.Len() != 5 {
		t.Errorf("cache holds %d verdicts, want 5", cache.Len())
	}
}

// TestHangingServerCostsOneTimeout: a server that never answers costs one
// timeout per pair at most MaxFailures times, not timeout x retries x pairs.
func TestHangingServerCostsOneTimeout(t *testing.T) {
	f := newFake(t, []string{"m"}, func(int64, api.ChatRequest) (int, string, time.Duration) { return 200, "", time.Hour })
	c := cfg(f, "m")
	c.Timeout, c.Parallel, c.Retries, c.MaxFailures = 200*time.Millisecond, 2, 3, 2
	j, err := NewOllama(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = j.Judge(context.Background(), manyPairs(20))
	if !errors.Is(err, ErrServerFailing) {
		t.Fatalf("err = %v, want ErrServerFailing", err)
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("took %v for a hanging server (timeout 200ms)", el)
	}
	if got := f.calls.Load(); got > 4 {
		t.Errorf("%d calls to a hanging server, want at most 4 (no retry of a timeout)", got)
	}
}

// TestRedirectRefused: a local server that redirects to another address
// must not get participant texts sent there.
func TestRedirectRefused(t *testing.T) {
	elsewhere := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("the redirect was followed: %s %s", r.Method, r.URL)
	}))
	defer elsewhere.Close()
	f := newFake(t, []string{"m"}, always(`{"equivalent": true, "reason": "ok"}`))
	redirector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/chat" {
			http.Redirect(w, r, elsewhere.URL+"/api/chat", http.StatusTemporaryRedirect)
			return
		}
		f.Config.Handler.ServeHTTP(w, r)
	}))
	defer redirector.Close()
	c := cfg(f, "m")
	c.Host, c.Parallel = redirector.URL, 1
	j, err := NewOllama(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := j.Judge(context.Background(), samplePairs[:1])
	if err != nil {
		t.Fatal(err)
	}
	if d := ds[0]; d.Verdict != eval.Undecided || !strings.Contains(d.Reason, "redirect") {
		t.Errorf("decision %+v", d)
	}
	// Before any work too: a redirect on /api/version is refused.
	vr := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, elsewhere.URL+r.URL.Path, http.StatusFound)
	}))
	defer vr.Close()
	c.Host = vr.URL
	if _, err := NewOllama(context.Background(), c); err == nil || !strings.Contains(err.Error(), "redirect") {
		t.Errorf("NewOllama through a redirect: %v", err)
	}
}

// TestOverlongPromptNotSent: a candidate too long for the context window is
// never sent (the server would cut the prompt's start: the instructions and
// the reference); the pair stays undecided with the reason, marked Failed
// (a judge limit: the run exits 4 unless --allow-undecided, issue 34.7) and
// counted in RunStats.TooLong, and it is not a server failure (the host
// stays).
func TestOverlongPromptNotSent(t *testing.T) {
	f := newFake(t, []string{"m"}, always(`{"equivalent": true, "reason": "same"}`))
	c := cfg(f, "m")
	c.NumCtx, c.MaxFailures = 8192, 1
	j, err := NewOllama(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	long := samplePairs[0]
	long.Pred = "theorem t : x = 1 := by sorry " + strings.Repeat("-- pad\nx ", 43000/9)
	long.Pred = strings.ReplaceAll(long.Pred, "-- pad\n", "pad ")
	ds, err := j.Judge(context.Background(), []eval.Pair{long, samplePairs[2]})
	if err != nil {
		t.Fatal(err)
	}
	if d := ds[0]; d.Verdict != eval.Undecided || !d.Failed || !strings.Contains(d.Reason, "--num-ctx") {
		t.Errorf("over-long pair: %+v", d)
	}
	if rs := j.LastRun(); rs.TooLong != 1 || rs.Failed != 0 || rs.Undecided != 1 {
		t.Errorf("run stats %+v: want 1 too long, 0 failed", rs)
	}
	if ds[1].Verdict != eval.Equivalent || f.calls.Load() != 1 {
		t.Errorf("the short pair: %+v, %d calls (want 1: the long one is not sent)", ds[1], f.calls.Load())
	}
	// The same text fits a large enough window.
	c.NumCtx = 64000
	j, _ = NewOllama(context.Background(), c)
	if ds, _ := j.Judge(context.Background(), []eval.Pair{long}); ds[0].Verdict != eval.Equivalent {
		t.Errorf("with --num-ctx 64000: %+v", ds[0])
	}
}

// TestCacheWriteFailureKeepsVerdicts: when the cache cannot store a verdict
// (a full disk; here a closed database), the judge still returns every
// verdict and reports the cache error instead of discarding the work.
func TestCacheWriteFailureKeepsVerdicts(t *testing.T) {
	f := newFake(t, []string{"m"}, always(`{"equivalent": true, "reason": "same"}`))
	cache, err := verdictcache.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	cache.Close() // every Put now fails
	c := cfg(f, "m")
	c.Cache = cache
	j, err := NewOllama(t.Context(), c)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := j.Judge(t.Context(), samplePairs)
	if err != nil {
		t.Fatalf("the run failed on a cache error: %v", err)
	}
	for _, d := range ds {
		if d.Verdict != eval.Equivalent {
			t.Errorf("decision %+v", d)
		}
	}
	if j.CacheError() == nil {
		t.Error("CacheError is nil after failed writes")
	}
}
