package judges

import (
	"context"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges/lean"
)

// LeanJudge decides correction pairs by parsing both Lean 4 statements and
// comparing their normalized trees (package lean): equal trees are
// equivalent; trees that differ in one numeral or one operator are not;
// anything else is left undecided.
type LeanJudge struct{}

func (LeanJudge) Name() string { return "lean-ast" }

// Judge implements eval.Judge.
func (j LeanJudge) Judge(_ context.Context, pairs []eval.Pair) ([]eval.Decision, error) {
	out := make([]eval.Decision, len(pairs))
	for i, p := range pairs {
		out[i] = eval.Decision{Verdict: eval.Undecided, By: j.Name()}
		if p.Kind != eval.Correction {
			continue
		}
		res, why := lean.Compare(p.Gold, p.Pred)
		out[i].Reason = why
		switch res {
		case lean.Same:
			out[i].Verdict = eval.Equivalent
		case lean.Different:
			out[i].Verdict = eval.NotEquivalent
		}
	}
	return out, nil
}
