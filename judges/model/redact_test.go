package model

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/rxeval/rxeval/eval"
)

// TestSecretsNeverPrinted: a password in a host URL and the bearer token
// appear in no error, no decision reason and no host record, even when a
// server echoes them back (issue 18.7: "does not answer at
// http://alice:S3cretPW@…"; a token echoed in an error body was copied
// into host_counts.dropped).
func TestSecretsNeverPrinted(t *testing.T) {
	const pw, token = "S3cretPW", "tok-V3ryS3cret"
	secrets := []string{pw, token}
	check := func(what, s string) {
		t.Helper()
		for _, sec := range secrets {
			if strings.Contains(s, sec) {
				t.Errorf("%s shows a secret: %s", what, s)
			}
		}
	}
	// A server that does not answer.
	for _, host := range []string{"http://alice:" + pw + "@127.0.0.1:1"} {
		_, err := NewOllama(context.Background(), Config{Hosts: []string{host}, Model: "m", Timeout: time.Second})
		if err == nil {
			t.Fatal("no error for a dead host")
		}
		check("ollama error", err.Error())
		_, err = NewOpenAI(context.Background(), Config{Hosts: []string{host}, Model: "m", Token: token, Timeout: time.Second})
		if err == nil {
			t.Fatal("no error for a dead host")
		}
		check("openai error", err.Error())
	}
	// An OpenAI-compatible server that lists the model, then fails every
	// chat with a body echoing the request's Authorization header.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/models") {
			json.NewEncoder(w).Encode(map[string]any{"data": []map[string]any{{"id": "m"}}})
			return
		}
		http.Error(w, "bad request from "+r.Header.Get("Authorization")+" user "+r.URL.User.String(), http.StatusBadRequest)
	}))
	defer srv.Close()
	u := strings.Replace(srv.URL, "http://", "http://alice:"+pw+"@", 1)
	j, err := NewOpenAI(context.Background(), Config{Hosts: []string{u}, Model: "m", Token: token, Timeout: 5 * time.Second, MaxFailures: 1, Retries: 0})
	if err != nil {
		t.Fatalf("%v", err)
	}
	ds, err := j.Judge(context.Background(), []eval.Pair{{Kind: eval.Correction, Idx: "a", Gold: "theorem t : x = 1", Pred: "theorem t : x = 2"}})
	if err != nil {
		check("judge error", err.Error())
	}
	for _, d := range ds {
		check("decision reason", d.Reason)
	}
	for _, h := range j.Hosts() {
		check("host record", h.Host+" "+h.Dropped)
	}
}

// TestServerRepliesCapped: a probe reply far larger than any real one,
// gzip-inflated or not, is cut at the reply cap with a clear error, in
// bounded memory (issue 18.6: a 2 MB gzipped /api/version drove RSS to
// 6.7 GB and ended in a misleading "context deadline exceeded").
func TestServerRepliesCapped(t *testing.T) {
	for _, gz := range []bool{false, true} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			var out io.Writer = w
			if gz {
				w.Header().Set("Content-Encoding", "gzip")
				z := gzip.NewWriter(w)
				defer z.Close()
				out = z
			}
			io.WriteString(out, `{"version":"`)
			chunk := strings.Repeat("9", 1<<16)
			for range 64 << 20 / len(chunk) { // 64 MB
				if _, err := io.WriteString(out, chunk); err != nil {
					return
				}
			}
			io.WriteString(out, `"}`)
		}))
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		_, err := NewOllama(context.Background(), Config{Hosts: []string{srv.URL}, Model: "m", Timeout: 30 * time.Second})
		runtime.ReadMemStats(&after)
		srv.Close()
		if err == nil || !strings.Contains(err.Error(), "larger than") {
			t.Errorf("gzip %v: %v, want a reply-too-large error", gz, err)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("gzip %v: %v to refuse", gz, d)
		}
		if a := after.TotalAlloc - before.TotalAlloc; a > 32<<20 {
			t.Errorf("gzip %v: allocated %d MB for a refused reply", gz, a>>20)
		}
	}
}
