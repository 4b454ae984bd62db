package leanrepl

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges/verdictcache"
)

// fakeCommand is a shell command starting this test binary as a REPL.
func fakeCommand(t *testing.T, mode string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return "RXEVAL_FAKE_REPL='" + mode + "' exec '" + exe + "'"
}

// TestReplayTranscripts: the client reads the real REPL's answers, as
// recorded in leanprover-community/repl's own tests (testdata/leanrepl):
// multi-line JSON objects separated by blank lines, envs, messages with
// positions, sorries with goals, "Try this" infos, and a command-level
// error message.
func TestReplayTranscripts(t *testing.T) {
	names, _ := filepath.Glob("../../testdata/leanrepl/*.in")
	if len(names) < 20 {
		t.Fatalf("%d transcripts", len(names))
	}
	for _, in := range names {
		name := strings.TrimSuffix(filepath.Base(in), ".in")
		t.Run(name, func(t *testing.T) {
			out := strings.TrimSuffix(in, ".in") + ".expected.out"
			abs, _ := filepath.Abs(out)
			p := &proc{cfg: &Config{Command: fakeCommand(t, "replay:"+abs), Timeout: 10 * time.Second}}
			defer p.kill()
			data, _ := os.ReadFile(in)
			want, _ := os.ReadFile(out)
			wants := strings.Split(strings.TrimSpace(string(want)), "\n\n")
			for k, cmdText := range strings.Split(strings.TrimSpace(string(data)), "\n\n") {
				var cmd map[string]any
				if err := json.Unmarshal([]byte(cmdText), &cmd); err != nil {
					// The REPL's own parser takes a raw line break inside a
					// string (line_breaks.in); JSON does not, and rxeval
					// always sends it escaped.
					if err := json.Unmarshal([]byte(strings.ReplaceAll(cmdText, "\n", `\n`)), &cmd); err != nil {
						t.Fatal(err)
					}
				}
				got, err := p.send(context.Background(), cmd)
				var w Response
				if err := json.Unmarshal([]byte(wants[k]), &w); err != nil {
					t.Fatal(err)
				}
				if _, isCmd := cmd["cmd"]; isCmd && w.Env == nil {
					// A protocol answer to a command ("Unknown
					// environment."): a REPL failure, never a result; the
					// process is restarted, so the transcript ends here.
					if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), w.Message) {
						t.Errorf("answer %d (%s): %v, want ErrRefused naming it", k+1, wants[k], err)
					}
					break
				}
				if err != nil {
					t.Fatalf("command %d: %v", k+1, err)
				}
				g, _ := json.Marshal(got)
				wb, _ := json.Marshal(w)
				if string(g) != string(wb) {
					t.Errorf("answer %d: %s, want %s", k+1, g, wb)
				}
			}
		})
	}
	// What the BEq+ judge relies on, read from the real answers.
	p := &proc{cfg: &Config{Command: fakeCommand(t, "replay:"+mustAbs("../../testdata/leanrepl/exact.expected.out")), Timeout: 10 * time.Second}}
	defer p.kill()
	var rs []*Response
	for _, c := range []map[string]any{{"cmd": "import Mathlib"}, {"cmd": "theorem test : 0 < 1 := by sorry", "env": 0}, {"tactic": "exact?", "proofState": 0}, {"cmd": "x", "env": 0}, {"tactic": "exact?", "proofState": 2}} {
		r, err := p.send(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	if rs[1].Env == nil || *rs[1].Env != 1 || len(rs[1].Sorries) != 1 || rs[1].Sorries[0].Goal != "⊢ 0 < 1" {
		t.Errorf("sorry answer read as %+v", rs[1])
	}
	if len(rs[2].Messages) != 1 || !strings.Contains(rs[2].Messages[0].Data, "Try this") {
		t.Errorf("exact? answer read as %+v", rs[2])
	}
	if !strings.HasPrefix(rs[4].Message, "Lean error:") {
		t.Errorf("error answer read as %+v", rs[4])
	}
}

func mustAbs(p string) string { a, _ := filepath.Abs(p); return a }

func startFake(t *testing.T, mode string, timeout time.Duration) *Client {
	t.Helper()
	c, err := Start(context.Background(), Config{Command: fakeCommand(t, mode), Parallel: 2, Timeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func correction(gold, pred string) eval.Pair {
	return eval.Pair{Kind: eval.Correction, Idx: "x", Header: "import Mathlib", Gold: gold, Pred: pred}
}

// TestBEq drives the BEq+ logic with a scripted REPL.
func TestBEq(t *testing.T) {
	c := startFake(t, "script", 3*time.Second)
	if c.Version != "lean 4.99.0-fake, mathlib unknown" {
		t.Errorf("version %q", c.Version)
	}
	cache, err := verdictcache.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer cache.Close()
	j := BEqJudge{Client: c, Cache: cache}
	tests := []struct {
		name       string
		pair       eval.Pair
		want       eval.Verdict
		failed     bool
		reasonPart string
	}{
		{"proved both ways", correction("theorem g (x : ℕ) : x + 0 = x := by sorry", "theorem p (x : ℕ) :\n  x + 0 = x := sorry"), eval.Equivalent, false, "each statement from the other"},
		{"one way only", correction("theorem g : P ONEWAY := sorry", "theorem p : P := sorry"), eval.Undecided, false, "did not prove the prediction from the gold"},
		{"other way only", correction("theorem g : P := sorry", "theorem p : P ONEWAY := sorry"), eval.Undecided, false, "not the gold from the prediction"},
		{"provable alone (appendix A.6)", correction("theorem g (n : ℕ) : n + n = 2 * n := sorry", "theorem p (q : Prop) (h : q) : q PROVABLE_ALONE := sorry"), eval.Undecided, false, "provable without the other"},
		{"a proof that does not use the other statement", correction("theorem g (n : ℕ) : n = n := sorry", "theorem p (n : ℕ) : n = n NOHYP := sorry"), eval.Undecided, false, "does not use the other statement"},
		{"a proof resting on sorryAx", correction("theorem g (n : ℕ) : n = n := sorry", "theorem p (n : ℕ) : n = n USES_SORRY := sorry"), eval.Undecided, false, "rests on sorryAx"},
		{"a proof resting on native_decide", correction("theorem g (n : ℕ) : n = n NATIVE := sorry", "theorem p (n : ℕ) : n = n := sorry"), eval.Undecided, false, "rests on Lean.ofReduceBool"},
		{"an injected axiom is never given to Lean", correction("theorem g : 1 = 1 := sorry", "axiom cheat : False\ntheorem p : 1 = 1 := CRASH"), eval.Undecided, false, `the prediction is not one: it starts with "axiom"`},
		{"code in the statement is never given to Lean", correction("theorem g : 1 = 1 := sorry", "theorem p : (by run_tac CRASH; exact True) := sorry"), eval.Undecided, false, `"run_tac" could run code`},
		{"prediction does not compile", correction("theorem g : 1 = 1 := sorry", "theorem p : NOCOMPILE := sorry"), eval.NotEquivalent, false, "line 1, column 8: unknown identifier"},
		{"gold does not compile", correction("theorem g : NOCOMPILE := sorry", "theorem p : 1 = 1 := sorry"), eval.Undecided, false, "the gold does not compile"},
		{"a REPL that hangs", correction("theorem g : 1 = 1 := sorry", "theorem p : HANG := sorry"), eval.Undecided, true, "no answer within"},
		{"a REPL that crashes mid-pair", correction("theorem g : 1 = 1 := sorry", "theorem p : CRASH := sorry"), eval.Undecided, true, "it exited"},
		{"after a crash, the next pair works", correction("theorem g (x : ℕ) : x = x := sorry", "theorem p (x : ℕ) : x = x := sorry"), eval.Equivalent, false, ""},
		{"localization pairs are not its", eval.Pair{Kind: eval.Localization, Gold: "a", Pred: "a"}, eval.Undecided, false, ""},
	}
	for _, tt := range tests {
		ds, err := j.Judge(context.Background(), []eval.Pair{tt.pair})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		d := ds[0]
		if d.Verdict != tt.want || d.Failed != tt.failed || !strings.Contains(d.Reason, tt.reasonPart) || d.By != "beq+" {
			t.Errorf("%s: %v failed=%v (%s), want %v failed=%v (…%s…)", tt.name, d.Verdict, d.Failed, d.Reason, tt.want, tt.failed, tt.reasonPart)
		}
	}
	// A decided pair is cached: asked again, the REPL is not needed.
	c.Close()
	ds, _ := j.Judge(context.Background(), []eval.Pair{tests[0].pair})
	if ds[0].Verdict != eval.Equivalent || !strings.HasPrefix(ds[0].Reason, "cached: ") {
		t.Errorf("cached verdict: %+v", ds[0])
	}
	// The same texts under another header are another question (a
	// definition the header makes can change what they mean): not cached.
	other := tests[0].pair
	other.Header = "import Mathlib\nnoncomputable def x : ℕ := 3"
	ds, _ = j.Judge(context.Background(), []eval.Pair{other})
	if strings.HasPrefix(ds[0].Reason, "cached: ") {
		t.Errorf("a verdict proved under one header answered the pair under another: %+v", ds[0])
	}
}

// TestStartFailures: a REPL that cannot start, never answers or answers
// garbage is refused at Start with ErrREPL, and leaves no process.
func TestStartFailures(t *testing.T) {
	for _, tt := range []struct{ cmd, want string }{
		{"", "no command given"},
		{"exit 7", "it exited"},
		{fakeCommand(t, "silent"), "no answer within"},
		{fakeCommand(t, "garbage"), "not JSON"},
		{"/nonexistent/repl", "it exited; it said: .*not found"},
	} {
		_, err := Start(context.Background(), Config{Command: tt.cmd, Timeout: 2 * time.Second})
		if !errors.Is(err, ErrREPL) || !regexp.MustCompile(tt.want).MatchString(err.Error()) {
			t.Errorf("%q: %v, want ErrREPL with %q", tt.cmd, err, tt.want)
		}
	}
}

// TestCheckPositions: Check reports Lean's first error with its position
// in the statement; a compiling statement gives nil.
func TestCheckPositions(t *testing.T) {
	c := startFake(t, "script", 3*time.Second)
	m, err := c.Check(context.Background(), "import Mathlib", "theorem p : NOCOMPILE := by sorry")
	if err != nil || m == nil || m.Pos.Line != 1 || m.Pos.Column != 8 || !strings.Contains(m.Data, "unknown identifier") {
		t.Errorf("Check: %+v, %v", m, err)
	}
	if m, err := c.Check(context.Background(), "import Mathlib", "theorem p : 1 = 1"); m != nil || err != nil {
		t.Errorf("Check of a compiling statement: %+v, %v", m, err)
	}
	// A statement that could run code is refused without reaching Lean
	// (CRASH would end the fake REPL).
	m, err = c.Check(context.Background(), "import Mathlib", "theorem p : (by_elab CRASH) := sorry")
	if err != nil || m == nil || m.Pos.Line != 0 || !strings.Contains(m.Data, `rxeval did not give it to Lean: "by_elab" could run code`) {
		t.Errorf("Check of by_elab: %+v, %v", m, err)
	}
}

// TestCloseLeavesNoProcess: Close kills every REPL process.
func TestCloseLeavesNoProcess(t *testing.T) {
	c := startFake(t, "script", 3*time.Second)
	var pids []int
	for _, p := range c.all {
		if p.cmd != nil {
			pids = append(pids, p.cmd.Process.Pid)
		}
	}
	if len(pids) == 0 {
		t.Fatal("no process started")
	}
	c.Close()
	for _, pid := range pids {
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err == nil && !strings.Contains(string(stat), ") Z ") {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("process %d outlived Close", pid)
		}
	}
}

// TestStatementForms: the proof is cut at the top-level := (not one in a
// binder's default or a string), and every declaration form is renamed.
func TestStatementForms(t *testing.T) {
	for _, tt := range []struct{ in, proof, want string }{
		{"theorem t (x : ℕ := 3) : x = 3 := by simp", "sorry", "theorem t (x : ℕ := 3) : x = 3 := sorry"},
		{"theorem t (s : String) (h : s = \":=\") : True", "sorry", "theorem t (s : String) (h : s = \":=\") : True := sorry"},
		{"theorem t : True -- := hidden\n", "sorry", "theorem t : True -- := hidden := sorry"},
		{"theorem «a := (b» : True := trivial", "sorry", "theorem «a := (b» : True := sorry"},
	} {
		if got := WithProof(tt.in, tt.proof); got != tt.want {
			t.Errorf("WithProof(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	for _, tt := range []struct{ in, want string }{
		{"theorem foo.bar (x : ℕ) : x = x", "theorem NEW (x : ℕ) : x = x"},
		{"lemma foo : True", "theorem NEW : True"},
		{"@[simp] protected theorem foo : True", "@[simp] protected theorem NEW : True"},
		{"example : 1 = 1", "theorem NEW : 1 = 1"},
		{"1 = 1", "theorem NEW : 1 = 1"},
		// A «…» name is one name, spaces and all (issue 34.8).
		{"theorem «a b» (x : ℕ) : x = x", "theorem NEW (x : ℕ) : x = x"},
		{"theorem Foo.«my lemma».bar : True", "theorem NEW : True"},
		{"lemma «x:y» : True", "theorem NEW : True"},
	} {
		if got := Renamed(tt.in, "NEW"); got != tt.want {
			t.Errorf("Renamed(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestMemoryCeiling: a command that leaves the REPL over MaxRSS gets its
// answer, and the process is restarted for the next one (issue 21.1).
func TestMemoryCeiling(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc: the ceiling is Linux only")
	}
	c, err := Start(context.Background(), Config{Command: fakeCommand(t, "script"), Timeout: 10 * time.Second, MaxRSS: 150 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	p := c.all[0]
	pid := p.cmd.Process.Pid
	if _, err := c.Run(context.Background(), nil, "theorem t : HOG := sorry"); err != nil {
		t.Fatal(err)
	}
	if p.cmd != nil || p.restarts != 1 {
		t.Fatalf("after 300 MB over a 150 MB ceiling: process %v, %d restarts; want it ended", p.cmd != nil, p.restarts)
	}
	r, err := c.Run(context.Background(), nil, "theorem t : 1 = 1 := sorry")
	if err != nil || len(r.Errors()) != 0 {
		t.Fatalf("the next command: %+v, %v", r, err)
	}
	if p.cmd == nil || p.cmd.Process.Pid == pid {
		t.Errorf("the next command did not run in a new process")
	}
}

// fakeCommandLogged is fakeCommand with every command the fake receives
// appended to the file it returns (fakerepl's $RXEVAL_FAKE_LOG) and mark
// as its $RXEVAL_FAKE_MARK.
func fakeCommandLogged(t *testing.T, mode string) (cmd, log, mark string) {
	t.Helper()
	dir := t.TempDir()
	log, mark = filepath.Join(dir, "log"), filepath.Join(dir, "mark")
	return "RXEVAL_FAKE_LOG='" + log + "' RXEVAL_FAKE_MARK='" + mark + "' " + fakeCommand(t, mode), log, mark
}

// commandsLike counts the commands of a fake's log that hold part.
func commandsLike(t *testing.T, log, part string) int {
	t.Helper()
	data, err := os.ReadFile(log)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		if strings.Contains(line, part) {
			n++
		}
	}
	return n
}

// TestRefusalIsAFailure: a protocol answer ({"message": "Unknown
// environment."}, no env: the REPL refused the command, Lean said nothing
// about the statement) is a REPL failure: the process is restarted and the
// command tried once more; refused again, the pair is undecided and marked
// failed, never "not equivalent", never cached (issue 34.5).
func TestRefusalIsAFailure(t *testing.T) {
	cmd, log, _ := fakeCommandLogged(t, "script")
	c, err := Start(context.Background(), Config{Command: cmd, Parallel: 1, Timeout: 10 * time.Second, MaxFailures: 10})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	cache, err := verdictcache.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer cache.Close()
	j := BEqJudge{Client: c, Cache: cache}
	for _, tt := range []struct {
		name string
		pair eval.Pair
	}{
		{"the prediction refused", correction("theorem g : 1 = 1 := sorry", "theorem p : REFUSE := sorry")},
		{"the gold refused, the prediction not compiling", correction("theorem g : REFUSE := sorry", "theorem p : NOCOMPILE := sorry")},
		{"the gold refused", correction("theorem g : REFUSE := sorry", "theorem p : 1 = 1 := sorry")},
	} {
		before := commandsLike(t, log, "REFUSE")
		ds, err := j.Judge(context.Background(), []eval.Pair{tt.pair})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		d := ds[0]
		if d.Verdict != eval.Undecided || !d.Failed || !strings.Contains(d.Reason, "refused") || strings.Contains(d.Reason, "compile") {
			t.Errorf("%s: %v failed=%v (%s), want undecided, failed, the refusal named", tt.name, d.Verdict, d.Failed, d.Reason)
		}
		if n := commandsLike(t, log, "REFUSE") - before; n != 2 {
			t.Errorf("%s: the refused command was sent %d times, want 2 (once, then once more in a fresh process)", tt.name, n)
		}
		if _, ok := cache.Get(verdictcache.Key(j.Name(), c.Version, ScriptVersion+"\x00"+tt.pair.Header, tt.pair)); ok {
			t.Errorf("%s: a refusal was cached", tt.name)
		}
	}
	// Refused once, answered in the fresh process: the pair is judged.
	ds, err := j.Judge(context.Background(), []eval.Pair{correction("theorem g : REFUSE_ONCE := sorry", "theorem p : REFUSE_ONCE := sorry")})
	if err != nil || ds[0].Verdict != eval.Equivalent {
		t.Errorf("a refusal the retry does not repeat: %+v, %v", ds[0], err)
	}
}

// endless is a REPL's standard output that writes "x" forever, with no
// newline; it counts what was read from it and, as a safety net for a
// reader without a bound, ends after limit bytes.
type endless struct{ read, limit int }

func (e *endless) Read(b []byte) (int, error) {
	if e.read >= e.limit {
		return 0, io.EOF
	}
	n := min(len(b), e.limit-e.read)
	for i := range b[:n] {
		b[i] = 'x'
	}
	e.read += n
	return n, nil
}

// TestAnswerCapWithoutNewline: an answer that never ends (no newline, no
// blank line) is read in bounded pieces and refused at the 16 MB cap: what
// was read from the REPL is counted, not timed (issue 34.3; a 4 GB rxeval
// died out of memory before).
func TestAnswerCapWithoutNewline(t *testing.T) {
	src := &endless{limit: 4 * maxAnswer}
	_, err := readAnswer(bufio.NewReaderSize(src, 64<<10))
	if !errors.Is(err, ErrAnswerTooLarge) {
		t.Errorf("an endless answer: %v, want ErrAnswerTooLarge", err)
	}
	if src.read > maxAnswer+64<<10 {
		t.Errorf("%d bytes read from an endless answer; want at most the cap and one buffer (%d)", src.read, maxAnswer+64<<10)
	}
	// Endless lines are refused the same way.
	lines := io.MultiReader(strings.NewReader("{\"env\": 0,\n"), &endless{limit: 4 * maxAnswer})
	if _, err := readAnswer(bufio.NewReaderSize(lines, 64<<10)); !errors.Is(err, ErrAnswerTooLarge) {
		t.Errorf("an endless second line: %v", err)
	}
	// An answer just under the cap, in one line, is read whole.
	big := "{\"env\": 0, \"pad\": \"" + strings.Repeat("y", maxAnswer-64) + "\"}\n\n"
	raw, err := readAnswer(bufio.NewReaderSize(strings.NewReader(big), 64<<10))
	if err != nil || len(raw) != len(big)-1 {
		t.Errorf("an answer under the cap: %d bytes, %v", len(raw), err)
	}
}

// TestStopsAfterFailuresInARow: a REPL that fails pair after pair (here it
// crashes on each) is given MaxFailures pairs, then the judge stops with
// ErrStopped (exit 3 for the CLI), as --max-failures stops a model judge;
// the verdicts given before stay cached (issue 34.4). The work is counted
// in the commands the REPL received.
func TestStopsAfterFailuresInARow(t *testing.T) {
	cmd, log, _ := fakeCommandLogged(t, "script")
	c, err := Start(context.Background(), Config{Command: cmd, Parallel: 1, Timeout: 10 * time.Second, MaxFailures: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	cache, err := verdictcache.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer cache.Close()
	j := BEqJudge{Client: c, Cache: cache}
	good := correction("theorem g (x : ℕ) : x = x := sorry", "theorem p (x : ℕ) : x = x := sorry")
	pairs := []eval.Pair{good}
	for k := range 10 {
		pairs = append(pairs, correction("theorem g : 1 = 1 := sorry", fmt.Sprintf("theorem p%d : CRASH := sorry", k)))
	}
	_, err = j.Judge(context.Background(), pairs)
	if !errors.Is(err, ErrStopped) || !errors.Is(err, ErrREPL) || !strings.Contains(err.Error(), "3 pairs in a row") {
		t.Errorf("Judge: %v, want ErrStopped after 3 pairs in a row", err)
	}
	if n := commandsLike(t, log, "CRASH"); n != 3 {
		t.Errorf("the REPL was given %d crashing pairs, want 3", n)
	}
	if _, ok := cache.Get(verdictcache.Key(j.Name(), c.Version, ScriptVersion+"\x00"+good.Header, good)); !ok {
		t.Errorf("the verdict given before the stop is not cached")
	}
	// Stopped, the client sends nothing more.
	before := commandsLike(t, log, "")
	if _, err := c.Check(context.Background(), "import Mathlib", "theorem t : 1 = 1"); !errors.Is(err, ErrStopped) {
		t.Errorf("Check after the stop: %v", err)
	}
	if n := commandsLike(t, log, ""); n != before {
		t.Errorf("%d commands sent after the stop", n-before)
	}

	// A success in between resets the count.
	c2, err := Start(context.Background(), Config{Command: fakeCommand(t, "script"), Parallel: 1, Timeout: 10 * time.Second, MaxFailures: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	crash := correction("theorem g : 1 = 1 := sorry", "theorem p : CRASH := sorry")
	if _, err := (BEqJudge{Client: c2}).Judge(context.Background(), []eval.Pair{crash, good, crash, good}); err != nil {
		t.Errorf("failures not in a row stopped the judge: %v", err)
	}
}

// TestEndlessAnswerStops: a REPL that writes without end is read up to the
// 16 MB cap, then the judge stops (ErrAnswerTooLarge within ErrStopped:
// exit 3), naming the REPL; the verdicts given before stay cached (issue
// 34.3).
func TestEndlessAnswerStops(t *testing.T) {
	c, err := Start(context.Background(), Config{Command: fakeCommand(t, "script"), Parallel: 1, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	cache, err := verdictcache.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer cache.Close()
	j := BEqJudge{Client: c, Cache: cache}
	good := correction("theorem g (x : ℕ) : x = x := sorry", "theorem p (x : ℕ) : x = x := sorry")
	flood := correction("theorem g : 1 = 1 := sorry", "theorem p : FLOOD := sorry")
	_, err = j.Judge(context.Background(), []eval.Pair{good, flood, good})
	if !errors.Is(err, ErrAnswerTooLarge) || !errors.Is(err, ErrStopped) || !strings.Contains(err.Error(), "Lean REPL") {
		t.Errorf("Judge: %v, want ErrAnswerTooLarge and ErrStopped", err)
	}
	if _, ok := cache.Get(verdictcache.Key(j.Name(), c.Version, ScriptVersion+"\x00"+good.Header, good)); !ok {
		t.Errorf("the verdict given before the endless answer is not cached")
	}
}

// gone says whether process pid is gone: no such process, or a zombie some
// other process (init) is about to reap.
func gone(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	return len(f) > 1 && f[0] == "Z" && f[1] != strconv.Itoa(os.Getpid())
}

// waitGone waits for pid to be gone, with a generous safety net; it kills
// a survivor so that a failing test leaves nothing behind.
func waitGone(t *testing.T, what string, pid int) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !gone(pid) {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			stat, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
			t.Errorf("%s (pid %d) outlived the REPL's end", what, pid)
			t.Logf("stat: %s (self %d)", stat, os.Getpid())
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func readPid(t *testing.T, file string) int {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		data, err := os.ReadFile(file)
		if pid, e := strconv.Atoi(strings.TrimSpace(string(data))); err == nil && e == nil {
			return pid
		}
		if time.Now().After(deadline) {
			t.Fatalf("no pid in %s", file)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestDescendantsDie: a REPL command whose shell forks children, one of
// them in a session and process group of its own (setsid), leaves none
// behind when the process is restarted or the client closed: rxeval kills
// its process group and every process started under it, and reaps those
// it adopted as a subreaper (issue 34.2).
func TestDescendantsDie(t *testing.T) {
	if _, err := os.Stat("/proc/self/environ"); err != nil {
		t.Skip("no /proc")
	}
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid")
	}
	dir := t.TempDir()
	cmd := "sleep 1000 & echo $! > " + dir + "/sleep.$$; setsid sleep 1000 & echo $! > " + dir + "/setsid.$$; " + fakeCommand(t, "script")
	c, err := Start(context.Background(), Config{Command: cmd, Parallel: 1, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	pids := func() (sleep, setsid int) {
		sh := shellOf(t, c.all[0].cmd.Process.Pid)
		sleep, setsid = readPid(t, fmt.Sprintf("%s/sleep.%d", dir, sh)), readPid(t, fmt.Sprintf("%s/setsid.%d", dir, sh))
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			// Its own session once setsid ran (stat field 6).
			stat, _ := os.ReadFile("/proc/" + strconv.Itoa(setsid) + "/stat")
			f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
			if len(f) > 3 && f[3] == strconv.Itoa(setsid) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("process %d never left the REPL's session", setsid)
			}
		}
	}
	// A restart (a crash here) ends the old process's descendants.
	s1, d1 := pids()
	// Its children hold its output open: the crash is seen as one, not
	// as a command without an answer (which cost the whole timeout).
	if _, err := c.Run(context.Background(), nil, "CRASH"); !errors.Is(err, ErrREPL) || !strings.Contains(err.Error(), "it exited") {
		t.Fatalf("CRASH: %v, want it exited", err)
	}
	waitGone(t, "a child of the crashed REPL's shell", s1)
	waitGone(t, "a child of the crashed REPL's shell in its own session", d1)
	if _, err := c.Run(context.Background(), nil, "theorem t : 1 = 1 := sorry"); err != nil {
		t.Fatal(err)
	}
	s2, d2 := pids()
	c.Close()
	waitGone(t, "a child of the REPL's shell", s2)
	waitGone(t, "a child of the REPL's shell in its own session", d2)
}

// shellOf returns the REPL's shell: the process the supervisor sup started
// (on Linux the REPL command runs under one).
func shellOf(t *testing.T, sup int) int {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/children", sup, sup))
		if f := strings.Fields(string(b)); len(f) > 0 {
			pid, _ := strconv.Atoi(f[0])
			return pid
		}
	}
	t.Fatalf("supervisor %d started no shell", sup)
	return 0
}

// TestNoOrphanOnAnyExit: processes under the REPL that left its process
// group and session and dropped rxeval's environment marker (setsid env
// -i), one of them after a double fork, are ended when the client closes,
// and when rxeval dies by SIGKILL or ends by SIGQUIT (exit 131), which no
// deferred Close sees (atk34 rows 3, 4, 5, 7, 9).
func TestNoOrphanOnAnyExit(t *testing.T) {
	for _, tool := range []string{"setsid", "env", "sleep"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip("no " + tool)
		}
	}
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc")
	}
	exe, _ := os.Executable()
	for _, how := range []string{"close", "SIGKILL", "SIGQUIT"} {
		t.Run(how, func(t *testing.T) {
			dir := t.TempDir()
			repl := "setsid env -i sh -c 'echo $$ > " + dir + "/a; exec sleep 1001' & " +
				"(setsid env -i sh -c 'echo $$ > " + dir + "/b; exec sleep 1002' &); " + fakeCommand(t, "script")
			var pids []int
			wait := func() {
				for _, f := range []string{"a", "b"} {
					pids = append(pids, readPid(t, dir+"/"+f))
				}
			}
			switch how {
			case "close":
				c, err := Start(context.Background(), Config{Command: repl, Timeout: 10 * time.Second})
				if err != nil {
					t.Fatal(err)
				}
				wait()
				c.Close()
			default:
				cmd := exec.Command(exe)
				cmd.Env = append(os.Environ(), "RXEVAL_TEST_CLIENT="+repl)
				out, _ := cmd.StdoutPipe()
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				line, _ := bufio.NewReader(out).ReadString('\n')
				if line != "started\n" {
					cmd.Process.Kill()
					t.Fatalf("the client said %q", line)
				}
				wait()
				sig := map[string]syscall.Signal{"SIGKILL": syscall.SIGKILL, "SIGQUIT": syscall.SIGQUIT}[how]
				cmd.Process.Signal(sig)
				err := cmd.Wait()
				var ee *exec.ExitError
				if how == "SIGQUIT" && (!errors.As(err, &ee) || ee.ExitCode() != 131) {
					t.Errorf("after SIGQUIT: %v, want exit status 131", err)
				}
			}
			for _, pid := range pids {
				waitGone(t, "a setsid env -i process under the REPL", pid)
			}
		})
	}
}

// TestNoZombieOfAHelper: a helper under the REPL outside its group and
// environment (setsid env -i) that exits by itself while the REPL runs is
// reaped, not left a zombie of rxeval's or of the supervisor's, restart
// after restart (atk34 row 12).
func TestNoZombieOfAHelper(t *testing.T) {
	for _, tool := range []string{"setsid", "env", "sleep"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip("no " + tool)
		}
	}
	dir := t.TempDir()
	repl := "(setsid env -i sh -c 'echo $$ > " + dir + "/h.$$; exec sleep 0.1' &); " + fakeCommand(t, "script")
	c, err := Start(context.Background(), Config{Command: repl, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for range 3 { // three processes, each with its helper
		if _, err := c.Run(context.Background(), nil, "CRASH"); !errors.Is(err, ErrREPL) {
			t.Fatalf("CRASH: %v", err)
		}
		if _, err := c.Run(context.Background(), nil, "theorem t : 1 = 1 := sorry"); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := filepath.Glob(dir + "/h.*")
	if len(files) < 3 {
		t.Fatalf("%d helpers started, want 4", len(files))
	}
	for _, f := range files {
		pid := readPid(t, f)
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			if _, state, _ := procStat(pid); state == "" {
				break // exited and reaped
			}
			if time.Now().After(deadline) {
				parent, state, _ := procStat(pid)
				t.Fatalf("helper %d is still there (state %s, parent %d, this test %d)", pid, state, parent, os.Getpid())
			}
		}
	}
}

// TestREPLThatStopsReading: a REPL that reads no command (its input pipe
// fills with a correction over the pipe's 64 KB) costs one timeout, and a
// cancelled context ends the wait at once: the write is under both
// (round 3b B2: it blocked for ever, Ctrl-C ignored).
func TestREPLThatStopsReading(t *testing.T) {
	big := "theorem t : " + strings.Repeat("1 + ", 64<<10) + "1 = 1 := sorry"
	c, err := Start(context.Background(), Config{Command: fakeCommand(t, "twist:deaf-after=3"), Parallel: 1, Timeout: time.Second, MaxFailures: 100})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Check(context.Background(), "", big); !errors.Is(err, ErrREPL) || !errors.Is(err, ErrNoAnswer) {
		t.Errorf("a REPL that reads nothing: %v, want a REPL failure with no answer", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	c2, err := Start(ctx, Config{Command: fakeCommand(t, "twist:deaf-after=3"), Parallel: 1, Timeout: time.Hour, MaxFailures: 100})
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	done := make(chan error, 1)
	go func() { _, err := c2.Check(ctx, "", big); done <- err }()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled: %v, want context.Canceled", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("a cancelled Check still waits on a REPL that reads nothing")
	}
}

// TestNoOrphanWhenTheSupervisorIsKilled: a REPL that starts a helper
// outside its group and environment (setsid env -i), then kills or stops
// its own supervisor, leaves no process once the client closes: the
// helper, adopted by rxeval (a subreaper), is ended by rxeval (round 3b
// B3, R38 and R39: it was left with parent 1).
func TestNoOrphanWhenTheSupervisorIsKilled(t *testing.T) {
	for _, tool := range []string{"setsid", "env", "sleep", "kill"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip("no " + tool)
		}
	}
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc")
	}
	for _, sig := range []string{"KILL", "STOP"} {
		t.Run(sig, func(t *testing.T) {
			dir := t.TempDir()
			// the shell's parent is the supervisor
			repl := "setsid env -i sh -c 'echo $$ > " + dir + "/h; exec sleep 1003' & sleep 0.2; kill -" + sig + " $PPID; " + fakeCommand(t, "script")
			c, err := Start(context.Background(), Config{Command: repl, Timeout: 3 * time.Second, MaxFailures: 100})
			if err == nil {
				c.Run(context.Background(), nil, "theorem t : 1 = 1 := sorry")
			}
			helper := readPid(t, dir+"/h")
			if c != nil {
				c.Close()
			}
			waitGone(t, "a setsid env -i helper whose supervisor was killed", helper)
		})
	}
}
