package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// reportCommands are the commands and subcommands that write a report:
// each takes -o/--output, --format text|json and -q/--quiet (issue 32.4).
// demo (a fixed showcase), completion and version write no report.
var reportCommands = []string{"validate", "fix", "pack", "schema", "score", "report", "study calibrate", "study agree", "synth", "synth pairs"}

// problemListers are the commands that list a file's problems: each cuts
// the listing with --max-errors, defaultMaxErrors by default.
var problemListers = []string{"validate", "fix", "pack", "score"}

// flagListed matches a flag line of a help: "  -o, --output FILE   ...".
var flagListed = regexp.MustCompile(`(?m)^\s+(?:-([a-zA-Z]), )?--([a-z0-9-]+)(?: ([A-Za-z_|.]+))?\s{2,}`)

// TestConvention walks every command's and subcommand's help: the report
// writers have the three flags of the convention, declared alike; every
// flag a help lists is accepted by its command; a subcommand's help is its
// own.
func TestConvention(t *testing.T) {
	paths := commandPaths()
	seen := map[string]bool{}
	for _, p := range paths {
		name := strings.Join(p, " ")
		seen[name] = true
		help, fs := helpOf(p...)
		if help == "" {
			t.Errorf("%s: no help", name)
			continue
		}
		if !strings.HasPrefix(help, "Usage: rxeval "+name) {
			t.Errorf("%s: help does not start with its own usage:\n%s", name, help)
		}
		// Every flag listed is accepted: the flag (with a value of its
		// type) then --help parses to the help.
		for _, m := range flagListed.FindAllStringSubmatch(help, -1) {
			short, long := m[1], m[2]
			if fs == nil || fs.Lookup(long) == nil {
				t.Errorf("%s: help lists --%s, which its flag set lacks", name, long)
				continue
			}
			f := fs.Lookup(long)
			if f.Shorthand != short {
				t.Errorf("%s: help lists --%s with shorthand %q, flag set %q", name, long, short, f.Shorthand)
			}
			args := append(append([]string{}, p...), "--"+long)
			if v := sampleValue(f); v != "" {
				args = append(args, v)
			}
			var o, e bytes.Buffer
			if code := run(append(args, "--help"), &o, &e); code != exitOK || o.String() != help {
				t.Errorf("rxeval %s: exit %d, stderr %q: a flag its help lists is refused", strings.Join(args, " "), code, e.String())
			}
		}
	}
	for _, name := range reportCommands {
		if !seen[name] {
			t.Errorf("%s: in reportCommands, but no such command", name)
			continue
		}
		_, fs := helpOf(strings.Fields(name)...)
		for _, want := range []struct{ long, short, typ string }{{"output", "o", "string"}, {"format", "", "string"}, {"quiet", "q", "bool"}} {
			f := fs.Lookup(want.long)
			if f == nil || f.Shorthand != want.short || f.Value.Type() != want.typ {
				t.Errorf("%s: want --%s (shorthand %q, %s) as every command that writes a report has, got %+v", name, want.long, want.short, want.typ, f)
			}
		}
		if f := fs.Lookup("format"); f != nil && (f.DefValue != "text" || !strings.Contains(f.Usage, "text") || !strings.Contains(f.Usage, "json")) {
			t.Errorf("%s: --format's default is %q and its help %q: want text, and text or json named", name, f.DefValue, f.Usage)
		}
		// --format refuses what is neither text nor json, naming the value.
		var o, e bytes.Buffer
		args := append(strings.Fields(name), "--format", "xml", "x.jsonl")
		if code := run(args, &o, &e); code != exitUsage || !strings.Contains(e.String(), `"xml"`) {
			t.Errorf("rxeval %s: exit %d, stderr %q: want exit 2 naming \"xml\"", strings.Join(args, " "), code, e.String())
		}
	}
	for _, name := range problemListers {
		_, fs := helpOf(name)
		f := fs.Lookup("max-errors")
		if f == nil || f.DefValue != fmt.Sprint(defaultMaxErrors) {
			t.Errorf("%s: want --max-errors, default %d, as every command that lists problems has; got %+v", name, defaultMaxErrors, f)
		}
	}
	// A command that lists problems and has no --max-errors, or writes a
	// report and is not in reportCommands, is caught here.
	for _, p := range paths {
		name := strings.Join(p, " ")
		_, fs := helpOf(p...)
		if fs == nil {
			continue
		}
		if fs.Lookup("max-errors") != nil && !slices.Contains(problemListers, name) {
			t.Errorf("%s: has --max-errors but is not in problemListers", name)
		}
		if fs.Lookup("format") != nil && !slices.Contains(reportCommands, name) {
			t.Errorf("%s: has --format but is not in reportCommands", name)
		}
	}
}

// sampleValue is a value a flag of f's type parses ("" for a switch).
func sampleValue(f *pflag.Flag) string {
	switch f.Value.Type() {
	case "bool":
		return ""
	case "duration":
		return "1s"
	case "float64":
		return "0.5"
	case "int", "int64", "uint64":
		return "1"
	}
	return "x"
}

// cliDoc is docs/cli.md: the convention's table and every help.
func cliDoc() string {
	var b strings.Builder
	b.WriteString("# rxeval's command line\n\n")
	b.WriteString("<!-- Generated from the help texts by `go test ./cmd/rxeval -run TestCLIDoc -update`; do not edit. -->\n\n")
	b.WriteString("Every command's `--help`, as rxeval prints it. The README has the overview; the exit codes are in\n")
	b.WriteString("its table and in each help.\n\n")
	b.WriteString("## The convention\n\n")
	b.WriteString("Every command that writes a report takes `-o, --output FILE` (where its output goes; `-` for standard\n")
	b.WriteString("output), `--format text|json` and `-q, --quiet` (no progress and no itemized listing); every command\n")
	b.WriteString(fmt.Sprintf("that lists a file's problems cuts the listing at `--max-errors N` (default %d; 0: all). An unknown\n", defaultMaxErrors))
	b.WriteString("flag gets the closest one (`did you mean --inputs?`). `TestConvention` checks this table against the\n")
	b.WriteString("commands.\n\n")
	b.WriteString("| command | -o, --output | --format | -q, --quiet | --max-errors |\n|---|---|---|---|---|\n")
	for _, p := range commandPaths() {
		_, fs := helpOf(p...)
		cell := func(name string) string {
			if fs != nil && fs.Lookup(name) != nil {
				return "yes"
			}
			return "-"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", strings.Join(p, " "), cell("output"), cell("format"), cell("quiet"), cell("max-errors"))
	}
	var o bytes.Buffer
	printHelp(&o)
	fmt.Fprintf(&b, "\n## rxeval\n\n```text\n%s```\n", o.String())
	for _, p := range commandPaths() {
		help, _ := helpOf(p...)
		fmt.Fprintf(&b, "\n## rxeval %s\n\n```text\n%s```\n", strings.Join(p, " "), help)
	}
	return b.String()
}

// TestCLIDoc keeps docs/cli.md, generated from every help, in step with
// the commands (-update rewrites it).
func TestCLIDoc(t *testing.T) {
	const path = "../../docs/cli.md"
	want := cliDoc()
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("docs/cli.md is out of date: go test ./cmd/rxeval -run TestCLIDoc -update")
	}
}

// TestCompletionScripts: each shell's script names every command,
// subcommand and flag; bash's passes bash -n.
func TestCompletionScripts(t *testing.T) {
	for _, shell := range []string{"bash", "zsh", "fish"} {
		var o, e bytes.Buffer
		if code := run([]string{"completion", shell}, &o, &e); code != exitOK {
			t.Fatalf("completion %s: exit %d: %s", shell, code, e.String())
		}
		script := o.String()
		for _, c := range completionModel() {
			for _, w := range append(c.path, c.words...) {
				if !regexp.MustCompile(`\b` + regexp.QuoteMeta(w) + `\b`).MatchString(script) {
					t.Errorf("%s: the script does not name %q", shell, w)
				}
			}
			for _, f := range c.flags {
				want := "--" + f.name
				if shell == "fish" {
					want = "-l " + f.name
				}
				if !strings.Contains(script, want) {
					t.Errorf("%s: the script does not name %s of %s", shell, want, strings.Join(c.path, " "))
				}
			}
		}
		if shell != "bash" {
			continue
		}
		bash, err := exec.LookPath("bash")
		if err != nil {
			t.Skip("no bash")
		}
		file := filepath.Join(t.TempDir(), "rxeval.bash")
		if err := os.WriteFile(file, o.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(bash, "-n", file).CombinedOutput(); err != nil {
			t.Errorf("bash -n: %v\n%s", err, out)
		}
		// What it offers: a subcommand, a flag, --format's values.
		for _, c := range []struct{ words, want string }{
			{"rxeval study ag", "agree"},
			{"rxeval validate --inp", "--inputs"},
			{"rxeval synth pairs --gold", ""},
			{"rxeval score --format ", "text json"},
		} {
			words := strings.Split(c.words, " ")
			prog := fmt.Sprintf("source %s; COMP_WORDS=(%s); COMP_CWORD=%d; _rxeval; echo \"${COMPREPLY[*]}\"", file, quoteWords(words), len(words)-1)
			out, err := exec.Command(bash, "-c", prog).Output()
			if err != nil || strings.TrimSpace(string(out)) != c.want {
				t.Errorf("completing %q: got %q (%v), want %q", c.words, out, err, c.want)
			}
		}
	}
}

func quoteWords(ws []string) string {
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = "'" + w + "'"
	}
	return strings.Join(q, " ")
}

// TestVersionOf: the module version, then the VCS state when stamped;
// devel only when nothing is known.
func TestVersionOf(t *testing.T) {
	vcs := []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-12-01T10:00:00Z"}, {Key: "vcs.modified", Value: "true"}}
	for _, c := range []struct {
		mod      string
		settings []debug.BuildSetting
		ok       bool
		want     string
	}{
		{"v1.2.0", nil, true, "v1.2.0"},
		{"v1.2.0", vcs[:2], true, "v1.2.0 (revision 0123456789ab, 2026-12-01T10:00:00Z)"},
		{"v0.0.0-20261201100000-0123456789ab+dirty", vcs, true, "v0.0.0-20261201100000-0123456789ab+dirty (revision 0123456789ab, modified, 2026-12-01T10:00:00Z)"},
		{"(devel)", vcs, true, "revision 0123456789ab (modified, 2026-12-01T10:00:00Z)"},
		{"(devel)", vcs[:1], true, "revision 0123456789ab"},
		{"(devel)", nil, true, noVersion},
		{"", nil, true, noVersion},
		{"", nil, false, "devel (no build information)"},
	} {
		bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/rxeval/rxeval", Version: c.mod}, Settings: c.settings}
		if got := versionOf(bi, c.ok); got != c.want {
			t.Errorf("versionOf(%q, %v) = %q, want %q", c.mod, c.settings, got, c.want)
		}
	}
}

// TestUnknownFlagSuggests: an unknown flag gets the closest flag of its
// command, as a mistyped command gets the closest command.
func TestUnknownFlagSuggests(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"validate", "--input", "x", "p.jsonl"}, "hint: did you mean --inputs?"},
		{[]string{"score", "--gld", "g.jsonl", "p.jsonl"}, "hint: did you mean --gold?"},
		{[]string{"pack", "--fore", "p.jsonl"}, "hint: did you mean --force?"},
		{[]string{"study", "agree", "--formt", "json", "a", "b"}, "hint: did you mean --format?"},
		{[]string{"validate", "-inputs", "x", "p.jsonl"}, "hint: did you mean --inputs? (a long flag takes two dashes)"},
		{[]string{"synth", "pairs", "--inputs-out", "i.jsonl", "-o", "p.jsonl"}, "unknown flag: --inputs-out"},
	} {
		var o, e bytes.Buffer
		if code := run(c.args, &o, &e); code != exitUsage || !strings.Contains(e.String(), c.want) {
			t.Errorf("rxeval %s: exit %d, stderr:\n%s\nwant exit 2 and %q", strings.Join(c.args, " "), code, e.String(), c.want)
		}
	}
	var o, e bytes.Buffer
	run([]string{"validate", "--frobnicate", "p.jsonl"}, &o, &e)
	if strings.Contains(e.String(), "did you mean") {
		t.Errorf("a flag close to none gets a suggestion:\n%s", e.String())
	}
}
