package fakerepl

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// twist runs the script REPL with its answers bent by the twists named in
// spec (comma-separated), as a REPL that misbehaves at the protocol level
// would bend them; each twist sees the command an answer is for:
//   - header-flaky: an "import …" command is an error in every process but
//     the first that elaborates one (its pid is written to
//     $RXEVAL_FAKE_MARK): a header that fails in one process only (out of
//     memory, .olean files being rewritten);
//   - header-fails: every "import …" command is an error;
//   - true-layer-fails: "axiom rxeval_hyp : True" (BEq+'s A.6 guard) is an
//     error;
//   - dup-after=N: the answer to the process's N-th command is written
//     twice, so that every later answer is the one before;
//   - dup-fresh-after=N: as dup-after, the second copy with an env never
//     given (1000 + N);
//   - deaf-after=N: after N commands it reads nothing more (its input
//     pipe fills, and a writer blocks);
//   - banner: an answer no command asked for, env 0, is written first;
//   - neg-env: an "import …" command is answered env -1;
//   - env-and-message: an answer to a command with an env carries the
//     refusal "Unknown environment." beside its own env;
//   - mathlib-hang: the query of Mathlib's version is never answered;
//   - version=N: Lean's version is N bytes holding terminal escapes;
//   - esc: a command with a sorry that Lean accepted is an error whose
//     message holds terminal escapes (OSC, CSI, CR, RLO).
func twist(spec string) {
	tw := map[string]string{}
	for _, part := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(part, "=")
		tw[k] = v
	}
	realIn, realOut := os.Stdin, os.Stdout
	inR, inW, err := os.Pipe()
	if err != nil {
		panic(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		panic(err)
	}
	os.Stdin, os.Stdout = inR, outW
	var mu sync.Mutex
	var queue []map[string]any // the commands forwarded, not yet answered
	go func() {
		// Commands in: each queued, then given to the script.
		sc := bufio.NewScanner(realIn)
		sc.Buffer(nil, 16<<20)
		var block bytes.Buffer
		received := 0
		for sc.Scan() {
			if line := sc.Bytes(); len(bytes.TrimSpace(line)) > 0 {
				block.Write(line)
				block.WriteByte('\n')
				continue
			}
			if block.Len() == 0 {
				continue
			}
			var cmd map[string]any
			json.Unmarshal(block.Bytes(), &cmd)
			mu.Lock()
			queue = append(queue, cmd)
			mu.Unlock()
			inW.Write(append(block.Bytes(), '\n'))
			block.Reset()
			if received++; tw["deaf-after"] == strconv.Itoa(received) {
				select {} // reads no more
			}
		}
		inW.Close()
	}()
	if _, ok := tw["banner"]; ok {
		realOut.Write([]byte(`{"env": 0, "messages": []}` + "\n\n"))
	}
	done := make(chan struct{})
	go func() {
		// Answers out: each bent by the twists for the command it answers.
		defer close(done)
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 16<<20)
		n := 0
		for sc.Scan() {
			line := sc.Bytes()
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			mu.Lock()
			var cmd map[string]any
			if len(queue) > 0 {
				cmd, queue = queue[0], queue[1:]
			}
			mu.Unlock()
			n++
			var ans map[string]any
			if json.Unmarshal(line, &ans) != nil {
				realOut.Write(append(line, '\n', '\n'))
				continue
			}
			text, _ := cmd["cmd"].(string)
			if _, ok := tw["mathlib-hang"]; ok && strings.Contains(text, "mathlibVersion") {
				continue // never answered
			}
			bend(tw, cmd, text, ans)
			b, _ := json.Marshal(ans)
			realOut.Write(append(b, '\n', '\n'))
			if k, ok := tw["dup-after"]; ok && strconv.Itoa(n) == k {
				realOut.Write(append(b, '\n', '\n'))
			}
			if k, ok := tw["dup-fresh-after"]; ok && strconv.Itoa(n) == k {
				ans["env"] = 1000 + n
				b, _ := json.Marshal(ans)
				realOut.Write(append(b, '\n', '\n'))
			}
		}
	}()
	script()
	outW.Close()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
	}
}

// bend changes the answer ans to the command cmd (its text) as the twists
// tw say.
func bend(tw map[string]string, cmd map[string]any, text string, ans map[string]any) {
	fail := func(data string) {
		msgs, _ := ans["messages"].([]any)
		ans["messages"] = append(msgs, map[string]any{"severity": "error", "pos": map[string]int{"line": 1, "column": 0}, "data": data})
	}
	_, flaky := tw["header-flaky"]
	_, fails := tw["header-fails"]
	if strings.HasPrefix(text, "import") && (fails || flaky && !firstImporter()) {
		fail("unknown package 'Mathlib' (fake: this process)")
	}
	if _, ok := tw["true-layer-fails"]; ok && text == "axiom rxeval_hyp : True" {
		fail("(deterministic) timeout, maximum number of heartbeats (200000)")
	}
	if _, ok := tw["neg-env"]; ok && strings.HasPrefix(text, "import") {
		ans["env"] = -1
	}
	if _, ok := tw["env-and-message"]; ok && cmd["env"] != nil {
		ans["message"] = "Unknown environment."
	}
	if _, ok := tw["esc"]; ok && strings.Contains(text, "sorry") {
		if msgs, _ := ans["messages"].([]any); len(msgs) == 0 {
			fail("\x1b]0;pwned\x07\x1b[2J\x1b[31mred\rFAKE LINE\u202eevil")
		}
	}
	if v, ok := tw["version"]; ok && strings.Contains(text, "Lean.versionString") {
		n, _ := strconv.Atoi(v)
		ans["messages"] = []map[string]any{{"severity": "info", "pos": map[string]int{"line": 1, "column": 0},
			"data": `"` + "\x1b]0;pwned\x07\x1b[31m<b>\n" + strings.Repeat("V", max(0, n-20)) + `"`}}
	}
}

// firstImporter says whether this process is the first to elaborate an
// import: the first one that asks writes its pid to $RXEVAL_FAKE_MARK.
func firstImporter() bool {
	mark := os.Getenv("RXEVAL_FAKE_MARK")
	pid := fmt.Sprint(os.Getpid())
	if data, err := os.ReadFile(mark); err == nil {
		return string(data) == pid
	}
	os.WriteFile(mark, []byte(pid), 0o644)
	return true
}
