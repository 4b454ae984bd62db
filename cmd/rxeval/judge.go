package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges"
	"github.com/rxeval/rxeval/judges/lean"
	"github.com/spf13/pflag"
)

// judgeFlags configure the stage-two judge.
type judgeFlags struct {
	host        string
	allowRemote bool
	parallel    int
	timeout     time.Duration
	retries     int
	cache       string
	noCache     bool
	seed        int
	numCtx      int
	maxFailures int
}

func (f *judgeFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.host, "ollama-host", "", "Ollama server `URL` (default $OLLAMA_HOST or http://127.0.0.1:11434)")
	fs.BoolVar(&f.allowRemote, "allow-remote-judge", false, "allow an Ollama host that is not this machine")
	fs.IntVar(&f.parallel, "parallel", 2, "`N` model calls at once")
	fs.DurationVar(&f.timeout, "timeout", 2*time.Minute, "limit for one model call")
	fs.IntVar(&f.retries, "retries", 3, "retries of a model call that failed transiently (5xx, 429, connection refused; never a timeout or another 4xx)")
	fs.IntVar(&f.maxFailures, "max-failures", 3, "stop (exit 3) after `N` pairs in a row failed after their retries; cached verdicts are kept")
	fs.StringVar(&f.cache, "cache", "", "verdict cache `FILE` (default under the user cache directory)")
	fs.BoolVar(&f.noCache, "no-cache", false, "neither read nor write the verdict cache")
	fs.IntVar(&f.seed, "judge-seed", 42, "the model's sampling `SEED` (temperature is 0)")
	fs.IntVar(&f.numCtx, "num-ctx", 8192, "the model's context window in `TOKENS`")
}

// open builds the judge a spec names, checking before any work that it can
// run; close releases the verdict cache.
func (f *judgeFlags) open(ctx context.Context, spec string, progress io.Writer) (eval.Judge, eval.JudgeInfo, func(), error) {
	if j, info, ok := judges.Offline(spec); ok {
		return j, info, func() {}, nil
	}
	kind, model, err := judges.ParseSpec(spec)
	if err != nil {
		return nil, nil, nil, usageError{err}
	}
	if _, err := judges.ResolveHost(f.host); err != nil {
		return nil, nil, nil, usageError{err} // a malformed --ollama-host or $OLLAMA_HOST
	}
	var cache *judges.Cache
	cachePath := "none (--no-cache)"
	if !f.noCache {
		path := f.cache
		if path == "" {
			if path, err = judges.DefaultCachePath(); err != nil {
				return nil, nil, nil, withHint{err, "pass --cache FILE or --no-cache"}
			}
		}
		if cache, err = judges.OpenCache(path); err != nil {
			if errors.Is(err, judges.ErrCacheLocked) {
				return nil, nil, nil, withHint{err, "wait for the other run, or pass another --cache FILE"}
			}
			if errors.Is(err, judges.ErrCacheCorrupt) {
				return nil, nil, nil, withHint{err, fmt.Sprintf("pass --cache NEW-FILE, or delete %s to start afresh (its verdicts are lost)", path)}
			}
			return nil, nil, nil, err
		}
		cachePath = cache.Path()
	}
	oj, err := judges.NewOllama(ctx, judges.OllamaConfig{
		Host: f.host, Model: model, AllowRemote: f.allowRemote, Timeout: f.timeout, Retries: f.retries,
		Parallel: f.parallel, Seed: f.seed, NumCtx: f.numCtx, Cache: cache, Progress: progress, MaxFailures: f.maxFailures,
	})
	if err != nil {
		cache.Close()
		var he *judges.HintError
		if errors.Is(err, judges.ErrRemoteHost) && errors.As(err, &he) {
			// A decision of the user's, not a judge that cannot run: usage.
			return nil, nil, nil, withHint{err, he.Hint}
		}
		if errors.As(err, &he) {
			return nil, nil, nil, judgeError{err: err, hint: he.Hint}
		}
		return nil, nil, nil, judgeError{err: err}
	}
	var j eval.Judge = oj
	if kind == "ollama" {
		j = judges.Chain{Judges: []eval.Judge{judges.SpanJudge{}, judges.LeanJudge{}, oj}}
	}
	info := eval.JudgeInfo{"chain": j.Name(), "spec": spec, "cache": cachePath,
		"versions": map[string]string{"span": judges.SpanVersion, "lean-ast": lean.Version}}
	for k, v := range oj.Info() {
		info[k] = v
	}
	if kind == "ollama-only" {
		delete(info, "versions")
	}
	return j, info, func() { cache.Close() }, nil
}

// modelJudge returns the model judge in j, if there is one.
func modelJudge(j eval.Judge) *judges.OllamaJudge {
	switch v := j.(type) {
	case *judges.OllamaJudge:
		return v
	case judges.Chain:
		for _, x := range v.Judges {
			if o, ok := x.(*judges.OllamaJudge); ok {
				return o
			}
		}
	}
	return nil
}

// describeCalls adds what the model was asked to a judge's info, and says
// on stderr when verdicts could not be cached.
func describeCalls(info eval.JudgeInfo, j eval.Judge, stderr io.Writer) {
	oj := modelJudge(j)
	if oj == nil {
		return
	}
	info["model_calls"] = oj.Calls()
	if err := oj.CacheError(); err != nil {
		info["cache_error"] = err.Error()
		fmt.Fprintf(stderr, "rxeval: warning: the verdict cache could not be written (%v): the report is complete, but a rerun will ask the model again\nhint: free disk space, or pass --cache FILE elsewhere\n", err)
	}
}

// judgeFailure maps a judge that stopped mid-run to exit 3, with its hint.
func judgeFailure(err error) error {
	if !errors.Is(err, judges.ErrServerFailing) {
		return err
	}
	var he *judges.HintError
	if errors.As(err, &he) {
		return judgeError{err: err, hint: he.Hint}
	}
	return judgeError{err: err}
}
