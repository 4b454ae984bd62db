package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckPaths(t *testing.T) {
	dir := t.TempDir()
	gold := filepath.Join(dir, "gold.jsonl")
	if err := os.WriteFile(gold, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.jsonl")
	if err := os.Symlink(gold, link); err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(mustGetwd(t), gold)
	if err != nil {
		t.Fatal(err)
	}
	in := func(ps ...string) []namedPath {
		var out []namedPath
		for i, p := range ps {
			out = append(out, namedPath{[]string{"--gold", "PRED", "--inputs"}[i%3], p})
		}
		return out
	}
	for _, c := range []struct {
		name    string
		inputs  []namedPath
		outputs []namedPath
		want    string // "" = accepted
	}{
		{"distinct", in(gold), []namedPath{{"--out", filepath.Join(dir, "r.txt")}}, ""},
		{"stdout twice is fine", in(gold), []namedPath{{"--out", "-"}, {"--per-sample", "-"}}, ""},
		{"empty skipped", in(gold, ""), []namedPath{{"--out", ""}}, ""},
		{"output is the gold", in(gold), []namedPath{{"--out", gold}}, "--out " + gold + " is also --gold"},
		{"through a symlink", in(gold), []namedPath{{"--out", link}}, "is also --gold"},
		{"through a relative path", in(gold), []namedPath{{"--html", rel}}, "is also --gold"},
		{"a not yet existing output named twice", in(gold), []namedPath{{"--out", filepath.Join(dir, "x")}, {"--html", filepath.Join(dir, ".", "x")}}, "--out and --html both name"},
		{"stdin twice", in("-", "-"), nil, "--gold and PRED both name standard input"},
		{"stdin once", in("-", gold), []namedPath{{"--out", "-"}}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := checkPaths(c.inputs, c.outputs)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.want != "" && err == nil:
				t.Fatalf("accepted, want %q", c.want)
			case c.want != "":
				if !strings.Contains(err.Error(), c.want) {
					t.Errorf("error %q, want it to contain %q", err, c.want)
				}
				var ue usageError
				if !errors.As(err, &ue) {
					t.Errorf("error %T is not a usage error (exit 2)", err)
				}
			}
		})
	}
}

func mustGetwd(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return wd
}

// TestUnwritableOutputBeforeJudging: an output that cannot be written (a
// directory, a directory that does not exist) stops score before the
// model is asked about any pair and before the report is printed (the
// write failed at the end, after the judging).
func TestUnwritableOutputBeforeJudging(t *testing.T) {
	dir := t.TempDir()
	for _, out := range [][]string{{"--html", dir}, {"--html", filepath.Join(dir, "no", "r.html")}, {"--output", dir}, {"--per-sample", dir}, {"--confusion", filepath.Join(dir, "no", "c.csv")}} {
		srv, calls := fakeHost(t, "sha256-fake", 200)
		args := append([]string{"score", "--gold", exGold, "--inputs", exInputs, "--judge", "ollama:m", "--ollama-host", srv.URL, "--no-cache"}, out...)
		stdout, stderr, code := runCLI(append(args, exPreds)...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d\n%s", out, code, exitUsage, stderr)
		}
		if n := calls.Load(); n != 0 || stdout != "" {
			t.Errorf("%v: %d model calls, %d bytes on stdout before the output was found unwritable, want none", out, n, len(stdout))
		}
		if !strings.Contains(stderr, out[0]+" "+out[1]+": ") {
			t.Errorf("%v: the message does not name the flag and path:\n%s", out, stderr)
		}
	}
}
