package judges

import (
	"context"
	"fmt"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges/lean"
)

// LeanJudge decides correction pairs by parsing both Lean 4 statements and
// comparing their normalized trees (package lean): equal trees are
// equivalent; trees that differ in one numeral or one operator are not;
// anything else is left undecided, except a prediction that repeats the
// sample's misaligned statement (equal trees) where the gold correction does
// not: the gold says that statement is wrong, so the prediction is not
// equivalent to the gold.
type LeanJudge struct{}

func (LeanJudge) Name() string { return "lean-ast" }

// Judge implements eval.Judge.
func (j LeanJudge) Judge(ctx context.Context, pairs []eval.Pair) ([]eval.Decision, error) {
	return judgeEach(ctx, j.Name(), eval.Correction, pairs, func(p eval.Pair) (eval.Verdict, string) {
		for _, d := range lean.ReadHeaderNotation(p.Header) {
			if tok, used := d.UsedBy(p.Gold, p.Pred); used {
				if d.Any {
					return eval.Undecided, fmt.Sprintf("the header declares rules for existing syntax (%s), which lean-ast does not read", clip(d.Line))
				}
				return eval.Undecided, fmt.Sprintf("the header declares notation %q (%s), which lean-ast does not read", tok, clip(d.Line))
			}
		}
		gold, pred := lean.Prepare(p.Gold), lean.Prepare(p.Pred)
		names, instances := lean.HeaderContext(p.Header)
		opens := lean.HeaderOpens(p.Header)
		gold.InHeaderContext(names, instances)
		pred.InHeaderContext(names, instances)
		gold.InHeaderOpens(opens)
		pred.InHeaderOpens(opens)
		res, why := lean.ComparePrepared(gold, pred)
		switch res {
		case lean.Same:
			return eval.Equivalent, why
		case lean.Different:
			return eval.NotEquivalent, why
		}
		if p.FormalStatement != "" {
			stmt := lean.Prepare(p.FormalStatement)
			stmt.InHeaderContext(names, instances)
			stmt.InHeaderOpens(opens)
			if r, _ := lean.ComparePrepared(stmt, pred); r == lean.Same {
				if r, _ := lean.ComparePrepared(stmt, gold); r != lean.Same {
					return eval.NotEquivalent, "the prediction repeats the misaligned statement, which the gold corrects"
				}
			}
		}
		return eval.Undecided, why
	})
}

// clip shortens a line for a reason.
func clip(s string) string {
	if r := []rune(s); len(r) > 80 {
		return string(r[:80]) + "…"
	}
	return s
}
