package main

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/spf13/pflag"
)

func init() {
	register(&command{
		name:    "completion",
		summary: "print a shell completion script (bash, zsh or fish)",
		usage: `Usage: rxeval completion bash|zsh|fish

Prints a script that completes rxeval's commands, subcommands and flags in
the shell named, and --format's values; other arguments complete as file
names. It is built from the commands and flags this rxeval has, so it
matches its version: write it again after an upgrade.

Examples:
  source <(rxeval completion bash)
  rxeval completion zsh > "${fpath[1]}/_rxeval"
  rxeval completion fish > ~/.config/fish/completions/rxeval.fish

Exit code 0: printed; 2: usage error (no shell named, or one not supported).

Flags:
`,
		run:  runCompletion,
		subs: []string{"bash", "zsh", "fish"},
	})
}

func runCompletion(e *env, args []string) error {
	c := commands["completion"]
	fs := newFlagSet(c)
	if err := c.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageError{fmt.Errorf("want one shell (bash, zsh or fish), got %d arguments", fs.NArg())}
	}
	cmds := completionModel()
	switch fs.Arg(0) {
	case "bash":
		writeBash(e.stdout, cmds)
	case "zsh":
		writeZsh(e.stdout, cmds)
	case "fish":
		writeFish(e.stdout, cmds)
	default:
		err := fmt.Errorf("unknown shell %q: want bash, zsh or fish", fs.Arg(0))
		if s, ok := closest(fs.Arg(0), c.subs); ok {
			return usageError{withHint{err, fmt.Sprintf("did you mean 'rxeval completion %s'?", s)}}
		}
		return usageError{err}
	}
	return nil
}

// helpOf returns the help of a command, or of a command's subcommand
// (path "study", "agree"), as --help prints it, and its flags (nil for a
// command without flags of its own). It runs nothing but the parse.
func helpOf(path ...string) (string, *pflag.FlagSet) {
	c, ok := commands[path[0]]
	if !ok {
		return "", nil
	}
	args := append(append([]string{}, path[1:]...), "--help")
	var ht helpText
	if !errors.As(c.run(&env{stdout: io.Discard, stderr: io.Discard}, args), &ht) {
		return "", nil
	}
	return ht.text, ht.fs
}

// commandPaths lists every command and subcommand, sorted: [score],
// [study], [study agree] ... Subcommands that are words, not commands of
// their own (completion's shells), are left out.
func commandPaths() [][]string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	var out [][]string
	for _, n := range names {
		out = append(out, []string{n})
		help, _ := helpOf(n)
		for _, s := range commands[n].subs {
			if sub, fs := helpOf(n, s); fs != nil && sub != help {
				out = append(out, []string{n, s})
			}
		}
	}
	return out
}

// compCommand is what a completion script knows of one command or
// subcommand.
type compCommand struct {
	path    []string
	summary string
	words   []string // what may follow it: subcommands, or completion's shells
	flags   []compFlag
}

type compFlag struct {
	name, short, usage string
	value              bool // takes a value
	file               bool // a file's name
}

// completionModel reads every command's flags from its help's flag set,
// so that a script completes exactly what each command accepts.
func completionModel() []compCommand {
	var out []compCommand
	for _, p := range commandPaths() {
		c := compCommand{path: p}
		if len(p) == 1 {
			c.summary = commands[p[0]].summary
			c.words = commands[p[0]].subs
		}
		if _, fs := helpOf(p...); fs != nil {
			fs.VisitAll(func(f *pflag.Flag) {
				if f.Hidden {
					return
				}
				v, usage := pflag.UnquoteUsage(f)
				if i := strings.IndexAny(usage, ";("); i > 0 {
					usage = usage[:i]
				}
				c.flags = append(c.flags, compFlag{f.Name, f.Shorthand, strings.TrimSpace(usage), f.Value.Type() != "bool", strings.Contains(v, "FILE") || v == "JSONL"})
			})
		}
		c.flags = append(c.flags, compFlag{name: "help", short: "h", usage: "show this help"})
		out = append(out, c)
	}
	return out
}

// topWords are the first words: every command, and help.
func topWords(cmds []compCommand) []string {
	var w []string
	for _, c := range cmds {
		if len(c.path) == 1 {
			w = append(w, c.path[0])
		}
	}
	return append(w, "help")
}

func flagWords(c compCommand) string {
	var w []string
	for _, f := range c.flags {
		w = append(w, "--"+f.name)
		if f.short != "" {
			w = append(w, "-"+f.short)
		}
	}
	return strings.Join(w, " ")
}

// subsOf returns the subcommands of a command that have flags of their own.
func subsOf(cmds []compCommand, name string) []compCommand {
	var out []compCommand
	for _, c := range cmds {
		if len(c.path) == 2 && c.path[0] == name {
			out = append(out, c)
		}
	}
	return out
}

func writeBash(w io.Writer, cmds []compCommand) {
	fmt.Fprintf(w, `# bash completion for rxeval, written by 'rxeval completion bash'.
# Load it with: source <(rxeval completion bash)
_rxeval() {
    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
    local cmd="${COMP_WORDS[1]}" sub="${COMP_WORDS[2]}"
    if ((COMP_CWORD == 1)); then
        COMPREPLY=($(compgen -W %q -- "$cur"))
        return
    fi
    if [[ $prev == --format ]]; then
        COMPREPLY=($(compgen -W "text json" -- "$cur"))
        return
    fi
    local flags="" words=""
    case "$cmd" in
`, strings.Join(topWords(cmds), " "))
	fmt.Fprintf(w, "        help) words=%q ;;\n", strings.Join(topWords(cmds), " "))
	for _, c := range cmds {
		if len(c.path) != 1 {
			continue
		}
		subs := subsOf(cmds, c.path[0])
		if len(subs) == 0 {
			fmt.Fprintf(w, "        %s) flags=%q; words=%q ;;\n", c.path[0], flagWords(c), strings.Join(c.words, " "))
			continue
		}
		fmt.Fprintf(w, "        %s)\n            case \"$sub\" in\n", c.path[0])
		for _, s := range subs {
			fmt.Fprintf(w, "                %s) flags=%q ;;\n", s.path[1], flagWords(s))
		}
		fmt.Fprintf(w, "                *) flags=%q; words=%q ;;\n            esac ;;\n", flagWords(c), strings.Join(c.words, " "))
	}
	fmt.Fprint(w, `    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$flags" -- "$cur"))
    elif ((COMP_CWORD == 2)) && [[ -n $words ]]; then
        COMPREPLY=($(compgen -W "$words" -- "$cur"))
    else
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}
complete -o filenames -F _rxeval rxeval
`)
}

// zshQuote quotes s for zsh in single quotes.
func zshQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// fishQuote quotes s for fish in single quotes (\' and \\ are its escapes).
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, "'", `\'`).Replace(s) + "'"
}

func writeZsh(w io.Writer, cmds []compCommand) {
	fmt.Fprint(w, `#compdef rxeval
# zsh completion for rxeval, written by 'rxeval completion zsh'.
# Put it in a directory of $fpath as _rxeval, or: source <(rxeval completion zsh)
_rxeval() {
    local -a cmds flags next
    cmds=(
`)
	for _, c := range cmds {
		if len(c.path) == 1 {
			fmt.Fprintf(w, "        %s\n", zshQuote(c.path[0]+":"+strings.ReplaceAll(c.summary, ":", `\:`)))
		}
	}
	fmt.Fprint(w, `        'help:show help for a command'
    )
    if (( CURRENT == 2 )); then
        _describe 'command' cmds
        return
    fi
    if [[ ${words[CURRENT-1]} == --format ]]; then
        compadd text json
        return
    fi
    case ${words[2]} in
`)
	// words is zsh's array of the command line; the script's own list is
	// "next", so as not to shadow it.
	fmt.Fprintf(w, "        help) next=(%s) ;;\n", strings.Join(topWords(cmds), " "))
	for _, c := range cmds {
		if len(c.path) != 1 {
			continue
		}
		subs := subsOf(cmds, c.path[0])
		if len(subs) == 0 {
			fmt.Fprintf(w, "        %s) flags=(%s); next=(%s) ;;\n", c.path[0], flagWords(c), strings.Join(c.words, " "))
			continue
		}
		fmt.Fprintf(w, "        %s)\n            case ${words[3]} in\n", c.path[0])
		for _, s := range subs {
			fmt.Fprintf(w, "                %s) flags=(%s) ;;\n", s.path[1], flagWords(s))
		}
		fmt.Fprintf(w, "                *) flags=(%s); next=(%s) ;;\n            esac ;;\n", flagWords(c), strings.Join(c.words, " "))
	}
	fmt.Fprint(w, `    esac
    if [[ $PREFIX == -* ]]; then
        compadd -a flags
    elif (( CURRENT == 3 && ${#next} )); then
        compadd -a next
    else
        _files
    fi
}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
    _rxeval "$@"
else
    compdef _rxeval rxeval
fi
`)
}

func writeFish(w io.Writer, cmds []compCommand) {
	fmt.Fprint(w, `# fish completion for rxeval, written by 'rxeval completion fish'.
# Put it in ~/.config/fish/completions/rxeval.fish
complete -c rxeval -n '__fish_use_subcommand' -f -a help -d 'show help for a command'
complete -c rxeval -n '__fish_seen_subcommand_from help' -f -a `+fishQuote(strings.Join(topWords(cmds), " "))+`
`)
	for _, c := range cmds {
		if len(c.path) == 1 {
			fmt.Fprintf(w, "complete -c rxeval -n '__fish_use_subcommand' -f -a %s -d %s\n", c.path[0], fishQuote(c.summary))
		}
	}
	for _, c := range cmds {
		var cond string
		switch {
		case len(c.path) == 2:
			cond = fmt.Sprintf("__fish_seen_subcommand_from %s; and __fish_seen_subcommand_from %s", c.path[0], c.path[1])
		case len(subsOf(cmds, c.path[0])) > 0:
			cond = fmt.Sprintf("__fish_seen_subcommand_from %s; and not __fish_seen_subcommand_from %s", c.path[0], strings.Join(c.words, " "))
		default:
			cond = "__fish_seen_subcommand_from " + c.path[0]
		}
		if len(c.path) == 1 && len(c.words) > 0 {
			fmt.Fprintf(w, "complete -c rxeval -n %s -f -a %s\n", fishQuote(cond), fishQuote(strings.Join(c.words, " ")))
		}
		for _, f := range c.flags {
			line := fmt.Sprintf("complete -c rxeval -n %s -l %s", fishQuote(cond), f.name)
			if f.short != "" {
				line += " -s " + f.short
			}
			switch {
			case f.name == "format":
				line += " -x -a 'text json'"
			case f.file:
				line += " -r -F"
			case f.value:
				line += " -x"
			}
			fmt.Fprintf(w, "%s -d %s\n", line, fishQuote(f.usage))
		}
	}
}
