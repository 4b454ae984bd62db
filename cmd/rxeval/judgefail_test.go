package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/ollama/ollama/api"
)

// equivalentReply is the fake model's usable answer.
const equivalentReply = `{"equivalent": true, "reason": "fake"}`

// fakeOllama is a fake Ollama server on 127.0.0.1 serving model m with
// digest: version, tags and chat. Chat calls go to reply, which returns an
// HTTP status and, for 200, the model's message.
func fakeOllama(t *testing.T, digest string, reply func(n int64, user string) (int, string)) (*httptest.Server, *atomic.Int64) {
	var calls atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("/api/version", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, `{"version":"0.0.0-fake"}`) })
	mux.HandleFunc("/api/tags", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"models":[{"name":"m:latest","model":"m:latest","digest":%q}]}`, digest)
	})
	mux.HandleFunc("/api/chat", func(w http.ResponseWriter, r *http.Request) {
		var req api.ChatRequest
		json.NewDecoder(r.Body).Decode(&req)
		status, content := reply(calls.Add(1), req.Messages[len(req.Messages)-1].Content)
		if status != 200 {
			w.WriteHeader(status)
			io.WriteString(w, `{"error":"fake failure"}`)
			return
		}
		json.NewEncoder(w).Encode(api.ChatResponse{Model: "m", Message: api.Message{Role: "assistant", Content: content}, Done: true})
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv, &calls
}

// fakeJudgeServer is fakeOllama answering "equivalent" with the status
// reply returns.
func fakeJudgeServer(t *testing.T, reply func(n int64, user string) int) (*httptest.Server, *atomic.Int64) {
	return fakeOllama(t, "sha256-fake", func(n int64, user string) (int, string) { return reply(n, user), equivalentReply })
}

func runCLI(args ...string) (string, string, int) {
	var o, e bytes.Buffer
	code := run(args, &o, &e)
	return o.String(), e.String(), code
}

// TestJudgeServerFailureExitCodes: a server that fails on some pairs leaves
// them undecided; the report is written and the run exits 4 unless
// --allow-undecided. A server that fails on everything stops the run with
// exit 3 after --max-failures pairs.
func TestJudgeServerFailureExitCodes(t *testing.T) {
	gold, preds := "../../testdata/example/gold.jsonl", "../../testdata/example/predictions.jsonl"
	inputs := "../../testdata/example/inputs.jsonl"
	cache := filepath.Join(t.TempDir(), "v.db")

	// The model judge sees only what the offline judges leave: one pair in
	// the example. It fails with 500 every time.
	srv, _ := fakeJudgeServer(t, func(int64, string) int { return 500 })
	base := []string{"score", "--gold", gold, "--inputs", inputs, "--judge", "ollama:m", "--ollama-host", srv.URL, "--cache", cache, "--retries", "0"}
	stdout, stderr, code := runCLI(append(base, "--max-failures", "5", preds)...)
	if code != exitInexact {
		t.Errorf("exit %d, want %d\nstderr: %s", code, exitInexact, stderr)
	}
	if !strings.Contains(stdout, "joint accuracy") || !strings.Contains(stdout, "1 of them because a judge failed") {
		t.Errorf("the report is missing or does not say the judge failed:\n%s", stdout)
	}
	if !strings.Contains(stderr, "the judge failed on 1 stage-two pairs") || !strings.Contains(stderr, "--allow-undecided") {
		t.Errorf("stderr: %s", stderr)
	}
	if _, _, code := runCLI(append(base, "--max-failures", "5", "--allow-undecided", preds)...); code != exitOK {
		t.Errorf("--allow-undecided: exit %d, want 0", code)
	}
	// --max-failures 1: the first failed pair stops the run: exit 3.
	stdout, stderr, code = runCLI(append(base, "--max-failures", "1", preds)...)
	if code != exitJudge || stdout != "" || !strings.Contains(stderr, "the judge server keeps failing") {
		t.Errorf("exit %d (want %d), stdout %q, stderr %s", code, exitJudge, stdout, stderr)
	}
}

// TestRemoteHostIsUsage: refusing a non-loopback host is the user's
// decision to make (exit 2), not a judge that cannot run.
func TestRemoteHostIsUsage(t *testing.T) {
	_, stderr, code := runCLI("score", "--gold", "../../testdata/example/gold.jsonl", "--judge", "ollama:m", "--ollama-host", "http://10.1.2.3:11434", "--no-cache", "../../testdata/example/predictions.jsonl")
	if code != exitUsage || !strings.Contains(stderr, "--allow-remote-judge") {
		t.Errorf("exit %d, stderr %s", code, stderr)
	}
}

// TestUnusableRepliesExit4: a model whose replies never parse decides
// nothing; the run says so and exits 4 (unless --allow-undecided), as for
// a failing server, though the host is never dropped for it.
func TestUnusableRepliesExit4(t *testing.T) {
	srv, _ := fakeOllama(t, "sha256-fake", func(int64, string) (int, string) { return 200, "not json at all" })
	args := []string{"score", "--gold", "../../testdata/example/gold.jsonl", "--inputs", "../../testdata/example/inputs.jsonl",
		"--judge", "ollama-only:m", "--ollama-host", srv.URL, "--no-cache", "--max-failures", "1", "../../testdata/example/predictions.jsonl"}
	stdout, stderr, code := runCLI(args...)
	if code != exitInexact {
		t.Errorf("exit %d, want %d\nstderr: %s", code, exitInexact, stderr)
	}
	if !strings.Contains(stdout, "joint accuracy") || !strings.Contains(stderr, "because the model's reply was not the JSON object asked for") {
		t.Errorf("stdout:\n%s\nstderr:\n%s", stdout, stderr)
	}
	if _, _, code := runCLI(append(args[:len(args)-1], "--allow-undecided", args[len(args)-1])...); code != exitOK {
		t.Errorf("--allow-undecided: exit %d, want 0", code)
	}
}

// TestModelOptionsFromFlags: --judge-seed and --num-ctx reach every model
// call as Ollama's seed and num_ctx options, with temperature 0 (score's
// help says so).
func TestModelOptionsFromFlags(t *testing.T) {
	var mu sync.Mutex
	var seen []map[string]any
	mux := http.NewServeMux()
	mux.HandleFunc("/api/version", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, `{"version":"0.0.0-fake"}`) })
	mux.HandleFunc("/api/tags", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"models":[{"name":"m:latest","model":"m:latest","digest":"sha256:1"}]}`)
	})
	mux.HandleFunc("/api/chat", func(w http.ResponseWriter, r *http.Request) {
		var req api.ChatRequest
		json.NewDecoder(r.Body).Decode(&req)
		mu.Lock()
		seen = append(seen, req.Options)
		mu.Unlock()
		json.NewEncoder(w).Encode(api.ChatResponse{Model: "m", Message: api.Message{Role: "assistant", Content: equivalentReply}, Done: true})
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	_, stderr, code := runCLI("score", "--gold", exGold, "--inputs", exInputs, "--judge", "ollama-only:m", "--ollama-host", srv.URL,
		"--no-cache", "--judge-seed", "7", "--num-ctx", "4096", exPreds)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if len(seen) == 0 {
		t.Fatal("no model call")
	}
	for _, o := range seen {
		if o["seed"] != float64(7) || o["num_ctx"] != float64(4096) || o["temperature"] != float64(0) {
			t.Errorf("options %v: want seed 7, num_ctx 4096, temperature 0", o)
		}
	}
}
