package model

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ollama/ollama/api"
	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges/verdictcache"
)

// fakeOllama is a loopback server speaking enough of Ollama's API for the
// error paths: version, tags and chat, with a reply function per call.
type fakeOllama struct {
	*httptest.Server
	calls atomic.Int64
	// inflight and maxInflight: calls being answered now, and the most
	// at once.
	inflight, maxInflight atomic.Int64
	conns                 atomic.Int64 // connections opened
	mu                    sync.Mutex
	requests              []api.ChatRequest
	reply                 func(n int64, req api.ChatRequest) (status int, content string, delay time.Duration)
}

func newFake(t testing.TB, models []string, reply func(n int64, req api.ChatRequest) (int, string, time.Duration)) *fakeOllama {
	return newFakeDigest(t, models, "sha256-fake-", reply)
}

// newFakeDigest is newFake whose models have the digest prefix+name.
func newFakeDigest(t testing.TB, models []string, prefix string, reply func(n int64, req api.ChatRequest) (int, string, time.Duration)) *fakeOllama {
	f := &fakeOllama{reply: reply}
	mux := http.NewServeMux()
	mux.HandleFunc("/api/version", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"version":"0.0.0-fake"}`)
	})
	mux.HandleFunc("/api/tags", func(w http.ResponseWriter, r *http.Request) {
		var list api.ListResponse
		for _, m := range models {
			list.Models = append(list.Models, api.ListModelResponse{Name: m + ":latest", Model: m + ":latest", Digest: prefix + m})
		}
		json.NewEncoder(w).Encode(list)
	})
	mux.HandleFunc("/api/chat", func(w http.ResponseWriter, r *http.Request) {
		var req api.ChatRequest
		json.NewDecoder(r.Body).Decode(&req)
		f.mu.Lock()
		f.requests = append(f.requests, req)
		f.mu.Unlock()
		n := f.calls.Add(1)
		in := f.inflight.Add(1)
		defer f.inflight.Add(-1)
		for {
			top := f.maxInflight.Load()
			if in <= top || f.maxInflight.CompareAndSwap(top, in) {
				break
			}
		}
		status, content, delay := f.reply(n, req)
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
		if status != http.StatusOK {
			w.WriteHeader(status)
			io.WriteString(w, `{"error":"fake failure"}`)
			return
		}
		json.NewEncoder(w).Encode(api.ChatResponse{Model: req.Model, Message: api.Message{Role: "assistant", Content: content}, Done: true})
	})
	f.Server = httptest.NewUnstartedServer(mux)
	f.Server.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			f.conns.Add(1)
		}
	}
	f.Start()
	t.Cleanup(f.Close)
	return f
}

func always(content string) func(int64, api.ChatRequest) (int, string, time.Duration) {
	return func(int64, api.ChatRequest) (int, string, time.Duration) { return 200, content, 0 }
}

func cfg(f *fakeOllama, model string) Config {
	return Config{Host: f.URL, Model: model, Timeout: 2 * time.Second, Retries: 2, Backoff: time.Millisecond, Parallel: 2}
}

var samplePairs = []eval.Pair{
	{Kind: eval.Correction, Idx: "a", Informal: "x squared is one", FormalStatement: "theorem t : x ^ 3 = 1", Gold: "theorem t : x ^ 2 = 1", Pred: "theorem t : x * x = 1"},
	{Kind: eval.Localization, Idx: "b", Informal: "i", FormalStatement: "theorem t : x ^ 3 = 1", Gold: "x ^ 3", Pred: "^ 3"},
	{Kind: eval.Correction, Idx: "c", Informal: "i", FormalStatement: "s", Gold: "theorem t : a = b", Pred: "theorem t : b = a"},
}

func TestOllamaRequestShape(t *testing.T) {
	f := newFake(t, []string{"m"}, always(`{"equivalent": true, "reason": "same"}`))
	j, err := NewOllama(context.Background(), cfg(f, "m"))
	if err != nil {
		t.Fatal(err)
	}
	if j.Digest != "sha256-fake-m" || j.ServerVersion != "0.0.0-fake" {
		t.Errorf("digest %q version %q", j.Digest, j.ServerVersion)
	}
	ds, err := j.Judge(context.Background(), samplePairs)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		if d.Verdict != eval.Equivalent || d.By != "ollama:m" || d.Reason != "same" {
			t.Errorf("decision %+v", d)
		}
	}
	req := f.requests[0]
	if req.Stream == nil || *req.Stream || string(req.Format) != string(replySchema) {
		t.Errorf("stream %v format %s", req.Stream, req.Format)
	}
	if req.Options["temperature"] != float64(0) || req.Options["seed"] == nil || req.Options["num_ctx"] == nil {
		t.Errorf("options %v", req.Options)
	}
	if len(req.Messages) != 2 || req.Messages[0].Role != "system" || !strings.Contains(req.Messages[0].Content, "ignore") {
		t.Errorf("messages %+v", req.Messages)
	}
}

func TestOllamaUnavailable(t *testing.T) {
	// Server down: a port nothing listens on.
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := l.Addr().String()
	l.Close()
	_, err := NewOllama(context.Background(), Config{Host: addr, Model: "m"})
	var he *HintError
	if !errors.Is(err, ErrServerDown) || !errors.As(err, &he) || !strings.Contains(he.Hint, "ollama serve") {
		t.Errorf("server down: %v", err)
	}
	// Model not pulled.
	f := newFake(t, []string{"other"}, always(""))
	_, err = NewOllama(context.Background(), cfg(f, "qwen2.5"))
	if !errors.Is(err, ErrModelMissing) || !errors.As(err, &he) || he.Hint != "ollama pull qwen2.5" {
		t.Errorf("model missing: %v", err)
	}
	// Remote host refused before any connection.
	_, err = NewOllama(context.Background(), Config{Host: "http://10.1.2.3:11434", Model: "m"})
	if !errors.Is(err, ErrRemoteHost) {
		t.Errorf("remote: %v", err)
	}
	for host, loop := range map[string]bool{"localhost:1": true, "http://127.0.0.5:2": true, "[::1]:3": true, "example.com": false, "192.168.1.2": false} {
		u, err := ResolveHost(host)
		if err != nil || IsLoopback(u) != loop {
			t.Errorf("IsLoopback(%s) = %v, %v", host, IsLoopback(u), err)
		}
	}
}

func TestOllamaSlowUnparsableAndTransient(t *testing.T) {
	f := newFake(t, []string{"m"}, func(n int64, req api.ChatRequest) (int, string, time.Duration) {
		msg := req.Messages[1].Content
		switch {
		case strings.Contains(msg, "x * x"): // slow past the timeout
			return 200, `{"equivalent": true, "reason": "late"}`, 5 * time.Second
		case strings.Contains(msg, "^ 3\n"): // does not parse
			return 200, `yes, they are the same`, 0
		}
		if n <= 3 { // transient failure, then success
			return 503, "", 0
		}
		return 200, `{"equivalent": false, "reason": "order"}`, 0
	})
	c := cfg(f, "m")
	c.Timeout, c.Parallel, c.Retries = 300*time.Millisecond, 1, 3
	j, err := NewOllama(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	ds, err := j.Judge(context.Background(), samplePairs)
	if err != nil {
		t.Fatal(err)
	}
	if ds[0].Verdict != eval.Undecided || !strings.Contains(ds[0].Reason, "model call failed") {
		t.Errorf("slow: %+v", ds[0])
	}
	if ds[1].Verdict != eval.Undecided || !strings.Contains(ds[1].Reason, "not the JSON object") {
		t.Errorf("unparsable: %+v", ds[1])
	}
	if ds[2].Verdict != eval.NotEquivalent || ds[2].Reason != "order" {
		t.Errorf("transient then ok: %+v", ds[2])
	}
	if time.Since(start) > 4*time.Second {
		t.Errorf("took %v: the timeout did not cut the slow call", time.Since(start))
	}
}

func TestParseReply(t *testing.T) {
	ok := []string{`{"equivalent": true, "reason": "x"}`, ` {"equivalent":false,"reason":""} `}
	for _, s := range ok {
		if _, _, err := ParseReply(s); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
	bad := []string{"", "true", `{"reason":"x"}`, `{"equivalent":"yes","reason":"x"}`, `{"equivalent":true,"reason":"x","extra":1}`, `{"equivalent":true,"reason":"x"} {"equivalent":false}`, `{"equivalent": tru`}
	for _, s := range bad {
		if _, _, err := ParseReply(s); err == nil {
			t.Errorf("%q parsed", s)
		}
	}
}

// TestCacheResumesAfterInterruption: a run cancelled halfway keeps the
// verdicts it got; the rerun asks only for the rest.
func TestCacheResumesAfterInterruption(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.db")
	var pairs []eval.Pair
	for i := 0; i < 10; i++ {
		p := samplePairs[0]
		p.Pred = strings.Repeat(" ", i) + p.Pred
		pairs = append(pairs, p)
	}
	ctx, cancel := context.WithCancel(context.Background())
	f := newFake(t, []string{"m"}, func(n int64, _ api.ChatRequest) (int, string, time.Duration) {
		if n == 4 {
			cancel() // the user presses ^C during the fourth call
			return 200, `{"equivalent": true, "reason": "r"}`, 200 * time.Millisecond
		}
		return 200, `{"equivalent": true, "reason": "r"}`, 0
	})
	cache, err := verdictcache.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	c := cfg(f, "m")
	c.Parallel, c.Cache = 1, cache
	j, _ := NewOllama(context.Background(), c)
	if _, err := j.Judge(ctx, pairs); err == nil {
		t.Fatal("an interrupted run must report it")
	}
	kept := cache.Len()
	cache.Close()
	if kept != 3 {
		t.Fatalf("%d verdicts kept after the interruption, want 3", kept)
	}
	// Rerun with a reopened cache: only the missing pairs reach the model.
	cache, _ = verdictcache.Open(path)
	defer cache.Close()
	before := f.calls.Load()
	c.Cache = cache
	j, _ = NewOllama(context.Background(), c)
	ds, err := j.Judge(context.Background(), pairs)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.calls.Load() - before; got != 7 {
		t.Errorf("rerun made %d calls, want 7", got)
	}
	cached := 0
	for _, d := range ds {
		if strings.HasPrefix(d.Reason, "cached: ") {
			cached++
		}
	}
	if cached != 3 || cache.Len() != 10 {
		t.Errorf("cached %d, stored %d", cached, cache.Len())
	}
	// Another judge, model digest or prompt version gets its own key.
	k1 := verdictcache.Key("ollama:m", "d1", "v1", pairs[0])
	for _, k := range [][]byte{verdictcache.Key("ollama:n", "d1", "v1", pairs[0]), verdictcache.Key("ollama:m", "d2", "v1", pairs[0]), verdictcache.Key("ollama:m", "d1", "v2", pairs[0]), verdictcache.Key("ollama:m", "d1", "v1", pairs[1])} {
		if string(k) == string(k1) {
			t.Error("cache keys collide")
		}
	}
}

func TestCacheLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.db")
	a, err := verdictcache.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if _, err := verdictcache.Open(path); !errors.Is(err, verdictcache.ErrLocked) {
		t.Errorf("second open: %v", err)
	}
}

// FuzzParseReply: a model's reply never panics the parser; an accepted one
// re-parses to the same verdict.
func FuzzParseReply(f *testing.F) {
	for _, s := range []string{`{"equivalent": true, "reason": "x"}`, `{"equivalent":false,"reason":""}`, `yes`, `{"equivalent":tru`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		eq, reason, err := ParseReply(s)
		if err != nil {
			return
		}
		b, _ := json.Marshal(map[string]any{"equivalent": eq, "reason": reason})
		eq2, _, err := ParseReply(string(b))
		if err != nil || eq2 != eq {
			t.Fatalf("%q accepted as %v but does not round-trip", s, eq)
		}
	})
}
