// Command rxeval validates and scores FormalRx prediction files.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/rxeval/rxeval/internal/editdist"
	"github.com/spf13/pflag"
)

// command is one subcommand.
type command struct {
	name    string
	summary string
	usage   string
	run     func(env *env, args []string) error
	subs    []string // its subcommands ('study calibrate'), for help, docs and completion
}

// env is what a command may touch.
type env struct {
	stdout, stderr io.Writer
}

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes rxeval with args and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	e := &env{stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		printHelp(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-h", "--help", "help":
		if len(args) > 1 && name == "help" {
			c, ok := commands[args[1]]
			if !ok && args[1] != "help" {
				return unknownCommand(stderr, args[1])
			}
			if !ok {
				printHelp(stdout)
				return exitOK
			}
			// 'rxeval help study agree' is 'rxeval study agree --help'.
			return exitCode(stdout, stderr, c, c.run(e, append(args[2:], "--help")))
		}
		printHelp(stdout)
		return exitOK
	case "--version":
		name = "version"
	}
	c, ok := commands[name]
	if !ok {
		return unknownCommand(stderr, name)
	}
	err := c.run(e, args[1:])
	return exitCode(stdout, stderr, c, err)
}

// newFlagSet returns a FlagSet that reports errors instead of exiting.
func newFlagSet(c *command) *pflag.FlagSet {
	fs := pflag.NewFlagSet(c.name, pflag.ContinueOnError)
	fs.SortFlags = false
	fs.SetOutput(io.Discard)
	return fs
}

// parse records the command's flags for its help and parses args, turning
// -h and flag errors into typed errors.
func (c *command) parse(fs *pflag.FlagSet, args []string) error {
	if err := shorthandEquals(fs, args); err != nil {
		return usageError{err}
	}
	given := map[string]string{}
	if err := fs.ParseAll(args, func(f *pflag.Flag, value string) error {
		if err := checkGiven(f, value, given); err != nil {
			return err
		}
		return fs.Set(f.Name, value)
	}); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			flags := fs.FlagUsages()
			text := c.usage + flags
			if flags == "" {
				// No flags: no empty "Flags:" heading.
				text = strings.TrimSuffix(strings.TrimRight(c.usage, "\n"), "Flags:")
				text = strings.TrimRight(text, "\n") + "\n"
			}
			return helpText{text, fs}
		}
		return usageError{unknownFlag(fs, plainFlagError(err))}
	}
	if err := checkRanges(fs); err != nil {
		return usageError{err}
	}
	if err := checkFormat(fs); err != nil {
		return usageError{err}
	}
	return nil
}

// checkGiven refuses a flag that takes one value given twice (the last
// silently won: --gold a --gold b scored against b) and a file flag given
// an empty value (--per-sample= wrote nothing, without a word). Flags that
// take a list, and switches, may repeat; --out is --output's alias.
func checkGiven(f *pflag.Flag, value string, given map[string]string) error {
	switch f.Value.Type() {
	case "stringSlice", "stringArray", "bool":
		return nil
	}
	name := f.Name
	if name == "out" {
		name = "output"
	}
	if prev, ok := given[name]; ok {
		return fmt.Errorf("--%s given twice (%q, then %q): give it once", name, prev, value)
	}
	given[name] = value
	if v, _ := pflag.UnquoteUsage(f); value == "" && (strings.Contains(v, "FILE") || v == "JSONL") {
		return fmt.Errorf("--%s needs a %s, got an empty value", name, v)
	}
	return nil
}

// shorthandEquals refuses "-o=": pflag reads it as -o with the value "=",
// a file named "=", where the user meant an empty value or --output=FILE.
func shorthandEquals(fs *pflag.FlagSet, args []string) error {
	for _, a := range args {
		if a == "--" {
			return nil
		}
		if len(a) == 3 && a[0] == '-' && a[2] == '=' {
			if f := fs.ShorthandLookup(a[1:2]); f != nil && f.Value.Type() != "bool" {
				return fmt.Errorf("%s names a file \"=\"; write -%s FILE or --%s=FILE", a, f.Shorthand, f.Name)
			}
		}
	}
	return nil
}

func printHelp(w io.Writer) {
	fmt.Fprintln(w, "rxeval validates and scores FormalRx prediction files.")
	fmt.Fprintln(w, "\nUsage: rxeval COMMAND [flags] [args]\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintf(w, "  %-10s %s\n", "help", "show help for a command")
	fmt.Fprintln(w, "\nRun 'rxeval help COMMAND' for a command's flags.")
}

// unknownCommand says that name is no command, suggests the closest, and
// returns the usage exit code.
func unknownCommand(stderr io.Writer, name string) int {
	fmt.Fprintf(stderr, "rxeval: unknown command %q\n", name)
	if s, ok := suggestCommand(name); ok {
		fmt.Fprintf(stderr, "hint: did you mean 'rxeval %s'? run 'rxeval help' for the list of commands\n", s)
	} else {
		fmt.Fprintln(stderr, "hint: run 'rxeval help' for the list of commands")
	}
	return exitUsage
}

// suggestCommand returns the command closest to a mistyped name, if one is
// close enough (an edit distance of at most 2, or a unique prefix).
func suggestCommand(name string) (string, bool) {
	all := []string{"help"}
	for n := range commands {
		all = append(all, n)
	}
	return closest(name, all)
}

// closest returns the word of all closest to a mistyped one, if one is
// close enough: an edit distance of at most 2 (the first of the closest,
// in sorted order), or else a unique prefix of at least 2 characters.
func closest(name string, all []string) (string, bool) {
	all = slices.Sorted(slices.Values(all))
	best, bestD := "", 3
	for _, n := range all {
		if d := editdist.Levenshtein(name, n); d < bestD && n != name {
			best, bestD = n, d
		}
	}
	if best == "" {
		for _, n := range all {
			if len(name) >= 2 && strings.HasPrefix(n, name) {
				if best != "" {
					return "", false
				}
				best = n
			}
		}
	}
	return best, best != ""
}

// unknownFlag adds to pflag's "unknown flag: --input" the flag of the
// command closest to it ("did you mean --inputs?"), as a mistyped command
// gets one; "-input", one dash for two, gets "--input" when that is a flag.
func unknownFlag(fs *pflag.FlagSet, err error) error {
	msg := err.Error()
	var names []string
	fs.VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			names = append(names, f.Name)
		}
	})
	if name, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
		if s, ok := closest(name, names); ok {
			return withHint{err, fmt.Sprintf("did you mean --%s?", s)}
		}
		return err
	}
	// "unknown shorthand flag: 'i' in -input"
	if _, arg, ok := strings.Cut(msg, " in -"); ok && strings.HasPrefix(msg, "unknown shorthand flag") && len(arg) > 1 {
		arg, _, _ = strings.Cut(arg, "=")
		if fs.Lookup(arg) != nil {
			return withHint{err, fmt.Sprintf("did you mean --%s? (a long flag takes two dashes)", arg)}
		}
		if s, ok := closest(arg, names); ok {
			return withHint{err, fmt.Sprintf("did you mean --%s?", s)}
		}
	}
	return err
}

// plainFlagError says a flag value's mistake without Go's parser in it:
// 'invalid argument "1e5" for "--bootstrap" flag: strconv.ParseInt:
// parsing "1e5": invalid syntax' becomes '... flag: not a whole number'.
func plainFlagError(err error) error {
	var ne *strconv.NumError
	if !errors.As(err, &ne) {
		return err
	}
	msg := err.Error()
	i := strings.Index(msg, "strconv."+ne.Func+":")
	if i < 0 {
		return err
	}
	what := "not a number"
	switch {
	case strings.HasPrefix(ne.Func, "ParseInt"), strings.HasPrefix(ne.Func, "ParseUint"):
		what = "not a whole number"
	case strings.HasPrefix(ne.Func, "ParseBool"):
		what = "not true or false"
	}
	if errors.Is(ne.Err, strconv.ErrRange) {
		what = "out of range"
	}
	return errors.New(msg[:i] + what)
}
