package study

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/rxeval/rxeval/eval"
)

// TestReaderLineNumbers: errors name the file's line (1-based, blank
// lines counted).
func TestReaderLineNumbers(t *testing.T) {
	_, _, err := ReadLabels([]byte("{\"reference\":\"a\",\"candidate\":\"b\",\"label\":true}\n\n{\"reference\":\"a\"}\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "line 3: want") {
		t.Errorf("labels: %v", err)
	}
	_, _, err = ReadLabels([]byte("{\"reference\":\"a\",\"candidate\":\"b\",\"label\":true}\n{oops\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "line 2: ") {
		t.Errorf("labels, bad JSON: %v", err)
	}
	const ok = `{"idx":"a","verdict_ok":true,"category_ok":true,"localization":{"ok":true},"correction":{"ok":true},"joint_ok":true}`
	for _, tt := range []struct{ data, want string }{
		{ok + "\n{oops}\n", "line 2: "},
		{ok + "\n\n{\"joint_ok\":true}\n", "line 3: idx: missing"},
		{ok + "\n" + ok + "\n", `line 2: duplicate id: "a" appears twice`},
		// A line that contradicts itself: joint right with a part wrong.
		{ok + "\n" + `{"idx":"b","verdict_ok":true,"category_ok":true,"localization":{"ok":false},"correction":{"ok":true},"joint_ok":true}` + "\n",
			`line 2: idx "b": field "joint_ok": true, but localization.ok is false`},
		{`{"idx":"c","gold_misaligned":true,"verdict_ok":false,"category_ok":true,"localization":{"ok":false},"correction":{"ok":false},"joint_ok":false}` + "\n",
			`line 1: idx "c": field "category_ok": true, but verdict_ok is false`},
	} {
		if _, _, err := ReadOutcomes([]byte(tt.data)); err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("outcomes %q: %v, want %q...", tt.data, err, tt.want)
		}
	}
}

// TestReadOutcomesRefusesOtherFiles: a file that is not a per-sample file
// (a prediction, gold or test-inputs file, any JSONL with an idx) is
// refused with the line and the missing or mistyped field, never read as
// all-false outcomes.
func TestReadOutcomesRefusesOtherFiles(t *testing.T) {
	const ok = `{"idx":"a","verdict_ok":true,"category_ok":true,"localization":{"ok":true},"correction":{"ok":true},"joint_ok":true}`
	for _, tt := range []struct{ name, data, want string }{
		{"prediction", `{"idx": "formalrx_0001", "verdict": "misaligned", "error_category": "Range Error", "error_segment": "x", "corrected_statement": "y"}`, `line 1: idx "formalrx_0001": field "verdict_ok": missing`},
		{"gold", `{"idx": "formalrx_0001", "diagnosis": {"aligned": "Aligned", "error_type": "N/A", "error_location": "N/A", "corrected_statement": "N/A"}}`, `line 1: idx "formalrx_0001": field "verdict_ok": missing`},
		{"inputs", ok + "\n" + `{"idx": "b", "header": "", "formal_statement": "theorem t : True := trivial"}`, `line 2: idx "b": field "verdict_ok": missing`},
		{"no category_ok", `{"idx":"a","verdict_ok":true,"localization":{"ok":true},"correction":{"ok":true},"joint_ok":true}`, `line 1: idx "a": field "category_ok": missing`},
		{"no localization", `{"idx":"a","verdict_ok":true,"category_ok":true,"correction":{"ok":true},"joint_ok":true}`, `line 1: idx "a": field "localization.ok": missing`},
		{"no correction.ok", `{"idx":"a","verdict_ok":true,"category_ok":true,"localization":{"ok":true},"correction":{"by":"x"},"joint_ok":true}`, `line 1: idx "a": field "correction.ok": missing`},
		{"no joint_ok", `{"idx":"a","verdict_ok":true,"category_ok":true,"localization":{"ok":true},"correction":{"ok":true}}`, `line 1: idx "a": field "joint_ok": missing`},
		{"string verdict_ok", `{"idx":"a","verdict_ok":"yes"}`, `line 1: field "verdict_ok": want true or false, got a string`},
		{"null joint_ok", `{"idx":"a","verdict_ok":true,"category_ok":true,"localization":{"ok":true},"correction":{"ok":true},"joint_ok":null}`, `line 1: idx "a": field "joint_ok": missing`},
		{"number idx", `{"idx":7}`, `line 1: field "idx": want a string, got a number`},
	} {
		_, _, err := ReadOutcomes([]byte(tt.data))
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q...", tt.name, err, tt.want)
		}
	}
	if _, _, err := ReadOutcomes([]byte(ok)); err != nil {
		t.Errorf("a per-sample line: %v", err)
	}
}

// TestAgreeOnlyIn counts the samples one run has and the other lacks.
func TestAgreeOnlyIn(t *testing.T) {
	a := map[string]Outcome{"x": {Idx: "x"}, "y": {Idx: "y"}, "z": {Idx: "z"}}
	b := map[string]Outcome{"x": {Idx: "x"}, "w": {Idx: "w"}}
	r := Agree(a, b)
	if r.OnlyInA != 2 || r.OnlyInB != 1 {
		t.Errorf("only in a %d, only in b %d; want 2 and 1", r.OnlyInA, r.OnlyInB)
	}
}

// scriptedJudge decides correction pairs from a table keyed by candidate.
type scriptedJudge struct {
	verdicts map[string]eval.Verdict
	err      error
}

func (scriptedJudge) Name() string { return "scripted" }
func (j scriptedJudge) Judge(_ context.Context, ps []eval.Pair) ([]eval.Decision, error) {
	if j.err != nil {
		return nil, j.err
	}
	out := make([]eval.Decision, len(ps))
	for i, p := range ps {
		v := j.verdicts[p.Pred]
		out[i] = eval.Decision{Verdict: v}
		if v != eval.Undecided {
			out[i].By = "scripted"
		}
	}
	return out, nil
}

// TestCalibrateModelJudge: a judge Calibrate does not know itself (a model)
// is asked about every pair; undecided counts as not equivalent and is
// counted apart; its error stops the calibration.
func TestCalibrateModelJudge(t *testing.T) {
	pairs := []LabeledPair{{Candidate: "a", Label: true}, {Candidate: "b", Label: true}, {Candidate: "c", Label: false}, {Candidate: "d", Label: false}, {Candidate: "e", Label: true}}
	j := scriptedJudge{verdicts: map[string]eval.Verdict{"a": eval.Equivalent, "b": eval.Undecided, "c": eval.NotEquivalent, "d": eval.Equivalent, "e": eval.Equivalent}}
	r, err := Calibrate(context.Background(), pairs, "ollama:m", Options{Judge: j})
	if err != nil {
		t.Fatal(err)
	}
	if a := r.AllPairs; a.TP != 2 || a.FN != 1 || a.TN != 1 || a.FP != 1 || r.DecidedBy["scripted"] != 4 || r.DecidedBy["undecided"] != 1 || r.Judge != "scripted" {
		t.Errorf("%+v, decided %v", r.AllPairs, r.DecidedBy)
	}
	boom := errors.New("server down")
	if _, err := Calibrate(context.Background(), pairs, "ollama:m", Options{Judge: scriptedJudge{err: boom}}); !errors.Is(err, boom) {
		t.Errorf("judge error: %v", err)
	}
	if _, err := Calibrate(context.Background(), pairs, "nope", Options{}); err == nil || !strings.Contains(err.Error(), "unknown judge") {
		t.Errorf("unknown judge: %v", err)
	}
	// A given threshold is used as given.
	r, err = Calibrate(context.Background(), pairs, "bleu:1", Options{})
	if err != nil || r.Threshold == nil || *r.Threshold != 1 || r.Swept {
		t.Errorf("bleu:1: %v %+v", err, r)
	}
}
