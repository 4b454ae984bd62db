package judges

import (
	"context"
	"strings"
	"unicode"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges/lean"
	"golang.org/x/text/unicode/norm"
)

// SpanJudge decides localization pairs by finding both fragments in the
// sample's formal statement: overlapping or nested spans point at the same
// location, disjoint ones at different locations. It leaves undecided a
// fragment it cannot find, an ambiguous one (several occurrences that
// disagree) and one that covers (nearly) the whole statement.
type SpanJudge struct{}

// SpanVersion changes whenever the span judge's rules change.
const SpanVersion = "span-v1"

func (SpanJudge) Name() string { return "span" }

// Judge implements eval.Judge.
func (j SpanJudge) Judge(_ context.Context, pairs []eval.Pair) ([]eval.Decision, error) {
	return judgeEach(j.Name(), eval.Localization, pairs, func(p eval.Pair) (eval.Verdict, string) {
		return sameLocation(p.FormalStatement, p.Gold, p.Pred)
	}), nil
}

// spanText is a text normalized for span search (NFC, white space runs
// folded to one space), searched in the same normal form.
func spanText(s string) string {
	s = norm.NFC.String(s)
	var b strings.Builder
	space := false
	for _, r := range strings.TrimSpace(s) {
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

type span struct{ lo, hi int }

func occurrences(hay, needle string) []span {
	var out []span
	for off := 0; off <= len(hay)-len(needle); {
		i := strings.Index(hay[off:], needle)
		if i < 0 {
			break
		}
		out = append(out, span{off + i, off + i + len(needle)})
		off += i + 1
	}
	return out
}

// coverLimit is the share of the statement above which a fragment is too
// coarse to locate anything.
const coverLimit = 0.9

func sameLocation(statement, gold, pred string) (eval.Verdict, string) {
	st := spanText(statement)
	g, p := spanText(gold), spanText(pred)
	if st == "" {
		return eval.Undecided, "no formal statement to locate the fragments in"
	}
	if g == "" || p == "" {
		return eval.Undecided, "empty fragment"
	}
	gs, ps := occurrences(st, g), occurrences(st, p)
	if len(gs) == 0 || len(ps) == 0 {
		// Modulo spacing between tokens: "x*y^2" is "x * y ^ 2".
		if tg, tp, ok := tokenOccurrences(statement, gold, pred); ok {
			gs, ps = tg, tp
			st, g, p = strings.Repeat(".", tokenCount(statement)), strings.Repeat(".", tokenCount(gold)), strings.Repeat(".", tokenCount(pred))
		}
	}
	switch {
	case len(gs) == 0 && len(ps) == 0:
		return eval.Undecided, "neither fragment occurs in the statement"
	case len(gs) == 0:
		return eval.Undecided, "the gold fragment does not occur in the statement"
	case len(ps) == 0:
		return eval.Undecided, "the predicted fragment does not occur in the statement"
	}
	if float64(len(p)) >= coverLimit*float64(len(st)) && float64(len(g)) < coverLimit*float64(len(st)) {
		return eval.Undecided, "the predicted fragment covers the whole statement"
	}
	overlap, disjoint := false, false
	for _, a := range gs {
		for _, b := range ps {
			if a.lo < b.hi && b.lo < a.hi {
				overlap = true
			} else {
				disjoint = true
			}
		}
	}
	switch {
	case overlap && !disjoint:
		return eval.Equivalent, "the fragments overlap in the statement"
	case disjoint && !overlap:
		return eval.NotEquivalent, "the fragments are disjoint in the statement"
	}
	return eval.Undecided, "a fragment occurs several times; some occurrences overlap, some do not"
}

func tokenCount(s string) int {
	t, _ := lean.Tokens(s)
	return len(t)
}

// tokenOccurrences finds both fragments in the statement as token
// sequences; spans are token positions.
func tokenOccurrences(statement, gold, pred string) ([]span, []span, bool) {
	st, err1 := lean.Tokens(norm.NFC.String(statement))
	g, err2 := lean.Tokens(norm.NFC.String(gold))
	p, err3 := lean.Tokens(norm.NFC.String(pred))
	if err1 != nil || err2 != nil || err3 != nil || len(g) == 0 || len(p) == 0 {
		return nil, nil, false
	}
	find := func(needle []string) []span {
		var out []span
		for i := 0; i+len(needle) <= len(st); i++ {
			match := true
			for k := range needle {
				if st[i+k] != needle[k] {
					match = false
					break
				}
			}
			if match {
				out = append(out, span{i, i + len(needle)})
			}
		}
		return out
	}
	return find(g), find(p), true
}
