package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rxeval/rxeval/internal/benchdata"
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
	good := benchdata.Predictions(benchdata.Rows(7030, 3))
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
	t.Run("the README's subset setup", func(t *testing.T) { readmeSetup(t, pc, root, work, env) })
	t.Run("repo: local, before the module is published", func(t *testing.T) { localSetup(t, pc, work, env) })
}

// localSetup runs the README's 'repo: local' configuration: rxeval from
// PATH (go install), no network, no rev to pin.
func localSetup(t *testing.T, pc, work string, env []string) {
	bin := buildBinary(t)
	repo := filepath.Join(work, "local")
	os.MkdirAll(filepath.Join(repo, "predictions"), 0o755)
	os.MkdirAll(filepath.Join(repo, "data"), 0o755)
	for from, to := range map[string]string{"../../testdata/example/inputs.jsonl": "data/FormalRx_Test_first5.jsonl", "../../testdata/example/predictions.jsonl": "predictions/preds.jsonl"} {
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(repo, to), b, 0o644)
	}
	config := "repos:\n  - repo: local\n    hooks:\n      - id: rxeval-validate\n        name: rxeval validate\n        entry: rxeval validate\n        language: system\n        args: [--inputs, data/FormalRx_Test_first5.jsonl, --]\n        files: ^predictions/.*\\.(jsonl|zip)$\n"
	os.WriteFile(filepath.Join(repo, ".pre-commit-config.yaml"), []byte(config), 0o644)
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	cmd := exec.Command(pc, "run", "--all-files", "--verbose")
	cmd.Dir = repo
	cmd.Env = append(append([]string(nil), env...), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "predictions/preds.jsonl: valid: 5 rows") {
		t.Errorf("the README's repo: local setup failed: %v\n%s", err, out)
	}
}

// readmeSetup runs the README's .pre-commit-config.yaml (subset ids from an
// inputs file, files: and exclude:) in a participant's repository that also
// holds the inputs file and a gold file: it passes; without files: and
// exclude: the inputs file is skipped and the gold file is named once.
func readmeSetup(t *testing.T, pc, root, work string, env []string) {
	head, err := exec.Command("git", "-C", root, "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skip("the repository has no commit")
	}
	repo := filepath.Join(work, "subset")
	for _, d := range []string{"data", "predictions", "gold"} {
		os.MkdirAll(filepath.Join(repo, d), 0o755)
	}
	copyFile := func(from, to string) {
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(repo, to), b, 0o644)
	}
	copyFile("../../testdata/example/inputs.jsonl", "data/FormalRx_Test_first5.jsonl")
	copyFile("../../testdata/example/predictions.jsonl", "predictions/preds.jsonl")
	copyFile("../../testdata/example/gold.jsonl", "gold/gold.jsonl")
	// File names that look like flags (issue 18.17): read as files.
	copyFile("../../testdata/example/predictions.jsonl", "-q.jsonl")
	copyFile("../../testdata/example/predictions.jsonl", "--lenient=true.jsonl")
	config := func(filters string) string {
		return "repos:\n  - repo: " + root + "\n    rev: " + strings.TrimSpace(string(head)) + "\n    hooks:\n      - id: rxeval-validate\n        args: [--inputs, data/FormalRx_Test_first5.jsonl, --]\n" + filters
	}
	os.WriteFile(filepath.Join(repo, "readme.yaml"), []byte(config("        files: ^predictions/.*\\.(jsonl|zip)$\n        exclude: ^data/\n")), 0o644)
	os.WriteFile(filepath.Join(repo, "bare.yaml"), []byte(config("")), 0o644)
	for _, args := range [][]string{{"init", "-q"}, {"config", "user.email", "t@example.com"}, {"config", "user.name", "t"}, {"add", "."}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	run := func(cfg string) (string, error) {
		cmd := exec.Command(pc, "run", "--config", cfg, "--all-files", "--verbose")
		cmd.Dir, cmd.Env = repo, env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := run("readme.yaml")
	if err != nil || !strings.Contains(out, "predictions/preds.jsonl: valid: 5 rows") {
		t.Errorf("the README's setup failed: %v\n%s", err, out)
	}
	out, err = run("bare.yaml")
	if err == nil {
		t.Errorf("the hook passed a gold file as predictions:\n%s", out)
	}
	for _, want := range []string{"data/FormalRx_Test_first5.jsonl: skipped: it is the --inputs file", "gold/gold.jsonl:1: this is a gold-label file, not a prediction file", "predictions/preds.jsonl: valid: 5 rows", "-q.jsonl: valid: 5 rows", "--lenient=true.jsonl: valid: 5 rows"} {
		if !strings.Contains(out, want) {
			t.Errorf("output does not say %q:\n%s", want, out)
		}
	}
}
