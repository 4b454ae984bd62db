// Command rxeval validates and scores FormalRx prediction files.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/spf13/pflag"
)

// command is one subcommand.
type command struct {
	name    string
	summary string
	usage   string
	run     func(env *env, args []string) error
	flags   string // the flag list, set when the command parses its flags
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
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				return report(stdout, stderr, c, c.run(e, []string{"--help"}))
			}
		}
		printHelp(stdout)
		return exitOK
	case "version", "--version":
		fmt.Fprintln(stdout, "rxeval", version())
		return exitOK
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "rxeval: unknown command %q\n", name)
		fmt.Fprintln(stderr, "hint: run 'rxeval help' for the list of commands")
		return exitUsage
	}
	err := c.run(e, args[1:])
	return report(stdout, stderr, c, err)
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
	c.flags = fs.FlagUsages()
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return errHelp
		}
		return usageError{err}
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
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].summary)
	}
	fmt.Fprintf(w, "  %-9s %s\n  %-9s %s\n", "help", "show help for a command", "version", "print the version")
	fmt.Fprintln(w, "\nRun 'rxeval help COMMAND' for a command's flags.")
}

func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		v := bi.Main.Version
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				v = strings.TrimSuffix(v+" "+s.Value[:12], " ")
			}
		}
		if v != "" {
			return v
		}
	}
	return "(devel)"
}
