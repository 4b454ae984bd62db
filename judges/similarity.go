package judges

import (
	"context"
	"fmt"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges/similarity"
)

// SimilarityJudge decides correction pairs by a similarity score and a
// threshold: GTED (tree edit distance on operator trees) or sentence BLEU.
// Localization pairs are left undecided.
type SimilarityJudge struct {
	Metric    string // "gted" or "bleu"
	Threshold float64
}

func (j SimilarityJudge) Name() string { return fmt.Sprintf("%s:%g", j.Metric, j.Threshold) }

// Judge implements eval.Judge.
func (j SimilarityJudge) Judge(ctx context.Context, pairs []eval.Pair) ([]eval.Decision, error) {
	return judgeEach(ctx, j.Name(), eval.Correction, pairs, func(p eval.Pair) (eval.Verdict, string) {
		var s float64
		if j.Metric == "gted" {
			a, err1 := similarity.OperatorTree(p.Gold)
			b, err2 := similarity.OperatorTree(p.Pred)
			if err1 != nil || err2 != nil {
				return eval.Undecided, "a statement does not parse"
			}
			s = similarity.Similarity(a, b)
		} else {
			s = similarity.SentenceBLEU(similarity.BLEUTokens(p.Pred), similarity.BLEUTokens(p.Gold))
		}
		v := eval.NotEquivalent
		if s >= j.Threshold {
			v = eval.Equivalent
		}
		return v, fmt.Sprintf("%s similarity %.4f (threshold %g)", j.Metric, s, j.Threshold)
	})
}
