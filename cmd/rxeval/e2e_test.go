package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/rxeval/rxeval/internal/benchdata"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// buildBinary builds the real rxeval binary once per test run.
func buildBinary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "rxeval-bin")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "rxeval")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = errors.New(string(out))
		}
	})
	if buildErr != nil {
		t.Fatalf("go build: %v", buildErr)
	}
	return binPath
}

func runBinary(t testing.TB, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(buildBinary(t), args...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return o.String(), e.String(), code
}

// TestBinaryExitCodes runs the built binary end to end.
func TestBinaryExitCodes(t *testing.T) {
	dir := t.TempDir()
	full := filepath.Join(dir, "full.jsonl")
	if err := os.WriteFile(full, benchdata.Predictions(benchdata.Rows(7030, 7)), 0o644); err != nil {
		t.Fatal(err)
	}
	ex := "../../testdata/example/"
	tests := []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"validate", full}, 0, "valid: 7030 rows, 0 errors, 0 warnings", ""},
		{[]string{"validate", "--inputs", ex + "inputs.jsonl", ex + "predictions.jsonl"}, 0, "valid: 5 rows", ""},
		{[]string{"validate", ex + "predictions.jsonl"}, 1, "missing_id", ""},
		{[]string{"validate", "../../testdata/bad/truncated.jsonl"}, 1, "not_json", ""},
		{[]string{"validate", filepath.Join(dir, "missing.jsonl")}, 2, "", "no such file"},
		{[]string{"validate", "--bogus"}, 2, "", "unknown flag: --bogus"},
		{[]string{"pack", full, "-o", filepath.Join(dir, "s.zip")}, 0, "7030 rows packed", ""},
		{[]string{"validate", filepath.Join(dir, "s.zip")}, 0, "s.zip!/full.jsonl: valid: 7030 rows", ""},
	}
	for _, tt := range tests {
		stdout, stderr, code := runBinary(t, tt.args...)
		// An empty expectation means the stream must be empty: Contains
		// with "" would match anything.
		okOut := tt.stdout == "" && stdout == "" || tt.stdout != "" && strings.Contains(stdout, tt.stdout)
		okErr := tt.stderr == "" && stderr == "" || tt.stderr != "" && strings.Contains(stderr, tt.stderr)
		if code != tt.code || !okOut || !okErr {
			t.Errorf("rxeval %s: exit %d (want %d)\nstdout: %s\nstderr: %s", strings.Join(tt.args, " "), code, tt.code, stdout, stderr)
		}
	}
}

// BenchmarkValidateProcess times the whole 'rxeval validate' process on a
// realistic 7,030-row file: start-up, reading, validating, printing.
func BenchmarkValidateProcess(b *testing.B) {
	bin := buildBinary(b)
	file := filepath.Join(b.TempDir(), "full.jsonl")
	data := benchdata.Predictions(benchdata.Rows(7030, 1))
	os.WriteFile(file, data, 0o644)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if err := exec.Command(bin, "validate", "-q", file).Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStartupProcess times 'rxeval version': the floor under every
// process benchmark on this machine (start-up and package initialisation).
func BenchmarkStartupProcess(b *testing.B) {
	bin := buildBinary(b)
	for b.Loop() {
		if err := exec.Command(bin, "version").Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScoreProcess times 'rxeval score' on 7,030 rows, the whole
// process (gold parsing and prediction validation included), with the exact
// judge and with the offline chain, beside the plain Python reference
// scorer (scripts/refscore.py, the interpreter started directly) on the
// same files in the same run: the yardstick is the ratio.
func BenchmarkScoreProcess(b *testing.B) {
	bin := buildBinary(b)
	dir := b.TempDir()
	gold, pred := filepath.Join(dir, "gold.jsonl"), filepath.Join(dir, "pred.jsonl")
	rows := benchdata.Rows(7030, 1)
	os.WriteFile(gold, benchdata.Gold(rows), 0o644)
	os.WriteFile(pred, perturbed(rows, 2, true), 0o644)
	run := func(name string, args ...string) {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if out, err := exec.Command(args[0], args[1:]...).CombinedOutput(); err != nil {
					b.Fatal(err, string(out))
				}
			}
		})
	}
	run("exact", bin, "score", "--judge", "exact", "--gold", gold, pred)
	run("offline", bin, "score", "--judge", "offline", "--gold", gold, pred)
	if py, err := exec.LookPath("python3"); err == nil {
		run("python-reference", py, "../../scripts/refscore.py", gold, pred)
	}
}

// BenchmarkScoreHTMLProcess is BenchmarkScoreProcess with --html: the
// difference is what writing the report adds to a 7,030-row score; "page"
// without intervals, "bootstrap" with the 1,000 resamples --html asks for
// by default.
func BenchmarkScoreHTMLProcess(b *testing.B) {
	bin := buildBinary(b)
	dir := b.TempDir()
	gold, pred := filepath.Join(dir, "gold.jsonl"), filepath.Join(dir, "pred.jsonl")
	os.WriteFile(gold, benchdata.Gold(benchdata.Rows(7030, 1)), 0o644)
	os.WriteFile(pred, benchdata.Predictions(benchdata.Rows(7030, 2)), 0o644)
	html := filepath.Join(dir, "report.html")
	for _, c := range []struct{ name, boot string }{{"page", "0"}, {"bootstrap", "1000"}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if out, err := exec.Command(bin, "score", "--judge", "exact", "--gold", gold, "--html", html, "--bootstrap", c.boot, pred).CombinedOutput(); err != nil {
					b.Fatal(err, string(out))
				}
			}
			if fi, err := os.Stat(html); err == nil {
				b.ReportMetric(float64(fi.Size()), "page-bytes")
			}
		})
	}
}
