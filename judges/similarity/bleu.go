package similarity

import (
	"math"
	"strings"

	"github.com/rxeval/rxeval/judges/lean"
)

// BLEUTokens splits a statement for BLEU: Lean tokens, with the theorem's
// name standardized to "thm" (as the GTED paper does for string metrics).
// A text the lexer refuses falls back to white space.
func BLEUTokens(s string) []string {
	toks, err := lean.Tokens(s)
	if err != nil {
		return strings.Fields(s)
	}
	if len(toks) > 1 && (toks[0] == "theorem" || toks[0] == "lemma") {
		toks[1] = "thm"
	}
	return toks
}

func ngrams(toks []string, n int) map[string]int {
	out := map[string]int{}
	for i := 0; i+n <= len(toks); i++ {
		out[strings.Join(toks[i:i+n], "\x00")]++
	}
	return out
}

// clipped returns the clipped n-gram matches and the candidate's n-gram
// count.
func clipped(cand, ref []string, n int) (match, total int) {
	c, r := ngrams(cand, n), ngrams(ref, n)
	for g, k := range c {
		match += min(k, r[g])
		total += k
	}
	return match, total
}

// SentenceBLEU is the usual 4-gram BLEU with brevity penalty for one pair,
// with add-one smoothing of the 2- to 4-gram precisions (Lin and Och 2004),
// so that a short sentence without a 4-gram match does not score 0.
func SentenceBLEU(cand, ref []string) float64 {
	if len(cand) == 0 {
		return 0
	}
	logSum := 0.0
	for n := 1; n <= 4; n++ {
		m, t := clipped(cand, ref, n)
		if n > 1 {
			m, t = m+1, t+1
		}
		if m == 0 || t == 0 {
			return 0
		}
		logSum += math.Log(float64(m) / float64(t))
	}
	return brevity(len(cand), len(ref)) * math.Exp(logSum/4)
}

// CorpusBLEU is the usual corpus-level 4-gram BLEU (Papineni et al. 2002):
// clipped counts summed over the corpus, no smoothing.
func CorpusBLEU(cands, refs [][]string) float64 {
	var match, total [5]int
	c, r := 0, 0
	for i := range cands {
		c += len(cands[i])
		r += len(refs[i])
		for n := 1; n <= 4; n++ {
			m, t := clipped(cands[i], refs[i], n)
			match[n] += m
			total[n] += t
		}
	}
	logSum := 0.0
	for n := 1; n <= 4; n++ {
		if match[n] == 0 || total[n] == 0 {
			return 0
		}
		logSum += math.Log(float64(match[n]) / float64(total[n]))
	}
	return brevity(c, r) * math.Exp(logSum/4)
}

func brevity(c, r int) float64 {
	if c >= r || c == 0 {
		return 1
	}
	return math.Exp(1 - float64(r)/float64(c))
}
