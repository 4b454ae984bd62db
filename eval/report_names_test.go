package eval

import (
	"strings"
	"testing"
)

// TestSystemNamesEscaped: system names come from file names, and a name
// with an escape sequence or a bidirectional override is quoted wherever
// the comparison prints it (round 3b B7: raw in "== NAME" and the
// ranking).
func TestSystemNamesEscaped(t *testing.T) {
	hostile := []string{"a\x1b]0;owned\x07.jsonl", "b\u202egnp.jsonl"}
	m := MultiDocument{
		Systems: []Document{{System: hostile[0], Report: &Report{}}, {System: hostile[1], Report: &Report{}}},
		Comparison: &Comparison{
			Ranking: []Rank{{Rank: 1, System: hostile[0]}, {Rank: 2, System: hostile[1]}},
			Pairs:   []PairTest{{A: hostile[0], B: hostile[1], Deltas: map[string]Delta{}}},
			Disagreements: map[string]Disagreement{
				SubTasks[0]: {Count: 1, Samples: []DisagreeingSample{{Idx: "id\x1b[2J", Right: hostile}}},
			},
		},
	}
	var b strings.Builder
	if err := m.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); strings.ContainsAny(out, "\x1b\x07\u202e") {
		t.Errorf("a control character or override reached the text:\n%q", out)
	}
}
