package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCompareRunsOfDifferentGold: study agree and report compare two
// per-sample files; when the runs were scored against different gold files
// they warn on stderr, naming both files and both golds, and go on. The run
// record's gold_sha256 tells the golds apart (the same gold under another
// path is no warning); a file without it (an older rxeval) is compared by the
// gold labels its lines record (verdict and category per idx), naming the
// first differing idx and the count.
func TestCompareRunsOfDifferentGold(t *testing.T) {
	dir := t.TempDir()
	ex := "../../testdata/example/"
	gold, err := os.ReadFile(ex + "gold.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	g1 := write("g1.jsonl", gold)
	same := write("same_as_g1.jsonl", gold)
	g2 := write("g2.jsonl", []byte(strings.Replace(string(gold), `"error_type": "Operator Precedence Error"`, `"error_type": "Missing Premise"`, 1)))
	score := func(g, out string) string {
		t.Helper()
		p := filepath.Join(dir, out)
		if _, stderr, code := runCLI("score", "--gold", g, "--judge", "exact", "--per-sample", p, ex+"predictions.jsonl"); code != exitOK {
			t.Fatalf("score --gold %s: exit %d\n%s", g, code, stderr)
		}
		return p
	}
	a, b, c := score(g1, "a.jsonl"), score(g2, "b.jsonl"), score(same, "c.jsonl")

	// Identified by hash: a warning naming both files and both golds.
	for _, args := range [][]string{{"study", "agree", a, b}, {"report", "-o", filepath.Join(dir, "r.html"), a, b}} {
		_, stderr, code := runCLI(args...)
		if code != exitOK {
			t.Errorf("%s: exit %d, want 0 (a warning, not an error)\n%s", args[0], code, stderr)
		}
		for _, want := range []string{"warning: ", a + " was scored against gold " + g1 + " (sha256 ", b + " against gold " + g2 + " (sha256 ",
			"their gold labels differ on 1 of 5 shared samples (first formalrx_0003: misaligned, Operator Precedence Error in " + a + "; misaligned, Missing Premise in " + b + ")"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("%s: stderr does not say %q:\n%s", args[0], want, stderr)
			}
		}
	}
	// The same gold under another path: no warning.
	if _, stderr, code := runCLI("study", "agree", a, c); code != exitOK || strings.Contains(stderr, "gold") {
		t.Errorf("same gold, another path: exit %d\n%s", code, stderr)
	}

	// Without the hash (files of an older rxeval): the gold labels decide.
	noHash := regexp.MustCompile(`"gold_sha256":"[0-9a-f]*",?`)
	strip := func(p string) string {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !noHash.Match(data) {
			t.Fatalf("%s records no gold_sha256", p)
		}
		return write("old_"+filepath.Base(p), noHash.ReplaceAll(data, nil))
	}
	oa, ob, oc := strip(a), strip(b), strip(c)
	for _, args := range [][]string{{"study", "agree", oa, ob}, {"report", "-o", filepath.Join(dir, "r.html"), oa, ob}} {
		_, stderr, code := runCLI(args...)
		if code != exitOK {
			t.Errorf("%s: exit %d, want 0\n%s", args[0], code, stderr)
		}
		want := oa + " and " + ob + " record different gold labels for 1 of 5 shared samples (first formalrx_0003: misaligned, Operator Precedence Error in " + oa + "; misaligned, Missing Premise in " + ob + "): were they scored against different gold files?"
		if !strings.Contains(stderr, want) {
			t.Errorf("%s: stderr does not say %q:\n%s", args[0], want, stderr)
		}
	}
	if _, stderr, code := runCLI("study", "agree", oa, oc); code != exitOK || strings.Contains(stderr, "gold") {
		t.Errorf("no hash, same labels: exit %d\n%s", code, stderr)
	}
}
