package eval

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestPerSampleContradictions: a per-sample line whose booleans contradict
// each other (joint right with a part wrong, the category right on a
// misaligned sample with the verdict wrong, ...) is refused, naming the line,
// the field and the fields that contradict it; every line rxeval writes
// passes.
func TestPerSampleContradictions(t *testing.T) {
	const loc, corr = `"localization":{"ok":true,"by":"stage-one"}`, `"correction":{"ok":true,"by":"stage-one"}`
	row := func(fields string) string { return `{"idx":"s1",` + fields + `}` }
	for _, tt := range []struct {
		name, line string
		want       string // in the error, after "line 1: "; "" for no error
	}{
		{"consistent, misaligned", row(`"gold_misaligned":true,"pred_misaligned":true,"gold_category":"Missing Premise","pred_category":"Missing Premise","verdict_ok":true,"category_ok":true,` + loc + `,` + corr + `,"joint_ok":true`), ""},
		{"consistent, aligned", row(`"gold_misaligned":false,"pred_misaligned":false,"verdict_ok":true,"category_ok":true,"localization":{"ok":true,"by":"null-rule"},"correction":{"ok":true,"by":"null-rule"},"joint_ok":true`), ""},
		{"old file, booleans only", row(`"verdict_ok":true,"category_ok":false,"localization":{"ok":true},"correction":{"ok":false},"joint_ok":false`), ""},
		{"joint right, a part wrong", row(`"verdict_ok":true,"category_ok":true,` + loc + `,"correction":{"ok":false,"by":"lean-ast"},"joint_ok":true`),
			`idx "s1": field "joint_ok": true, but correction.ok is false (joint_ok is verdict_ok and category_ok and localization.ok and correction.ok)`},
		{"joint wrong, every part right", row(`"verdict_ok":true,"category_ok":true,` + loc + `,` + corr + `,"joint_ok":false`),
			`field "joint_ok": false, but verdict_ok, category_ok, localization.ok and correction.ok are all true`},
		{"category right, verdict wrong, misaligned", row(`"gold_misaligned":true,"pred_misaligned":false,"verdict_ok":false,"category_ok":true,"localization":{"ok":false,"by":"null-rule"},"correction":{"ok":false,"by":"null-rule"},"joint_ok":false`),
			`field "category_ok": true, but verdict_ok is false (on a misaligned sample the category is right only with the verdict)`},
		{"category right, other category", row(`"gold_misaligned":true,"pred_misaligned":true,"gold_category":"Missing Premise","pred_category":"Wrong Constant","verdict_ok":true,"category_ok":true,` + loc + `,` + corr + `,"joint_ok":true`),
			`field "category_ok": true, but pred_category "Wrong Constant" is not gold_category "Missing Premise"`},
		{"category right on an aligned sample with a category", row(`"gold_misaligned":false,"pred_misaligned":true,"pred_category":"Wrong Constant","verdict_ok":false,"category_ok":true,"localization":{"ok":false,"by":"null-rule"},"correction":{"ok":false,"by":"null-rule"},"joint_ok":false`),
			`field "category_ok": true, but gold_misaligned is false and pred_category is "Wrong Constant" (an aligned sample's category is right only when null)`},
		{"verdict right, classes differ", row(`"gold_misaligned":true,"pred_misaligned":false,"verdict_ok":true,"category_ok":false,"localization":{"ok":false,"by":"null-rule"},"correction":{"ok":false,"by":"null-rule"},"joint_ok":false`),
			`field "verdict_ok": true, but gold_misaligned is true and pred_misaligned is false`},
		{"verdict right, neither class", row(`"gold_misaligned":false,"pred_misaligned":false,"pred_verdict_neither":true,"verdict_ok":true,"category_ok":true,"localization":{"ok":true,"by":"null-rule"},"correction":{"ok":true,"by":"null-rule"},"joint_ok":true`),
			`field "verdict_ok": true, but pred_verdict_neither is true (a verdict of neither class is wrong)`},
		{"missing, yet right", row(`"missing":true,"gold_misaligned":false,"pred_misaligned":false,"pred_verdict_neither":true,"verdict_ok":false,"category_ok":true,"localization":{"ok":false,"by":"missing"},"correction":{"ok":false,"by":"missing"},"joint_ok":false`),
			`field "category_ok": true, but missing is true (no prediction: every sub-task is wrong)`},
		{"stage-one, yet wrong", row(`"verdict_ok":true,"category_ok":true,"localization":{"ok":false,"by":"stage-one"},` + corr + `,"joint_ok":false`),
			`field "localization.ok": false, but localization.by is "stage-one" (an exact match is right)`},
		{"empty answer, yet right", row(`"verdict_ok":true,"category_ok":true,` + loc + `,"correction":{"ok":true,"by":"empty-answer"},"joint_ok":true`),
			`field "correction.ok": true, but correction.by is "empty-answer" (scored wrong)`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := ParsePerSample([]byte(tt.line + "\n"))
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tt.want != "" && err == nil:
				t.Errorf("accepted, want %q", tt.want)
			case tt.want != "" && (!strings.HasPrefix(err.Error(), "line 1: ") || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("got  %v\nwant line 1: ...%s", err, tt.want)
			}
		})
	}
}

// TestWrittenPerSampleIsConsistent: what WritePerSample writes, under both
// --undecided policies and with a missing prediction, reads back.
func TestWrittenPerSampleIsConsistent(t *testing.T) {
	gold := []Gold{
		{Idx: "a", Misaligned: true, Category: "Missing Premise", Segment: Text{S: "x"}, Corrected: Text{S: "theorem t : x = 1"}},
		{Idx: "b", Misaligned: false, Segment: Text{Null: true}, Corrected: Text{Null: true}},
		{Idx: "c", Misaligned: true, Category: "Missing Premise", Segment: Text{S: "y"}, Corrected: Text{S: "theorem t : y = 1"}},
	}
	preds := map[string]Pred{
		"a": {Idx: "a", Misaligned: true, CategoryName: "Missing Premise", Category: Text{S: "Missing Premise"}, Segment: Text{S: "x "}, Corrected: Text{S: "theorem t : x = 2"}},
		"b": {Idx: "b", Misaligned: true, Category: Text{Null: true}, Segment: Text{Null: true}, Corrected: Text{Null: true}},
	}
	for _, right := range []bool{false, true} {
		rep, err := Score(context.Background(), gold, preds, nil, Options{Partial: true, UndecidedRight: right})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := (Document{Report: rep}).WritePerSample(&buf); err != nil {
			t.Fatal(err)
		}
		if _, _, err := ParsePerSample(buf.Bytes()); err != nil {
			t.Errorf("undecided right=%v: %v\n%s", right, err, buf.String())
		}
	}
}
