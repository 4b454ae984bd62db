package model

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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

func fixedReply(delay time.Duration) func(int64, api.ChatRequest) (int, string, time.Duration) {
	return func(int64, api.ChatRequest) (int, string, time.Duration) {
		return 200, `{"equivalent": true, "reason": "same"}`, delay
	}
}

// TestMultiHostLeastBusy: the first pairs spread evenly over the hosts, no
// host ever has more than Parallel calls in flight, and every pair is
// answered once.
func TestMultiHostLeastBusy(t *testing.T) {
	a := newFake(t, []string{"m"}, fixedReply(100*time.Millisecond))
	b := newFake(t, []string{"m"}, fixedReply(100*time.Millisecond))
	c := cfg(a, "m")
	c.Hosts, c.Parallel = []string{b.URL}, 4
	j, err := NewOllama(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	// 4 pairs, 8 idle slots: the least busy host takes each, 2 and 2.
	ds, err := j.Judge(context.Background(), manyPairs(4))
	if err != nil {
		t.Fatal(err)
	}
	if a.calls.Load() != 2 || b.calls.Load() != 2 {
		t.Errorf("4 pairs went %d to a and %d to b, want 2 and 2", a.calls.Load(), b.calls.Load())
	}
	for _, d := range ds {
		if d.Verdict != eval.Equivalent {
			t.Errorf("decision %+v", d)
		}
	}
	// 40 pairs: never more than 4 in flight on a host, both busy, 40 calls.
	a.calls.Store(0)
	b.calls.Store(0)
	if _, err := j.Judge(context.Background(), manyPairs(40)); err != nil {
		t.Fatal(err)
	}
	if a.maxInflight.Load() > 4 || b.maxInflight.Load() > 4 {
		t.Errorf("in flight at most %d and %d, want ≤ 4 (--parallel per host)", a.maxInflight.Load(), b.maxInflight.Load())
	}
	if a.maxInflight.Load() < 4 || b.maxInflight.Load() < 4 {
		t.Errorf("in flight at most %d and %d: the slots were not used", a.maxInflight.Load(), b.maxInflight.Load())
	}
	if n := a.calls.Load() + b.calls.Load(); n != 40 || a.calls.Load() < 10 || b.calls.Load() < 10 {
		t.Errorf("calls a %d, b %d; want 40 in all, spread", a.calls.Load(), b.calls.Load())
	}
	hs := j.Hosts()
	if len(hs) != 2 || hs[0].Calls+hs[1].Calls != 44 || hs[0].Dropped != "" {
		t.Errorf("host stats %+v", hs)
	}
}

// TestMultiHostDigestMismatch: hosts serving different weights under one
// name are refused before any work, with both digests named.
func TestMultiHostDigestMismatch(t *testing.T) {
	a := newFakeDigest(t, []string{"m"}, "sha256:aaaa-", always(""))
	b := newFakeDigest(t, []string{"m"}, "sha256:bbbb-", always(""))
	c := cfg(a, "m")
	c.Hosts = []string{b.URL, a.URL} // a twice: counted once
	_, err := NewOllama(context.Background(), c)
	var he *HintError
	if !errors.Is(err, ErrModelMismatch) || !errors.As(err, &he) || !strings.Contains(he.Hint, "ollama pull m") {
		t.Fatalf("err = %v", err)
	}
	for _, want := range []string{"sha256:aaaa-m on " + hostOf(a.URL), "sha256:bbbb-m on " + hostOf(b.URL)} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q not in %v", want, err)
		}
	}
	if a.calls.Load()+b.calls.Load() != 0 {
		t.Error("a chat call before the check")
	}
	// One host without the model: refused, naming it.
	m := newFake(t, []string{"other"}, always(""))
	c.Hosts = []string{m.URL}
	if _, err := NewOllama(context.Background(), c); !errors.Is(err, ErrModelMissing) || !strings.Contains(err.Error(), hostOf(m.URL)) {
		t.Errorf("model missing on one host: %v", err)
	}
}

func hostOf(u string) string { return strings.TrimPrefix(u, "http://") }

// TestHostDroppedPairsRequeued: a host that starts failing mid-run is
// retried with back-off, then dropped; its pairs go to the other host, the
// run succeeds, and every verdict is cached.
func TestHostDroppedPairsRequeued(t *testing.T) {
	bad := newFake(t, []string{"m"}, func(n int64, _ api.ChatRequest) (int, string, time.Duration) {
		if n <= 2 {
			return 200, `{"equivalent": true, "reason": "ok"}`, 10 * time.Millisecond
		}
		return 503, "", 0
	})
	good := newFake(t, []string{"m"}, fixedReply(10*time.Millisecond))
	cache, err := verdictcache.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer cache.Close()
	var log bytes.Buffer
	c := cfg(bad, "m")
	c.Hosts, c.Parallel, c.Retries, c.MaxFailures, c.Cache, c.Progress = []string{good.URL}, 2, 1, 2, cache, &log
	j, err := NewOllama(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := j.Judge(context.Background(), manyPairs(30))
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range ds {
		if d.Verdict != eval.Equivalent || d.Failed {
			t.Errorf("pair %d: %+v", i, d)
		}
	}
	hs := j.Hosts()
	if hs[0].Dropped == "" || !strings.Contains(hs[0].Dropped, "HTTP 503") || hs[1].Dropped != "" {
		t.Errorf("host stats %+v", hs)
	}
	// 2 good answers, then at most MaxFailures(2) in a row plus what was in
	// flight at the drop, each tried Retries+1 times.
	if n := bad.calls.Load(); n > 2+2*2*2 {
		t.Errorf("%d calls to the failing host", n)
	}
	if cache.Len() != 30 {
		t.Errorf("%d verdicts cached, want 30", cache.Len())
	}
	if !strings.Contains(log.String(), "judge host "+hostOf(bad.URL)+" dropped") || !strings.Contains(log.String(), "moved to another host") {
		t.Errorf("progress does not say the host was dropped:\n%s", log.String())
	}
}

// TestAllHostsDropped: when the last host is dropped the run stops with
// ErrServerFailing; the verdicts got before stay cached, and a rerun with
// working hosts asks only for the rest.
func TestAllHostsDropped(t *testing.T) {
	var ok atomic.Int64
	reply := func(n int64, _ api.ChatRequest) (int, string, time.Duration) {
		if ok.Add(1) <= 6 {
			return 200, `{"equivalent": false, "reason": "no"}`, 0
		}
		return 500, "", 0
	}
	a := newFake(t, []string{"m"}, reply)
	b := newFake(t, []string{"m"}, reply)
	path := filepath.Join(t.TempDir(), "v.db")
	cache, err := verdictcache.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer cache.Close()
	c := cfg(a, "m")
	c.Hosts, c.Parallel, c.Retries, c.MaxFailures, c.Cache = []string{b.URL}, 1, 0, 2, cache
	j, err := NewOllama(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	_, err = j.Judge(context.Background(), manyPairs(40))
	if !errors.Is(err, ErrServerFailing) || !strings.Contains(err.Error(), "every host was dropped") {
		t.Fatalf("err = %v", err)
	}
	if cache.Len() != 6 {
		t.Errorf("%d verdicts cached, want the 6 answered", cache.Len())
	}
	// Every call after the sixth failed; the two hosts together made few.
	if n := a.calls.Load() + b.calls.Load(); n > 6+2*2 {
		t.Errorf("%d calls, want at most 10", n)
	}
	fine := newFake(t, []string{"m"}, fixedReply(0))
	c.Host, c.Hosts = fine.URL, nil
	j, _ = NewOllama(context.Background(), c)
	if _, err := j.Judge(context.Background(), manyPairs(40)); err != nil {
		t.Fatal(err)
	}
	if fine.calls.Load() != 34 {
		t.Errorf("rerun made %d calls, want 34", fine.calls.Load())
	}
}

// TestMaxCalls: the budget stops the calls cleanly; the rest stay
// undecided (not failed) with the reason, and the totals say so.
func TestMaxCalls(t *testing.T) {
	a := newFake(t, []string{"m"}, fixedReply(0))
	b := newFake(t, []string{"m"}, fixedReply(0))
	var log bytes.Buffer
	c := cfg(a, "m")
	c.Hosts, c.Parallel, c.MaxCalls, c.Progress = []string{b.URL}, 3, 7, &log
	j, err := NewOllama(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := j.Judge(context.Background(), manyPairs(20))
	if err != nil {
		t.Fatal(err)
	}
	decided, notAsked := 0, 0
	for _, d := range ds {
		switch {
		case d.Verdict != eval.Undecided:
			decided++
		case !d.Failed && d.Reason == "not asked: --max-calls 7 reached":
			notAsked++
		default:
			t.Errorf("decision %+v", d)
		}
	}
	if decided != 7 || notAsked != 13 || j.Calls() != 7 || a.calls.Load()+b.calls.Load() != 7 {
		t.Errorf("decided %d, not asked %d, calls %d", decided, notAsked, j.Calls())
	}
	if rs := j.LastRun(); !rs.BudgetReached || rs.NotAsked != 13 || rs.Decided != 7 {
		t.Errorf("run stats %+v", rs)
	}
	if !strings.Contains(log.String(), "13 not asked (--max-calls 7 reached)") {
		t.Errorf("totals line:\n%s", log.String())
	}
	// With a cache, each run with the same budget asks for the next 7.
	cache, err := verdictcache.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer cache.Close()
	c.Cache, c.Progress = cache, nil
	for run, want := range []int{7, 14, 20, 20} {
		j, _ := NewOllama(context.Background(), c)
		if _, err := j.Judge(context.Background(), manyPairs(20)); err != nil {
			t.Fatal(err)
		}
		if rs := j.LastRun(); rs.Cached+rs.Decided != want {
			t.Errorf("run %d: %d decided in all, want %d (%+v)", run+1, rs.Cached+rs.Decided, want, rs)
		}
	}
}

// TestProgressLines: progress gives done/total, calls/s, cache hits, the
// ETA and per-host counts, and a final totals line; nil prints nothing.
func TestProgressLines(t *testing.T) {
	a := newFake(t, []string{"m"}, fixedReply(time.Millisecond))
	b := newFake(t, []string{"m"}, fixedReply(time.Millisecond))
	cache, err := verdictcache.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer cache.Close()
	var log bytes.Buffer
	c := cfg(a, "m")
	c.Hosts, c.Cache, c.Progress = []string{b.URL}, cache, &log
	j, _ := NewOllama(context.Background(), c)
	j.Judge(context.Background(), manyPairs(5))
	log.Reset()
	if _, err := j.Judge(context.Background(), manyPairs(25)); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(lines) != 12 {
		t.Fatalf("%d lines, want a header, 10 progress lines and the totals:\n%s", len(lines), log.String())
	}
	if lines[0] != "judging 20 pairs with the model on 2 hosts (5 from the cache)" {
		t.Errorf("header %q", lines[0])
	}
	last := lines[10]
	for _, want := range []string{"done 20/20 pairs, ", " calls/s, 5 cached, ETA 0s; " + hostOf(a.URL) + " ", ", " + hostOf(b.URL) + " "} {
		if !strings.Contains(last, want) {
			t.Errorf("%q not in %q", want, last)
		}
	}
	total := lines[11]
	if !strings.HasPrefix(total, "model judge: 25 pairs, 5 from the cache, 20 model calls in ") || !strings.Contains(total, "; 25 decided, 0 undecided; "+hostOf(a.URL)+" ") {
		t.Errorf("totals %q", total)
	}
	// Quiet: nothing at all.
	c.Progress = nil
	j, _ = NewOllama(context.Background(), c)
	if _, err := j.Judge(context.Background(), manyPairs(30)); err != nil {
		t.Fatal(err)
	}
}

// fakeOpenAI is a loopback OpenAI-compatible server: /v1/models lists
// entries, /v1/chat/completions answers with reply.
type fakeOpenAI struct {
	*httptest.Server
	calls   atomic.Int64
	mu      sync.Mutex
	bodies  []map[string]any
	auth    []string
	paths   []string
	entries string
	reply   func(n int64) (int, string, time.Duration)
}

func newFakeOpenAI(t testing.TB, entries string, reply func(n int64) (int, string, time.Duration)) *fakeOpenAI {
	f := &fakeOpenAI{entries: entries, reply: reply}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.auth = append(f.auth, r.Header.Get("Authorization"))
		f.paths = append(f.paths, r.Method+" "+r.URL.Path)
		f.mu.Unlock()
		switch {
		case r.Method == "GET" && r.URL.Path == "/v1/models":
			fmt.Fprintf(w, `{"object":"list","data":[%s]}`, f.entries)
		case r.Method == "POST" && r.URL.Path == "/v1/chat/completions":
			var body map[string]any
			json.NewDecoder(r.Body).Decode(&body)
			f.mu.Lock()
			f.bodies = append(f.bodies, body)
			f.mu.Unlock()
			status, content, delay := f.reply(f.calls.Add(1))
			select {
			case <-time.After(delay):
			case <-r.Context().Done():
				return
			}
			if status != 200 {
				w.WriteHeader(status)
				io.WriteString(w, `{"error":{"message":"fake failure"}}`)
				return
			}
			c, _ := json.Marshal(content)
			fmt.Fprintf(w, `{"id":"x","object":"chat.completion","model":"m","system_fingerprint":"fp","choices":[{"index":0,"message":{"role":"assistant","content":%s},"finish_reason":"stop"}]}`, c)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(f.Close)
	return f
}

const vllmEntry = `{"id":"m","object":"model","created":1,"owned_by":"vllm","root":"/models/Llama-3.3-70B-Instruct","max_model_len":32768}`

func oaAlways(content string) func(int64) (int, string, time.Duration) {
	return func(int64) (int, string, time.Duration) { return 200, content, 0 }
}

// TestOpenAIRequestShape: the request is a non-streaming chat completion
// with the reply schema as json_schema, temperature 0, the seed, the same
// system and fenced user messages as the Ollama judge, and the bearer
// token; the revision comes from /v1/models and keys the cache.
func TestOpenAIRequestShape(t *testing.T) {
	f := newFakeOpenAI(t, vllmEntry, oaAlways(`{"equivalent": false, "reason": "differ"}`))
	c := Config{Host: f.URL + "/v1/", Model: "m", Timeout: 2 * time.Second, Retries: 1, Backoff: time.Millisecond, Parallel: 2, Seed: 7, Token: "s3cret"}
	j, err := NewOpenAI(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if j.Name() != "openai:m" || j.Digest != "root:/models/Llama-3.3-70B-Instruct" {
		t.Errorf("name %q revision %q", j.Name(), j.Digest)
	}
	ds, err := j.Judge(context.Background(), samplePairs)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		if d.Verdict != eval.NotEquivalent || d.By != "openai:m" || d.Reason != "differ" {
			t.Errorf("decision %+v", d)
		}
	}
	body := f.bodies[0]
	rf, _ := body["response_format"].(map[string]any)
	js, _ := rf["json_schema"].(map[string]any)
	schema, _ := json.Marshal(js["schema"])
	var want any
	json.Unmarshal(replySchema, &want)
	wantSchema, _ := json.Marshal(want)
	if rf["type"] != "json_schema" || string(schema) != string(wantSchema) || js["name"] != "verdict" {
		t.Errorf("response_format %v", body["response_format"])
	}
	if body["temperature"] != float64(0) || body["seed"] != float64(7) || body["stream"] != false || body["model"] != "m" || body["max_tokens"] != float64(256) {
		t.Errorf("body %v", body)
	}
	msgs, _ := body["messages"].([]any)
	user := samplePairs[0]
	rendered, _ := Prompts()[user.Kind].Render(user)
	var got []string
	for _, m := range msgs {
		mm := m.(map[string]any)
		got = append(got, mm["role"].(string)+": "+mm["content"].(string))
	}
	found := false
	for _, b := range f.bodies {
		ms := b["messages"].([]any)
		if ms[1].(map[string]any)["content"] == rendered {
			found = true
		}
	}
	if len(got) != 2 || got[0] != "system: "+systemPrompt || !found {
		t.Errorf("messages %q", got)
	}
	for i, a := range f.auth {
		if a != "Bearer s3cret" {
			t.Errorf("request %s: Authorization %q", f.paths[i], a)
		}
	}
	if f.paths[0] != "GET /v1/models" || f.paths[1] != "POST /v1/chat/completions" {
		t.Errorf("paths %q", f.paths)
	}
	// The cache key: endpoint kind, model id and revision.
	p := samplePairs[0]
	v := Prompts()[p.Kind].Version
	keys := map[string]bool{}
	for _, k := range [][]byte{verdictcache.Key("openai:m", "root:/a", v, p), verdictcache.Key("ollama:m", "root:/a", v, p), verdictcache.Key("openai:n", "root:/a", v, p), verdictcache.Key("openai:m", "root:/b", v, p), verdictcache.Key("openai:m", "", v, p)} {
		keys[string(k)] = true
	}
	if len(keys) != 5 {
		t.Error("cache keys collide across kind, model or revision")
	}
	info := j.Info()
	if info["endpoint"] != "openai" || info["model_revision"] != j.Digest {
		t.Errorf("info %v", info)
	}
}

// TestOpenAIRevisions: what /v1/models says about the weights.
func TestOpenAIRevisions(t *testing.T) {
	for _, tt := range []struct{ entry, want string }{
		{`{"id":"m","revision":"abc123"}`, "abc123"},
		{`{"id":"m","root":"m"}`, ""},
		{`{"id":"m","root":"Qwen/Qwen2.5-72B"}`, "root:Qwen/Qwen2.5-72B"},
		{`{"id":"m","owned_by":"llamacpp","meta":{"n_params":123,"size":456}}`, "meta:"},
		{`{"id":"m:latest","owned_by":"library"}`, ""},
	} {
		f := newFakeOpenAI(t, tt.entry, oaAlways(""))
		j, err := NewOpenAI(context.Background(), Config{Host: f.URL, Model: "m"})
		if err != nil {
			t.Errorf("%s: %v", tt.entry, err)
			continue
		}
		if !strings.HasPrefix(j.Digest, tt.want) || (tt.want == "" && j.Digest != "") {
			t.Errorf("%s: revision %q, want %q", tt.entry, j.Digest, tt.want)
		}
	}
	// An Ollama server's /v1 lists no revision: its /api/tags gives the digest.
	ol := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/v1/models":
			io.WriteString(w, `{"object":"list","data":[{"id":"m:latest","object":"model","owned_by":"library"}]}`)
		case "/api/tags":
			io.WriteString(w, `{"models":[{"name":"other:latest","digest":"sha256:0000"},{"name":"m:latest","model":"m:latest","digest":"sha256:abcd"}]}`)
		}
	}))
	defer ol.Close()
	if j, err := NewOpenAI(context.Background(), Config{Host: ol.URL, Model: "m"}); err != nil {
		t.Errorf("Ollama's /v1: %v", err)
	} else if j.Digest != "ollama:sha256:abcd" {
		t.Errorf("Ollama's /v1: revision %q", j.Digest)
	}
	// Two servers with different revisions are refused, both named.
	a := newFakeOpenAI(t, `{"id":"m","root":"org/m@v1"}`, oaAlways(""))
	b := newFakeOpenAI(t, `{"id":"m","root":"org/m@v2"}`, oaAlways(""))
	_, err := NewOpenAI(context.Background(), Config{Hosts: []string{a.URL, b.URL}, Model: "m"})
	if !errors.Is(err, ErrModelMismatch) || !strings.Contains(err.Error(), "root:org/m@v1 on "+hostOf(a.URL)) || !strings.Contains(err.Error(), "root:org/m@v2 on "+hostOf(b.URL)) {
		t.Errorf("mismatch: %v", err)
	}
}

// TestOpenAIUnavailable: no URL, server down, model not served, token
// refused, a remote host: all refused before any work.
func TestOpenAIUnavailable(t *testing.T) {
	ctx := context.Background()
	if _, err := NewOpenAI(ctx, Config{Model: "m"}); err == nil || !strings.Contains(err.Error(), "--judge-url") {
		t.Errorf("no URL: %v", err)
	}
	if _, err := NewOpenAI(ctx, Config{Host: "127.0.0.1:1", Model: "m"}); !errors.Is(err, ErrServerDown) || !strings.Contains(err.Error(), "OpenAI-compatible server does not answer at http://127.0.0.1:1") {
		t.Errorf("down: %v", err)
	}
	f := newFakeOpenAI(t, `{"id":"a"},{"id":"b"}`, oaAlways(""))
	_, err := NewOpenAI(ctx, Config{Host: f.URL, Model: "m"})
	var he *HintError
	if !errors.Is(err, ErrModelMissing) || !errors.As(err, &he) || he.Hint != "the server lists: a, b" {
		t.Errorf("missing: %v", err)
	}
	locked := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer right" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		io.WriteString(w, `{"data":[{"id":"m"}]}`)
	}))
	defer locked.Close()
	_, err = NewOpenAI(ctx, Config{Host: locked.URL, Model: "m", Token: "wrong"})
	if !errors.As(err, &he) || !strings.Contains(he.Hint, "RXEVAL_JUDGE_TOKEN") || !strings.Contains(err.Error(), "HTTP 401") {
		t.Errorf("token: %v", err)
	}
	if _, err := NewOpenAI(ctx, Config{Host: locked.URL, Model: "m", Token: "right"}); err != nil {
		t.Errorf("right token: %v", err)
	}
	for _, remote := range []string{"http://10.1.2.3:8000", "https://gpu.example.com/v1"} {
		if _, err := NewOpenAI(ctx, Config{Hosts: []string{f.URL, remote}, Model: "a"}); !errors.Is(err, ErrRemoteHost) {
			t.Errorf("%s: %v", remote, err)
		}
	}
	for in, want := range map[string]string{"127.0.0.1:8000": "http://127.0.0.1:8000", "http://h:1/v1": "http://h:1", "https://h/api/v1/": "https://h/api", "http://h:2/": "http://h:2"} {
		u, err := ResolveURL(in)
		if err != nil || u.String() != want {
			t.Errorf("ResolveURL(%q) = %v, %v; want %s", in, u, err, want)
		}
	}
	if _, err := ResolveURL("ftp://h"); err == nil {
		t.Error("ftp accepted")
	}
}

// TestOpenAIFailures: the same failure rules as the Ollama judge (5xx and
// 429 retried, other 4xx not, redirects refused, a reply without content
// undecided but not failed), and a second host takes the pairs of a
// failing one.
func TestOpenAIFailures(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		status    int
		wantCalls int64
	}{{500, 3}, {429, 3}, {400, 1}, {404, 1}} {
		f := newFakeOpenAI(t, `{"id":"m"}`, func(int64) (int, string, time.Duration) { return tt.status, "", 0 })
		j, err := NewOpenAI(ctx, Config{Host: f.URL, Model: "m", Retries: 2, Backoff: time.Millisecond, MaxFailures: 5})
		if err != nil {
			t.Fatal(err)
		}
		ds, err := j.Judge(ctx, samplePairs[:1])
		if err != nil {
			t.Fatal(err)
		}
		if f.calls.Load() != tt.wantCalls || !ds[0].Failed || !strings.Contains(ds[0].Reason, fmt.Sprintf("HTTP %d", tt.status)) {
			t.Errorf("HTTP %d: %d calls, %+v", tt.status, f.calls.Load(), ds[0])
		}
	}
	empty := newFakeOpenAI(t, `{"id":"m"}`, oaAlways("maybe"))
	j, _ := NewOpenAI(ctx, Config{Host: empty.URL, Model: "m", MaxFailures: 1})
	if ds, err := j.Judge(ctx, manyPairs(3)); err != nil || !ds[0].Failed || ds[0].Verdict != eval.Undecided || !strings.HasPrefix(ds[2].Reason, "model reply unusable") {
		t.Errorf("unparsable: %v %+v", err, ds)
	}
	redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/models" {
			io.WriteString(w, `{"data":[{"id":"m"}]}`)
			return
		}
		http.Redirect(w, r, "http://127.0.0.1:1/steal", http.StatusTemporaryRedirect)
	}))
	defer redirect.Close()
	j, _ = NewOpenAI(ctx, Config{Host: redirect.URL, Model: "m", MaxFailures: 5})
	if ds, err := j.Judge(ctx, samplePairs[:1]); err != nil || !strings.Contains(ds[0].Reason, "redirect") {
		t.Errorf("redirect: %v %+v", err, ds)
	}
	bad := newFakeOpenAI(t, `{"id":"m"}`, func(int64) (int, string, time.Duration) { return 502, "", 0 })
	good := newFakeOpenAI(t, `{"id":"m"}`, oaAlways(`{"equivalent": true, "reason": "ok"}`))
	j, _ = NewOpenAI(ctx, Config{Hosts: []string{bad.URL, good.URL}, Model: "m", Parallel: 2, Retries: 0, Backoff: time.Millisecond, MaxFailures: 2})
	ds, err := j.Judge(ctx, manyPairs(12))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		if d.Verdict != eval.Equivalent {
			t.Errorf("decision %+v", d)
		}
	}
	// The failing host is dropped at its second failure; when the good
	// host takes every pair first it may fail only once and stay.
	if hs := j.Hosts(); hs[0].Decided != 0 || hs[0].Failed >= 2 && hs[0].Dropped == "" || hs[0].Failed < 2 && hs[0].Dropped != "" || good.calls.Load() != 12 {
		t.Errorf("hosts %+v, good host %d calls", hs, good.calls.Load())
	}
}

// TestBackoffDoesNotDelayTheEnd: a failing host backs off before its next
// pair, but once the other host has finished the work the run ends.
func TestBackoffDoesNotDelayTheEnd(t *testing.T) {
	bad := newFake(t, []string{"m"}, func(int64, api.ChatRequest) (int, string, time.Duration) { return 500, "", 0 })
	good := newFake(t, []string{"m"}, fixedReply(5*time.Millisecond))
	c := cfg(bad, "m")
	c.Hosts, c.Parallel, c.Retries, c.MaxFailures, c.Backoff = []string{good.URL}, 2, 0, 10, 3*time.Second
	j, err := NewOllama(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	ds, err := j.Judge(context.Background(), manyPairs(10))
	if err != nil {
		t.Fatal(err)
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("took %v: the failing host's back-off held up the end", el)
	}
	for _, d := range ds {
		if d.Verdict != eval.Equivalent {
			t.Errorf("decision %+v", d)
		}
	}
	if bad.calls.Load() != 2 || j.Hosts()[0].Dropped != "" {
		t.Errorf("failing host: %d calls (want 2: one per slot, then back-off), %+v", bad.calls.Load(), j.Hosts()[0])
	}
}

// TestConnectionsReused: each call slot keeps its connection; the default
// transport would keep 2 per host and open a new one for most calls.
func TestConnectionsReused(t *testing.T) {
	f := newFake(t, []string{"m"}, fixedReply(20*time.Millisecond))
	c := cfg(f, "m")
	c.Parallel = 8
	j, err := NewOllama(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	before := f.conns.Load()
	if _, err := j.Judge(context.Background(), manyPairs(96)); err != nil {
		t.Fatal(err)
	}
	if n := f.conns.Load() - before; n > 8 {
		t.Errorf("%d connections opened for 96 calls at --parallel 8, want at most 8", n)
	}
}

// FuzzServerReplies: what an OpenAI-compatible server sends (a chat
// completion, a model list) never panics the readers; an accepted
// completion's text is the content sent.
func FuzzServerReplies(f *testing.F) {
	for _, s := range []string{
		`{"choices":[{"message":{"role":"assistant","content":"{\"equivalent\":true,\"reason\":\"\"}"}}]}`,
		`{"choices":[]}`, `{"choices":[{"message":{"content":null}}]}`, `[]`, `{"data":[{"id":"m","root":"r","max_model_len":4096}]}`,
		`{"data":[{"id":"m","meta":{"n":1}},{"id":7}]}`, `{"data":[null]}`, `{"data":{"id":"m"}}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if content, err := parseCompletion([]byte(s)); err == nil {
			b, _ := json.Marshal(map[string]any{"choices": []any{map[string]any{"message": map[string]any{"content": content}}}})
			if again, err := parseCompletion(b); err != nil || again != content {
				t.Fatalf("%q: content %q does not round-trip", s, content)
			}
		}
		rev, n, ids, found, err := findModel([]byte(s), "m")
		if err == nil && found && (n < 0 || len(ids) == 0) {
			t.Fatalf("%q: found with context %d, ids %q, revision %q", s, n, ids, rev)
		}
	})
}

// TestHostsFailingOneAfterAnother: while one host still answers (its
// transient errors covered by a retry), every pair is decided, however the
// others fail (always, or from some point on); the run ends, and no host
// gets more than --parallel calls at once.
func TestHostsFailingOneAfterAnother(t *testing.T) {
	always500 := newFake(t, []string{"m"}, func(int64, api.ChatRequest) (int, string, time.Duration) { return 500, "", time.Millisecond })
	later := newFake(t, []string{"m"}, func(n int64, _ api.ChatRequest) (int, string, time.Duration) {
		if n > 30 {
			return 503, "", 0
		}
		return 200, `{"equivalent": true, "reason": "ok"}`, 2 * time.Millisecond
	})
	var mu sync.Mutex
	tries := map[string]int{}
	flaky := newFake(t, []string{"m"}, func(n int64, req api.ChatRequest) (int, string, time.Duration) {
		mu.Lock()
		defer mu.Unlock()
		msg := req.Messages[1].Content
		tries[msg]++
		if tries[msg] == 1 && len(msg)%3 == 0 { // a third of the pairs fail their first call
			return 502, "", 0
		}
		return 200, `{"equivalent": true, "reason": "ok"}`, 3 * time.Millisecond
	})
	c := Config{Hosts: []string{always500.URL, later.URL, flaky.URL}, Model: "m", Parallel: 4, Retries: 1, Backoff: time.Millisecond, MaxFailures: 3, Timeout: 2 * time.Second}
	j, err := NewOllama(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	pairs := make([]eval.Pair, 200)
	for i := range pairs {
		pairs[i] = eval.Pair{Kind: eval.Correction, Idx: fmt.Sprint(i), FormalStatement: "s", Gold: "theorem t : a = b", Pred: fmt.Sprintf("theorem t : b = a + %d", i)}
	}
	ds, err := j.Judge(context.Background(), pairs)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range ds {
		if d.Verdict != eval.Equivalent {
			t.Fatalf("pair %d: %+v", i, d)
		}
	}
	hs := j.Hosts()
	if hs[0].Dropped == "" || hs[1].Dropped == "" || hs[2].Dropped != "" {
		t.Errorf("hosts %+v", hs)
	}
	if hs[1].Decided != 30 || len(tries) != 170 || hs[2].Decided != 170 {
		t.Errorf("decided %d then %d; the reliable host saw %d distinct pairs, want 30 + 170", hs[1].Decided, hs[2].Decided, len(tries))
	}
	for _, f := range []*fakeOllama{always500, later, flaky} {
		if f.maxInflight.Load() > 4 {
			t.Errorf("%d calls at once on a host, want ≤ 4", f.maxInflight.Load())
		}
	}
}

// TestOpenAIContextLength: vLLM's max_model_len bounds the prompts sent,
// instead of --num-ctx.
func TestOpenAIContextLength(t *testing.T) {
	f := newFakeOpenAI(t, `{"id":"m","max_model_len":2000}`, oaAlways(`{"equivalent": true, "reason": "ok"}`))
	j, err := NewOpenAI(context.Background(), Config{Host: f.URL, Model: "m", NumCtx: 64000})
	if err != nil {
		t.Fatal(err)
	}
	long := samplePairs[0]
	long.Pred = "theorem t : x = " + strings.Repeat("1 + ", 300) + "1"
	ds, err := j.Judge(context.Background(), []eval.Pair{long, samplePairs[2]})
	if err != nil {
		t.Fatal(err)
	}
	if ds[0].Verdict != eval.Undecided || !ds[0].Failed || !strings.Contains(ds[0].Reason, "max_model_len 2000 tokens can be sure to hold; serve the model with a longer context") {
		t.Errorf("over-long pair: %+v", ds[0])
	}
	if ds[1].Verdict != eval.Equivalent || f.calls.Load() != 1 {
		t.Errorf("short pair %+v, %d calls", ds[1], f.calls.Load())
	}
	// A server that reports a context of 1 token: no pair is asked, and the
	// totals say how many and why (issue 34.7).
	var progress strings.Builder
	f1 := newFakeOpenAI(t, `{"id":"m","max_model_len":1}`, oaAlways(`{"equivalent": true, "reason": "ok"}`))
	j, err = NewOpenAI(context.Background(), Config{Host: f1.URL, Model: "m", Progress: &progress})
	if err != nil {
		t.Fatal(err)
	}
	ds, err = j.Judge(context.Background(), samplePairs)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		if d.Verdict != eval.Undecided || !d.Failed {
			t.Errorf("max_model_len 1: %+v", d)
		}
	}
	if rs := j.LastRun(); rs.TooLong != len(samplePairs) || f1.calls.Load() != 0 {
		t.Errorf("max_model_len 1: %+v, %d calls", rs, f1.calls.Load())
	}
	if want := fmt.Sprintf("%d not asked: too long for the model's context (the server's max_model_len 1; serve the model with a longer context)", len(samplePairs)); !strings.Contains(progress.String(), want) {
		t.Errorf("the totals line does not say %q:\n%s", want, progress.String())
	}
}
