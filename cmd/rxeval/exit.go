package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/rxeval/rxeval/validate"
	"github.com/spf13/pflag"
)

// Exit codes, documented in README.md. Every command maps its errors to
// these here and nowhere else.
const (
	exitOK       = 0 // success: the file is valid (warnings allowed) or the score was computed
	exitProblems = 1 // the input has problems: invalid file, refused predictions
	exitUsage    = 2 // usage or I/O error: bad flags, missing or unreadable file
	exitJudge    = 3 // the stage-two judge cannot run: server down, model missing
	exitInexact  = 4 // scored and reported, but not exact: undecided pairs remain (see --undecided, --allow-undecided)
	// exitInterrupted is 128+SIGINT, what shells report for a program
	// Ctrl-C stopped: scripts tell an interrupted run from a usage error.
	exitInterrupted = 130
)

// commandExits lists the exit codes each command can end with. Every
// command's help names exactly these (TestHelpExitCodes), and the README's
// table gives their general meaning.
var commandExits = map[string][]int{
	"validate":   {exitOK, exitProblems, exitUsage, exitJudge},
	"score":      {exitOK, exitProblems, exitUsage, exitJudge, exitInexact, exitInterrupted},
	"report":     {exitOK, exitProblems, exitUsage},
	"pack":       {exitOK, exitProblems, exitUsage},
	"fix":        {exitOK, exitProblems, exitUsage},
	"synth":      {exitOK, exitProblems, exitUsage},
	"study":      {exitOK, exitProblems, exitUsage, exitJudge, exitInexact, exitInterrupted},
	"demo":       {exitOK, exitProblems, exitUsage},
	"schema":     {exitOK, exitUsage},
	"version":    {exitOK, exitUsage},
	"completion": {exitOK, exitUsage},
}

// helpText is a request for help, with the help of the command or
// subcommand that was asked (its usage and flags).
type helpText struct {
	text string
	fs   *pflag.FlagSet // its flags; nil for a command without any of its own (study)
}

func (helpText) Error() string { return "help requested" }

// usageError is a mistake in the command line.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// problemsError means the input was read but has problems; they were
// already printed.
type problemsError struct{ msg string }

func (e problemsError) Error() string { return e.msg }

// inexactError means the report was written but its judge-decided figures
// are bounds, not values, and the user asked for that to fail the run.
type inexactError struct {
	msg, hint string
}

func (e inexactError) Error() string { return e.msg }
func (e inexactError) Hint() string  { return e.hint }

// judgeError means the judge is unavailable before any work started.
type judgeError struct {
	err  error
	hint string
}

func (e judgeError) Error() string { return e.err.Error() }
func (e judgeError) Unwrap() error { return e.err }

// hinted is an error that carries advice for the user.
type hinted interface{ Hint() string }

func (e judgeError) Hint() string { return e.hint }

// withHint attaches a hint to an I/O or usage error.
type withHint struct {
	err  error
	hint string
}

func (e withHint) Error() string { return e.err.Error() }
func (e withHint) Unwrap() error { return e.err }
func (e withHint) Hint() string  { return e.hint }

// exitCode prints err (if any) and returns the exit code for it. Help,
// asked for with -h or 'rxeval help CMD', goes to stdout.
func exitCode(stdout, stderr io.Writer, c *command, err error) int {
	if err == nil {
		return exitOK
	}
	var ht helpText
	if errors.As(err, &ht) {
		fmt.Fprint(stdout, ht.text)
		return exitOK
	}
	var pe problemsError
	if errors.As(err, &pe) {
		if pe.msg != "" {
			fmt.Fprintf(stderr, "rxeval %s: %s\n", c.name, validate.TermSafe(pe.msg))
		}
		var h hinted
		if errors.As(err, &h) && h.Hint() != "" {
			fmt.Fprintf(stderr, "hint: %s\n", validate.TermSafe(h.Hint()))
		}
		return exitProblems
	}
	if errors.Is(err, context.Canceled) {
		// Ctrl-C: the run stops between two pairs, writes no report, and
		// keeps the model verdicts already cached (a rerun resumes).
		fmt.Fprintf(stderr, "rxeval %s: interrupted: nothing written (verdicts a model judge already gave are kept in its cache)\n", c.name)
		return exitInterrupted
	}
	fmt.Fprintf(stderr, "rxeval %s: %s\n", c.name, validate.TermSafe(err.Error()))
	var h hinted
	if errors.As(err, &h) && h.Hint() != "" {
		fmt.Fprintf(stderr, "hint: %s\n", validate.TermSafe(h.Hint()))
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "hint: run 'rxeval help %s'\n", c.name)
		return exitUsage
	}
	var je judgeError
	if errors.As(err, &je) {
		return exitJudge
	}
	var ie inexactError
	if errors.As(err, &ie) {
		return exitInexact
	}
	return exitUsage
}
