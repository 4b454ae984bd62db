package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportAndAgreeRefuseAlike: report and study agree read per-sample
// lines through one validation, so a hand-edited line one refuses the
// other refuses too (newcomer report 13: report accepted localization.ok
// null, an undecided pair scored right in a run that scores them wrong,
// by "magic" and gold_category "Nonsense", and its figures changed
// silently). A run without a run record never shows a Go value (<nil>).
func TestReportAndAgreeRefuseAlike(t *testing.T) {
	dir := t.TempDir()
	ps := filepath.Join(dir, "ps.jsonl")
	if _, stderr, code := runCLI("score", "--gold", exGold, "--inputs", exInputs, "--per-sample", ps, "-q", exPreds); code != exitOK {
		t.Fatalf("score: exit %d\n%s", code, stderr)
	}
	data, err := os.ReadFile(ps)
	if err != nil {
		t.Fatal(err)
	}
	good := string(data)
	lines := strings.SplitAfter(good, "\n")
	// The second line, edited (the first carries the run record).
	edit := func(old, new string) string {
		if !strings.Contains(lines[1], old) {
			t.Fatalf("line 2 has no %s:\n%s", old, lines[1])
		}
		return lines[0] + strings.Replace(lines[1], old, new, 1) + strings.Join(lines[2:], "")
	}
	for _, tt := range []struct{ name, data, want string }{
		{"ok null", edit(`"localization":{"ok":`, `"localization":{"ok":null,"was":`), "localization.ok"},
		{"by magic", edit(`"by":"`, `"by":"magic","x":"`), `"magic"`},
		{"gold category nonsense", edit(`"gold_misaligned":`, `"gold_category":"Nonsense","gold_misaligned":`), `"Nonsense"`},
		{"undecided scored right in a run that scores them wrong", edit(`"localization":{`, `"localization":{"ok":true,"by":"undecided","undecided":true},"x":{`), "undecided"},
	} {
		f := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_")+".jsonl")
		os.WriteFile(f, []byte(tt.data), 0o644)
		_, rerr, rcode := runCLI("report", f, "-o", filepath.Join(dir, "r.html"))
		_, aerr, acode := runCLI("study", "agree", f, ps)
		if rcode != exitProblems || !strings.Contains(rerr, tt.want) {
			t.Errorf("%s: report exit %d, want %d and a message naming %s\n%s", tt.name, rcode, exitProblems, tt.want, rerr)
		}
		if acode != exitProblems || !strings.Contains(aerr, tt.want) {
			t.Errorf("%s: study agree exit %d, want %d and a message naming %s\n%s", tt.name, acode, exitProblems, tt.want, aerr)
		}
	}
	// A genuine file with one id twice: the summary says "duplicate id",
	// not "not a per-sample file".
	dup := filepath.Join(dir, "dup.jsonl")
	os.WriteFile(dup, []byte(good+lines[1]), 0o644)
	_, stderr, code := runCLI("study", "agree", dup, ps)
	if code != exitProblems || !strings.Contains(stderr, "rxeval study: "+dup+": a per-sample file with a duplicate id") {
		t.Errorf("duplicate id: exit %d\n%s", code, stderr)
	}
	// No run record: the judge is unknown, said in words.
	norun := filepath.Join(dir, "norun.jsonl")
	first := lines[0][:strings.Index(lines[0], `,"run":`)] + "}\n"
	os.WriteFile(norun, []byte(first+strings.Join(lines[1:], "")), 0o644)
	_, stderr, code = runCLI("report", norun, ps, "-o", filepath.Join(dir, "r2.html"))
	if code != exitOK || strings.Contains(stderr, "<nil>") || !strings.Contains(stderr, "no run record") {
		t.Errorf("no run record: exit %d\n%s", code, stderr)
	}
}
