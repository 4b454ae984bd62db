package judges

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ollama/ollama/api"
	"github.com/rxeval/rxeval/eval"
)

// OllamaConfig configures the model judge.
type OllamaConfig struct {
	// Host is the server's URL; empty means $OLLAMA_HOST or
	// http://127.0.0.1:11434.
	Host  string
	Model string
	// AllowRemote permits a host that is not on the loopback interface.
	AllowRemote bool
	// Timeout bounds each model call; Retries is how often a transient
	// failure is retried (with exponential backoff from Backoff).
	Timeout time.Duration
	Retries int
	Backoff time.Duration
	// Parallel is the number of concurrent calls.
	Parallel int
	// MaxFailures stops the run after that many consecutive failed pairs
	// (each after its retries): a server that answers only errors, hangs
	// or died is not asked for every remaining pair. Default 3.
	MaxFailures int
	// Seed, NumCtx and NumPredict are passed to the model; temperature is
	// always 0. NumPredict bounds the reply (a verdict needs few tokens).
	Seed       int
	NumCtx     int
	NumPredict int
	// Cache, if not nil, stores verdicts durably.
	Cache *Cache
	// Progress, if not nil, receives progress lines; a terminal gets a
	// bar redrawn in place.
	Progress io.Writer
}

// OllamaJudge asks a locally hosted model whether two texts are equivalent.
type OllamaJudge struct {
	cfg           OllamaConfig
	client        *api.Client
	Digest        string
	ServerVersion string
	calls         atomic.Int64
	cacheErr      atomic.Pointer[error]
}

// Errors that mean the judge cannot run; the CLI maps them to exit 3.
var (
	ErrServerDown   = errors.New("the Ollama server does not answer")
	ErrModelMissing = errors.New("the model is not on the Ollama server")
	ErrRemoteHost   = errors.New("the Ollama host is not on this machine")
	// ErrServerFailing stops a run whose model calls keep failing.
	ErrServerFailing = errors.New("the judge server keeps failing")
	// errRedirect: the client never follows a redirect, so that a local
	// server cannot send participant texts to another host.
	errRedirect = errors.New("refusing an HTTP redirect: the judge talks only to the configured host")
)

// StatusError is an HTTP error status from the judge server, kept whatever
// the body says (the Ollama client drops the status of a streamed error).
type StatusError struct {
	Code int
	Body string
}

func (e *StatusError) Error() string {
	if e.Body == "" {
		return fmt.Sprintf("HTTP %d", e.Code)
	}
	return fmt.Sprintf("HTTP %d: %s", e.Code, e.Body)
}

// statusTransport turns every HTTP error status into a *StatusError.
type statusTransport struct{ next http.RoundTripper }

func (t statusTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(r)
	if err != nil || resp.StatusCode < 400 {
		return resp, err
	}
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	resp.Body.Close()
	return nil, &StatusError{Code: resp.StatusCode, Body: strings.TrimSpace(string(body))}
}

// newHTTPClient is the judge's HTTP client: a deadline on every request, no
// redirects, and error statuses as *StatusError.
func newHTTPClient(timeout time.Duration) *http.Client {
	return &http.Client{
		Timeout:       timeout,
		Transport:     statusTransport{http.DefaultTransport},
		CheckRedirect: func(*http.Request, []*http.Request) error { return errRedirect },
	}
}

// HintError carries advice for the user.
type HintError struct {
	Err  error
	Hint string
}

func (e *HintError) Error() string { return e.Err.Error() }
func (e *HintError) Unwrap() error { return e.Err }

// ResolveHost returns the server URL a config names.
func ResolveHost(host string) (*url.URL, error) {
	if host == "" {
		host = os.Getenv("OLLAMA_HOST")
	}
	if host == "" {
		host = "http://127.0.0.1:11434"
	}
	if !strings.Contains(host, "://") {
		host = "http://" + host
	}
	u, err := url.Parse(host)
	if err != nil {
		return nil, fmt.Errorf("Ollama host %q: %w", host, err)
	}
	if u.Port() == "" {
		u.Host = net.JoinHostPort(u.Hostname(), "11434")
	}
	return u, nil
}

// IsLoopback reports whether a URL's host is this machine.
func IsLoopback(u *url.URL) bool {
	h := u.Hostname()
	if h == "localhost" {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// NewOllama connects to the server and checks, before any work, that it
// answers and has the model.
func NewOllama(ctx context.Context, cfg OllamaConfig) (*OllamaJudge, error) {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 2 * time.Minute
	}
	if cfg.Parallel <= 0 {
		cfg.Parallel = 1
	}
	if cfg.MaxFailures <= 0 {
		cfg.MaxFailures = 3
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = 500 * time.Millisecond
	}
	if cfg.NumCtx <= 0 {
		cfg.NumCtx = 8192
	}
	if cfg.NumPredict <= 0 {
		cfg.NumPredict = 256
	}
	u, err := ResolveHost(cfg.Host)
	if err != nil {
		return nil, err
	}
	if !IsLoopback(u) && !cfg.AllowRemote {
		return nil, &HintError{fmt.Errorf("%w: %s", ErrRemoteHost, u.Host), "participant texts would leave this machine; pass --allow-remote-judge if that is intended"}
	}
	client := api.NewClient(u, newHTTPClient(cfg.Timeout))
	j := &OllamaJudge{cfg: cfg, client: client}
	vctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	j.ServerVersion, err = client.Version(vctx)
	if err != nil {
		return nil, &HintError{fmt.Errorf("%w at %s: %v", ErrServerDown, u, err), "start it with 'ollama serve' (or set OLLAMA_HOST / --ollama-host)"}
	}
	list, err := client.List(vctx)
	if err != nil {
		return nil, &HintError{fmt.Errorf("%w at %s: listing models: %v", ErrServerDown, u, err), "check the server's log"}
	}
	for _, m := range list.Models {
		if m.Name == cfg.Model || m.Model == cfg.Model || m.Name == cfg.Model+":latest" {
			j.Digest = m.Digest
		}
	}
	if j.Digest == "" {
		return nil, &HintError{fmt.Errorf("%w: %q", ErrModelMissing, cfg.Model), fmt.Sprintf("ollama pull %s", cfg.Model)}
	}
	return j, nil
}

// Name is "ollama:MODEL".
func (j *OllamaJudge) Name() string { return "ollama:" + j.cfg.Model }

// Calls counts the model calls made (cache hits excluded).
func (j *OllamaJudge) Calls() int64 { return j.calls.Load() }

// Options are the model options sent with every call.
func (j *OllamaJudge) Options() map[string]any {
	return map[string]any{"temperature": 0, "seed": j.cfg.Seed, "num_ctx": j.cfg.NumCtx, "num_predict": j.cfg.NumPredict}
}

// Info describes the judge for reports.
func (j *OllamaJudge) Info() map[string]any {
	pv := map[string]string{}
	for k, p := range Prompts() {
		pv[k.String()] = p.Version
	}
	return map[string]any{"model": j.cfg.Model, "model_digest": j.Digest, "server_version": j.ServerVersion, "prompt_versions": pv, "options": j.Options()}
}

// replySchema is the JSON Schema the model's reply must follow.
var replySchema = json.RawMessage(`{"type":"object","properties":{"equivalent":{"type":"boolean"},"reason":{"type":"string"}},"required":["equivalent","reason"]}`)

type reply struct {
	Equivalent *bool  `json:"equivalent"`
	Reason     string `json:"reason"`
}

// ParseReply reads the model's answer; anything but the asked-for object
// is an error.
func ParseReply(content string) (bool, string, error) {
	var r reply
	dec := json.NewDecoder(strings.NewReader(content))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return false, "", fmt.Errorf("reply is not the JSON object asked for: %v", err)
	}
	if dec.More() {
		return false, "", errors.New("reply has data after the JSON object")
	}
	if r.Equivalent == nil {
		return false, "", errors.New(`reply has no boolean "equivalent"`)
	}
	reason := r.Reason
	if len(reason) > 300 {
		reason = reason[:300]
	}
	return *r.Equivalent, reason, nil
}

// errUnparsable marks a reply that did not parse: not retried, not cached.
type errUnparsable struct{ error }

// errTooLong marks a pair whose prompt would not fit the context window: not
// sent, not retried, not a server failure.
type errTooLong struct{ error }

// ask makes one model call for a pair.
func (j *OllamaJudge) ask(ctx context.Context, pair eval.Pair) (eval.Decision, error) {
	p := Prompts()[pair.Kind]
	msg, err := p.Render(pair)
	if err != nil {
		return eval.Decision{}, err
	}
	if size := len(systemPrompt) + len(msg); !FitsContext(size, j.cfg.NumCtx, j.cfg.NumPredict) {
		// Never send what the server would cut from the front (the
		// instructions and the reference go first, the candidate stays).
		return eval.Decision{}, errTooLong{fmt.Errorf("the prompt has %d bytes, more than --num-ctx %d tokens can be sure to hold; raise --num-ctx", size, j.cfg.NumCtx)}
	}
	stream := false
	req := &api.ChatRequest{
		Model:    j.cfg.Model,
		Messages: []api.Message{{Role: "system", Content: systemPrompt}, {Role: "user", Content: msg}},
		Stream:   &stream,
		Format:   replySchema,
		Options:  j.Options(),
	}
	var content string
	cctx, cancel := context.WithTimeout(ctx, j.cfg.Timeout)
	defer cancel()
	j.calls.Add(1)
	err = j.client.Chat(cctx, req, func(r api.ChatResponse) error {
		content += r.Message.Content
		return nil
	})
	if err != nil {
		return eval.Decision{}, err
	}
	eq, reason, err := ParseReply(content)
	if err != nil {
		return eval.Decision{}, errUnparsable{err}
	}
	d := eval.Decision{Verdict: eval.NotEquivalent, By: j.Name(), Reason: reason}
	if eq {
		d.Verdict = eval.Equivalent
	}
	return d, nil
}

// transient reports whether a failed call is worth retrying: a server
// error (5xx), 429, or a connection that failed. Not retried: other 4xx
// (the request is wrong and will stay wrong), a timeout (a hanging server
// would cost the timeout again each time), a redirect, an unparsable reply.
func transient(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Code >= 500 || se.Code == http.StatusTooManyRequests
	}
	var up errUnparsable
	var tl errTooLong
	if errors.As(err, &up) || errors.As(err, &tl) || errors.Is(err, errRedirect) {
		return false
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return false
	}
	return true
}

// Judge implements eval.Judge: cached verdicts first, then the model, with
// cfg.Parallel calls at once. A pair whose call fails after the retries,
// or whose reply does not parse, is left undecided with the reason and
// marked Failed; after cfg.MaxFailures failed pairs in a row the run stops
// with ErrServerFailing (verdicts so far stay cached). A verdict the cache
// cannot store is still returned: see CacheError.
func (j *OllamaJudge) Judge(parent context.Context, pairs []eval.Pair) ([]eval.Decision, error) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	out := make([]eval.Decision, len(pairs))
	keys := make([][]byte, len(pairs))
	var todo []int
	for i, p := range pairs {
		keys[i] = CacheKey(j.Name(), j.Digest, Prompts()[p.Kind].Version, p)
		if j.cfg.Cache != nil {
			if d, ok := j.cfg.Cache.Get(keys[i]); ok {
				d.Reason = "cached: " + d.Reason
				out[i] = d
				continue
			}
		}
		todo = append(todo, i)
	}
	prog := newProgress(j.cfg.Progress, len(todo), len(pairs)-len(todo))
	defer prog.done()
	work := make(chan int)
	var wg sync.WaitGroup
	var failMu sync.Mutex
	failedInARow := 0
	var stopped error
	for w := 0; w < j.cfg.Parallel; w++ {
		wg.Go(func() {
			for i := range work {
				d := j.askWithRetries(ctx, pairs[i])
				out[i] = d
				failMu.Lock()
				if d.Failed && parent.Err() == nil {
					failedInARow++
					if failedInARow >= j.cfg.MaxFailures && stopped == nil {
						stopped = fmt.Errorf("%w: %d pairs in a row failed (last: %s)", ErrServerFailing, failedInARow, d.Reason)
						cancel()
					}
				} else if !d.Failed {
					failedInARow = 0
				}
				failMu.Unlock()
				if j.cfg.Cache != nil && d.Verdict != eval.Undecided {
					if err := j.cfg.Cache.Put(keys[i], d); err != nil {
						j.cacheErr.CompareAndSwap(nil, &err)
					}
				}
				prog.add()
			}
		})
	}
feed:
	for _, i := range todo {
		select {
		case work <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(work)
	wg.Wait()
	if stopped != nil {
		return nil, &HintError{stopped, "check that the server is up and has memory for the model (its log says why); verdicts so far are cached, a rerun resumes; --max-failures sets the limit"}
	}
	if err := parent.Err(); err != nil {
		return nil, fmt.Errorf("interrupted: %w (verdicts so far are cached)", err)
	}
	return out, nil
}

// CacheError is the first error writing a verdict to the cache, if any: the
// verdicts were used all the same, but a rerun will ask for them again.
func (j *OllamaJudge) CacheError() error {
	if p := j.cacheErr.Load(); p != nil {
		return *p
	}
	return nil
}

func (j *OllamaJudge) askWithRetries(ctx context.Context, p eval.Pair) eval.Decision {
	var err error
	for attempt := 0; attempt <= j.cfg.Retries; attempt++ {
		if attempt > 0 {
			select {
			case <-time.After(j.cfg.Backoff << (attempt - 1)):
			case <-ctx.Done():
				return eval.Decision{Verdict: eval.Undecided, By: j.Name(), Reason: "interrupted", Failed: true}
			}
		}
		var d eval.Decision
		d, err = j.ask(ctx, p)
		if err == nil {
			return d
		}
		if !transient(err) || ctx.Err() != nil {
			break
		}
	}
	var up errUnparsable
	if errors.As(err, &up) {
		// The server answered; the model's answer decides nothing.
		return eval.Decision{Verdict: eval.Undecided, By: j.Name(), Reason: "model reply unusable: " + err.Error()}
	}
	var tl errTooLong
	if errors.As(err, &tl) {
		return eval.Decision{Verdict: eval.Undecided, By: j.Name(), Reason: "not asked: " + err.Error()}
	}
	return eval.Decision{Verdict: eval.Undecided, By: j.Name(), Reason: "model call failed: " + err.Error(), Failed: true}
}

// progress reports judged pairs on stderr: a bar redrawn in place on a
// terminal, a line every tenth otherwise.
type progress struct {
	w         io.Writer
	tty       bool
	total, n  int
	cached    int
	mu        sync.Mutex
	start     time.Time
	lastTenth int
}

func newProgress(w io.Writer, total, cached int) *progress {
	p := &progress{w: w, total: total, cached: cached, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
	}
	if w != nil && total > 0 {
		fmt.Fprintf(w, "judging %d pairs with the model (%d from the cache)\n", total, cached)
	}
	return p
}

func (p *progress) add() {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n++
	if p.tty {
		const width = 30
		filled := width * p.n / p.total
		fmt.Fprintf(p.w, "\r[%s%s] %d/%d  %s", strings.Repeat("#", filled), strings.Repeat(".", width-filled), p.n, p.total, time.Since(p.start).Round(time.Second))
		return
	}
	if tenth := 10 * p.n / p.total; tenth > p.lastTenth {
		p.lastTenth = tenth
		fmt.Fprintf(p.w, "judged %d/%d pairs (%s)\n", p.n, p.total, time.Since(p.start).Round(time.Second))
	}
}

func (p *progress) done() {
	if p.w != nil && p.tty && p.total > 0 {
		fmt.Fprintln(p.w)
	}
}
