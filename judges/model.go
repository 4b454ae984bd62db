package judges

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rxeval/rxeval/eval"
)

// ModelConfig configures a model judge: Ollama hosts or OpenAI-compatible
// servers.
type ModelConfig struct {
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
	Cache *Cache
	// Progress, if not nil, receives progress lines and a final totals
	// line; a terminal gets a line redrawn in place.
	Progress io.Writer
}

// OllamaConfig is the configuration of an Ollama judge.
type OllamaConfig = ModelConfig

func (c *ModelConfig) defaults() {
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
func (c *ModelConfig) hostList() []string {
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

// ModelJudge asks a model, served by one or more hosts, whether two texts
// are equivalent. Verdicts are cached; pairs go to the least busy host.
type ModelJudge struct {
	cfg  ModelConfig
	kind string // "ollama" or "openai"
	eps  []endpoint
	// Digest identifies the model's weights: the Ollama digest, or the
	// revision an OpenAI-compatible server reports (empty if none). It is
	// part of every cache key.
	Digest string
	// ServerVersion is the Ollama server's version (empty for others).
	ServerVersion string
	// contextLimit, when the server reports one (vLLM's max_model_len),
	// bounds prompts instead of NumCtx.
	contextLimit int
	calls        atomic.Int64
	budget       atomic.Int64
	cacheErr     atomic.Pointer[error]
	statsMu      sync.Mutex
	stats        []HostStats
	lastRun      RunStats
	secrets      []string // never shown: see ModelConfig.secrets
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
	Unusable      int
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
func (j *ModelJudge) Name() string { return j.kind + ":" + j.cfg.Model }

// Cache returns the verdict cache the judge writes to (nil: none), for
// other judges of the same run to share.
func (j *ModelJudge) Cache() *Cache { return j.cfg.Cache }

// Calls counts the model calls made (cache hits excluded).
func (j *ModelJudge) Calls() int64 { return j.calls.Load() }

// Hosts returns what each host did so far.
func (j *ModelJudge) Hosts() []HostStats {
	j.statsMu.Lock()
	defer j.statsMu.Unlock()
	return slices.Clone(j.stats)
}

// LastRun returns the totals of the last Judge call.
func (j *ModelJudge) LastRun() RunStats {
	j.statsMu.Lock()
	defer j.statsMu.Unlock()
	return j.lastRun
}

// MaxCalls is the call budget (0: none).
func (j *ModelJudge) MaxCalls() int64 { return j.cfg.MaxCalls }

// Options are the model options sent with every call.
func (j *ModelJudge) Options() map[string]any {
	if j.kind == "openai" {
		return map[string]any{"temperature": 0, "seed": j.cfg.Seed, "max_tokens": j.cfg.NumPredict}
	}
	return map[string]any{"temperature": 0, "seed": j.cfg.Seed, "num_ctx": j.cfg.NumCtx, "num_predict": j.cfg.NumPredict}
}

// Info describes the judge for reports.
func (j *ModelJudge) Info() map[string]any {
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
		info["server_version"] = j.ServerVersion
	}
	return info
}

// CacheError is the first error writing a verdict to the cache, if any: the
// verdicts were used all the same, but a rerun will ask for them again.
func (j *ModelJudge) CacheError() error {
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
func (j *ModelJudge) takeCall() bool {
	if j.cfg.MaxCalls <= 0 {
		return true
	}
	return j.budget.Add(1) <= j.cfg.MaxCalls
}

// ask makes one model call for a pair on one endpoint.
func (j *ModelJudge) ask(ctx context.Context, h int, pair eval.Pair) (eval.Decision, error) {
	p := Prompts()[pair.Kind]
	msg, err := p.Render(pair)
	if err != nil {
		return eval.Decision{}, err
	}
	limit, what, fix := j.cfg.NumCtx, "--num-ctx", "raise --num-ctx"
	if j.contextLimit > 0 {
		limit, what, fix = j.contextLimit, "the server's max_model_len", "serve the model with a longer context"
	}
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
func (j *ModelJudge) askWithRetries(ctx context.Context, h int, p eval.Pair) (eval.Decision, error) {
	var err error
	for attempt := 0; attempt <= j.cfg.Retries; attempt++ {
		if attempt > 0 {
			wait := j.cfg.Backoff << (attempt - 1)
			var se *StatusError
			if errors.As(err, &se) && se.RetryAfter > wait {
				wait = se.RetryAfter // the server said how long (429, 503)
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
		return eval.Decision{Verdict: eval.Undecided, By: j.Name(), Reason: "not asked: " + redact(err.Error(), j.secrets)}, nil
	}
	if errors.Is(err, errBudget) {
		return notAskedBudget(j), nil
	}
	return eval.Decision{Verdict: eval.Undecided, By: j.Name(), Reason: "model call failed: " + redact(err.Error(), j.secrets), Failed: true}, redactErr(err, j.secrets)
}

func notAskedBudget(j *ModelJudge) eval.Decision {
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
func (j *ModelJudge) Judge(parent context.Context, pairs []eval.Pair) ([]eval.Decision, error) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	start := time.Now()
	callsBefore := j.calls.Load()
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
func (j *ModelJudge) work(ctx context.Context, h int, q *queue, pairs []eval.Pair, keys [][]byte, out []eval.Decision, prog *progress) {
	for {
		i, ok := q.next(ctx, h)
		if !ok {
			return
		}
		d, err := j.askWithRetries(ctx, h, pairs[i])
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

func (j *ModelJudge) dropReasons() string {
	j.statsMu.Lock()
	defer j.statsMu.Unlock()
	var parts []string
	for _, s := range j.stats {
		parts = append(parts, s.Host+": "+s.Dropped)
	}
	return strings.Join(parts, "; ")
}

// dropHint is the advice when every host was dropped.
func (j *ModelJudge) dropHint() string {
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
func (j *ModelJudge) finish(out []eval.Decision, todo []int, n int, start time.Time, callsBefore int64, prog *progress) {
	rs := RunStats{Pairs: n, Cached: n - len(todo), Asked: len(todo), Calls: j.calls.Load() - callsBefore, Elapsed: time.Since(start)}
	for _, i := range todo {
		d := out[i]
		switch {
		case d.Verdict != eval.Undecided:
			rs.Decided++
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
	prog.final(rs, hosts, j.cfg.MaxCalls)
}

// queue hands pairs to call slots: a re-queued pair to a host that has not
// tried it, a fresh pair to a slot whose host has no more calls in flight
// than any other live host with an idle slot.
type queue struct {
	mu          sync.Mutex
	conds       []*sync.Cond // one per host, on mu: a wake-up per host, not per slot
	fresh       []int
	retry       []int
	gaveUp      []int                 // re-queued pairs no live host can still try
	last        map[int]eval.Decision // the last failure of a re-queued pair
	tried       map[int][]bool
	inflight    []int
	waiting     []int
	dropped     []bool
	failsInARow []int
	maxFailures int
	busy        int // pairs taken and not yet done or re-queued
	// slots and arrived: no slot takes a pair before every slot is
	// waiting, so that the first pairs spread over the hosts.
	slots, arrived int
	finished       chan struct{} // closed when no pair is left to do
	finishOnce     sync.Once
}

func newQueue(todo []int, hosts, maxFailures int) *queue {
	q := &queue{fresh: todo, last: map[int]eval.Decision{}, tried: map[int][]bool{}, inflight: make([]int, hosts), waiting: make([]int, hosts),
		dropped: make([]bool, hosts), failsInARow: make([]int, hosts), maxFailures: maxFailures, finished: make(chan struct{})}
	for range hosts {
		q.conds = append(q.conds, sync.NewCond(&q.mu))
	}
	return q
}

func (q *queue) wake() {
	q.mu.Lock()
	q.wakeAll()
	q.mu.Unlock()
}

// wait parks a slot of host h until a change that may concern it.
func (q *queue) wait(h int) {
	q.waiting[h]++
	q.conds[h].Wait()
	q.waiting[h]--
}

// nudge wakes one idle slot of each host to look at the queue again.
func (q *queue) nudge() {
	for _, c := range q.conds {
		c.Signal()
	}
}

// wakeAll wakes every idle slot: the run is over, or a host was dropped.
func (q *queue) wakeAll() {
	for _, c := range q.conds {
		c.Broadcast()
	}
}

// arrive registers a call slot that is ready to work.
func (q *queue) arrive() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.arrived++
	if q.arrived == q.slots {
		q.wakeAll()
	}
}

// next blocks until there is a pair for host h; ok is false when there is
// no more work for h.
func (q *queue) next(ctx context.Context, h int) (int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for {
		if ctx.Err() != nil || q.dropped[h] {
			return 0, false
		}
		if q.arrived < q.slots {
			q.wait(h)
			continue
		}
		q.sweep()
		for k, i := range q.retry {
			if !q.tried[i][h] {
				q.retry = slices.Delete(q.retry, k, k+1)
				return q.take(i, h), true
			}
		}
		if len(q.fresh) > 0 && !q.lessBusyIdle(h) {
			i := q.fresh[0]
			q.fresh = q.fresh[1:]
			return q.take(i, h), true
		}
		if q.over() {
			return 0, false
		}
		q.wait(h)
	}
}

// sweep gives up the re-queued pairs that every live host has tried.
func (q *queue) sweep() {
	q.retry = slices.DeleteFunc(q.retry, func(i int) bool {
		if q.untried(i) {
			return false
		}
		q.gaveUp = append(q.gaveUp, i)
		return true
	})
}

func (q *queue) untried(i int) bool {
	for g := range q.inflight {
		if !q.dropped[g] && !q.tried[i][g] {
			return true
		}
	}
	return false
}

// lessBusyIdle reports whether another live host with an idle slot has
// fewer calls in flight than h: that host takes the next fresh pair.
func (q *queue) lessBusyIdle(h int) bool {
	for g := range q.inflight {
		if g != h && !q.dropped[g] && q.waiting[g] > 0 && q.inflight[g] < q.inflight[h] {
			return true
		}
	}
	return false
}

func (q *queue) take(i, h int) int {
	if q.tried[i] == nil {
		q.tried[i] = make([]bool, len(q.inflight))
	}
	q.tried[i][h] = true
	q.inflight[h]++
	q.busy++
	if len(q.fresh)+len(q.retry) > 0 {
		q.nudge()
	}
	return i
}

// callEnded ends a call on host h: a failure counts towards dropping the
// host, anything else resets the count.
func (q *queue) callEnded(h int, failed bool) (fails int, dropped bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.inflight[h]--
	q.nudge()
	if !failed {
		q.failsInARow[h] = 0
		return 0, false
	}
	q.failsInARow[h]++
	if q.failsInARow[h] >= q.maxFailures && !q.dropped[h] {
		q.dropped[h] = true
		dropped = true
		q.wakeAll()
	}
	return q.failsInARow[h], dropped
}

// done ends a taken pair.
func (q *queue) done() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.busy--
	if q.over() {
		q.wakeAll()
	}
}

// over reports (and signals on finished) that no pair is left to do.
func (q *queue) over() bool {
	if len(q.fresh) > 0 || len(q.retry) > 0 || q.busy > 0 {
		return false
	}
	q.finishOnce.Do(func() { close(q.finished) })
	return true
}

func (q *queue) isDropped(h int) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.dropped[h]
}

// requeue puts a failed pair back for a live host that has not tried it;
// false if there is none.
func (q *queue) requeue(i int, d eval.Decision) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if !q.untried(i) {
		return false
	}
	q.retry = append(q.retry, i)
	q.last[i] = d
	q.busy--
	q.nudge()
	return true
}

// leftover returns the pairs never finished, with the last failure of
// those that were tried.
func (q *queue) leftover() ([]int, map[int]eval.Decision) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return slices.Concat(q.fresh, q.retry, q.gaveUp), q.last
}

func (q *queue) allDropped() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return !slices.Contains(q.dropped, false)
}

// secrets are the strings no message or output may show: the bearer token
// and the passwords of the host URLs.
func (c *ModelConfig) secrets() []string {
	var out []string
	if len(c.Token) >= 4 {
		out = append(out, c.Token)
	}
	for _, h := range c.hostList() {
		if u, err := url.Parse(h); err == nil && u.User != nil {
			if pw, ok := u.User.Password(); ok && len(pw) >= 4 {
				out = append(out, pw, url.QueryEscape(pw), url.PathEscape(pw))
			}
		}
	}
	return out
}

// redact replaces every secret in s with ***.
func redact(s string, secrets []string) string {
	for _, sec := range secrets {
		s = strings.ReplaceAll(s, sec, "***")
	}
	return s
}

// redactedError shows its error's message with the secrets replaced; the
// error itself stays reachable (errors.Is, errors.As, its hint).
type redactedError struct {
	err error
	msg string
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }

// Hint keeps a HintError's advice.
func (e *redactedError) Hint() string {
	var he *HintError
	if errors.As(e.err, &he) {
		return he.Hint
	}
	return ""
}

// redactErr returns err with the secrets replaced in its message.
func redactErr(err error, secrets []string) error {
	if err == nil {
		return nil
	}
	msg := redact(err.Error(), secrets)
	if msg == err.Error() {
		return err
	}
	return &redactedError{err: err, msg: msg}
}
