package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges"
	"github.com/rxeval/rxeval/judges/lean"
	"github.com/rxeval/rxeval/judges/leanrepl"
	"github.com/rxeval/rxeval/judges/model"
	"github.com/rxeval/rxeval/judges/verdictcache"
	"github.com/spf13/pflag"
)

// judgeFlags configure the stage-two judge.
type judgeFlags struct {
	hosts       []string
	urls        []string
	allowRemote bool
	maxCalls    int64
	quiet       bool
	parallel    int
	timeout     time.Duration
	retries     int
	cache       string
	noCache     bool
	seed        int
	numCtx      int
	maxFailures int
	lean        leanFlags
}

func (f *judgeFlags) register(fs *pflag.FlagSet) {
	fs.StringSliceVar(&f.hosts, "ollama-host", nil, "Ollama server `URL`; repeat it or give a comma list to spread the calls over several hosts serving the same model (default $OLLAMA_HOST or http://127.0.0.1:11434)")
	fs.StringSliceVar(&f.urls, "judge-url", nil, "OpenAI-compatible server `URL` for --judge openai:MODEL, e.g. http://127.0.0.1:8000 (vLLM, SGLang, llama.cpp, Ollama's /v1); repeat it or give a comma list for several; a bearer token is read from $RXEVAL_JUDGE_TOKEN")
	fs.BoolVar(&f.allowRemote, "allow-remote-judge", false, "allow a judge host that is not this machine")
	fs.IntVar(&f.parallel, "parallel", 2, "`N` model calls at once on each host")
	fs.Int64Var(&f.maxCalls, "max-calls", 0, "stop asking the model after `N` calls; the remaining pairs stay undecided and the report says so (0: no limit)")
	fs.DurationVar(&f.timeout, "timeout", 2*time.Minute, "limit for one model call (`DURATION`, e.g. 90s, 2m)")
	fs.IntVar(&f.retries, "retries", 3, "`N` retries of a model call that failed transiently (5xx, 429, connection refused; never a timeout or another 4xx)")
	fs.IntVar(&f.maxFailures, "max-failures", 3, "stop (exit 3) after `N` pairs in a row failed after their retries; cached verdicts are kept")
	fs.StringVar(&f.cache, "cache", "", "verdict cache `FILE` (default under the user cache directory)")
	fs.BoolVar(&f.noCache, "no-cache", false, "neither read nor write the verdict cache")
	fs.IntVar(&f.seed, "judge-seed", 42, "the model's sampling `SEED` (temperature is 0)")
	fs.IntVar(&f.numCtx, "num-ctx", 8192, "the model's context window in `TOKENS`")
	f.lean.register(fs)
}

// open builds the judge a spec names, checking before any work that it can
// run (with --lean-repl, the BEq+ judge after the deterministic ones); close
// releases the verdict cache and the REPL.
func (f *judgeFlags) open(ctx context.Context, spec string, progress io.Writer) (eval.Judge, eval.JudgeInfo, func(), error) {
	if spec == "beq+" {
		// BEq+ alone, as study calibrate compares judges.
		if f.lean.command == "" {
			return nil, nil, nil, usageError{fmt.Errorf("--judge beq+ needs the Lean REPL: --lean-repl COMMAND (docs/lean.md)")}
		}
		repl, err := f.lean.start(ctx, progress)
		if err != nil {
			return nil, nil, nil, err
		}
		j := judges.Chain{Judges: []eval.Judge{leanrepl.BEqJudge{Client: repl}}}
		info := eval.JudgeInfo{"chain": j.Name(), "spec": spec, "lean_repl": replInfo(repl, f.lean.parallel)}
		return j, info, func() { repl.Close() }, nil
	}
	j, info, closeFn, err := f.openSpec(ctx, spec, progress)
	if err != nil || f.lean.command == "" || spec == "exact" {
		return j, info, closeFn, err
	}
	repl, err := f.lean.start(ctx, progress)
	if err != nil {
		closeFn()
		return nil, nil, nil, err
	}
	beq := leanrepl.BEqJudge{Client: repl}
	var cache *verdictcache.Cache
	if !f.noCache {
		path := f.cache
		if path == "" {
			path, _ = verdictcache.DefaultPath()
		}
		if oj := modelJudge(j); oj == nil && path != "" {
			// The model judge holds the cache when there is one; BEq+ alone
			// opens it.
			if cache, err = verdictcache.Open(path); err == nil {
				beq.Cache = cache
			}
		} else if oj != nil {
			beq.Cache = oj.Cache()
		}
	}
	info["lean_repl"] = replInfo(repl, f.lean.parallel)
	info["chain"] = withBEq(j, beq).Name()
	return withBEq(j, beq), info, func() { closeFn(); repl.Close(); cache.Close() }, nil
}

// openSpec builds the judge a spec names, without the Lean REPL: an
// offline judge at once; a model judge after its server flags are checked
// and its verdict cache opened.
func (f *judgeFlags) openSpec(ctx context.Context, spec string, progress io.Writer) (eval.Judge, eval.JudgeInfo, func(), error) {
	parsed, err := judges.ParseSpec(spec)
	if err != nil {
		return nil, nil, nil, usageError{err}
	}
	j, info, ok, err := judges.Offline(parsed)
	switch {
	case err != nil:
		return nil, nil, nil, usageError{err}
	case ok:
		return j, info, func() {}, nil
	case parsed.Model == "":
		return nil, nil, nil, usageError{fmt.Errorf("unknown judge %q; want %s", spec, judges.SpecHelp)}
	}
	openai := strings.HasPrefix(parsed.Kind, "openai")
	if err := f.checkServers(spec, openai); err != nil {
		return nil, nil, nil, err
	}
	if f.quiet {
		progress = nil
	}
	cache, cachePath, err := f.openCache()
	if err != nil {
		return nil, nil, nil, err
	}
	oj, err := f.newModelJudge(ctx, parsed.Model, openai, cache, progress)
	if err != nil {
		cache.Close()
		return nil, nil, nil, err
	}
	j = oj
	if parsed.Kind == "ollama" || parsed.Kind == "openai" {
		j = judges.Chain{Judges: []eval.Judge{judges.SpanJudge{}, judges.LeanJudge{}, oj}}
	}
	info = eval.JudgeInfo{"chain": j.Name(), "spec": spec, "cache": cachePath,
		"versions": map[string]string{"span": judges.SpanVersion, "lean-ast": lean.Version}}
	for k, v := range oj.Info() {
		info[k] = v
	}
	if strings.HasSuffix(parsed.Kind, "-only") {
		delete(info, "versions")
	}
	return j, info, func() { cache.Close() }, nil
}

// checkServers refuses server flags that do not fit the judge, and a
// malformed --ollama-host, $OLLAMA_HOST or --judge-url: usage errors, not
// a judge that cannot run.
func (f *judgeFlags) checkServers(spec string, openai bool) error {
	switch {
	case openai && len(f.urls) == 0:
		return usageError{fmt.Errorf("--judge %s needs the server's URL: --judge-url http://HOST:PORT", spec)}
	case openai && len(f.hosts) > 0:
		return usageError{fmt.Errorf("--ollama-host is for --judge ollama:MODEL; an OpenAI-compatible server is named with --judge-url")}
	case !openai && len(f.urls) > 0:
		return usageError{fmt.Errorf("--judge-url is for --judge openai:MODEL; Ollama hosts are named with --ollama-host")}
	}
	if openai {
		for _, u := range f.urls {
			if _, err := model.ResolveURL(u); err != nil {
				return usageError{err}
			}
		}
		return nil
	}
	hosts := f.hosts
	if len(hosts) == 0 {
		hosts = []string{""} // $OLLAMA_HOST or the default
	}
	for _, h := range hosts {
		if _, err := model.ResolveHost(h); err != nil {
			return usageError{err}
		}
	}
	return nil
}

// openCache opens the verdict cache (nil with --no-cache) and says where
// it is, each way it can fail with its hint.
func (f *judgeFlags) openCache() (*verdictcache.Cache, string, error) {
	if f.noCache {
		return nil, "none (--no-cache)", nil
	}
	path := f.cache
	if path == "" {
		var err error
		if path, err = verdictcache.DefaultPath(); err != nil {
			return nil, "", withHint{err, "pass --cache FILE or --no-cache"}
		}
	}
	cache, err := verdictcache.Open(path)
	switch {
	case err == nil:
		return cache, cache.Path(), nil
	case errors.Is(err, verdictcache.ErrLocked):
		return nil, "", withHint{err, "wait for the other run, or pass another --cache FILE"}
	case errors.Is(err, verdictcache.ErrNotCache):
		return nil, "", withHint{err, fmt.Sprintf("pass another --cache FILE (a new file, or a verdict cache); rxeval does not write to %s; delete it only if it was a verdict cache", path)}
	case errors.Is(err, verdictcache.ErrCorrupt):
		return nil, "", withHint{err, fmt.Sprintf("pass --cache NEW-FILE, or delete %s to start afresh (its verdicts are lost)", path)}
	case errors.Is(err, verdictcache.ErrNotRegular):
		return nil, "", withHint{err, "pass --cache FILE (a new file, or a verdict cache), or --no-cache"}
	case errors.Is(err, fs.ErrPermission):
		return nil, "", withHint{err, "the verdict cache must be writable: pass --cache FILE in a writable place, or --no-cache"}
	}
	return nil, "", err
}

// newModelJudge connects the model judge; a remote host refused is the
// user's decision (usage), any other failure a judge that cannot run.
func (f *judgeFlags) newModelJudge(ctx context.Context, modelName string, openai bool, cache *verdictcache.Cache, progress io.Writer) (*model.Judge, error) {
	cfg := model.Config{
		Hosts: f.hosts, Model: modelName, AllowRemote: f.allowRemote, Timeout: f.timeout, Retries: f.retries, MaxCalls: f.maxCalls,
		Parallel: f.parallel, Seed: f.seed, NumCtx: f.numCtx, Cache: cache, Progress: progress, MaxFailures: f.maxFailures,
	}
	var oj *model.Judge
	var err error
	if openai {
		cfg.Hosts, cfg.Token = f.urls, os.Getenv("RXEVAL_JUDGE_TOKEN")
		oj, err = model.NewOpenAI(ctx, cfg)
	} else {
		oj, err = model.NewOllama(ctx, cfg)
	}
	if err == nil {
		return oj, nil
	}
	var he *model.HintError
	if errors.Is(err, model.ErrRemoteHost) && errors.As(err, &he) {
		return nil, withHint{err, he.Hint}
	}
	if errors.As(err, &he) {
		return nil, judgeError{err: err, hint: he.Hint}
	}
	return nil, judgeError{err: err}
}

// modelJudge returns the model judge in j, if there is one.
func modelJudge(j eval.Judge) *model.Judge {
	switch v := j.(type) {
	case *model.Judge:
		return v
	case judges.Chain:
		for _, x := range v.Judges {
			if o, ok := x.(*model.Judge); ok {
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
	info["host_counts"] = oj.Hosts()
	if n := oj.MaxCalls(); n > 0 {
		info["max_calls"] = n
		if rs := oj.LastRun(); rs.BudgetReached {
			info["max_calls_reached"] = true
			info["not_asked"] = rs.NotAsked
			info["budget_note"] = fmt.Sprintf("--max-calls %d reached: %d stage-two pairs were not asked and stay undecided", n, rs.NotAsked)
		}
	}
	if rs := oj.LastRun(); rs.TooLong > 0 {
		info["too_long"] = rs.TooLong
		info["too_long_note"] = fmt.Sprintf("%d stage-two %s not asked, too long for the model's context (%s), and stay undecided", rs.TooLong, map[bool]string{true: "pair was", false: "pairs were"}[rs.TooLong == 1], oj.ContextNote())
	}
	if err := oj.CacheError(); err != nil {
		info["cache_error"] = err.Error()
		fmt.Fprintf(stderr, "rxeval: warning: the verdict cache could not be written (%v): the report is complete, but a rerun will ask the model again\nhint: free disk space, or pass --cache FILE elsewhere\n", err)
	}
}

// tooLongHint says, when undecided pairs fail the run and some of them were
// too long for the model's context, how to get them asked.
func tooLongHint(err error, j eval.Judge) error {
	ie, ok := err.(inexactError)
	oj := modelJudge(j)
	if !ok || oj == nil || oj.LastRun().TooLong == 0 {
		return err
	}
	ie.hint = fmt.Sprintf("%d of them were too long for the model's context (%s); ", oj.LastRun().TooLong, oj.ContextNote()) + ie.hint
	return ie
}

// judgeFailure maps a judge that stopped mid-run to exit 3, with its hint.
func judgeFailure(err error) error {
	if errors.Is(err, leanrepl.ErrREPL) {
		return replFailure(err, true)
	}
	if !errors.Is(err, model.ErrServerFailing) {
		return err
	}
	var he *model.HintError
	if errors.As(err, &he) {
		return judgeError{err: err, hint: he.Hint}
	}
	return judgeError{err: err}
}
