package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/rxeval/rxeval/internal/benchdata"
)

// TestReportBootstrapAndSeed: report's --seed fixes the resamples (the
// same seed writes the same page, another seed another page) and
// --bootstrap 0 leaves the intervals out, as its help says.
func TestReportBootstrapAndSeed(t *testing.T) {
	dir := t.TempDir()
	gold, pred, ps := filepath.Join(dir, "gold.jsonl"), filepath.Join(dir, "pred.jsonl"), filepath.Join(dir, "ps.jsonl")
	rows := benchdata.Rows(400, 1)
	os.WriteFile(gold, benchdata.Gold(rows), 0o644)
	os.WriteFile(pred, perturbed(rows, 2, true), 0o644)
	if _, stderr, code := runCLI("score", "--judge", "exact", "--gold", gold, "--per-sample", ps, pred); code != exitOK {
		t.Fatalf("score: exit %d: %s", code, stderr)
	}
	page := func(args ...string) []byte {
		out := filepath.Join(dir, "r.html")
		if _, stderr, code := runCLI(append(append([]string{"report", "-o", out}, args...), ps)...); code != exitOK {
			t.Fatalf("report %v: exit %d: %s", args, code, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	one, again, two := page("--seed", "1", "--bootstrap", "200"), page("--seed", "1", "--bootstrap", "200"), page("--seed", "2", "--bootstrap", "200")
	if !bytes.Equal(one, again) {
		t.Error("the same --seed wrote two different pages")
	}
	if bytes.Equal(one, two) {
		t.Error("--seed 1 and --seed 2 wrote the same page: the seed does not reach the resamples")
	}
	if none := page("--bootstrap", "0"); bytes.Equal(none, one) || len(none) >= len(one) {
		t.Errorf("--bootstrap 0 wrote %d bytes, with 200 resamples %d: the intervals are not left out", len(none), len(one))
	}
}
