package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// fakeHost is a fake Ollama host serving model m with a digest; every chat
// call answers status ("equivalent" when 200).
func fakeHost(t *testing.T, digest string, status int) (*httptest.Server, *atomic.Int64) {
	return fakeOllama(t, digest, func(int64, string) (int, string) { return status, equivalentReply })
}

var (
	exGold   = "../../testdata/example/gold.jsonl"
	exPreds  = "../../testdata/example/predictions.jsonl"
	exInputs = "../../testdata/example/inputs.jsonl"
)

// TestScoreOnSeveralHosts: a host that fails is dropped and the other
// judges its pairs (exit 0, the drop on stderr, the counts in the report);
// hosts with different digests are refused before any work (exit 3).
func TestScoreOnSeveralHosts(t *testing.T) {
	good, goodCalls := fakeHost(t, "sha256:1111", 200)
	bad, _ := fakeHost(t, "sha256:1111", 500)
	cache := filepath.Join(t.TempDir(), "v.db")
	args := []string{"score", "--gold", exGold, "--inputs", exInputs, "--judge", "ollama-only:m", "--ollama-host", bad.URL + "," + good.URL,
		"--cache", cache, "--retries", "0", "--max-failures", "1", "--format", "json", exPreds}
	stdout, stderr, code := runCLI(args...)
	if code != exitOK {
		t.Fatalf("exit %d\nstderr: %s", code, stderr)
	}
	if !strings.Contains(stderr, "judge host "+strings.TrimPrefix(bad.URL, "http://")+" dropped: 1 pairs in a row failed (last: ") || !strings.Contains(stderr, "HTTP 500: {\"error\":\"fake failure\"})") {
		t.Errorf("stderr does not name the dropped host:\n%s", stderr)
	}
	if !strings.Contains(stderr, "model judge: ") || !strings.Contains(stderr, "(dropped)") {
		t.Errorf("no totals line:\n%s", stderr)
	}
	var doc struct {
		Judge struct {
			Hosts      []string `json:"hosts"`
			HostCounts []struct {
				Host    string `json:"host"`
				Calls   int    `json:"calls"`
				Dropped string `json:"dropped"`
			} `json:"host_counts"`
			ModelCalls int `json:"model_calls"`
		} `json:"judge"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	hc := doc.Judge.HostCounts
	if len(doc.Judge.Hosts) != 2 || len(hc) != 2 || hc[0].Dropped == "" || hc[1].Dropped != "" || int64(hc[1].Calls) != goodCalls.Load() || goodCalls.Load() == 0 {
		t.Errorf("judge block %+v", doc.Judge)
	}
	// -q: no progress, no totals; the rerun is all from the cache.
	_, stderr, code = runCLI(append([]string{"score", "-q"}, args[1:]...)...)
	if code != exitOK || strings.Contains(stderr, "judg") || strings.Contains(stderr, "model judge:") {
		t.Errorf("-q: exit %d, stderr %q", code, stderr)
	}
	// Different digests: refused before any work.
	other, otherCalls := fakeHost(t, "sha256:2222", 200)
	_, stderr, code = runCLI("score", "--gold", exGold, "--judge", "ollama:m", "--ollama-host", good.URL, "--ollama-host", other.URL, "--no-cache", exPreds)
	if code != exitJudge || !strings.Contains(stderr, "the judge hosts serve different versions of the model: sha256:1111 on ") || !strings.Contains(stderr, "sha256:2222 on "+strings.TrimPrefix(other.URL, "http://")) || otherCalls.Load() != 0 {
		t.Errorf("mismatch: exit %d, stderr %s", code, stderr)
	}
}

// TestScoreMaxCalls: the budget stops the calls; the report says how many
// pairs were not asked; they stay undecided, which is not a failure
// (exit 0) unless --undecided fail (exit 4).
func TestScoreMaxCalls(t *testing.T) {
	srv, calls := fakeHost(t, "sha256:1111", 200)
	args := []string{"score", "--gold", exGold, "--inputs", exInputs, "--judge", "ollama-only:m", "--ollama-host", srv.URL, "--no-cache", "--max-calls", "2", "--parallel", "1"}
	stdout, stderr, code := runCLI(append(args, exPreds)...)
	if code != exitOK || calls.Load() != 2 {
		t.Fatalf("exit %d, %d calls\nstderr: %s", code, calls.Load(), stderr)
	}
	if !strings.Contains(stdout, "note: --max-calls 2 reached: ") || !strings.Contains(stdout, "stage-two pairs were not asked and stay undecided") {
		t.Errorf("the report does not say the budget was reached:\n%s", stdout)
	}
	if _, _, code := runCLI(append(args, "--undecided", "fail", exPreds)...); code != exitInexact {
		t.Errorf("--undecided fail: exit %d, want %d", code, exitInexact)
	}
}

// TestScoreOpenAI: the OpenAI-compatible judge through the CLI, with the
// bearer token from RXEVAL_JUDGE_TOKEN.
func TestScoreOpenAI(t *testing.T) {
	var auth atomic.Value
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth.Store(r.Header.Get("Authorization"))
		switch r.URL.Path {
		case "/v1/models":
			io.WriteString(w, `{"data":[{"id":"org/judge","root":"/srv/judge-2025-01"}]}`)
		case "/v1/chat/completions":
			calls.Add(1)
			io.WriteString(w, `{"choices":[{"message":{"role":"assistant","content":"{\"equivalent\": false, \"reason\": \"no\"}"}}]}`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	t.Setenv("RXEVAL_JUDGE_TOKEN", "tok")
	stdout, stderr, code := runCLI("score", "--gold", exGold, "--inputs", exInputs, "--judge", "openai:org/judge", "--judge-url", srv.URL+"/v1", "--no-cache", "--format", "json", exPreds)
	if code != exitOK || calls.Load() == 0 || auth.Load() != "Bearer tok" {
		t.Fatalf("exit %d, %d calls, auth %v\nstderr: %s", code, calls.Load(), auth.Load(), stderr)
	}
	for _, want := range []string{`"endpoint": "openai"`, `"model_revision": "root:/srv/judge-2025-01"`, `"openai:org/judge": `} {
		if !strings.Contains(stdout, want) {
			t.Errorf("%s not in the report:\n%s", want, stdout)
		}
	}
}
