package judges

// Tests that pin the judges' rules (docs/judges.md, docs/rules.md) at the
// judges' own API, one rule each (issue 19); docs/testing.md maps the rules
// to them.

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ollama/ollama/api"
	"github.com/rxeval/rxeval/eval"
)

func judgeOne(t *testing.T, j eval.Judge, p eval.Pair) eval.Decision {
	t.Helper()
	ds, err := j.Judge(context.Background(), []eval.Pair{p})
	if err != nil {
		t.Fatal(err)
	}
	return ds[0]
}

// TestSpanBareHypothesisName: a localization that is one hypothesis name
// stands for that hypothesis's body, but only when the name is a binder's
// name with a body, occurs nowhere else in the statement, and is the whole
// fragment.
func TestSpanBareHypothesisName(t *testing.T) {
	const st = "theorem t (x : ℕ) (h₀ : 2 < x) (h₁ : x < 5) : x ^ 2 > 3 := by sorry"
	for _, c := range []struct {
		statement, gold, pred string
		want                  eval.Verdict
	}{
		// The name for its body, either side.
		{st, "2 < x", "h₀", eval.Equivalent},
		{st, "h₁", "x < 5", eval.Equivalent},
		{st, "h₀", "h₀", eval.Equivalent},
		// Another hypothesis's name: another body, no shared token.
		{st, "2 < x", "h₁", eval.NotEquivalent},
		// The conclusion is not the hypothesis.
		{st, "x ^ 2 > 3", "h₀", eval.NotEquivalent},
		// Two names are not a name: as written they are not in the
		// statement side by side.
		{st, "2 < x", "h₀ h₁", eval.Undecided},
		// A name used elsewhere (x occurs in every hypothesis and the
		// conclusion) is that token, wherever it is, never its binder's
		// type ℕ: apart from ℕ everywhere; inside "2 < x" at one place
		// and not at the others, so undecided.
		{st, "ℕ", "x", eval.NotEquivalent},
		{st, "2 < x", "x", eval.Undecided},
		// A name that is also used in a later hypothesis stays a token.
		{"theorem t (h : ℕ) (k : h > 2) : h ^ 2 > 3 := by sorry", "ℕ", "h", eval.NotEquivalent},
		// Any name of a grouped binder stands for the shared body when
		// it occurs nowhere else.
		{"theorem t (a b : ℝ) (hab : a + b = 1) : a * b ≤ 1 / 4 := by sorry", "a + b = 1", "hab", eval.Equivalent},
	} {
		d := judgeOne(t, SpanJudge{}, eval.Pair{Kind: eval.Localization, FormalStatement: c.statement, Gold: c.gold, Pred: c.pred})
		if d.Verdict != c.want {
			t.Errorf("%s | gold %q, pred %q: %v (%s), want %v", c.statement, c.gold, c.pred, d.Verdict, d.Reason, c.want)
		}
	}
}

// TestLeanJudgeNumeralsFoldByType: numerals compare by value only where
// the type is known to be ℚ, ℝ or ℂ. The judge may leave any of these pairs
// undecided (judges/lean decides only where sure), but never decides one
// wrongly: on ℕ and ℤ 1 / 2 is 0 and 0.5 is no literal, so "= 1 / 2" and
// "= 0.5" are never equivalent there, and "= 7 / 2" and "= 3" are never
// different there (they are equal). The three examples docs/judges.md
// gives are decided equivalent.
func TestLeanJudgeNumeralsFoldByType(t *testing.T) {
	type verdicts []eval.Verdict
	okEq, okNot := verdicts{eval.Equivalent, eval.Undecided}, verdicts{eval.NotEquivalent, eval.Undecided}
	for _, c := range []struct {
		gold, pred string
		allowed    verdicts
	}{
		// docs/judges.md's examples: decided.
		{"theorem t (x : ℝ) : x = 13 / 2", "theorem t (x : ℝ) : x = 6.5", verdicts{eval.Equivalent}},
		{"theorem t (x : ℝ) : x + 1 = 2", "theorem t (x : ℝ) : x + 1 = 2.0", verdicts{eval.Equivalent}},
		{"theorem t : (13 / 2 : ℝ) = 6.5", "theorem t : (6.5 : ℝ) = 6.5", verdicts{eval.Equivalent}},
		// ℚ and ℂ as ℝ; a function into ℝ; a coercion into ℝ.
		{"theorem t (q : ℚ) : q = 1 / 4", "theorem t (q : ℚ) : q = 0.25", okEq},
		{"theorem t (z : ℂ) : z * 2 = 3 / 2", "theorem t (z : ℂ) : z * 2 = 1.5", okEq},
		{"theorem t (f : ℕ → ℝ) : f 1 = 1 / 2", "theorem t (f : ℕ → ℝ) : f 1 = 0.5", okEq},
		{"theorem t (n : ℕ) : (n : ℝ) / 2 = 7 / 2", "theorem t (n : ℕ) : (n : ℝ) / 2 = 3.5", okEq},
		// Different values on ℝ: never equivalent.
		{"theorem t (x : ℝ) : x = 13 / 2", "theorem t (x : ℝ) : x = 6.4", okNot},
		{"theorem t (x : ℝ) : x = 2", "theorem t (x : ℝ) : x = 2.5", okNot},
		// ℕ and ℤ: no folding.
		{"theorem t (n : ℕ) : n = 1 / 2", "theorem t (n : ℕ) : n = 0.5", okNot},
		{"theorem t (n : ℕ) : n + 1 / 2 = 3", "theorem t (n : ℕ) : n + 0.5 = 3", okNot},
		{"theorem t (n : ℤ) : n = 3 / 2", "theorem t (n : ℤ) : n = 1.5", okNot},
		{"theorem t (f : ℕ → ℕ) : f 1 = 1 / 2", "theorem t (f : ℕ → ℕ) : f 1 = 0.5", okNot},
		{"theorem t (n : ℕ) : n = 7 / 2", "theorem t (n : ℕ) : n = 3", okEq},
		{"theorem t (n : ℤ) : n = 6 / 4", "theorem t (n : ℤ) : n = 1", okEq},
		// A leaf of unknown type: its tree's type is unknown.
		{"theorem t (x : ℝ) : x + g = 2.0", "theorem t (x : ℝ) : x + g = 2", okNot},
		// No type at all: an unconstrained 2.0 is a Float.
		{"theorem t : (2.0 + 1 = 3)", "theorem t : (2 + 1 = 3)", okNot},
	} {
		for _, swap := range []bool{false, true} {
			g, p := c.gold, c.pred
			if swap {
				g, p = p, g
			}
			d := judgeOne(t, LeanJudge{}, eval.Pair{Kind: eval.Correction, Gold: g, Pred: p})
			ok := false
			for _, a := range c.allowed {
				ok = ok || d.Verdict == a
			}
			if !ok {
				t.Errorf("%q vs %q: %v (%s), want one of %v", g, p, d.Verdict, d.Reason, c.allowed)
			}
		}
	}
}

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
// verdict under CacheKey(judge name, model digest, the prompt version of
// the pair's kind, the pair), the key TestCacheKeyParts checks: a cached
// verdict answers the same pair of the same model only, never a pair of
// the other kind, another model or the same model name with other weights.
func TestModelJudgeCacheKeyInUse(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.db")
	cache, err := OpenCache(path)
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
		d := judgeOne(t, j, p)
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
	for kind, p := range map[eval.Kind]eval.Pair{eval.Correction: corr} {
		key := CacheKey("ollama:m", "sha256-fake-m", Prompts()[kind].Version, p)
		if _, ok := cache.Get(key); !ok {
			t.Errorf("no verdict under CacheKey(ollama:m, its digest, the %s prompt's version, the pair)", kind)
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
	if key := CacheKey("ollama:m", "sha256-fake-m", Prompts()[eval.Localization].Version, loc); func() bool { _, ok := cache.Get(key); return !ok }() {
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

// TestSpanCoarseOverHypotheses: a candidate covering most of the
// statement's hypotheses points at no location, whatever the gold, even
// when the statement has only two and its conclusion is long (the
// candidate is then far from "most of the statement"); the gold's very
// span stays the same location.
func TestSpanCoarseOverHypotheses(t *testing.T) {
	const st = "theorem t (x : ℕ) (h : 0 < x) : x ^ 2 + 3 * x + 7 > 2 * x + 1 + x ^ 2 - 5 * x + 9 := by sorry"
	for _, c := range []struct {
		gold, pred string
		want       eval.Verdict
	}{
		{"(h : 0 < x)", "(x : ℕ) (h : 0 < x)", eval.Undecided},
		{"(x : ℕ)", "(x : ℕ) (h : 0 < x)", eval.Undecided},
		{"(x : ℕ) (h : 0 < x)", "(x : ℕ) (h : 0 < x)", eval.Equivalent},
		{"(h : 0 < x)", "(h : 0 < x)", eval.Equivalent},
	} {
		d := judgeOne(t, SpanJudge{}, eval.Pair{Kind: eval.Localization, FormalStatement: st, Gold: c.gold, Pred: c.pred})
		if d.Verdict != c.want {
			t.Errorf("gold %q, pred %q: %v (%s), want %v", c.gold, c.pred, d.Verdict, d.Reason, c.want)
		}
	}
}
