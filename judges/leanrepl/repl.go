// Package leanrepl drives the Lean community REPL
// (github.com/leanprover-community/repl): JSON commands on standard input,
// JSON answers on standard output, each a blank-line-separated object. It
// keeps a small pool of REPL processes started from the user's own
// command (usually "lake env …/repl" in a Mathlib project), reuses the
// environment a header elaborates to for every statement under that
// header, bounds every command by a timeout, and restarts a process that
// crashed, hung or printed something that is not the protocol.
package leanrepl

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/rxeval/rxeval/internal/termsafe"
	"github.com/rxeval/rxeval/internal/textcut"
)

// Config says how to start and use the REPL.
type Config struct {
	// Command starts one REPL process; it runs under "sh -c" in Dir.
	Command string
	Dir     string
	// Parallel is the number of REPL processes (default 1).
	Parallel int
	// Timeout bounds one command (default 2 minutes): a header's imports
	// can take that long the first time.
	Timeout time.Duration
	// MaxRSS, when positive, is a memory ceiling in bytes: after a command
	// that leaves the REPL's process group over it, the process is
	// restarted (Lean's memory grows with every environment it keeps).
	MaxRSS int64
	// MaxFailures stops the client (ErrStopped) after that many units of
	// work in a row failed (default 3): see Client.Outcome.
	MaxFailures int
}

// Pos is a position in a command's text: line from 1, column from 0.
type Pos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// Message is one message Lean printed for a command.
type Message struct {
	Severity string `json:"severity"`
	Pos      Pos    `json:"pos"`
	EndPos   *Pos   `json:"endPos"`
	Data     string `json:"data"`
}

// Sorry is a sorry in a command, with its goal.
type Sorry struct {
	ProofState int    `json:"proofState"`
	Pos        Pos    `json:"pos"`
	Goal       string `json:"goal"`
}

// Response is the REPL's answer to a command.
type Response struct {
	Env      *int      `json:"env"`
	Messages []Message `json:"messages"`
	Sorries  []Sorry   `json:"sorries"`
	// Message is set when the REPL refused the command itself (an unknown
	// env, a JSON error, a tactic error in tactic mode).
	Message string `json:"message"`
}

// Errors returns the command's error messages.
func (r *Response) Errors() []Message {
	var out []Message
	for _, m := range r.Messages {
		if m.Severity == "error" {
			out = append(out, m)
		}
	}
	return out
}

// Axioms reads the answer of "#print axioms NAME" among the command's
// info messages: the axioms the declaration depends on (empty when none).
// ok is false when no such answer is there. Lean prints "'N' depends on
// axioms: [a, b]" (wrapped over lines when long) or "'N' does not depend
// on any axioms", N being the full name.
func (r *Response) Axioms(name string) (axioms []string, ok bool) {
	for _, m := range r.Messages {
		if m.Severity != "info" {
			continue
		}
		q, rest, found := strings.Cut(m.Data, "' ")
		if !found || !strings.HasPrefix(q, "'") || q[1:] != name && !strings.HasSuffix(q[1:], "."+name) {
			continue
		}
		if strings.HasPrefix(rest, "does not depend on any axioms") {
			return []string{}, true
		}
		list, found := strings.CutPrefix(rest, "depends on axioms: [")
		if !found {
			continue
		}
		list, _, _ = strings.Cut(list, "]")
		for _, a := range strings.Split(list, ",") {
			if a = strings.TrimSpace(a); a != "" {
				axioms = append(axioms, a)
			}
		}
		return axioms, true
	}
	return nil, false
}

// ErrREPL marks a REPL that failed (did not start, crashed, hung, or wrote
// something that is not the protocol): not an answer about a statement.
var ErrREPL = errors.New("the Lean REPL failed")

// ErrNoAnswer marks, within ErrREPL, a command the REPL did not answer
// within the timeout: the process is restarted, and the statement that
// took too long may be the reason (a tactic or an elaboration that runs
// away), so callers may treat it as that statement's own outcome.
var ErrNoAnswer = errors.New("no answer")

// ErrRefused marks, within ErrREPL, a protocol answer to a command: one
// that is not a command result (no env), such as {"message": "Unknown
// environment."}. The REPL refused the command; Lean said nothing about
// the statement, so it is never a verdict. The process is restarted and
// the command tried once more.
var ErrRefused = errors.New("it refused the command")

// ErrProtocol marks, within ErrREPL, an answer that does not fit the
// command it answers: an env seen before in the process (an answer given
// twice puts every later one out of step), a negative env, or an env with
// a refusal's message. Like a refusal it is never a verdict: the process
// is restarted and the command tried once more.
var ErrProtocol = errors.New("its answer does not fit the command")

// maxAnswer bounds one answer's bytes: Lean's messages for one statement
// are far smaller.
const maxAnswer = 16 << 20

// ErrAnswerTooLarge marks, within ErrREPL, an answer over maxAnswer bytes.
var ErrAnswerTooLarge = errors.New("an answer larger than 16 MB")

// ErrStopped marks, within ErrREPL, a client that stopped: MaxFailures
// units of work in a row failed, or an answer passed the cap. It sends
// nothing more.
var ErrStopped = errors.New("stopped")

// Client is a pool of REPL processes.
type Client struct {
	cfg   Config
	procs chan *proc
	mu    sync.Mutex
	all   []*proc
	// Version is what the REPL reports of Lean and Mathlib, for reports
	// and cache keys ("mathlib unknown" when it did not say), each cut to
	// 128 bytes and escaped as a model server's version is.
	Version string
	// Note says why Mathlib's version is unknown, or is "".
	Note string

	// The circuit breaker: failed units of work in a row, and the error
	// the client stopped with (nil while it runs).
	failMu  sync.Mutex
	fails   int
	stopped error
}

// Start starts the pool and asks one process for Lean's and Mathlib's
// versions; an error means the REPL cannot run (exit 3 for the CLI).
func Start(ctx context.Context, cfg Config) (*Client, error) {
	if strings.TrimSpace(cfg.Command) == "" {
		return nil, fmt.Errorf("%w: no command given (--lean-repl or $RXEVAL_LEAN_REPL)", ErrREPL)
	}
	if cfg.Parallel <= 0 {
		cfg.Parallel = 1
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 2 * time.Minute
	}
	if cfg.MaxFailures <= 0 {
		cfg.MaxFailures = 3
	}
	becomeSubreaper()
	c := &Client{cfg: cfg, procs: make(chan *proc, cfg.Parallel)}
	for range cfg.Parallel {
		p := &proc{cfg: &c.cfg}
		c.all = append(c.all, p)
		c.procs <- p
	}
	r, err := c.command(ctx, nil, `#eval Lean.versionString`)
	if err != nil {
		c.Close()
		return nil, err
	}
	if errs := r.Errors(); len(errs) > 0 {
		c.Close()
		return nil, fmt.Errorf("%w: it does not evaluate Lean.versionString: %s", ErrREPL, errs[0].Data)
	}
	c.Version = "lean " + versionFrom(r)
	// Mathlib's version, where the REPL's project has it; when it is not
	// known, the cache key says so and so does the note.
	r, err = c.command(ctx, []string{"import Mathlib"}, `#eval Mathlib.Meta.mathlibVersion`)
	switch {
	case err != nil && !errors.Is(err, ErrREPL):
		c.Close()
		return nil, err
	case err != nil:
		c.Note = "the REPL failed on the query of Mathlib's version (" + strings.TrimPrefix(err.Error(), ErrREPL.Error()+": ") + ")"
	case len(r.Errors()) > 0:
		c.Note = "Lean does not evaluate Mathlib.Meta.mathlibVersion (" + firstLine(r.Errors()[0].Data) + ")"
	default:
		c.Version += ", mathlib " + versionFrom(r)
	}
	if c.Note != "" {
		c.Version += ", mathlib unknown"
		c.Note = replString(c.Note, 300) + `: Mathlib's version is unknown, and verdicts are cached under "mathlib unknown" (give each Mathlib its own --cache FILE)`
	}
	c.fails = 0
	return c, nil
}

// Outcome records how one unit of work ended (a correction checked, a pair
// judged: err nil, a REPL failure, or anything else; units names such
// units in a message, "pairs") and returns err, or
// the client's stop: after cfg.MaxFailures units in a row failed with
// ErrREPL, the client stops (ErrStopped) and sends nothing more, as a
// model judge drops a host after --max-failures pairs in a row. A unit
// Lean answered, whatever it said, resets the count.
func (c *Client) Outcome(err error, units string) error {
	c.failMu.Lock()
	defer c.failMu.Unlock()
	switch {
	case c.stopped != nil && err != nil:
		return c.stopped
	case err == nil:
		c.fails = 0
	case errors.Is(err, ErrREPL) && !errors.Is(err, ErrStopped):
		c.fails++
		if c.fails >= c.cfg.MaxFailures {
			c.stopped = fmt.Errorf("%w: %d %s in a row failed (last: %s): %w", ErrREPL, c.fails, units, strings.TrimPrefix(err.Error(), ErrREPL.Error()+": "), ErrStopped)
			return c.stopped
		}
	}
	return err
}

// stop stops the client for err (an answer past the cap): nothing more is
// sent.
func (c *Client) stop(err error) error {
	c.failMu.Lock()
	defer c.failMu.Unlock()
	if c.stopped == nil {
		c.stopped = fmt.Errorf("%w: %w (the REPL was %s)", err, ErrStopped, commandName(c.cfg.Command))
	}
	return c.stopped
}

// Stopped returns the error the client stopped with, or nil.
func (c *Client) Stopped() error {
	c.failMu.Lock()
	defer c.failMu.Unlock()
	return c.stopped
}

// commandName is the REPL's command for messages, cut.
func commandName(cmd string) string {
	if len(cmd) > 120 {
		cmd = cmd[:120] + "…"
	}
	return fmt.Sprintf("%q", cmd)
}

// versionFrom reads an #eval's printed string from its info message, cut
// to 128 bytes and escaped (replString).
func versionFrom(r *Response) string {
	for _, m := range r.Messages {
		if m.Severity == "info" {
			return replString(strings.Trim(strings.TrimSpace(m.Data), `"`), 128)
		}
	}
	return "unknown"
}

// replString bounds a string the REPL supplied before it is copied into
// reports, cache keys and messages: escaped (termsafe: no terminal control,
// no line break) and cut to max bytes, as a model server's version is.
func replString(s string, max int) string {
	if len(s) > 4*max {
		s = s[:4*max] // escaping a string longer than this is wasted work
	}
	if s = termsafe.Escape(s); len(s) > max {
		s = textcut.Prefix(s, max) + "…"
	}
	return s
}

// Run elaborates text after layers: the first is a header (imports,
// opens, variables, defs), each next one is elaborated in the environment
// of those before it (a hypothesis theorem, say). Each process keeps the
// environment of every chain of layers it has elaborated, so a header's
// imports are read once per process.
func (c *Client) Run(ctx context.Context, layers []string, text string) (*Response, error) {
	return c.command(ctx, layers, text)
}

// command runs text after layers in a process of the pool; a command the
// REPL refused (ErrRefused), an answer out of step (ErrProtocol) or a layer
// Lean rejected (HeaderError) ended that process: the command is tried once
// more, in a process of the pool (a fresh one if that was the one free).
func (c *Client) command(ctx context.Context, layers []string, text string) (*Response, error) {
	if err := c.Stopped(); err != nil {
		return nil, err
	}
	r, err := c.commandOnce(ctx, layers, text)
	var he *HeaderError
	if errors.Is(err, ErrRefused) || errors.Is(err, ErrProtocol) || errors.As(err, &he) {
		r, err = c.commandOnce(ctx, layers, text)
	}
	if errors.Is(err, ErrAnswerTooLarge) {
		return nil, c.stop(err)
	}
	return r, err
}

func (c *Client) commandOnce(ctx context.Context, layers []string, text string) (*Response, error) {
	var p *proc
	select {
	case p = <-c.procs:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { c.procs <- p }()
	env, err := p.envFor(ctx, layers)
	if err == nil && p.cmd == nil && len(layers) > 0 {
		// The memory ceiling restarted the process after the last layer:
		// its env numbers are gone; elaborate them again, once.
		env, err = p.envFor(ctx, layers)
		if err == nil && p.cmd == nil {
			err = fmt.Errorf("%w: it goes over the memory ceiling just elaborating the header", ErrREPL)
		}
	}
	if err != nil {
		return nil, err
	}
	req := map[string]any{"cmd": text}
	if env >= 0 {
		req["env"] = env
	}
	return p.send(ctx, req)
}

// Check typechecks a statement under a header, its proof replaced by
// sorry: Lean's first error (positions relative to the statement's text,
// line 1 its first line), or nil when it compiles. A header Lean rejects
// (in two processes) is a REPL failure, a *HeaderError: never the
// statement's error.
func (c *Client) Check(ctx context.Context, header, stmt string) (*Message, error) {
	text := clean(stmt)
	toks, ok := scanTokens(text)
	why := unreadable
	if ok {
		why = runsCode(toks)
	}
	if why != "" {
		return &Message{Severity: "error", Data: "rxeval did not give it to Lean: " + why}, nil
	}
	if !declRe.MatchString(text) {
		text = Renamed(text, "rxeval_check") // a bare proposition
	}
	r, err := c.Run(ctx, []string{header}, WithProof(text, "sorry"))
	if err != nil {
		return nil, err
	}
	if errs := r.Errors(); len(errs) > 0 {
		return &errs[0], nil
	}
	return nil, nil
}

// Close ends every process (its whole process group).
func (c *Client) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, p := range c.all {
		p.kill()
	}
	return nil
}

// proc is one REPL process, started on first use and again after a
// failure.
type proc struct {
	cfg   *Config
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Reader
	envs  map[string]int // header -> the env it elaborated to
	dead  chan struct{}
	stder *limitedBuffer
	// stderrRead is closed when its standard error is read to the end.
	stderrRead chan struct{}
	// outPipe is the read end of its standard output, closed on kill.
	outPipe io.ReadCloser
	// restarts counts restarts for the memory ceiling.
	restarts int
	// marker is in the environment of it and all it starts (sweep).
	marker string
	// nextEnv is the env the process's next command must be answered
	// with (answeredBy): the REPL numbers them 0, 1, 2, … (its
	// recordCommandSnapshot returns the count of those before).
	nextEnv    int
	answeredBy *exec.Cmd
}

func (p *proc) start() error {
	cmd := replCommand(p.cfg.Command)
	cmd.Dir = p.cfg.Dir
	marker := newMarker()
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Env = append(cmd.Env, marker)
	cmd.SysProcAttr = procAttr()
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	// Standard error through a pipe of our own: with cmd.Stderr set to a
	// buffer, exec copies it in a goroutine that only Cmd.Wait waits for,
	// so a REPL that died at once could be reported before what it said
	// was copied (TestStartFailures, seen flaky).
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		return err
	}
	p.stder = &limitedBuffer{buf: &bytes.Buffer{}, max: 4 << 10}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%w: starting %q: %v", ErrREPL, p.cfg.Command, err)
	}
	p.marker = marker
	register(marker, cmd.Process.Pid)
	p.stderrRead = make(chan struct{})
	go func(buf *limitedBuffer, done chan struct{}) { io.Copy(buf, errPipe); close(done) }(p.stder, p.stderrRead)
	p.cmd, p.in, p.out, p.envs, p.dead = cmd, in, bufio.NewReaderSize(out, 64<<10), map[string]int{}, make(chan struct{})
	p.outPipe = out
	// Process.Wait, not Cmd.Wait: Cmd.Wait closes the output pipe, which
	// would race with reading an answer the REPL wrote before it exited.
	go func(dead chan struct{}) { cmd.Process.Wait(); close(dead) }(p.dead)
	return nil
}

func (p *proc) kill() {
	if p.cmd == nil {
		return
	}
	pgid := p.cmd.Process.Pid
	// The supervisor (Linux) ends and reaps all under it; the sweep and
	// the group kill are for a supervisor that did not.
	stopSupervisor(pgid, p.dead, 5*time.Second)
	under := sweep(p.marker, pgid)
	killPgid(pgid)
	unregister(p.marker)
	p.in.Close()
	select {
	case <-p.dead:
		// Its orphans are adopted now: rxeval ends and reaps them, and
		// those of a supervisor its REPL killed before.
		reap(append(under, sweepAdopted(ownSupervisors(), 2*time.Second)...))
	case <-time.After(5 * time.Second):
		sweepAdopted(ownSupervisors(), 2*time.Second)
	}
	p.outPipe.Close()
	go p.cmd.Wait() // releases the stderr copier and the pipes; the process is gone
	p.cmd = nil
}

// envFor returns the env of a chain of layers in this process,
// elaborating what it has not yet; -1 for none (a fresh environment).
func (p *proc) envFor(ctx context.Context, layers []string) (int, error) {
	env, key := -1, ""
	for k, layer := range layers {
		if strings.TrimSpace(layer) == "" {
			continue
		}
		key += "\x00" + layer
		if p.cmd != nil {
			if e, ok := p.envs[key]; ok {
				env = e
				continue
			}
		}
		req := map[string]any{"cmd": layer}
		if env >= 0 {
			req["env"] = env
		}
		r, err := p.send(ctx, req)
		if err != nil {
			return 0, err
		}
		if errs := r.Errors(); len(errs) > 0 {
			// Lean elaborated the layer in another process, or will in a
			// fresh one (a header that failed while .olean files were being
			// written, out of memory): this process is not trusted again.
			p.kill()
			return 0, &HeaderError{Message: errs[0], Layer: k, Text: layer}
		}
		if p.cmd == nil {
			// Restarted for the memory ceiling: this env died with it.
			return 0, nil
		}
		p.envs[key], env = *r.Env, *r.Env
	}
	return env, nil
}

// HeaderError is a layer (a header, or a layer rxeval builds on it) that
// Lean rejected in a process: within ErrREPL, a failure of that process,
// never an answer about the statement under it. The process is restarted.
type HeaderError struct {
	Message Message
	Layer   int    // 0: the header; 1 and on: the layers after it
	Text    string // the layer
}

func (e *HeaderError) Error() string {
	what := "the header"
	if e.Layer > 0 {
		what = fmt.Sprintf("layer %d (%s)", e.Layer, replString(firstLine(e.Text), 80))
	}
	return fmt.Sprintf("%v: Lean rejects %s (line %d, column %d: %s); the process was restarted", ErrREPL, what, e.Message.Pos.Line, e.Message.Pos.Column, firstLine(e.Message.Data))
}

// Unwrap makes a HeaderError a REPL failure.
func (e *HeaderError) Unwrap() error { return ErrREPL }

// send writes one command and reads its answer, within the timeout; on
// any failure the process is killed, to be started afresh next time.
func (p *proc) send(ctx context.Context, req map[string]any) (*Response, error) {
	if p.cmd == nil {
		if err := p.start(); err != nil {
			return nil, err
		}
	}
	b, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	type result struct {
		raw []byte
		err error
	}
	if !p.quiet() {
		p.kill()
		return nil, fmt.Errorf("%w: %w: it wrote an answer no command asked for", ErrREPL, ErrProtocol)
	}
	done := make(chan result, 1)
	go func(out *bufio.Reader) {
		raw, err := readAnswer(out)
		done <- result{raw, err}
	}(p.out)
	// The command is written while the timeout runs: a REPL that stops
	// reading would block the write for ever, Ctrl-C included.
	timer := time.NewTimer(p.cfg.Timeout)
	defer timer.Stop()
	wrote := make(chan error, 1)
	go func(in io.Writer) {
		_, err := in.Write(append(b, '\n', '\n'))
		wrote <- err
	}(p.in)
	select {
	case err := <-wrote:
		if err != nil {
			select {
			case <-p.dead:
				err = errors.New("it exited")
			case <-time.After(200 * time.Millisecond):
			}
			note := p.stderrNote()
			p.kill()
			return nil, fmt.Errorf("%w: writing to it: %v%s", ErrREPL, err, note)
		}
	case <-timer.C:
		p.kill()
		return nil, fmt.Errorf("%w: %w: it read no command within %v (the process was restarted)", ErrREPL, ErrNoAnswer, p.cfg.Timeout)
	case <-ctx.Done():
		p.kill()
		return nil, ctx.Err()
	}
	// The process may die with its output still open (a child of its
	// shell holds it), and then the answer never ends: a moment after the
	// death, whatever was not read is given up.
	dead, grace := p.dead, (<-chan time.Time)(nil)
	for {
		select {
		case r := <-done:
			return p.answer(req, r.raw, r.err)
		case <-dead:
			dead, grace = nil, time.After(200*time.Millisecond)
		case <-grace:
			note := p.stderrNote()
			p.kill()
			return nil, fmt.Errorf("%w: it exited%s", ErrREPL, note)
		case <-timer.C:
			p.kill()
			return nil, fmt.Errorf("%w: %w within %v (the process was restarted)", ErrREPL, ErrNoAnswer, p.cfg.Timeout)
		case <-ctx.Done():
			p.kill()
			return nil, ctx.Err()
		}
	}
}

// answer reads the answer to req the REPL gave (raw, or the error reading
// it).
func (p *proc) answer(req map[string]any, raw []byte, readErr error) (*Response, error) {
	r := struct {
		raw []byte
		err error
	}{raw, readErr}
	if r.err != nil && !errors.Is(r.err, ErrAnswerTooLarge) {
		select {
		case <-p.dead:
			r.err = errors.New("it exited") // whatever the read said
		case <-time.After(200 * time.Millisecond):
		}
	}
	if r.err != nil {
		note := p.stderrNote()
		p.kill()
		return nil, fmt.Errorf("%w: %w%s", ErrREPL, r.err, note)
	}
	var resp Response
	if err := json.Unmarshal(r.raw, &resp); err != nil {
		p.kill()
		return nil, fmt.Errorf("%w: its answer is not JSON (%v): %.200s", ErrREPL, err, r.raw)
	}
	if _, isCmd := req["cmd"]; isCmd && resp.Env == nil {
		// Not a command result: a protocol answer ("Unknown
		// environment.", a JSON error), or something else entirely.
		p.kill()
		what := resp.Message
		if what == "" {
			what = fmt.Sprintf("an answer with no env: %.200s", r.raw)
		}
		return nil, fmt.Errorf("%w: %w: %s", ErrREPL, ErrRefused, firstLine(what))
	}
	if _, isCmd := req["cmd"]; isCmd {
		if err := p.fits(&resp); err != nil {
			p.kill()
			return nil, err
		}
	}
	if p.cfg.MaxRSS > 0 && groupRSS(p.cmd.Process.Pid) > p.cfg.MaxRSS {
		// The answer stands; the next command gets a fresh process.
		p.kill()
		p.restarts++
	}
	return &resp, nil
}

// fits checks an answer with an env against the command it answers: the
// env the process's next command gets (an answer written twice, or one
// nobody asked for, puts the rest out of step), and no refusal's message
// beside it.
func (p *proc) fits(r *Response) error {
	if p.answeredBy != p.cmd {
		p.nextEnv, p.answeredBy = 0, p.cmd
	}
	env := *r.Env
	switch {
	case r.Message != "":
		return fmt.Errorf("%w: %w: env %d with the message %q", ErrREPL, ErrProtocol, env, replString(firstLine(r.Message), 200))
	case env != p.nextEnv:
		return fmt.Errorf("%w: %w: env %d where the process's command %d gets env %d (an answer written twice or unasked puts the rest out of step)", ErrREPL, ErrProtocol, env, p.nextEnv+1, p.nextEnv)
	}
	p.nextEnv++
	return nil
}

// quiet reports whether the process has written nothing unasked: output
// waiting before a command is written would be read as its answer.
func (p *proc) quiet() bool {
	if p.out.Buffered() > 0 {
		return false
	}
	f, ok := p.outPipe.(interface{ SetReadDeadline(time.Time) error })
	if !ok || f.SetReadDeadline(time.Now()) != nil {
		return true
	}
	_, err := p.out.Peek(1)
	f.SetReadDeadline(time.Time{})
	return err != nil
}

func (p *proc) stderrNote() string {
	if p.stder == nil {
		return ""
	}
	select { // what a dead process said, read to the end (a child may hold the pipe: not forever)
	case <-p.stderrRead:
	case <-time.After(500 * time.Millisecond):
	}
	if s := p.stder.String(); s != "" {
		return "; it said: " + firstLine(s)
	}
	return ""
}

// readAnswer reads one answer: lines up to a blank line that ends a
// non-blank block. It reads in pieces of the reader's buffer and stops at
// maxAnswer bytes, newline or not (ErrAnswerTooLarge): a REPL that writes
// without end costs the cap, not all the memory there is.
func readAnswer(r *bufio.Reader) ([]byte, error) {
	var buf bytes.Buffer
	var line []byte // the line being read, when longer than one piece
	for {
		piece, err := r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			if buf.Len()+len(line)+len(piece) > maxAnswer {
				return nil, ErrAnswerTooLarge
			}
			line = append(line, piece...)
			continue
		}
		if line != nil {
			piece, line = append(line, piece...), nil
		}
		if len(bytes.TrimSpace(piece)) == 0 {
			if buf.Len() > 0 && (err == nil || err == io.EOF) {
				return buf.Bytes(), nil
			}
			if err != nil {
				if err == io.EOF {
					return nil, errors.New("it exited")
				}
				return nil, err
			}
			continue
		}
		if buf.Len()+len(piece) > maxAnswer {
			return nil, ErrAnswerTooLarge
		}
		buf.Write(piece)
		if err != nil {
			if err == io.EOF {
				return buf.Bytes(), nil
			}
			return nil, err
		}
	}
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// limitedBuffer keeps the first max bytes written to it.
type limitedBuffer struct {
	mu  sync.Mutex
	buf *bytes.Buffer
	max int
}

// String returns what was kept.
func (l *limitedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if room := l.max - l.buf.Len(); room > 0 {
		l.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
