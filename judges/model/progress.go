package model

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rxeval/rxeval/internal/termsafe"
)

// progress reports a model run on stderr: pairs done of the total, calls
// per second, cache hits, the ETA and the pairs each host answered; a line
// redrawn in place on a terminal, otherwise a line every tenth of the run
// and whenever a pair ends 10 s or more after the last line. A nil writer
// prints nothing.
type progress struct {
	w         io.Writer
	tty       bool
	total, n  int
	cached    int
	requeues  int
	perHost   []int
	hosts     []string
	calls     func() int64
	calls0    int64
	mu        sync.Mutex
	start     time.Time
	last      time.Time
	lastTenth int
	waitUntil map[string]time.Time // per host: the end of the wait last said
}

// progressEvery is the longest silence between two progress lines when
// stderr is not a terminal.
const progressEvery = 10 * time.Second

func newProgress(w io.Writer, total, cached int, hosts []string, calls func() int64) *progress {
	p := &progress{w: w, total: total, cached: cached, hosts: hosts, perHost: make([]int, len(hosts)), calls: calls, calls0: calls(), start: time.Now()}
	p.last = p.start
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
	}
	if w != nil && total > 0 {
		on := hosts[0]
		if len(hosts) > 1 {
			on = fmt.Sprintf("%d hosts", len(hosts))
		}
		fmt.Fprintf(w, "judging %d pair%s with the model on %s (%d from the cache)\n", total, map[bool]string{true: "", false: "s"}[total == 1], on, cached)
	}
	return p
}

// add counts a pair finished on host h.
func (p *progress) add(h int) {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n++
	p.perHost[h]++
	now := time.Now()
	if p.tty {
		if now.Sub(p.last) >= 200*time.Millisecond || p.n == p.total {
			p.last = now
			fmt.Fprintf(p.w, "\r\033[K%s", p.line(now))
		}
		return
	}
	tenth := 10 * p.n / p.total
	if tenth > p.lastTenth || now.Sub(p.last) >= progressEvery {
		p.lastTenth, p.last = tenth, now
		fmt.Fprintln(p.w, p.line(now))
	}
}

// line is "done 140/1406 pairs, 12.3 calls/s, 200 cached, ETA 1m43s; a 70, b 70".
func (p *progress) line(now time.Time) string {
	el := now.Sub(p.start)
	rate := float64(p.calls()-p.calls0) / el.Seconds()
	eta := "?"
	if p.n > 0 {
		eta = (time.Duration(float64(el) / float64(p.n) * float64(p.total-p.n))).Round(time.Second).String()
	}
	var hs []string
	if len(p.hosts) > 1 {
		for i, h := range p.hosts {
			hs = append(hs, fmt.Sprintf("%s %d", h, p.perHost[i]))
		}
	}
	s := fmt.Sprintf("done %d/%d pairs, %.1f calls/s, %d cached, ETA %s", p.n, p.total, rate, p.cached, eta)
	if len(hs) > 0 {
		s += "; " + strings.Join(hs, ", ")
	}
	return s
}

// requeued counts a pair put back for another host.
func (p *progress) requeued() {
	p.mu.Lock()
	p.requeues++
	p.mu.Unlock()
}

// note prints an event (a host dropped) on its own line.
func (p *progress) note(msg string) {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty {
		fmt.Fprint(p.w, "\r\033[K")
	}
	fmt.Fprintf(p.w, "rxeval: warning: %s\n", termsafe.Escape(msg))
}

// waiting says that a call slot waits before retrying on host, as the
// server asked (Retry-After): once per host and wait, not once per slot.
func (p *progress) waiting(host string, d time.Duration, code int) {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if until, ok := p.waitUntil[host]; ok && now.Before(until) {
		return // another slot already said so for this wait
	}
	if p.waitUntil == nil {
		p.waitUntil = map[string]time.Time{}
	}
	p.waitUntil[host] = now.Add(d)
	if p.tty {
		fmt.Fprint(p.w, "\r\033[K")
	}
	fmt.Fprintf(p.w, "rxeval: waiting %s s for %s (HTTP %d with Retry-After)\n", strconv.FormatFloat(d.Seconds(), 'f', -1, 64), termsafe.Escape(host), code)
}

// final prints the run's totals.
func (p *progress) final(rs RunStats, hosts []HostStats, maxCalls int64, contextNote string) {
	if p.w == nil || rs.Pairs == 0 {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty && p.total > 0 {
		fmt.Fprint(p.w, "\r\033[K")
	}
	rate := 0.0
	if s := rs.Elapsed.Seconds(); s > 0 {
		rate = float64(rs.Calls) / s
	}
	fmt.Fprintf(p.w, "model judge: %d pair%s, %d from the cache, %d model call%s in %s (%.1f calls/s); %d decided, %d undecided",
		rs.Pairs, map[bool]string{true: "", false: "s"}[rs.Pairs == 1], rs.Cached, rs.Calls, map[bool]string{true: "", false: "s"}[rs.Calls == 1], rs.Elapsed.Round(time.Millisecond), rate, rs.Cached+rs.Decided, rs.Undecided)
	if rs.Failed > 0 {
		fmt.Fprintf(p.w, ", %d of them failed", rs.Failed)
		if rs.Unusable > 0 {
			fmt.Fprintf(p.w, " (%d because the model's reply was not the JSON object asked for)", rs.Unusable)
		}
	}
	if rs.TooLong > 0 {
		fmt.Fprintf(p.w, ", %d not asked: too long for the model's context (%s)", rs.TooLong, contextNote)
	}
	if rs.NotAsked > 0 {
		fmt.Fprintf(p.w, ", %d not asked (--max-calls %d reached)", rs.NotAsked, maxCalls)
	}
	if p.requeues > 0 {
		fmt.Fprintf(p.w, "; %d pairs moved to another host", p.requeues)
	}
	if len(hosts) > 1 || (len(hosts) == 1 && hosts[0].Dropped != "") {
		var hs []string
		for _, h := range hosts {
			s := fmt.Sprintf("%s %d calls", h.Host, h.Calls)
			if h.Dropped != "" {
				s += " (dropped)"
			}
			hs = append(hs, s)
		}
		fmt.Fprintf(p.w, "; %s", strings.Join(hs, ", "))
	}
	fmt.Fprintln(p.w)
}
