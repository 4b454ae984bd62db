package model

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"time"

	"github.com/ollama/ollama/api"
	"github.com/rxeval/rxeval/internal/textcut"
)

// StatusError is an HTTP error status from the judge server, kept whatever
// the body says (the Ollama client drops the status of a streamed error).
type StatusError struct {
	Code int
	Body string
	// RetryAfter is the wait a 429 or 503 asked for (Retry-After), at
	// most a minute; 0 when none.
	RetryAfter time.Duration
}

// retryAfter reads a Retry-After header: seconds or an HTTP date, bounded
// to a minute.
func retryAfter(h string) time.Duration {
	var d time.Duration
	if n, err := strconv.Atoi(strings.TrimSpace(h)); err == nil && n > 0 {
		d = time.Duration(n) * time.Second
	} else if t, err := http.ParseTime(h); err == nil {
		d = time.Until(t)
	}
	return min(max(d, 0), time.Minute)
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
	if err != nil {
		return resp, err
	}
	if resp.StatusCode < 400 {
		// No reply a judge server sends is near this size: a larger one
		// (a gzip bomb, a runaway server) is cut, whichever client reads
		// it (issue 18.6).
		resp.Body = &cappedBody{r: resp.Body, left: maxReply + 1, what: r.Method + " " + r.URL.Path}
		return resp, nil
	}
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	resp.Body.Close()
	return nil, &StatusError{Code: resp.StatusCode, Body: strings.TrimSpace(string(body)), RetryAfter: retryAfter(resp.Header.Get("Retry-After"))}
}

// serverString bounds a string a server reports (a version, a digest)
// before it is copied into reports: at most 128 bytes, printable.
func serverString(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			return -1
		}
		return r
	}, s)
	if len(s) > 128 {
		s = textcut.Prefix(s, 128) + "…"
	}
	return s
}

// cappedBody fails a read past maxReply bytes (after any gzip decoding).
type cappedBody struct {
	r    io.ReadCloser
	left int64
	what string
}

func (b *cappedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, fmt.Errorf("%s: reply larger than %d bytes", b.what, maxReply)
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	return n, err
}

func (b *cappedBody) Close() error { return b.r.Close() }

// newHTTPClient is the judge's HTTP client: a deadline on every request, no
// redirects, and error statuses as *StatusError.
//
// Each host gets its own transport that keeps a connection per call slot
// alive: the default transport keeps two, so that at --parallel 32 most
// calls would open a new connection.
func newHTTPClient(timeout time.Duration, parallel int) *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = max(parallel, 2)
	return &http.Client{
		Timeout:       timeout,
		Transport:     statusTransport{tr},
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
		return nil, fmt.Errorf("the Ollama host %q: %w", host, err)
	}
	if err := checkServerURL(u); err != nil {
		return nil, fmt.Errorf("the Ollama host %q: %w", host, err)
	}
	if u.Port() == "" {
		u.Host = net.JoinHostPort(u.Hostname(), "11434")
	}
	return u, nil
}

// checkServerURL refuses, when the flags are read, a server URL no call
// could reach (issue 34.8): a scheme other than http or https (unix:// is
// not a socket path here), no host, a port that is not 1 to 65535.
func checkServerURL(u *url.URL) error {
	if u.Scheme != "http" && u.Scheme != "https" {
		return fmt.Errorf("the scheme %q is not http or https: want http://HOST:PORT", u.Scheme)
	}
	if u.Hostname() == "" {
		return errors.New("no host: want http://HOST:PORT")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return fmt.Errorf("the port %s is not 1 to 65535", p)
		}
	} else if strings.HasSuffix(u.Host, ":") {
		return errors.New("an empty port: want http://HOST:PORT")
	}
	return nil
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

// ollamaEndpoint is one Ollama server. Chats are posted directly (with the
// api package's types) rather than through api.Client.Chat, which
// allocates a 512 KB scan buffer per call: a fifth of the CPU a pair costs
// (BenchmarkPairOverhead's profile).
type ollamaEndpoint struct {
	u      *url.URL
	client *api.Client // version and model list
	http   *http.Client
	j      *Judge
}

func (e *ollamaEndpoint) label() string { return e.u.Host }

func (e *ollamaEndpoint) chat(ctx context.Context, system, user string) (string, error) {
	stream := false
	body, err := json.Marshal(&api.ChatRequest{
		Model:    e.j.cfg.Model,
		Messages: []api.Message{{Role: "system", Content: system}, {Role: "user", Content: user}},
		Stream:   &stream,
		Format:   replySchema,
		Options:  e.j.Options(),
	})
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.u.JoinPath("/api/chat").String(), bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := e.http.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxReply+1))
	if err != nil {
		return "", err
	}
	if len(b) > maxReply {
		return "", fmt.Errorf("POST /api/chat: reply larger than %d bytes", maxReply)
	}
	var r struct {
		Message *api.Message `json:"message"`
		Error   string       `json:"error"`
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return "", notChat(b, err)
	}
	if r.Error != "" {
		return "", fmt.Errorf("the server: %s", r.Error)
	}
	if r.Message == nil {
		return "", notChat(b, errors.New(`no "message"`))
	}
	return r.Message.Content, nil
}

// notChat is a 200 whose body is not a chat response at all (a proxy's
// HTML page, some other JSON): a fault of the server, retried and counted
// against the host like a 5xx, never read as the model's bad reply (issue
// 34.8). The message shows the body's start, quoted.
func notChat(body []byte, err error) error {
	return fmt.Errorf("the server's reply is not a chat response (%v): %q", err, textcut.Prefix(string(body), 80))
}

// checkHost resolves a host and applies the loopback rule.
func checkHost(what, host string, allowRemote bool) (*url.URL, error) {
	u, err := ResolveHost(host)
	if err != nil {
		return nil, err
	}
	if !IsLoopback(u) && !allowRemote {
		return nil, &HintError{fmt.Errorf("the %s %w: %s", what, ErrRemoteHost, u.Host), "participant texts would leave this machine; pass --allow-remote-judge if that is intended"}
	}
	return u, nil
}

// NewOllama connects to every host and checks, before any work, that each
// answers and has the model, and that all have the same digest.
func NewOllama(ctx context.Context, cfg Config) (*Judge, error) {
	j, err := newOllama(ctx, cfg)
	if j != nil {
		j.secrets = cfg.secrets()
	}
	return j, redactErr(err, cfg.secrets())
}

func newOllama(ctx context.Context, cfg Config) (*Judge, error) {
	cfg.defaults()
	hosts := cfg.hostList()
	if len(hosts) == 0 {
		hosts = []string{""} // $OLLAMA_HOST or the default
	}
	var urls []*url.URL
	for _, h := range hosts {
		u, err := checkHost("Ollama", h, cfg.AllowRemote)
		if err != nil {
			return nil, err
		}
		urls = append(urls, u)
	}
	j := &Judge{cfg: cfg, kind: "ollama"}
	digests := map[string][]string{}
	for _, u := range urls {
		hc := newHTTPClient(cfg.Timeout, cfg.Parallel)
		client := api.NewClient(u, hc)
		version, digest, err := probeOllama(ctx, u, client, cfg.Model)
		if err != nil {
			return nil, err
		}
		if j.ServerVersion == "" {
			j.ServerVersion, j.Digest = serverString(version), serverString(digest)
		}
		digests[digest] = append(digests[digest], u.Host)
		j.eps = append(j.eps, &ollamaEndpoint{u: u, client: client, http: hc, j: j})
		j.stats = append(j.stats, HostStats{Host: u.Host})
	}
	if len(digests) > 1 {
		return nil, &HintError{fmt.Errorf("%w: %s", ErrModelMismatch, describeDigests(digests)), fmt.Sprintf("run 'ollama pull %s' on every host so that all serve the same weights", cfg.Model)}
	}
	return j, nil
}

// describeDigests lists digest: hosts, sorted.
func describeDigests(m map[string][]string) string {
	var parts []string
	for d, hs := range m {
		parts = append(parts, fmt.Sprintf("%s on %s", d, strings.Join(hs, ", ")))
	}
	slices.Sort(parts)
	return strings.Join(parts, "; ")
}

// probeOllama asks one server for its version and the model's digest.
func probeOllama(ctx context.Context, u *url.URL, client *api.Client, model string) (version, digest string, err error) {
	vctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	version, err = client.Version(vctx)
	if err != nil {
		return "", "", &HintError{fmt.Errorf("the Ollama %w at %s: %v", ErrServerDown, u.Redacted(), err), "start it with 'ollama serve' (or set OLLAMA_HOST / --ollama-host)"}
	}
	list, err := client.List(vctx)
	if err != nil {
		return "", "", &HintError{fmt.Errorf("the Ollama %w at %s: listing models: %v", ErrServerDown, u.Redacted(), err), "check the server's log"}
	}
	found := false
	for _, m := range list.Models {
		if (m.Name == model || m.Model == model || m.Name == model+":latest") && (!found || m.Digest != "") {
			// An empty digest is a listed model all the same (issue 34.8):
			// its verdicts are cached by the model's name, and Info says so.
			digest, found = m.Digest, true
		}
	}
	if !found {
		return "", "", &HintError{fmt.Errorf("%w: %q at %s", ErrModelMissing, model, u.Host), fmt.Sprintf("ollama pull %s", model)}
	}
	return version, digest, nil
}

// replySchema is the JSON Schema the model's reply must follow.
var replySchema = json.RawMessage(`{"type":"object","properties":{"equivalent":{"type":"boolean"},"reason":{"type":"string"}},"required":["equivalent","reason"]}`)

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
	return *r.Equivalent, textcut.Prefix(r.Reason, 300), nil
}
