package main

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestInterruptExit130: Ctrl-C (SIGINT) while score waits on a judge ends
// the built binary with 130 (128+SIGINT, what shells report for a program
// a signal stopped), not 2, which means a usage error. The judge is a
// loopback Ollama that never answers a chat call: the signal is sent once
// the call has reached it, so the run is certainly inside the judge.
func TestInterruptExit130(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to send on Windows")
	}
	bin := buildBinary(t)
	reached, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	mux := http.NewServeMux()
	mux.HandleFunc("/api/version", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, `{"version":"0.0.0-fake"}`) })
	mux.HandleFunc("/api/tags", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"models":[{"name":"m:latest","model":"m:latest","digest":"sha256-fake"}]}`)
	})
	mux.HandleFunc("/api/chat", func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body) // read whole, the server notices the client leave
		once.Do(func() { close(reached) })
		select { // stalled until the client goes away
		case <-r.Context().Done():
		case <-release:
		}
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	defer close(release)

	ex := "../../testdata/example/"
	cmd := exec.Command(bin, "score", "--gold", ex+"gold.jsonl", "--inputs", ex+"inputs.jsonl",
		"--judge", "ollama-only:m", "--ollama-host", srv.URL, "--no-cache", "--timeout", "10m", ex+"predictions.jsonl")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-reached:
	case err := <-done:
		t.Fatalf("score ended before calling the judge (%v)\nstderr: %s", err, stderr.String())
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		t.Fatal("the judge was never called")
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	var err error
	select {
	case err = <-done:
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		t.Fatalf("score did not stop within a minute of SIGINT\nstderr: %s", stderr.String())
	}
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if code != exitInterrupted {
		t.Errorf("exit %d, want %d (128+SIGINT)\nstderr: %s", code, exitInterrupted, stderr.String())
	}
	if want := "rxeval score: interrupted: nothing written"; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr does not say %q:\n%s", want, stderr.String())
	}
	if stdout.Len() != 0 {
		t.Errorf("a report was written after the interrupt:\n%s", stdout.String())
	}
}
