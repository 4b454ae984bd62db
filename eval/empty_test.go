package eval

import (
	"context"
	"testing"
)

// TestEmptyAnswersWrong: an empty or whitespace-only error_segment or
// corrected_statement on a gold-misaligned sample names no location and no
// statement: it is decided wrong before stage two, so no judge sees it and
// it does not widen the bounds (issue 17.8: it went to stage two, stayed
// undecided, and the upper bound counted it right; 348 empty corrections
// lifted a file's correction upper bound to 0.8873).
func TestEmptyAnswersWrong(t *testing.T) {
	g := []Gold{gold("e1", mp, "(x : ℕ)", "theorem t (x : ℕ) (h : 0 < x) : x ≥ 1"), gold("e2", mp, "(x : ℕ)", "theorem t (x : ℕ) (h : 0 < x) : x ≥ 1")}
	for _, blank := range []string{" ", "\n\t ", "\u3000"} {
		p := predMap(
			Pred{Idx: "e1", Misaligned: true, Category: txt(mp), CategoryName: mp, Segment: Text{S: blank}, Corrected: Text{S: blank}},
			pred("e2", true, mp, "(x : ℕ)", "theorem t (x : ℕ) (h : 0 < x) : x ≥ 1"),
		)
		// A judge that would say "undecided" to anything it is asked.
		j := scriptedJudge{}
		for _, right := range []bool{false, true} {
			rep, err := Score(context.Background(), g, p, j, Options{UndecidedRight: right})
			if err != nil {
				t.Fatal(err)
			}
			o := rep.Outcomes[0]
			for _, f := range []FieldOutcome{o.Localization, o.Correction} {
				if f.OK || f.By != "empty-answer" || f.Undecided {
					t.Errorf("%q (undecided right %v): %+v, want wrong by empty-answer", blank, right, f)
				}
			}
			if rep.StageTwo.Pairs != 0 || rep.StageTwo.Undecided != 0 {
				t.Errorf("%q: stage two saw %d pairs (%d undecided), want none", blank, rep.StageTwo.Pairs, rep.StageTwo.Undecided)
			}
			for _, k := range []string{"localization_accuracy", "correction_accuracy", "joint_accuracy"} {
				if b := rep.Bounds[k]; !near(b[0], 0.5) || !near(b[1], 0.5) {
					t.Errorf("%q: bounds[%s] = %v, want exactly 0.5", blank, k, b)
				}
			}
		}
	}
}
