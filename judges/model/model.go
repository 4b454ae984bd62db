// Package model is the stage-two judge on a model: a locally hosted open
// model through Ollama, or an OpenAI-compatible server. It renders the
// prompts (prompt.go, prompts/), spreads pairs over hosts (queue.go),
// retries and fails over by what the server answered, redacts secrets
// from every message (redact.go), caches verdicts durably
// (judges/verdictcache) and reports progress on long runs (progress.go).
package model

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges/lean"
	"github.com/rxeval/rxeval/judges/verdictcache"
)

// Config configures a model judge: Ollama hosts or OpenAI-compatible
// servers.
type Config struct {
	// Host is one server; Hosts are several serving the same model (Host,
	// if set, comes first). For Ollama an empty list means $OLLAMA_HOST or
	// http://127.0.0.1:11434; an OpenAI-compatible judge needs a URL.
	Host  string
	Hosts []string
	Model string
	// AllowRemote permits a host that is not on the loopback interface.
	AllowRemote bool
	// Token, if set, is sent as a bearer token (OpenAI-compatible servers
	// behind a gateway).
	Token string
	// Timeout bounds each model call; Retries is how often a transient
	// failure is retried (with exponential backoff from Backoff).
	Timeout time.Duration
	Retries int
	Backoff time.Duration
	// Parallel is the number of concurrent calls per host.
	Parallel int
	// MaxFailures drops a host after that many consecutive failed pairs
	// (each after its retries); the run stops with ErrServerFailing when no
	// host is left. Default 3.
	MaxFailures int
	// MaxCalls, if positive, is the budget of model calls for the judge's
	// lifetime: pairs beyond it stay undecided (not failed).
	MaxCalls int64
	// Seed, NumCtx and NumPredict are passed to the model; temperature is
	// always 0. NumPredict bounds the reply (a verdict needs few tokens).
	Seed       int
	NumCtx     int
	NumPredict int
	// Cache, if not nil, stores verdicts durably.
	Cache *verdictcache.Cache
	// Progress, if not nil, receives progress lines and a final totals
	// line; a terminal gets a line redrawn in place.
	Progress io.Writer
}

func (c *Config) defaults() {
	if c.Timeout <= 0 {
		c.Timeout = 2 * time.Minute
	}
	if c.Parallel <= 0 {
		c.Parallel = 1
	}
	if c.MaxFailures <= 0 {
		c.MaxFailures = 3
	}
	if c.Backoff <= 0 {
		c.Backoff = 500 * time.Millisecond
	}
	if c.NumCtx <= 0 {
		c.NumCtx = 8192
	}
	if c.NumPredict <= 0 {
		c.NumPredict = 256
	}
}

// hostList is Host then Hosts, without empty entries and duplicates.
func (c *Config) hostList() []string {
	var out []string
	for _, h := range append([]string{c.Host}, c.Hosts...) {
		if h = strings.TrimSpace(h); h != "" && !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	return out
}

// endpoint is one server that answers chat requests for the model.
type endpoint interface {
	// label names the host in progress lines and errors.
	label() string
	// chat sends one non-streaming chat with the reply schema and returns
	// the reply's text.
	chat(ctx context.Context, system, user string) (string, error)
}

// Judge asks a model, served by one or more hosts, whether two texts
// are equivalent. Verdicts are cached; pairs go to the least busy host.
type Judge struct {
	cfg  Config
	kind string // "ollama" or "openai"
	eps  []endpoint
	// Digest identifies the model's weights: the Ollama digest, or the
	// revision an OpenAI-compatible server reports (empty if none). It is
	// part of every cache key.
	Digest string
	// ServerVersion is the Ollama server's version (empty for others).
	ServerVersion string
	// serverContext, when the server reports one (vLLM's max_model_len),
	// bounds prompts instead of NumCtx.
	serverContext int
	calls         atomic.Int64
	budget        atomic.Int64
	cacheErr      atomic.Pointer[error]
	statsMu       sync.Mutex
	stats         []HostStats
	lastRun       RunStats
	secrets       []string // never shown: see Config.secrets
}

// HostStats counts what one host did over the judge's lifetime.
type HostStats struct {
	Host    string `json:"host"`
	Calls   int64  `json:"calls"`
	Decided int64  `json:"decided"`
	Failed  int64  `json:"failed_pairs"`
	Dropped string `json:"dropped,omitempty"` // why the host was dropped
}

// RunStats are the totals of the last Judge call.
type RunStats struct {
	Pairs, Cached, Asked, Decided, Undecided, Failed, NotAsked int
	// Unusable counts the failed pairs whose model reply did not parse.
	Unusable int
	// TooLong counts the pairs not asked because their prompt would not
	// fit the model's context (see ContextNote): undecided, marked Failed,
	// not in Failed.
	TooLong       int
	Calls         int64
	Elapsed       time.Duration
	BudgetReached bool
}

// Errors that mean the judge cannot run; the CLI maps them to exit 3.
var (
	ErrServerDown   = errors.New("server does not answer") // "the Ollama server does not answer at ..."
	ErrModelMissing = errors.New("the model is not on the judge server")
	ErrRemoteHost   = errors.New("host is not on this machine") // "the Ollama host is not ..."
	// ErrModelMismatch: the hosts serve different weights under the name.
	ErrModelMismatch = errors.New("the judge hosts serve different versions of the model")
	// ErrServerFailing stops a run whose model calls keep failing on every
	// host.
	ErrServerFailing = errors.New("the judge server keeps failing")
	// errRedirect: the client never follows a redirect, so that a local
	// server cannot send participant texts to another host.
	errRedirect = errors.New("refusing an HTTP redirect: the judge talks only to the configured host")
	// errBudget: --max-calls reached; the pair is not asked.
	errBudget = errors.New("the budget of model calls is spent")
)

// Name is "KIND:MODEL", e.g. "ollama:qwen2.5:7b" or "openai:meta-llama/Llama-3.3-70B-Instruct".
func (j *Judge) Name() string { return j.kind + ":" + j.cfg.Model }

// Cache returns the verdict cache the judge writes to (nil: none), for
// other judges of the same run to share.
func (j *Judge) Cache() *verdictcache.Cache { return j.cfg.Cache }

// Calls counts the model calls made (cache hits excluded).
func (j *Judge) Calls() int64 { return j.calls.Load() }

// Hosts returns what each host did so far.
func (j *Judge) Hosts() []HostStats {
	j.statsMu.Lock()
	defer j.statsMu.Unlock()
	return slices.Clone(j.stats)
}

// LastRun returns the totals of the last Judge call.
func (j *Judge) LastRun() RunStats {
	j.statsMu.Lock()
	defer j.statsMu.Unlock()
	return j.lastRun
}

// MaxCalls is the call budget (0: none).
func (j *Judge) MaxCalls() int64 { return j.cfg.MaxCalls }

// Options are the model options sent with every call.
func (j *Judge) Options() map[string]any {
	if j.kind == "openai" {
		return map[string]any{"temperature": 0, "seed": j.cfg.Seed, "max_tokens": j.cfg.NumPredict}
	}
	return map[string]any{"temperature": 0, "seed": j.cfg.Seed, "num_ctx": j.cfg.NumCtx, "num_predict": j.cfg.NumPredict}
}

// CacheKey is the verdict cache key of a pair: verdictcache.Key of the
// judge's name, the model's digest, the prompt version of the pair's kind
// and the pair, with optionsKey (every option sent with the call, the reply
// schema, the lean-ast version and PromptText's) as its extra part (issue 34.6).
func (j *Judge) CacheKey(p eval.Pair) []byte {
	return j.cacheKey(p, optionsKey(j.Options(), leanVersions))
}

func (j *Judge) cacheKey(p eval.Pair, extra string) []byte {
	return verdictcache.Key(j.Name(), j.Digest, Prompts()[p.Kind].Version, p, extra)
}

// optionsKey is what a verdict depends on besides the model, the prompt and
// the texts: the options sent with every call (seed, temperature, context
// window, reply length; JSON with sorted keys), the reply schema, and the
// lean-ast version, since the prompt's copy of each text is cut by
// judges/lean's tokenizer.
// leanVersions are the lean-ast versions a model verdict depends on: its
// verdicts (the stage before) and the text PromptText shows the model.
const leanVersions = lean.Version + "+" + lean.PromptTextVersion

func optionsKey(opts map[string]any, leanVersion string) string {
	b, err := json.Marshal(opts)
	if err != nil {
		panic(err) // numbers only
	}
	return "options=" + string(b) + "\x00schema=" + string(replySchema) + "\x00" + leanVersion
}

// Info describes the judge for reports.
func (j *Judge) Info() map[string]any {
	pv := map[string]string{}
	for k, p := range Prompts() {
		pv[k.String()] = p.Version
	}
	hosts := make([]string, len(j.eps))
	for i, e := range j.eps {
		hosts[i] = e.label()
	}
	info := map[string]any{"endpoint": j.kind, "model": j.cfg.Model, "hosts": hosts, "parallel_per_host": j.cfg.Parallel, "prompt_versions": pv, "options": j.Options()}
	if j.kind == "openai" {
		info["model_revision"] = j.Digest
		if j.Digest == "" {
			info["model_revision"] = "none reported: verdicts are cached by model id"
		}
	} else {
		info["model_digest"] = j.Digest
		if j.Digest == "" {
			info["model_digest"] = "none reported: verdicts are cached by model name"
		}
		info["server_version"] = j.ServerVersion
	}
	return info
}

// CacheError is the first error writing a verdict to the cache, if any: the
// verdicts were used all the same, but a rerun will ask for them again.
func (j *Judge) CacheError() error {
	if p := j.cacheErr.Load(); p != nil {
		return *p
	}
	return nil
}

type reply struct {
	Equivalent *bool  `json:"equivalent"`
	Reason     string `json:"reason"`
}

// errUnparsable marks a reply that did not parse: not retried, not cached.
type errUnparsable struct{ error }

// errTooLong marks a pair whose prompt would not fit the context window: not
// sent, not retried, not a server failure.
type errTooLong struct{ error }

// takeCall reserves one model call from the budget.
func (j *Judge) takeCall() bool {
	if j.cfg.MaxCalls <= 0 {
		return true
	}
	return j.budget.Add(1) <= j.cfg.MaxCalls
}

// ask makes one model call for a pair on one endpoint.
func (j *Judge) ask(ctx context.Context, h int, pair eval.Pair) (eval.Decision, error) {
	p := Prompts()[pair.Kind]
	msg, err := p.Render(pair)
	if err != nil {
		return eval.Decision{}, err
	}
	limit, what, fix := j.contextLimit()
	if size := len(systemPrompt) + len(msg); !FitsContext(size, limit, j.cfg.NumPredict) {
		// Never send what the server would cut from the front (the
		// instructions and the reference go first, the candidate stays).
		return eval.Decision{}, errTooLong{fmt.Errorf("the prompt has %d bytes, more than %s %d tokens can be sure to hold; %s", size, what, limit, fix)}
	}
	if !j.takeCall() {
		return eval.Decision{}, errBudget
	}
	cctx, cancel := context.WithTimeout(ctx, j.cfg.Timeout)
	defer cancel()
	j.calls.Add(1)
	j.statsMu.Lock()
	j.stats[h].Calls++
	j.statsMu.Unlock()
	content, err := j.eps[h].chat(cctx, systemPrompt, msg)
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

// contextLimit is the context window prompts must fit, what sets it and
// how to raise it: the server's max_model_len when it reports one, else
// --num-ctx.
func (j *Judge) contextLimit() (limit int, what, fix string) {
	if j.serverContext > 0 {
		return j.serverContext, "the server's max_model_len", "serve the model with a longer context"
	}
	return j.cfg.NumCtx, "--num-ctx", "raise --num-ctx"
}

// ContextNote says, for reports, which context window the pairs too long
// for the model's were measured against and how to raise it, e.g.
// "--num-ctx 1; raise --num-ctx".
func (j *Judge) ContextNote() string {
	limit, what, fix := j.contextLimit()
	return fmt.Sprintf("%s %d; %s", what, limit, fix)
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
	if errors.As(err, &up) || errors.As(err, &tl) || errors.Is(err, errRedirect) || errors.Is(err, errBudget) {
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

// hostFault reports whether a failed pair says something about the host
// rather than the pair, so that another host may do better: any failure
// but a 4xx other than 429 (the request itself is refused) or a redirect.
func hostFault(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Code >= 500 || se.Code == http.StatusTooManyRequests
	}
	return !errors.Is(err, errRedirect)
}

// askWithRetries asks one host, retrying transient failures with
// exponential back-off. err is the last failure of a call that failed.
// A wait the server asked for (Retry-After) is said on the progress
// writer and counts toward giving up: the pair's waits on the host never
// add up past the call timeout (issue 34.8), so that a server that keeps
// saying "later" costs at most one --timeout a pair, as a hanging one does.
func (j *Judge) askWithRetries(ctx context.Context, h int, p eval.Pair, prog *progress) (eval.Decision, error) {
	var err error
	var asked time.Duration // waits the server asked for, so far
	for attempt := 0; attempt <= j.cfg.Retries; attempt++ {
		if attempt > 0 {
			wait := j.cfg.Backoff << (attempt - 1)
			var se *StatusError
			if errors.As(err, &se) && se.RetryAfter > wait {
				wait = se.RetryAfter // the server said how long (429, 503)
				if asked += wait; asked > j.cfg.Timeout {
					break // the last failure stands
				}
				prog.waiting(j.eps[h].label(), wait, se.Code)
			}
			select {
			case <-time.After(wait):
			case <-ctx.Done():
				return eval.Decision{Verdict: eval.Undecided, By: j.Name(), Reason: "interrupted", Failed: true}, nil
			}
		}
		var d eval.Decision
		d, err = j.ask(ctx, h, p)
		if err == nil {
			return d, nil
		}
		if !transient(err) || ctx.Err() != nil {
			break
		}
	}
	var up errUnparsable
	if errors.As(err, &up) {
		// The server answered; the model's answer decides nothing. Not a
		// host fault (no error: the host is not dropped for it), but a
		// judge failure for the run's exit code: nobody decided the pair.
		return eval.Decision{Verdict: eval.Undecided, By: j.Name(), Reason: "model reply unusable: " + redact(err.Error(), j.secrets), Failed: true}, nil
	}
	var tl errTooLong
	if errors.As(err, &tl) {
		// A judge limit, not the pair's doing: Failed, so that the run
		// counts it and exits 4 unless --allow-undecided (issue 34.7).
		return eval.Decision{Verdict: eval.Undecided, By: j.Name(), Reason: tooLongReason + redact(err.Error(), j.secrets), Failed: true}, nil
	}
	if errors.Is(err, errBudget) {
		return notAskedBudget(j), nil
	}
	return eval.Decision{Verdict: eval.Undecided, By: j.Name(), Reason: "model call failed: " + redact(err.Error(), j.secrets), Failed: true}, redactErr(err, j.secrets)
}

// tooLongReason starts the reason of a pair too long for the context.
const tooLongReason = "not asked: too long for the model's context: "

func notAskedBudget(j *Judge) eval.Decision {
	return eval.Decision{Verdict: eval.Undecided, By: j.Name(), Reason: fmt.Sprintf("not asked: --max-calls %d reached", j.cfg.MaxCalls)}
}

// Judge implements eval.Judge: cached verdicts first, then the model, with
// cfg.Parallel calls at once on each host, each pair to the least busy
// host. A pair whose call fails after the retries is re-queued to a host
// that has not tried it; a pair no host could answer, or whose reply does
// not parse, is left undecided with the reason (marked Failed if a server
// failed). A host with cfg.MaxFailures failed pairs in a row is dropped;
// with no host left the run stops with ErrServerFailing (verdicts so far
// stay cached). A verdict the cache cannot store is still returned: see
// CacheError.
func (j *Judge) Judge(parent context.Context, pairs []eval.Pair) ([]eval.Decision, error) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	start := time.Now()
	callsBefore := j.calls.Load()
	out := make([]eval.Decision, len(pairs))
	keys := make([][]byte, len(pairs))
	var todo []int
	extra := optionsKey(j.Options(), leanVersions)
	for i, p := range pairs {
		keys[i] = j.cacheKey(p, extra)
		if j.cfg.Cache != nil {
			if d, ok := j.cfg.Cache.Get(keys[i]); ok {
				d.Reason = "cached: " + d.Reason
				out[i] = d
				continue
			}
		}
		todo = append(todo, i)
	}
	labels := make([]string, len(j.eps))
	for h, e := range j.eps {
		labels[h] = e.label()
	}
	prog := newProgress(j.cfg.Progress, len(todo), len(pairs)-len(todo), labels, j.calls.Load)
	q := newQueue(todo, len(j.eps), j.cfg.MaxFailures)
	for h := range j.eps {
		q.dropped[h] = j.stats[h].Dropped != ""
	}
	stop := context.AfterFunc(ctx, q.wake)
	defer stop()
	for h := range j.eps {
		if !q.dropped[h] {
			q.slots += j.cfg.Parallel
		}
	}
	var wg sync.WaitGroup
	for h := range j.eps {
		if q.dropped[h] {
			continue
		}
		for w := 0; w < j.cfg.Parallel; w++ {
			wg.Go(func() {
				q.arrive()
				j.work(ctx, h, q, pairs, keys, out, prog)
			})
		}
	}
	wg.Wait()
	// Pairs left in the queue: every host was dropped, or the run was
	// interrupted.
	left, last := q.leftover()
	for _, i := range left {
		out[i] = eval.Decision{Verdict: eval.Undecided, By: j.Name(), Reason: "not asked: no judge host left", Failed: true}
		if d, ok := last[i]; ok {
			out[i] = d
		}
		if parent.Err() != nil {
			out[i].Reason = "interrupted"
		}
	}
	j.finish(out, todo, len(pairs), start, callsBefore, prog)
	if err := parent.Err(); err != nil {
		if j.cfg.Cache == nil {
			return nil, fmt.Errorf("interrupted: %w (nothing cached: --no-cache)", err)
		}
		return nil, fmt.Errorf("interrupted: %w (verdicts so far are cached)", err)
	}
	if q.allDropped() {
		return nil, &HintError{fmt.Errorf("%w: every host was dropped (%s)", ErrServerFailing, j.dropReasons()), j.dropHint()}
	}
	return out, nil
}

// work is one call slot on host h.
func (j *Judge) work(ctx context.Context, h int, q *queue, pairs []eval.Pair, keys [][]byte, out []eval.Decision, prog *progress) {
	for {
		i, ok := q.next(ctx, h)
		if !ok {
			return
		}
		d, err := j.askWithRetries(ctx, h, pairs[i], prog)
		failed := err != nil && ctx.Err() == nil
		fails, dropped := q.callEnded(h, failed)
		j.statsMu.Lock()
		if d.Verdict != eval.Undecided {
			j.stats[h].Decided++
		}
		if failed {
			j.stats[h].Failed++
		}
		if dropped {
			j.stats[h].Dropped = redact(fmt.Sprintf("%d pairs in a row failed (last: %v)", fails, err), j.secrets)
			prog.note(fmt.Sprintf("judge host %s dropped: %s", j.eps[h].label(), j.stats[h].Dropped))
		}
		j.statsMu.Unlock()
		if failed && hostFault(err) && q.requeue(i, d) {
			prog.requeued()
		} else {
			out[i] = d
			if j.cfg.Cache != nil && d.Verdict != eval.Undecided {
				if err := j.cfg.Cache.Put(keys[i], d); err != nil {
					j.cacheErr.CompareAndSwap(nil, &err)
				}
			}
			q.done()
			prog.add(h)
		}
		if !failed {
			continue
		}
		if dropped || q.isDropped(h) {
			return
		}
		// Back off before the host's next pair, unless the work is over.
		select {
		case <-time.After(j.cfg.Backoff << min(fails-1, 6)):
		case <-q.finished:
			return
		case <-ctx.Done():
		}
	}
}

func (j *Judge) dropReasons() string {
	j.statsMu.Lock()
	defer j.statsMu.Unlock()
	var parts []string
	for _, s := range j.stats {
		parts = append(parts, s.Host+": "+s.Dropped)
	}
	return strings.Join(parts, "; ")
}

// dropHint is the advice when every host was dropped.
func (j *Judge) dropHint() string {
	h := "check that the servers are up and have memory for the model (their logs say why); "
	if strings.Contains(j.dropReasons(), "HTTP 429") {
		h = "the server is limiting the rate of requests (HTTP 429): lower --parallel, or wait and rerun; "
	}
	if j.cfg.Cache != nil {
		h += "verdicts so far are cached, a rerun resumes; "
	} else {
		h += "nothing was cached (--no-cache); "
	}
	return h + "--max-failures sets the limit"
}

// finish records the run's totals and prints the final line.
func (j *Judge) finish(out []eval.Decision, todo []int, n int, start time.Time, callsBefore int64, prog *progress) {
	rs := RunStats{Pairs: n, Cached: n - len(todo), Asked: len(todo), Calls: j.calls.Load() - callsBefore, Elapsed: time.Since(start)}
	for _, i := range todo {
		d := out[i]
		switch {
		case d.Verdict != eval.Undecided:
			rs.Decided++
		case strings.HasPrefix(d.Reason, tooLongReason):
			rs.Undecided++
			rs.TooLong++
		case d.Failed:
			rs.Undecided++
			rs.Failed++
			if strings.HasPrefix(d.Reason, "model reply unusable") {
				rs.Unusable++
			}
		default:
			rs.Undecided++
			if strings.HasPrefix(d.Reason, "not asked: --max-calls") {
				rs.NotAsked++
				rs.BudgetReached = true
			}
		}
	}
	j.statsMu.Lock()
	j.lastRun = rs
	hosts := slices.Clone(j.stats)
	j.statsMu.Unlock()
	prog.final(rs, hosts, j.cfg.MaxCalls, j.ContextNote())
}
