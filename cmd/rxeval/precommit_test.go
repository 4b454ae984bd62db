package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rxeval/rxeval/internal/synth"
)

// TestPreCommitHook runs the real pre-commit tool (Debian's pre-commit
// 3.0.4, installed by .ci/run) against this repository's
// .pre-commit-hooks.yaml: the hook fails on a bad prediction file, naming
// the line, and passes on a good one.
func TestPreCommitHook(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the hook builds rxeval from scratch (about a minute)")
	}
	pc, err := exec.LookPath("pre-commit")
	if err != nil {
		t.Skip("pre-commit is not installed (apt-get install pre-commit; .ci/run does it)")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, ".git")); err != nil {
		t.Skip("the repository root is not a git checkout")
	}
	work := t.TempDir()
	repo := filepath.Join(work, "participant")
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	os.MkdirAll(repo, 0o755)
	git("init", "-q")
	git("config", "user.email", "t@example.com")
	git("config", "user.name", "t")
	good := synth.Predictions(synth.Rows(7030, 3))
	bad := strings.Replace(string(good), `"verdict":"aligned"`, `"verdict":"Yes"`, 1)
	os.WriteFile(filepath.Join(repo, "good.jsonl"), good, 0o644)
	os.WriteFile(filepath.Join(repo, "bad.jsonl"), []byte(bad), 0o644)
	git("add", ".")
	env := append(os.Environ(), "PRE_COMMIT_HOME="+filepath.Join(work, "cache"), "GOFLAGS=-buildvcs=false")

	tryRepo := func(file string) (string, error) {
		cmd := exec.Command(pc, "try-repo", root, "rxeval-validate", "--files", file, "--verbose")
		cmd.Dir, cmd.Env = repo, env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := tryRepo("bad.jsonl")
	if err == nil {
		t.Fatalf("the hook passed a bad file:\n%s", out)
	}
	badLine := strings.Count(bad[:strings.Index(bad, `"Yes"`)], "\n") + 1
	if want := "bad.jsonl:" + strconv.Itoa(badLine) + ": "; !strings.Contains(out, want) || !strings.Contains(out, "bad_verdict") {
		t.Errorf("the hook's output does not name %q with bad_verdict:\n%s", want, out)
	}
	out, err = tryRepo("good.jsonl")
	if err != nil {
		t.Fatalf("the hook failed a good file: %v\n%s", err, out)
	}
	if !strings.Contains(out, "good.jsonl: valid: 7030 rows") {
		t.Errorf("output:\n%s", out)
	}
}
