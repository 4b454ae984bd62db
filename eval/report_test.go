package eval

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// handReport is a report built by hand (not by Score), so that the writers
// are tested on every branch they have: a missing prediction, intervals,
// bounds, categories tied on support, an unknown category, judges and a
// judge failure.
func handReport() Document {
	r := &Report{
		Metrics: Metrics{N: 4, NAligned: 1, NMisaligned: 3, JointAccuracy: 0.25, VerdictMacroF1: 0.5, CategoryMacroF1: 1.0 / 3,
			LocalizationAccuracy: 0.5, CorrectionAccuracy: 0.75, CategoryMacroF1Multiclass: 0.3},
		PerCategory: map[string]ClassCounts{
			// Support 1 each: the order of the 28 (S2.4 before C3.1);
			// support 2 first.
			mp:                 {TP: 1, Support: 1, F1: 1},
			ep:                 {FN: 1, Support: 1},
			"Range Shift":      {TP: 1, FN: 1, Support: 2, F1: 2.0 / 3},
			"Conclusion Error": {FP: 1},
			"Range Error":      {PredictedForOther: 2},
		},
		UnknownCategoryFP: 2,
		Missing:           1,
		StageTwo: StageTwo{StageOne: map[string]int{"localization": 1, "correction": 0}, Pairs: 3,
			Decided: map[string]int{"span": 1, "lean-ast": 1}, Undecided: 1,
			UndecidedByKind: map[string]int{"correction": 1}, JudgeFailed: 1, UndecidedScoredAs: "wrong"},
		CI:     map[string][2]float64{"joint_accuracy": {0.1, 0.4}},
		Bounds: map[string][2]float64{"joint_accuracy": {0.25, 0.5}, "localization_accuracy": {0.5, 0.5}, "correction_accuracy": {0.75, 1}},
		Outcomes: []Outcome{
			{Idx: "a", Joint: true, VerdictOK: true, CategoryOK: true, Localization: FieldOutcome{OK: true, By: "null-rule"}, Correction: FieldOutcome{OK: true, By: "null-rule"}},
			{Idx: "b<&>", Missing: true, GoldMisaligned: true, GoldCategory: mp, Localization: FieldOutcome{By: "missing"}, Correction: FieldOutcome{By: "missing"}},
		},
	}
	return Document{Report: r, Gold: "g.jsonl", GoldShape: Labelled, Pred: "p<1>.jsonl", Judge: JudgeInfo{"chain": "span+lean-ast"}}
}

func TestWriteText(t *testing.T) {
	var b bytes.Buffer
	if err := handReport().WriteText(&b); err != nil {
		t.Fatal(err)
	}
	want := `predictions p<1>.jsonl
gold        g.jsonl (labelled shape): 4 samples, 1 aligned, 3 misaligned
            1 sample had no prediction and score as all-wrong (--partial)
judge       span+lean-ast (span: localization by where fragments sit in the statement; lean-ast: correction by comparing Lean syntax trees)

  joint accuracy           0.2500  95% CI [0.1000, 0.4000]  lower bound (undecided scored wrong; all right: 0.5000)

  verdict macro F1         0.5000
  category macro F1        0.3333   (multi-class convention, a wrong type also an FP for the predicted class: 0.3000)
  localization accuracy    0.5000
  correction accuracy      0.7500  lower bound (undecided scored wrong; all right: 1.0000)

  category (by support)                       tp    fp    fn  support      f1  as other
  Range Shift                                  1     0     1        2  0.6667         0
  Exponent/Power Error                         0     0     1        1  0.0000         0
  Missing Premise                              1     0     0        1  1.0000         0
  Range Error                                  0     0     0        0       -         2
  Conclusion Error                             0     1     0        0  0.0000         0
  (as other: misaligned samples of another class predicted as this one; the track's table counts
   them only as an FN for the true class, the multi-class convention also as an FP here)
  (2 categories outside the 28 on aligned samples: wrong, but no class to count them in)

stage one (exact match): localization 1, correction 0
stage two (an equivalence judge, for pairs stage one did not accept): 3 pairs; decided by lean-ast 1, span 1; undecided 1 (localization 0, correction 1; scored wrong); 1 of them because a judge failed
note: 1 stage-two pair is undecided and scored wrong: figures marked "lower bound" are not exact;
      a judge that decides more pairs (--judge ollama:MODEL) narrows them.
`
	if got := b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}

	// Undecided scored right: upper bounds, the other end given.
	d := handReport()
	d.StageTwo.UndecidedScoredAs = "right"
	b.Reset()
	d.WriteText(&b)
	for _, s := range []string{"0.2500  95% CI [0.1000, 0.4000]  upper bound (undecided scored right; all wrong: 0.2500)", `figures marked "upper bound" are not exact`} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("undecided right: no %q in\n%s", s, b.String())
		}
	}
	// Nothing for stage two, nothing undecided, nothing missing: none of
	// the conditional lines.
	d = handReport()
	d.Missing, d.UnknownCategoryFP, d.CI, d.Bounds = 0, 0, nil, nil
	d.StageTwo = StageTwo{StageOne: map[string]int{}, UndecidedScoredAs: "wrong"}
	d.PerCategory = map[string]ClassCounts{mp: {TP: 1, Support: 1, F1: 1}}
	b.Reset()
	d.WriteText(&b)
	for _, s := range []string{"--partial", "95% CI", "bound", "outside the 28", "decided by", "note:", "(as other:"} {
		if strings.Contains(b.String(), s) {
			t.Errorf("plain report: %q in\n%s", s, b.String())
		}
	}
	if !strings.Contains(b.String(), "stage two (an equivalence judge, for pairs stage one did not accept): no pair left to judge\n") {
		t.Errorf("plain report: no 'stage two ...: no pair left' line in\n%s", b.String())
	}
	// Pairs but no judge decided any: said so.
	d.StageTwo = StageTwo{Pairs: 2, Undecided: 2, Decided: map[string]int{}, UndecidedScoredAs: "wrong"}
	b.Reset()
	d.WriteText(&b)
	if !strings.Contains(b.String(), "did not accept): 2 pairs; decided by no judge; undecided 2") {
		t.Errorf("no judge:\n%s", b.String())
	}
}

func TestWriteJSON(t *testing.T) {
	var b bytes.Buffer
	if err := handReport().WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	// Indented by two spaces, one document, HTML characters as written.
	if !strings.HasPrefix(s, "{\n  \"") || strings.Count(s, "\n}\n") != 1 || !strings.HasSuffix(s, "}\n") || !strings.Contains(s, `"p<1>.jsonl"`) {
		t.Errorf("layout:\n%s", s)
	}
	var m map[string]any
	if err := json.Unmarshal(b.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	// The report's fields sit at the top level beside the document's; the
	// outcomes are not in it (they go to --per-sample).
	for k, want := range map[string]any{"gold": "g.jsonl", "gold_shape": "labelled", "predictions": "p<1>.jsonl", "n": 4.0,
		"joint_accuracy": 0.25, "missing_predictions": 1.0, "unknown_category_fp": 2.0} {
		if m[k] != want {
			t.Errorf("%s = %v, want %v", k, m[k], want)
		}
	}
	if _, ok := m["Outcomes"]; ok {
		t.Error("outcomes in the JSON report")
	}
	if j := m["judge"].(map[string]any); j["chain"] != "span+lean-ast" {
		t.Errorf("judge %v", j)
	}
	if pc := m["per_category"].(map[string]any)["Range Shift"].(map[string]any); pc["support"] != 2.0 {
		t.Errorf("per_category %v", pc)
	}
	if ci := m["ci"].(map[string]any)["joint_accuracy"].([]any); ci[0] != 0.1 || ci[1] != 0.4 {
		t.Errorf("ci %v", ci)
	}
	if st := m["stage_two"].(map[string]any); st["pairs"] != 3.0 || st["judge_failed"] != 1.0 || st["undecided_scored_as"] != "wrong" {
		t.Errorf("stage_two %v", st)
	}
}

type failWriter struct{ after int }

func (w *failWriter) Write(p []byte) (int, error) {
	if w.after--; w.after < 0 {
		return 0, errors.New("disk full")
	}
	return len(p), nil
}

func TestWritePerSample(t *testing.T) {
	d := handReport()
	var b bytes.Buffer
	if err := d.WritePerSample(&b); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(&b)
	var lines []map[string]any
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("line %d: %v: %s", len(lines)+1, err, sc.Bytes())
		}
		lines = append(lines, m)
	}
	if len(lines) != len(d.Outcomes) {
		t.Fatalf("%d lines for %d outcomes", len(lines), len(d.Outcomes))
	}
	if lines[0]["idx"] != "a" || lines[0]["joint_ok"] != true || lines[0]["localization"].(map[string]any)["by"] != "null-rule" {
		t.Errorf("line 1: %v", lines[0])
	}
	if lines[1]["idx"] != "b<&>" || lines[1]["missing"] != true || lines[1]["gold_category"] != mp || lines[1]["joint_ok"] != false {
		t.Errorf("line 2: %v", lines[1])
	}
	if _, ok := lines[0]["missing"]; ok {
		t.Errorf("line 1 has a missing field: %v", lines[0])
	}
	b.Reset()
	d.WritePerSample(&b)
	if !strings.Contains(b.String(), `"idx":"b<&>"`) {
		t.Errorf("the idx is not written as it is:\n%s", b.String())
	}
	// A failing writer: the error comes back, at the first or a later line.
	for after := range 2 {
		if err := d.WritePerSample(&failWriter{after: after}); err == nil || err.Error() != "disk full" {
			t.Errorf("writer failing after %d lines: %v", after, err)
		}
	}
	if err := d.WriteText(&failWriter{}); err == nil {
		t.Error("WriteText to a failing writer: no error")
	}
}

// TestUnknownCategoryFP: a category outside the 28 on a gold-aligned sample
// is counted apart; a known one is an FP of its class; no category counts
// nothing. Gold: four aligned samples. Predictions: "Bogus" twice (once
// with the verdict misaligned), Missing Premise once, no category once.
func TestUnknownCategoryFP(t *testing.T) {
	g := []Gold{gold("a", "", "", ""), gold("b", "", "", ""), gold("c", "", "", ""), gold("d", "", "", "")}
	g = append(g, gold("e", "", "", ""))
	// e: a category written as "" (not null) is outside the 28 too (issue
	// 20.11: it was not counted).
	empty := pred("e", false, "", "", "")
	empty.Category = Text{S: ""}
	r := score(t, g, predMap(pred("a", false, "Bogus", "", ""), pred("b", true, "Bogus", "s", "c"), pred("c", false, mp, "", ""), pred("d", false, "", "", ""), empty), Options{})
	if r.UnknownCategoryFP != 3 {
		t.Errorf("unknown_category_fp = %d, want 3", r.UnknownCategoryFP)
	}
	// The per-sample records give the report the same count.
	var ps bytes.Buffer
	if err := (Document{Report: r}).WritePerSample(&ps); err != nil {
		t.Fatal(err)
	}
	outs, _, err := ParsePerSample(ps.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if _, _, unk := compute(outs, []int{0, 1, 2, 3, 4}); unk != 3 {
		t.Errorf("from the per-sample records: unknown_category_fp = %d, want 3", unk)
	}
	if c := r.PerCategory[mp]; c.FP != 1 || c.TP != 0 || c.FN != 0 || len(r.PerCategory) != 1 {
		t.Errorf("per category %+v, want only %s with FP 1", r.PerCategory, mp)
	}
}
