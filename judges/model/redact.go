package model

import (
	"errors"
	"net/url"
	"strings"
)

// secrets are the strings no message or output may show: the bearer token
// and the passwords of the host URLs.
func (c *Config) secrets() []string {
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
