package judges

import (
	"context"
	"fmt"
	"strconv"
	"strings"

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
func (j SimilarityJudge) Judge(_ context.Context, pairs []eval.Pair) ([]eval.Decision, error) {
	return judgeEach(j.Name(), eval.Correction, pairs, func(p eval.Pair) (eval.Verdict, string) {
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
	}), nil
}

// similaritySpec reads "gted:0.8" or "bleu:0.45".
func similaritySpec(spec string) (SimilarityJudge, bool, error) {
	name, th, found := strings.Cut(spec, ":")
	if name != "gted" && name != "bleu" {
		return SimilarityJudge{}, false, nil
	}
	if !found {
		return SimilarityJudge{}, true, fmt.Errorf("judge %s needs a threshold (%s:0.8); choose it with rxeval study calibrate --sweep", name, name)
	}
	v, err := strconv.ParseFloat(th, 64)
	if err != nil || !(v >= 0 && v <= 1) { // NaN too
		return SimilarityJudge{}, true, fmt.Errorf("%s threshold %q: want a number in [0, 1]", name, th)
	}
	return SimilarityJudge{Metric: name, Threshold: v}, true, nil
}
