package model

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rxeval/rxeval/eval"
)

// TestRetryAfterHonoured: a 429 with Retry-After is retried after the
// wait the server asked for, not the shorter back-off; a host dropped for
// 429s gets a hint about the rate limit, not about memory (issue 18.12).
func TestRetryAfterHonoured(t *testing.T) {
	var mu sync.Mutex
	var times []time.Time
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/chat/completions" { // the probes: the model is served
			if r.URL.Path == "/api/tags" {
				http.NotFound(w, r)
				return
			}
			json.NewEncoder(w).Encode(map[string]any{"data": []map[string]any{{"id": "m"}}})
			return
		}
		mu.Lock()
		times = append(times, time.Now())
		mu.Unlock()
		w.Header().Set("Retry-After", "1")
		http.Error(w, "slow down", http.StatusTooManyRequests)
	}))
	defer srv.Close()
	j, err := NewOpenAI(context.Background(), Config{Hosts: []string{srv.URL}, Model: "m", Timeout: 5 * time.Second, Retries: 1, MaxFailures: 1, Backoff: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	_, err = j.Judge(context.Background(), []eval.Pair{{Kind: eval.Correction, Idx: "a", Gold: "theorem t : x = 1", Pred: "theorem t : x = 2"}})
	mu.Lock()
	defer mu.Unlock()
	if len(times) < 2 {
		t.Fatalf("%d calls, want a retry", len(times))
	}
	for i := 1; i < len(times); i++ {
		if gap := times[i].Sub(times[i-1]); gap < 900*time.Millisecond {
			t.Errorf("call %d came %v after the one before, want the 1 s the server asked for", i+1, gap)
		}
	}
	var he *HintError
	if err == nil || !errors.As(err, &he) || !strings.Contains(he.Hint, "HTTP 429") {
		t.Errorf("error %v, want a hint about the rate limit", err)
	}
}
