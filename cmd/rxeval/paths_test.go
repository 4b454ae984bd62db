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
