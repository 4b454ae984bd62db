package model

// Tests that pin the model judge's rules (docs/judges.md, docs/rules.md)
// at its own API, one rule each (issue 19); docs/testing.md maps the rules
// to them.

import (
	"context"
	"github.com/rxeval/rxeval/internal/fixtures"
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

// redirecting serves version and tags from f and answers every chat with
// a redirect elsewhere.
func redirecting(t *testing.T, f *fakeOllama) string {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/chat" {
			f.calls.Add(1)
			http.Redirect(w, r, "http://127.0.0.1:1/api/chat", http.StatusTemporaryRedirect)
			return
		}
		f.Config.Handler.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s.URL
}

// TestFailoverByServerAnswer: a pair whose call to one host fails is moved
// to another host when the failure says something about the host (5xx,
// 429, a timeout), and left undecided (Failed) when it says something about
// the request (another 4xx, a redirect) or when the server answered and
// the model's reply does not parse. Host A always fails one way; host B
// answers every pair, slowly enough that A gets some.
func TestFailoverByServerAnswer(t *testing.T) {
	for _, c := range []struct {
		name     string
		status   int
		content  string
		delay    time.Duration
		redirect bool
		moved    bool
	}{
		{name: "HTTP 500", status: 500, moved: true},
		{name: "HTTP 502", status: 502, moved: true},
		{name: "HTTP 503", status: 503, moved: true},
		{name: "HTTP 429", status: 429, moved: true},
		{name: "timeout", status: 200, content: `{"equivalent": false, "reason": "late"}`, delay: 2 * time.Second, moved: true},
		{name: "HTTP 400", status: 400},
		{name: "HTTP 404", status: 404},
		{name: "HTTP 413", status: 413},
		{name: "redirect", redirect: true},
		{name: "unparsable reply", status: 200, content: "maybe"},
	} {
		t.Run(c.name, func(t *testing.T) {
			bad := newFake(t, []string{"m"}, func(int64, api.ChatRequest) (int, string, time.Duration) { return c.status, c.content, c.delay })
			good := newFake(t, []string{"m"}, fixedReply(30*time.Millisecond))
			conf := cfg(bad, "m")
			if c.redirect {
				conf.Host = redirecting(t, bad)
			}
			conf.Hosts, conf.Parallel, conf.Retries, conf.MaxFailures = []string{good.URL}, 1, 0, 1000
			conf.Timeout = 300 * time.Millisecond
			j, err := NewOllama(context.Background(), conf)
			if err != nil {
				t.Fatal(err)
			}
			ds, err := j.Judge(context.Background(), manyPairs(6))
			if err != nil {
				t.Fatal(err)
			}
			if bad.calls.Load() == 0 {
				t.Fatal("host A was never asked: the test proves nothing")
			}
			undecided := 0
			for _, d := range ds {
				switch {
				case d.Verdict == eval.Equivalent && !d.Failed:
				case d.Verdict == eval.Undecided && d.Failed:
					undecided++
				default:
					t.Errorf("decision %+v", d)
				}
			}
			if c.moved && undecided != 0 {
				t.Errorf("%d pairs left undecided: a %s should move them to host B", undecided, c.name)
			}
			if !c.moved && int64(undecided) != bad.calls.Load() {
				t.Errorf("%d pairs undecided, host A asked %d times: a %s should leave each pair A tried undecided, not move it", undecided, bad.calls.Load(), c.name)
			}
		})
	}
}

// TestModelJudgeCacheKeyInUse: the model judge stores and looks up each
// verdict under verdictcache.Key(judge name, model digest, the prompt version of
// the pair's kind, the pair, optionsKey), the key TestCacheKeyParts checks: a cached
// verdict answers the same pair of the same model only, never a pair of
// the other kind, another model or the same model name with other weights.
func TestModelJudgeCacheKeyInUse(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.db")
	cache, err := verdictcache.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer cache.Close()
	ask := func(f *fakeOllama, model string, p eval.Pair) (eval.Decision, int64) {
		t.Helper()
		c := cfg(f, model)
		c.Cache = cache
		j, err := NewOllama(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		before := f.calls.Load()
		d := fixtures.JudgeOne(t, j, p)
		if j.Digest == "" {
			t.Fatal("no digest read from the server")
		}
		return d, f.calls.Load() - before
	}
	f := newFake(t, []string{"m", "n"}, fixedReply(0))
	other := newFakeDigest(t, []string{"m"}, "sha256-other-", fixedReply(0))
	corr := eval.Pair{Kind: eval.Correction, Idx: "a", Informal: "i", FormalStatement: "theorem t : x = 1", Gold: "x = 2", Pred: "2 = x"}
	loc := corr
	loc.Kind = eval.Localization
	if _, n := ask(f, "m", corr); n != 1 {
		t.Fatalf("first ask: %d calls", n)
	}
	// The stored key is the documented one.
	keyed, err := NewOllama(context.Background(), cfg(f, "m"))
	if err != nil {
		t.Fatal(err)
	}
	extra := optionsKey(keyed.Options(), leanVersions)
	for kind, p := range map[eval.Kind]eval.Pair{eval.Correction: corr} {
		key := verdictcache.Key("ollama:m", "sha256-fake-m", Prompts()[kind].Version, p, extra)
		if _, ok := cache.Get(key); !ok {
			t.Errorf("no verdict under verdictcache.Key(ollama:m, its digest, the %s prompt's version, the pair)", kind)
		}
	}
	for _, c := range []struct {
		name  string
		f     *fakeOllama
		model string
		pair  eval.Pair
		calls int64
	}{
		{"the same pair again", f, "m", corr, 0},
		{"the same texts as a localization pair", f, "m", loc, 1},
		{"the localization pair again", f, "m", loc, 0},
		{"another model", f, "n", corr, 1},
		{"the same model name, other weights", other, "m", corr, 1},
		{"another informal statement", f, "m", func() eval.Pair { p := corr; p.Informal = "j"; return p }(), 1},
		{"another formal statement", f, "m", func() eval.Pair { p := corr; p.FormalStatement = "theorem t : x = 3"; return p }(), 1},
		{"another id, same texts", f, "m", func() eval.Pair { p := corr; p.Idx = "b"; return p }(), 0},
	} {
		d, n := ask(c.f, c.model, c.pair)
		if n != c.calls {
			t.Errorf("%s: %d calls to the model, want %d (decision %+v)", c.name, n, c.calls, d)
		}
		if c.calls == 0 && (d.Verdict != eval.Equivalent || d.Reason != "cached: same") {
			t.Errorf("%s: decision %+v, want the cached verdict", c.name, d)
		}
	}
	if key := verdictcache.Key("ollama:m", "sha256-fake-m", Prompts()[eval.Localization].Version, loc, extra); func() bool { _, ok := cache.Get(key); return !ok }() {
		t.Error("no localization verdict under the localization prompt's version")
	}
	if cache.Len() != 6 {
		t.Errorf("%d verdicts cached, want 6", cache.Len())
	}
}

// TestLocalizationPromptStatesTheRule: the model judge's localization
// prompt states docs/rules.md's one localization rule (half of the gold, a
// third of the candidate, the whole statement or most hypotheses point at
// nothing, nor does an empty candidate), not the former "a fragment that
// contains the other points at the same location".
func TestLocalizationPromptStatesTheRule(t *testing.T) {
	msg, err := Prompts()[eval.Localization].Render(eval.Pair{Kind: eval.Localization, Informal: "i", FormalStatement: "theorem t : x = 1", Gold: "x", Pred: "1"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"at least half", "at least a third", "most of the statement or most of its hypotheses", "nor does an empty one"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the localization prompt does not say %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "contains the other") {
		t.Errorf("the localization prompt keeps the former containment rule:\n%s", msg)
	}
}
