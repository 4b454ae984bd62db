package leanrepl

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges/verdictcache"
)

// startTwisted starts a pool of n processes of the script REPL bent by
// twists (internal/fakerepl twist.go), with a verdict cache; log is the
// file every command is logged to.
func startTwisted(t *testing.T, twists string, n int) (j BEqJudge, log string) {
	t.Helper()
	cmd, log, _ := fakeCommandLogged(t, "twist:"+twists)
	c, err := Start(context.Background(), Config{Command: cmd, Parallel: n, Timeout: 10 * time.Second, MaxFailures: 100})
	if err != nil {
		t.Fatalf("Start (%s): %v", twists, err)
	}
	t.Cleanup(func() { c.Close() })
	cache, err := verdictcache.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cache.Close() })
	return BEqJudge{Client: c, Cache: cache}, log
}

// honestPairs are pairs with the verdicts the honest script REPL gives.
var honestPairs = []struct {
	pair eval.Pair
	want eval.Verdict
}{
	{correction("theorem g (x : ℕ) : x + 0 = x := sorry", "theorem p (x : ℕ) : x + 0 = x := by sorry"), eval.Equivalent},
	{correction("theorem g : 1 = 1 := sorry", "theorem p : NOCOMPILE := sorry"), eval.NotEquivalent},
	{correction("theorem g : NOCOMPILE := sorry", "theorem p : 1 = 1 := sorry"), eval.Undecided},
	{correction("theorem g (n : ℕ) : n = n := sorry", "theorem p (n : ℕ) : n = n := sorry"), eval.Equivalent},
	{correction("theorem g (a b : ℕ) : a + b = b + a := sorry", "theorem p (a b : ℕ) : a + b = b + a := sorry"), eval.Equivalent},
	{correction("theorem g : 2 = 2 := sorry", "theorem p : NOCOMPILE 2 := sorry"), eval.NotEquivalent},
	{correction("theorem g : NOCOMPILE 3 := sorry", "theorem p : NOCOMPILE 4 := sorry"), eval.Undecided},
}

// judgeOneByOne judges the honest pairs one at a time (the order of the
// commands, and so of the processes they reach, is then fixed) and
// checks each decision: the honest verdict, or undecided and marked
// failed, never cached; it returns how many failed.
func judgeOneByOne(t *testing.T, what string, j BEqJudge) (failed int) {
	t.Helper()
	for k, hp := range honestPairs {
		ds, err := j.Judge(context.Background(), []eval.Pair{hp.pair})
		if err != nil {
			t.Fatalf("%s: pair %d: %v", what, k, err)
		}
		d := ds[0]
		_, cached := j.Cache.Get(verdictcache.Key(j.Name(), j.Client.Version, ScriptVersion+"\x00"+hp.pair.Header, hp.pair))
		switch {
		case d.Failed:
			failed++
			if d.Verdict != eval.Undecided || cached {
				t.Errorf("%s: pair %d failed, yet %v (cached %v): %s", what, k, d.Verdict, cached, d.Reason)
			}
		case d.Verdict != hp.want:
			t.Errorf("%s: pair %d: %v (%s), want %v or a failure", what, k, d.Verdict, d.Reason, hp.want)
		case strings.Contains(d.Reason, "fake: this process") || strings.Contains(d.Reason, "heartbeats"):
			t.Errorf("%s: pair %d: a layer's failure read as the statement's: %s", what, k, d.Reason)
		}
	}
	return failed
}

// TestLayerFailureIsAFailure: a header that fails in one process only (it
// compiled in another: a transient failure) is a failure of that process,
// never the statement's error: the process is restarted and the command
// tried once more, here in the process that elaborates it (atk34 row 13:
// "the prediction does not compile where the gold does", quoting the
// header's error, cached).
func TestLayerFailureIsAFailure(t *testing.T) {
	j, log := startTwisted(t, "header-flaky", 2)
	if failed := judgeOneByOne(t, "a header failing in one process", j); failed != 0 {
		t.Errorf("%d pairs failed; the retry in the other process should have judged them", failed)
	}
	if n := commandsLike(t, log, "import Mathlib"); n < 4 {
		t.Errorf("the header was sent %d times: the failing process was not restarted and the command not tried again", n)
	}

	// A header every process rejects: each pair is a failure, never a
	// verdict; Check gives the error, not a message about the statement.
	j, _ = startTwisted(t, "header-fails", 1)
	if failed := judgeOneByOne(t, "a header failing everywhere", j); failed != len(honestPairs) {
		t.Errorf("%d of %d pairs failed under a header no process elaborates", failed, len(honestPairs))
	}
	m, err := j.Client.Check(context.Background(), "import Mathlib", "theorem t : 1 = 1 := sorry")
	var he *HeaderError
	if m != nil || !errors.As(err, &he) || !errors.Is(err, ErrREPL) || !strings.Contains(err.Error(), "Lean rejects the header (line 1, column 0: unknown package") {
		t.Errorf("Check under a header Lean rejects: %+v, %v; want a REPL failure naming the header", m, err)
	}
}

// TestGuardLayerFailureIsAFailure: when BEq+'s A.6 guard cannot run (the
// layer "axiom rxeval_hyp : True" fails), the guard is not skipped: the
// pair fails, undecided and not cached. Before, a statement provable
// alone was judged equivalent (atk34 row 14).
func TestGuardLayerFailureIsAFailure(t *testing.T) {
	j, log := startTwisted(t, "true-layer-fails", 1)
	alone := correction("theorem g : P PROVABLE_ALONE := sorry", "theorem p : P PROVABLE_ALONE := sorry")
	ds, err := j.Judge(context.Background(), []eval.Pair{alone})
	if err != nil {
		t.Fatal(err)
	}
	d := ds[0]
	if d.Verdict != eval.Undecided || !d.Failed || !strings.Contains(d.Reason, "axiom rxeval_hyp : True") {
		t.Errorf("the A.6 guard's layer failing: %v failed=%v (%s), want undecided, failed, naming the layer", d.Verdict, d.Failed, d.Reason)
	}
	if n := commandsLike(t, log, `"axiom rxeval_hyp : True"`); n != 2 {
		t.Errorf("the guard's layer was sent %d times, want 2 (once more in a fresh process)", n)
	}
	if _, ok := j.Cache.Get(verdictcache.Key(j.Name(), j.Client.Version, ScriptVersion+"\x00"+alone.Header, alone)); ok {
		t.Errorf("a pair whose guard did not run was cached")
	}
}

// TestAnswersFitTheirCommands: an answer written twice (every later one
// then answers the command before), again with an env never given, an
// answer nobody asked for written first, a negative env, an env beside a
// refusal's message: each is a protocol failure of the process, which is
// restarted; a pair is judged as by an honest REPL or fails, never gets
// another verdict (atk34 rows 15, 20, 21; round 3b B1).
func TestAnswersFitTheirCommands(t *testing.T) {
	for n := 1; n <= 14; n++ {
		j, _ := startTwisted(t, fmt.Sprintf("dup-after=%d", n), 1)
		judgeOneByOne(t, fmt.Sprintf("an answer written twice after command %d", n), j)
		j, _ = startTwisted(t, fmt.Sprintf("dup-fresh-after=%d", n), 1)
		judgeOneByOne(t, fmt.Sprintf("an answer written again with a fresh env after command %d", n), j)
	}
	j, _ := startTwisted(t, "banner", 1)
	judgeOneByOne(t, "an answer written before any command", j)
	for _, tw := range []string{"neg-env", "env-and-message"} {
		j, _ := startTwisted(t, tw, 1)
		if failed := judgeOneByOne(t, tw, j); failed != len(honestPairs) {
			t.Errorf("%s: %d of %d pairs failed", tw, failed, len(honestPairs))
		}
		_, err := j.Client.Check(context.Background(), "import Mathlib", "theorem t : 1 = 1 := sorry")
		if !errors.Is(err, ErrProtocol) || !errors.Is(err, ErrREPL) {
			t.Errorf("%s: Check: %v, want ErrProtocol", tw, err)
		}
	}
}

// TestVersionStrings: Lean's version is cut to 128 bytes and escaped, as a
// model server's is (atk34 row 32: 12 MB taken whole); a query of
// Mathlib's version that fails (here it is never answered) or that Lean
// does not answer is said in Note, and the version says "mathlib unknown"
// (row 33: it was dropped in silence).
func TestVersionStrings(t *testing.T) {
	c, err := Start(context.Background(), Config{Command: fakeCommand(t, "twist:version=1000000"), Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	lean, _, _ := strings.Cut(c.Version, ", mathlib")
	if len(lean) > len("lean ")+128+len("…") || strings.ContainsAny(c.Version, "\x1b\x07\n") || !strings.Contains(lean, `\x1b]0;pwned`) {
		t.Errorf("a 1 MB version with escapes became %d bytes: %.200q", len(c.Version), c.Version)
	}
	for _, tt := range []struct{ mode, note string }{
		{"twist:mathlib-hang", "the REPL failed on the query of Mathlib's version (no answer within 1s"},
		{"script", "Lean does not evaluate Mathlib.Meta.mathlibVersion (unknown identifier)"},
	} {
		c, err := Start(context.Background(), Config{Command: fakeCommand(t, tt.mode), Timeout: time.Second})
		if err != nil {
			t.Fatalf("%s: %v", tt.mode, err)
		}
		c.Close()
		if !strings.HasSuffix(c.Version, ", mathlib unknown") || !strings.Contains(c.Note, tt.note) || !strings.Contains(c.Note, `cached under "mathlib unknown"`) {
			t.Errorf("%s: version %q, note %q; want mathlib unknown and a note with %q", tt.mode, c.Version, c.Note, tt.note)
		}
	}
}
