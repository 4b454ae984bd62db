package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// studyDoc is the measured study page; its code blocks are the output of the
// commands its "## " headings name, run on the labels under testdata.
const (
	studyDoc    = "../../docs/study-minif2f.md"
	studyLabels = "testdata/gted/minif2f_human_evaluation.json"
)

// studyBlock matches a section: its heading (the judge and flags) and the
// code block under it.
var studyBlock = regexp.MustCompile("(?m)^## (\\S+)( --sweep)?\n\n```\n((?s:.*?))```\n")

// TestStudyDocMiniF2F regenerates every table of docs/study-minif2f.md with
// 'rxeval study calibrate --labels testdata/gted/... --judge J [--sweep]
// --bootstrap 1000 --seed 1' and compares it with the page, byte for byte;
// -update rewrites the page instead.
func TestStudyDocMiniF2F(t *testing.T) {
	page, err := os.ReadFile(studyDoc)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(page)
	ms := studyBlock.FindAllStringSubmatchIndex(doc, -1)
	var judges []string
	var out strings.Builder
	last := 0
	for _, m := range ms {
		judge, sweep, block := doc[m[2]:m[3]], m[4] >= 0, doc[m[6]:m[7]]
		judges = append(judges, judge)
		args := []string{"study", "calibrate", "--labels", "../../" + studyLabels, "--judge", judge, "--bootstrap", "1000", "--seed", "1"}
		if sweep {
			args = append(args, "--sweep")
		}
		stdout, stderr, code := runCLI(args...)
		if code != 0 {
			t.Fatalf("rxeval %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
		}
		got := strings.ReplaceAll(stdout, "../../"+studyLabels, studyLabels)
		if got != block && !*update {
			t.Errorf("## %s%s: the page differs from the command's output (go test ./cmd/rxeval -run TestStudyDocMiniF2F -update)\n--- page\n%s--- now\n%s", judge, doc[max(m[4], m[3]):max(m[5], m[3])], block, got)
		}
		out.WriteString(doc[last:m[6]])
		out.WriteString(got)
		last = m[7]
	}
	out.WriteString(doc[last:])
	if want := []string{"exact", "offline", "gted", "bleu"}; strings.Join(judges, " ") != strings.Join(want, " ") {
		t.Errorf("sections %q, want %q", judges, want)
	}
	if *update && out.String() != doc {
		if err := os.WriteFile(studyDoc, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Log("rewrote", studyDoc)
	}
}
