package main

import (
	"strings"
	"testing"

	"github.com/rxeval/rxeval/study"
)

// TestAgreementTextEscaped: study agree prints file names escaped and ids
// escaped and cut, so a file cannot write to the terminal or make the
// output its own size many times over (round 3b B6: ESC and OSC raw, 5 MB
// ids gave 100 MB).
func TestAgreementTextEscaped(t *testing.T) {
	long := strings.Repeat("x", 5<<20)
	res := study.Agreement{N: 2, SubTasks: []study.Pairwise{{
		SubTask: "verdict", Disagreements: 3,
		DisagreementsFirst: []string{"id\x1b]0;owned\x07", long, "b\u202eid"},
	}}}
	var b strings.Builder
	writeAgreement(&b, "a\x1b[31m.jsonl", "b\r.jsonl", res, false)
	out := b.String()
	if strings.ContainsAny(out, "\x1b\x07\r\u202e") {
		t.Errorf("a control character or override reached the text:\n%q", out)
	}
	if len(out) > 4096 {
		t.Errorf("%d bytes of text for a 5 MB id; want it named by its start", len(out))
	}
}
