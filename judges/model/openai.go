package model

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/ollama/ollama/api"
	"github.com/rxeval/rxeval/internal/textcut"
)

// An OpenAI-compatible judge talks to any server of the chat completions
// API with JSON-Schema structured output: vLLM, SGLang, llama.cpp's server,
// TGI, Ollama's /v1 endpoint, or a gateway in front of them.

// openaiEndpoint is one OpenAI-compatible server.
type openaiEndpoint struct {
	base   *url.URL // without the /v1 suffix
	client *http.Client
	token  string
	j      *Judge
}

func (e *openaiEndpoint) label() string { return e.base.Host + strings.TrimSuffix(e.base.Path, "/") }

type oaMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type oaRequest struct {
	Model          string      `json:"model"`
	Messages       []oaMessage `json:"messages"`
	Temperature    float64     `json:"temperature"`
	Seed           int         `json:"seed"`
	MaxTokens      int         `json:"max_tokens"`
	Stream         bool        `json:"stream"`
	ResponseFormat oaFormat    `json:"response_format"`
}

type oaFormat struct {
	Type       string   `json:"type"`
	JSONSchema oaSchema `json:"json_schema"`
}

type oaSchema struct {
	Name   string          `json:"name"`
	Schema json.RawMessage `json:"schema"`
}

type oaResponse struct {
	Choices []struct {
		Message struct {
			Content *string `json:"content"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
}

// maxReply bounds the bytes read from a server's reply.
const maxReply = 1 << 20

func (e *openaiEndpoint) do(ctx context.Context, method, path string, body []byte) ([]byte, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, e.base.JoinPath(path).String(), rd)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if e.token != "" {
		req.Header.Set("Authorization", "Bearer "+e.token)
	}
	resp, err := e.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxReply+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxReply {
		return nil, fmt.Errorf("%s %s: reply larger than %d bytes", method, path, maxReply)
	}
	return b, nil
}

func (e *openaiEndpoint) chat(ctx context.Context, system, user string) (string, error) {
	body, err := json.Marshal(oaRequest{
		Model:          e.j.cfg.Model,
		Messages:       []oaMessage{{Role: "system", Content: system}, {Role: "user", Content: user}},
		Temperature:    0,
		Seed:           e.j.cfg.Seed,
		MaxTokens:      e.j.cfg.NumPredict,
		ResponseFormat: oaFormat{Type: "json_schema", JSONSchema: oaSchema{Name: "verdict", Schema: replySchema}},
	})
	if err != nil {
		return "", err
	}
	b, err := e.do(ctx, http.MethodPost, "/v1/chat/completions", body)
	if err != nil {
		return "", err
	}
	return parseCompletion(b)
}

// parseCompletion returns the first choice's message text of a chat
// completion. A body that is not a chat completion (no "choices": a
// proxy's page) is the server's fault (notChat); a completion without a
// message text is an unparsable reply.
func parseCompletion(b []byte) (string, error) {
	var r oaResponse
	if err := json.Unmarshal(b, &r); err != nil {
		return "", notChat(b, err)
	}
	if r.Choices == nil {
		return "", notChat(b, errors.New(`no "choices"`))
	}
	if len(r.Choices) == 0 || r.Choices[0].Message.Content == nil {
		return "", errUnparsable{errors.New("the server's reply has no message content")}
	}
	return *r.Choices[0].Message.Content, nil
}

// ResolveURL returns an OpenAI-compatible server's base URL: http:// when
// no scheme is given, and without a trailing /v1 (the client adds it).
func ResolveURL(s string) (*url.URL, error) {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, "://") {
		s = "http://" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return nil, fmt.Errorf("judge URL %q: %w", s, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("judge URL %q: want http://HOST:PORT or https://HOST", s)
	}
	if err := checkServerURL(u); err != nil {
		return nil, fmt.Errorf("judge URL %q: %w", s, err)
	}
	u.Path = strings.TrimSuffix(strings.TrimSuffix(u.Path, "/"), "/v1")
	u.RawQuery, u.Fragment = "", ""
	return u, nil
}

// NewOpenAI connects to every OpenAI-compatible server and checks, before
// any work, that each answers and lists the model, and that all report the
// same revision of it.
func NewOpenAI(ctx context.Context, cfg Config) (*Judge, error) {
	j, err := newOpenAI(ctx, cfg)
	if j != nil {
		j.secrets = cfg.secrets()
	}
	return j, redactErr(err, cfg.secrets())
}

func newOpenAI(ctx context.Context, cfg Config) (*Judge, error) {
	cfg.defaults()
	hosts := cfg.hostList()
	if len(hosts) == 0 {
		return nil, errors.New("an OpenAI-compatible judge needs the server's URL (--judge-url)")
	}
	var urls []*url.URL
	for _, h := range hosts {
		u, err := ResolveURL(h)
		if err != nil {
			return nil, err
		}
		if !IsLoopback(u) && !cfg.AllowRemote {
			return nil, &HintError{fmt.Errorf("the judge %w: %s", ErrRemoteHost, u.Host), "participant texts would leave this machine; pass --allow-remote-judge if that is intended"}
		}
		urls = append(urls, u)
	}
	j := &Judge{cfg: cfg, kind: "openai"}
	revisions := map[string][]string{}
	for k, u := range urls {
		ep := &openaiEndpoint{base: u, client: newHTTPClient(cfg.Timeout, cfg.Parallel), token: cfg.Token, j: j}
		rev, ctxLen, err := probeOpenAI(ctx, ep, cfg.Model)
		if err != nil {
			return nil, err
		}
		if k == 0 {
			j.Digest = serverString(rev)
		}
		if ctxLen > 0 && (j.serverContext == 0 || ctxLen < j.serverContext) {
			j.serverContext = ctxLen
		}
		revisions[rev] = append(revisions[rev], ep.label())
		j.eps = append(j.eps, ep)
		j.stats = append(j.stats, HostStats{Host: ep.label()})
	}
	if len(revisions) > 1 {
		for r, hs := range revisions {
			if r == "" {
				delete(revisions, r)
				revisions["no revision reported"] = hs
			}
		}
		return nil, &HintError{fmt.Errorf("%w: %s", ErrModelMismatch, describeDigests(revisions)), "serve the same weights on every --judge-url"}
	}
	return j, nil
}

// probeOpenAI lists a server's models and returns the revision it reports
// for the model (empty if none) and its context length (0 if unknown).
func probeOpenAI(ctx context.Context, ep *openaiEndpoint, model string) (revision string, ctxLen int, err error) {
	pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	b, err := ep.do(pctx, http.MethodGet, "/v1/models", nil)
	if err != nil {
		var se *StatusError
		if errors.As(err, &se) && (se.Code == http.StatusUnauthorized || se.Code == http.StatusForbidden) {
			return "", 0, &HintError{fmt.Errorf("the judge server at %s refused the request: %w", ep.base.Redacted(), err), "set RXEVAL_JUDGE_TOKEN to the gateway's bearer token"}
		}
		return "", 0, &HintError{fmt.Errorf("the OpenAI-compatible %w at %s: %v", ErrServerDown, ep.base.Redacted(), err), "start the server (vllm serve MODEL, llama-server, ...) and check --judge-url"}
	}
	revision, ctxLen, ids, found, err := findModel(b, model)
	if err != nil {
		return "", 0, &HintError{fmt.Errorf("the OpenAI-compatible %w at %s: /v1/models is not a model list: %v", ErrServerDown, ep.base.Redacted(), err), "check --judge-url: it names the server, e.g. http://127.0.0.1:8000"}
	}
	if found {
		if revision == "" {
			revision = ollamaDigest(pctx, ep, model)
		}
		return revision, ctxLen, nil
	}
	slices.Sort(ids)
	served := strings.Join(ids, ", ")
	if len(served) > 300 {
		served = textcut.Prefix(served, 300) + "..."
	}
	if served == "" {
		served = "none"
	}
	return "", 0, &HintError{fmt.Errorf("%w: %q at %s", ErrModelMissing, model, ep.base.Redacted()), "the server lists: " + served}
}

// ollamaDigest asks an Ollama server behind the OpenAI-compatible API for
// the model's digest (/api/tags); empty for any other server.
func ollamaDigest(ctx context.Context, ep *openaiEndpoint, model string) string {
	b, err := ep.do(ctx, http.MethodGet, "/api/tags", nil)
	if err != nil {
		return ""
	}
	var list api.ListResponse
	if json.Unmarshal(b, &list) != nil {
		return ""
	}
	for _, m := range list.Models {
		if m.Digest != "" && (m.Name == model || m.Model == model || m.Name == model+":latest") {
			return "ollama:" + m.Digest
		}
	}
	return ""
}

// findModel reads a /v1/models reply: the model's revision and context
// length if it is listed, and the ids listed.
func findModel(b []byte, model string) (revision string, ctxLen int, ids []string, found bool, err error) {
	var list struct {
		Data []map[string]json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(b, &list); err != nil {
		return "", 0, nil, false, err
	}
	for _, m := range list.Data {
		var id string
		json.Unmarshal(m["id"], &id)
		ids = append(ids, id)
		if !found && (id == model || id == model+":latest") {
			revision, ctxLen, found = modelRevision(id, m), modelContextLength(m), true
		}
	}
	return revision, ctxLen, ids, found, nil
}

// modelRevision is what a /v1/models entry says about the weights: a
// "revision" field, else vLLM's "root" (the path or repository served
// under the id) when it differs from the id, else a hash of llama.cpp's
// "meta" (the model's shape and size); empty when the entry says nothing.
func modelRevision(id string, m map[string]json.RawMessage) string {
	var s string
	if json.Unmarshal(m["revision"], &s) == nil && s != "" {
		return s
	}
	if json.Unmarshal(m["root"], &s) == nil && s != "" && s != id {
		return "root:" + s
	}
	if meta, ok := m["meta"]; ok && string(meta) != "null" {
		sum := sha256.Sum256(meta)
		return "meta:" + hex.EncodeToString(sum[:])[:16]
	}
	return ""
}

// modelContextLength is vLLM's max_model_len, or 0.
func modelContextLength(m map[string]json.RawMessage) int {
	var n int
	if json.Unmarshal(m["max_model_len"], &n) == nil && n > 0 {
		return n
	}
	return 0
}
