package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rxeval/rxeval/judges"
	"github.com/rxeval/rxeval/judges/model"
	"github.com/rxeval/rxeval/judges/verdictcache"
)

// TestJudgeOpen runs 'rxeval score' with a model judge through each path of
// judgeFlags.open: a fake Ollama server on 127.0.0.1 (httptest), caches
// that are fine, locked, corrupt or unusable, a missing model, a server
// that is down, a malformed host. Each case checks the exit code and what
// stderr says.
func TestJudgeOpen(t *testing.T) {
	srv, _ := fakeJudgeServer(t, func(int64, string) int { return 200 })
	dir := t.TempDir()
	ex := "../../testdata/example/"
	score := func(judge string, extra ...string) []string {
		return append(append([]string{"score", "--gold", ex + "gold.jsonl", "--inputs", ex + "inputs.jsonl", "--judge", judge, "--ollama-host", srv.URL, "--retries", "0"}, extra...), ex+"predictions.jsonl")
	}
	held := filepath.Join(dir, "held.db")
	c, err := verdictcache.Open(held)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	corrupt := filepath.Join(dir, "corrupt.db")
	os.WriteFile(corrupt, []byte(strings.Repeat("not a bbolt file ", 512)), 0o644)
	labels := filepath.Join(dir, "labels.jsonl")
	os.WriteFile(labels, []byte(`{"reference":"theorem a : 1 = 1 := rfl","candidate":"theorem b : 1 = 1 := rfl","label":true}`+"\n"), 0o644)

	tests := []struct {
		name   string
		env    map[string]string
		args   []string
		code   int
		stderr []string // each must appear
	}{
		{"fine, cache file", nil, score("ollama:m", "--cache", filepath.Join(dir, "v.db")), exitOK, nil},
		{"fine, no cache", nil, score("ollama-only:m", "--no-cache"), exitOK, nil},
		{"default cache path", map[string]string{"XDG_CACHE_HOME": filepath.Join(dir, "xdg")}, score("ollama:m"), exitOK, nil},
		{"no cache directory", map[string]string{"XDG_CACHE_HOME": "", "HOME": ""}, score("ollama:m"), exitUsage,
			[]string{"hint: pass --cache FILE or --no-cache"}},
		{"cache held by another run", nil, score("ollama:m", "--cache", held), exitUsage,
			[]string{"in use by another rxeval", "hint: wait for the other run, or pass another --cache FILE"}},
		{"corrupt cache", nil, score("ollama:m", "--cache", corrupt), exitUsage,
			[]string{"the verdict cache is corrupt: it does not start like one", "rxeval does not write to " + corrupt + "; delete it only if it was a verdict cache"}},
		{"cache is a directory", nil, score("ollama:m", "--cache", dir), exitUsage, []string{"verdict cache"}},
		{"model missing", nil, score("ollama:nope", "--no-cache"), exitJudge, []string{"hint: ollama pull nope"}},
		{"server down", nil, score("ollama:m", "--no-cache", "--ollama-host", "127.0.0.1:1"), exitJudge, []string{"hint: start it with 'ollama serve'"}},
		{"remote host", nil, score("ollama:m", "--no-cache", "--ollama-host", "http://192.0.2.1:11434"), exitUsage,
			[]string{"hint: participant texts would leave this machine; pass --allow-remote-judge if that is intended"}},
		{"malformed host", nil, score("ollama:m", "--no-cache", "--ollama-host", "http://127.0.0.1:%zz"), exitUsage, []string{"Ollama host"}},
		{"study: judge without a model", nil, []string{"study", "calibrate", "--labels", labels, "--judge", "ollama:"}, exitUsage, []string{"unknown judge"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			_, stderr, code := runCLI(tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstderr: %s", code, tt.code, stderr)
			}
			for _, s := range tt.stderr {
				if !strings.Contains(stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, stderr)
				}
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "xdg")); err != nil {
		t.Errorf("the default cache was not created under $XDG_CACHE_HOME: %v", err)
	}
}

// TestJudgeOpenInfo: the report's judge block names what open built: the
// chain with the offline judges and their versions for ollama:, the model
// alone for ollama-only:, the server's digest and version, the cache.
func TestJudgeOpenInfo(t *testing.T) {
	srv, calls := fakeJudgeServer(t, func(int64, string) int { return 200 })
	ex := "../../testdata/example/"
	cache := filepath.Join(t.TempDir(), "v.db")
	info := func(judge string, extra ...string) map[string]any {
		args := append([]string{"score", "--format", "json", "--gold", ex + "gold.jsonl", "--inputs", ex + "inputs.jsonl", "--judge", judge, "--ollama-host", srv.URL}, extra...)
		stdout, stderr, code := runCLI(append(args, ex+"predictions.jsonl")...)
		if code != exitOK {
			t.Fatalf("%s: exit %d\n%s", judge, code, stderr)
		}
		var rep struct {
			Judge map[string]any `json:"judge"`
		}
		if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
			t.Fatalf("%s: %v\n%s", judge, err, stdout)
		}
		return rep.Judge
	}
	before := calls.Load()
	chain := info("ollama:m", "--cache", cache)
	for k, want := range map[string]string{"chain": "span+lean-ast+ollama:m", "spec": "ollama:m", "cache": cache, "model": "m", "model_digest": "sha256-fake", "server_version": "0.0.0-fake"} {
		if got := fmt.Sprint(chain[k]); got != want {
			t.Errorf("ollama:m: judge.%s = %q, want %q", k, got, want)
		}
	}
	if v, ok := chain["versions"].(map[string]any); !ok || v["span"] != judges.SpanVersion {
		t.Errorf("ollama:m: versions %v", chain["versions"])
	}
	if n := calls.Load() - before; n != 1 || fmt.Sprint(chain["model_calls"]) != "1" {
		t.Errorf("ollama:m: %d calls to the server, model_calls %v; want 1 (the one pair the offline judges leave)", n, chain["model_calls"])
	}
	only := info("ollama-only:m", "--no-cache")
	if fmt.Sprint(only["chain"]) != "ollama:m" || only["versions"] != nil || fmt.Sprint(only["cache"]) != "none (--no-cache)" {
		t.Errorf("ollama-only:m: judge block %v", only)
	}
}

// TestJudgeFailure maps only a failing server to exit 3, with its hint.
func TestJudgeFailure(t *testing.T) {
	plain := errors.New("disk full")
	if err := judgeFailure(plain); err != plain {
		t.Errorf("another error changed: %v", err)
	}
	failing := fmt.Errorf("pair 3: %w", model.ErrServerFailing)
	var je judgeError
	if err := judgeFailure(failing); !errors.As(err, &je) || je.hint != "" || exitCode(nil, new(strings.Builder), commands["score"], err) != exitJudge {
		t.Errorf("server failing, no hint: %#v", err)
	}
	hinted := &model.HintError{Err: failing, Hint: "check the server"}
	if err := judgeFailure(hinted); !errors.As(err, &je) || je.hint != "check the server" {
		t.Errorf("server failing with a hint: %#v", err)
	}
}
