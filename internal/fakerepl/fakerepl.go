// Package fakerepl is a stand-in for the Lean community REPL in tests: it
// speaks the REPL's protocol (blank-line-separated JSON on standard input
// and output) and answers by rules a test steers with the texts it sends,
// or replays a transcript the real REPL recorded. No Lean is involved.
package fakerepl

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// Main runs the fake REPL in a mode: "script", "twist:TWISTS" (the script
// with its answers bent: twist.go), "replay:FILE" (a *.expected.out
// transcript), "silent" (never answers) or "garbage".
//
// With $RXEVAL_FAKE_LOG set, every command's text is appended to that file,
// one JSON string a line, as it arrives: tests count the work a REPL was
// given instead of timing it.
func Main(mode string) int {
	switch {
	case strings.HasPrefix(mode, "replay:"):
		replay(strings.TrimPrefix(mode, "replay:"))
	case mode == "script":
		script()
	case strings.HasPrefix(mode, "twist:"):
		twist(strings.TrimPrefix(mode, "twist:")) // twist.go
	case mode == "silent":
		io.Copy(io.Discard, os.Stdin)
		time.Sleep(time.Hour)
	case mode == "garbage":
		readCommands(func(map[string]any) bool { os.Stdout.WriteString("this is not JSON\n\n"); return true })
	default:
		fmt.Fprintln(os.Stderr, "unknown fake mode", mode)
		return 2
	}
	return 0
}

// readCommands calls f with each blank-line-separated JSON command on
// standard input until f says stop or the input ends.
func readCommands(f func(map[string]any) bool) {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(nil, 16<<20)
	var block bytes.Buffer
	for sc.Scan() {
		line := sc.Bytes()
		if len(bytes.TrimSpace(line)) > 0 {
			block.Write(line)
			block.WriteByte('\n')
			continue
		}
		if block.Len() == 0 {
			continue
		}
		var cmd map[string]any
		err := json.Unmarshal(block.Bytes(), &cmd)
		if log := os.Getenv("RXEVAL_FAKE_LOG"); log != "" && err == nil {
			logCommand(log, cmd)
		}
		if err != nil {
			fmt.Printf("{\"message\": %q}\n\n", err.Error())
		} else if !f(cmd) {
			return
		}
		block.Reset()
	}
}

// logCommand appends the command's text to the file log.
func logCommand(log string, cmd map[string]any) {
	f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return
	}
	b, _ := json.Marshal(cmd["cmd"])
	f.Write(append(b, '\n'))
	f.Close()
}

// replay answers the n-th command with the n-th answer of a recorded
// transcript (test/*.expected.out of leanprover-community/repl), exactly
// as the real REPL wrote it.
func replay(name string) {
	data, err := os.ReadFile(name)
	if err != nil {
		panic(err)
	}
	answers := strings.Split(strings.TrimSpace(string(data)), "\n\n")
	n := 0
	readCommands(func(map[string]any) bool {
		if n < len(answers) {
			os.Stdout.WriteString(answers[n] + "\n\n")
		}
		n++
		return true
	})
}

// script is a REPL with rules a test can steer by the texts it sends:
//   - "#eval Lean.versionString" prints a version; Mathlib's is unknown;
//   - a command holding NOCOMPILE is an error at line 1, column 8;
//   - HANG never answers; CRASH exits; FLOOD writes "x" forever, with no
//     newline (an answer without end);
//   - REFUSE is refused as the REPL refuses a command it cannot run:
//     {"message": "Unknown environment."}, a protocol answer with no env;
//     REFUSE_ONCE is refused only while the file $RXEVAL_FAKE_MARK does not
//     exist (it is created then): a refusal a fresh process does not repeat;
//   - a proof of rxeval_goal succeeds when the goal's statement (after its
//     name) equals the axiom rxeval_hyp's, or when it holds PROVABLE_ALONE;
//     ONEWAY in the hypothesis blocks the proof; exact? names rxeval_hyp
//     only when it used it;
//   - "#print axioms rxeval_goal" after a proof lists propext, rxeval_hyp
//     when the proof used it, sorryAx when the goal holds USES_SORRY and
//     Lean.ofReduceBool when it holds NATIVE; NOHYP: a proof that does not
//     use rxeval_hyp, found only when rxeval_hyp is a real statement.
func script() {
	envs := map[int]string{} // env -> the text of the layers behind it
	next := 0
	answer := func(v any) {
		b, _ := json.Marshal(v)
		os.Stdout.Write(append(b, '\n', '\n'))
	}
	readCommands(func(cmd map[string]any) bool {
		text, _ := cmd["cmd"].(string)
		base := ""
		if e, ok := cmd["env"].(float64); ok {
			base = envs[int(e)]
		}
		switch {
		case strings.Contains(text, "HANG"):
			time.Sleep(time.Hour)
		case strings.Contains(text, "CRASH"):
			os.Exit(3)
		case strings.Contains(text, "FLOOD"):
			chunk := bytes.Repeat([]byte("x"), 64<<10)
			for {
				if _, err := os.Stdout.Write(chunk); err != nil {
					os.Exit(0) // the reader is gone
				}
			}
		case strings.Contains(text, "REFUSE_ONCE"):
			if mark := os.Getenv("RXEVAL_FAKE_MARK"); mark != "" {
				if _, err := os.Stat(mark); err != nil {
					os.WriteFile(mark, nil, 0o644)
					answer(map[string]any{"message": "Unknown environment."})
					return true
				}
			}
		case strings.Contains(text, "REFUSE"):
			answer(map[string]any{"message": "Unknown environment."})
			return true
		case strings.Contains(text, "HOG"):
			// Hold 300 MB, touched, for the memory ceiling.
			hog = make([]byte, 300<<20)
			for i := range hog {
				if i%4096 == 0 {
					hog[i] = 1
				}
			}
		case strings.Contains(text, "Lean.versionString"):
			answer(map[string]any{"env": next, "messages": []map[string]any{{"severity": "info", "pos": map[string]int{"line": 1, "column": 0}, "data": `"4.99.0-fake"`}}})
			next++
			return true
		case strings.Contains(text, "mathlibVersion"):
			answer(map[string]any{"env": next, "messages": []map[string]any{{"severity": "error", "pos": map[string]int{"line": 1, "column": 6}, "data": "unknown identifier"}}})
			next++
			return true
		case strings.Contains(text, "NOCOMPILE"):
			answer(map[string]any{"env": next, "messages": []map[string]any{{"severity": "error", "pos": map[string]int{"line": 1, "column": 8}, "data": "unknown identifier 'NOCOMPILE'"}}})
			next++
			return true
		}
		msgs := []map[string]any{}
		if strings.Contains(text, "theorem rxeval_goal") && strings.Contains(text, ":= by") {
			goal := statementOf(text, "rxeval_goal")
			hyp := statementOf(base, "rxeval_hyp")
			useless := strings.Contains(base, "axiom rxeval_hyp : True")
			norm := func(s string) string {
				return strings.Join(strings.Fields(strings.NewReplacer("ONEWAY", "", "USES_SORRY", "", "NATIVE", "", "NOHYP", "").Replace(s)), " ")
			}
			same := norm(hyp) == norm(goal)
			proved := strings.Contains(text, "PROVABLE_ALONE") || strings.Contains(text, "NOHYP") && !useless || !useless && same && !strings.Contains(hyp, "ONEWAY")
			if !proved {
				msgs = append(msgs, map[string]any{"severity": "error", "pos": map[string]int{"line": 2, "column": 2}, "data": "unsolved goals"})
			} else if strings.Contains(text, "exact?") {
				used := "exact rxeval_hyp"
				if useless || strings.Contains(text, "PROVABLE_ALONE") {
					used = "exact trivial_lemma"
				}
				msgs = append(msgs, map[string]any{"severity": "info", "pos": map[string]int{"line": 2, "column": 2}, "data": "Try this:\n  [apply] " + used})
			}
			if proved && strings.Contains(text, "#print axioms rxeval_goal") {
				axioms := []string{"propext"}
				if !useless && !strings.Contains(text, "NOHYP") {
					axioms = append(axioms, "rxeval_hyp")
				}
				if strings.Contains(text, "USES_SORRY") {
					axioms = append(axioms, "sorryAx")
				}
				if strings.Contains(text, "NATIVE") {
					axioms = append(axioms, "Lean.ofReduceBool")
				}
				msgs = append(msgs, map[string]any{"severity": "info", "pos": map[string]int{"line": 4, "column": 0}, "data": "'rxeval_goal' depends on axioms: [" + strings.Join(axioms, ",\n ") + "]"})
			}
		}
		envs[next] = base + "\n" + text
		answer(map[string]any{"env": next, "messages": msgs})
		next++
		return true
	})
}

// hog keeps the memory a HOG command took.
var hog []byte

// statementOf returns what follows "theorem NAME" or "axiom NAME" up to
// ":=" or a "#" command in text.
func statementOf(text, name string) string {
	i, kw := strings.LastIndex(text, "theorem "+name), "theorem "
	if j := strings.LastIndex(text, "axiom "+name); j > i {
		i, kw = j, "axiom "
	}
	if i < 0 {
		return ""
	}
	s := text[i+len(kw+name):]
	if j := strings.Index(s, ":="); j >= 0 {
		s = s[:j]
	}
	if j := strings.Index(s, "#"); j >= 0 {
		s = s[:j]
	}
	return strings.Join(strings.Fields(s), " ")
}
