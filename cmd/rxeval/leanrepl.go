package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/internal/termsafe"
	"github.com/rxeval/rxeval/judges"
	"github.com/rxeval/rxeval/judges/leanrepl"
	"github.com/rxeval/rxeval/judges/model"
	"github.com/rxeval/rxeval/validate"
	"github.com/spf13/pflag"
)

// leanFlags name the user's Lean REPL (docs/lean.md).
type leanFlags struct {
	command     string
	parallel    int
	timeout     time.Duration
	maxRSS      int64
	maxFailures int
}

func (f *leanFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.command, "lean-repl", os.Getenv("RXEVAL_LEAN_REPL"), "start the Lean community REPL with `COMMAND` (run by sh, e.g. \"cd ~/mathlib-project && lake env ~/repl/.lake/build/bin/repl\"; default $RXEVAL_LEAN_REPL): corrections are typechecked, and BEq+ judges correction pairs (docs/lean.md)")
	fs.IntVar(&f.parallel, "lean-parallel", 1, "`N` REPL processes at once (each holds Mathlib in memory: several GB)")
	fs.DurationVar(&f.timeout, "lean-timeout", 2*time.Minute, "limit for one REPL command (`DURATION`; the first import of a header takes longest)")
	fs.Int64Var(&f.maxRSS, "lean-max-rss", 0, "restart a REPL process whose memory passes `MB` after a command (0: no ceiling; Linux)")
	fs.IntVar(&f.maxFailures, "lean-max-failures", 3, "stop (exit 3) after `N` pairs (or corrections, in validate) in a row the REPL failed on; cached verdicts are kept")
}

// start starts the REPL pool, or returns nil when none is named; what the
// REPL did not say (Mathlib's version) is a note on stderr.
func (f *leanFlags) start(ctx context.Context, stderr io.Writer) (*leanrepl.Client, error) {
	if f.command == "" {
		return nil, nil
	}
	c, err := leanrepl.Start(ctx, leanrepl.Config{Command: f.command, Parallel: f.parallel, Timeout: f.timeout, MaxRSS: f.maxRSS << 20, MaxFailures: f.maxFailures})
	if err != nil {
		return nil, judgeError{err: err, hint: "check the command by hand: echo '{\"cmd\": \"#eval 1\"}' | COMMAND (docs/lean.md says how to build the REPL)"}
	}
	if c.Note != "" && stderr != nil {
		fmt.Fprintf(stderr, "rxeval: note: %s\n", termsafe.Escape(c.Note))
	}
	return c, nil
}

// replInfo is the run record's account of the REPL.
func replInfo(c *leanrepl.Client, parallel int) map[string]any {
	info := map[string]any{"version": c.Version, "script": leanrepl.ScriptVersion, "parallel": parallel}
	if c.Note != "" {
		info["note"] = c.Note
	}
	return info
}

// replFailure is the REPL's failure mid-run, for exit 3, with a hint that
// fits it; cached says the run keeps a verdict cache (score, study).
func replFailure(err error, cached bool) error {
	kept := ""
	if cached {
		kept = "; the verdicts given before the stop are in the verdict cache (unless --no-cache): a rerun resumes"
	}
	hint := "the REPL failed mid-run: --lean-timeout sets the limit per command"
	var he *leanrepl.HeaderError
	switch {
	case errors.As(err, &he):
		hint = "Lean rejected a header in two processes: the REPL's project may lack what it imports (check it by hand in the project)" + kept
	case errors.Is(err, leanrepl.ErrAnswerTooLarge):
		hint = "the REPL wrote an answer past 16 MB, which no Lean command does: check the command by hand" + kept
	case errors.Is(err, leanrepl.ErrStopped):
		hint = "check the REPL by hand (its memory, its project)" + kept + "; --lean-max-failures sets the limit, --lean-timeout the time per command"
	}
	return judgeError{err: err, hint: hint}
}

// withBEq puts the BEq+ judge into a chain after the deterministic judges
// and before a model.
func withBEq(j eval.Judge, beq leanrepl.BEqJudge) eval.Judge {
	ch, ok := j.(judges.Chain)
	if !ok {
		return judges.Chain{Judges: []eval.Judge{j, beq}}
	}
	var out []eval.Judge
	placed := false
	for _, x := range ch.Judges {
		if _, model := x.(*model.Judge); model && !placed {
			out, placed = append(out, beq), true
		}
		out = append(out, x)
	}
	if !placed {
		out = append(out, beq)
	}
	return judges.Chain{Judges: out}
}

// leanWarnings typechecks every corrected_statement of rep's rows under its
// sample's header, and the inputs' own statements once: what Lean rejects
// becomes a correction_does_not_compile warning on the row; a test input's
// own statement that Lean rejects is reported on w (a header problem).
func leanWarnings(ctx context.Context, c *leanrepl.Client, exp *validate.IDSet, rep *validate.Report, opts validate.Options, w io.Writer, checkedInputs map[string]bool) error {
	type job struct {
		row  validate.Row
		text string
	}
	var jobs []job
	for _, r := range rep.Parsed {
		if !r.Corrected.Null && r.Corrected.S != "" {
			jobs = append(jobs, job{r, r.Corrected.S})
		}
	}
	probs := make([]*validate.Problem, len(jobs))
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	sem := make(chan struct{}, 8)
	for i, jb := range jobs {
		header := exp.Headers[jb.row.Idx]
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			m, err := c.Check(ctx, header, jb.text)
			if err == nil || errors.Is(err, leanrepl.ErrNoAnswer) {
				// Any other failure stops validate at once; corrections
				// Lean does not answer stop it when they come in a row.
				err = c.Outcome(err, "corrections")
			}
			if errors.Is(err, leanrepl.ErrNoAnswer) {
				// One correction that keeps Lean busy past the limit is
				// that row's problem, not the run's.
				probs[i] = &validate.Problem{Line: jb.row.Line, Idx: jb.row.Idx, Field: "corrected_statement", Code: validate.CodeCorrectionNoCompile,
					Message: "the correction is not checked: " + err.Error(), Hint: "a longer --lean-timeout may let Lean finish"}
				return
			}
			if err != nil {
				mu.Lock()
				if firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
				return
			}
			if m != nil {
				msg := fmt.Sprintf("Lean rejects the correction at its line %d, column %d: %s", m.Pos.Line, m.Pos.Column, oneLine(m.Data))
				if m.Pos.Line == 0 {
					msg = "the correction is not checked: " + oneLine(m.Data)
				}
				probs[i] = &validate.Problem{Line: jb.row.Line, Idx: jb.row.Idx, Field: "corrected_statement", Code: validate.CodeCorrectionNoCompile,
					Message: msg, Hint: "it does not typecheck under the sample's header (with its proof replaced by sorry)"}
			}
		}()
	}
	// The inputs' own statements of the rows seen, once per run.
	seen := map[string]bool{}
	for _, r := range rep.Parsed {
		seen[r.Idx] = true
	}
	for id, stmt := range exp.Statements {
		if checkedInputs[id] || stmt == "" || !seen[id] {
			continue
		}
		checkedInputs[id] = true
		m, err := c.Check(ctx, exp.Headers[id], stmt)
		var he *leanrepl.HeaderError
		if errors.Is(err, leanrepl.ErrStopped) || errors.Is(err, context.Canceled) || errors.As(err, &he) {
			wg.Wait()
			return replFailure(err, false)
		}
		if err != nil {
			wg.Wait()
			return judgeError{err: err, hint: "the REPL failed on a test input's own statement: check the command by hand on it, or raise --lean-timeout or --lean-max-rss"}
		}
		if m != nil {
			fmt.Fprintf(w, "rxeval validate: note: %s: Lean rejects the test input's own formal_statement (line %d, column %d: %s); its header may need what the REPL's project lacks\n", termsafe.Escape(id), m.Pos.Line, m.Pos.Column, termsafe.Escape(oneLine(m.Data)))
		}
	}
	wg.Wait()
	if firstErr != nil {
		return replFailure(firstErr, false)
	}
	var add []validate.Problem
	for _, p := range probs {
		if p != nil {
			add = append(add, *p)
		}
	}
	rep.Add(opts, add...)
	return nil
}

func oneLine(s string) string {
	for i, r := range s {
		if r == '\n' {
			return s[:i] + " …"
		}
	}
	return s
}
