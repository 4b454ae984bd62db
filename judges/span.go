package judges

import (
	"context"
	"slices"
	"strings"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges/lean"
	"golang.org/x/text/unicode/norm"
)

// SpanJudge decides localization pairs by locating both fragments in the
// sample's formal statement as Lean token sequences. Its rules (documented
// with examples in docs/judges.md):
//
//  1. A fragment is found as a whole token sequence (NFC, spacing free,
//     ASCII and Unicode operator spellings alike); a fragment that is one
//     hypothesis name (a binder's name that occurs nowhere else in the
//     statement) stands for that hypothesis's body. A fragment found
//     only by cutting through a token ("x ^ 3" in "x ^ 32") is not found.
//  2. A fragment not found: undecided.
//  3. Too coarse: a prediction covering more than half of the statement
//     after the theorem's name, or more than half of its binders: undecided
//     unless it is the gold's very span (a fixed "everything" answer wins
//     nothing, whatever the gold).
//  4. No shared token: different locations (not equivalent).
//  5. Shared tokens covering at least half of the gold and a third of the
//     prediction: the same location.
//  6. Any other overlap (a sliver, a much coarser enclosing term):
//     undecided, for the model.
//  7. A fragment found several times: every pairing must agree, else
//     undecided; but a prediction with the gold's very tokens (spacing
//     aside) is the same location, wherever they occur.
type SpanJudge struct{}

// SpanVersion changes whenever the span judge's rules change.
const SpanVersion = "span-v3"

func (SpanJudge) Name() string { return "span" }

// Judge implements eval.Judge.
func (j SpanJudge) Judge(ctx context.Context, pairs []eval.Pair) ([]eval.Decision, error) {
	return judgeEach(ctx, j.Name(), eval.Localization, pairs, func(p eval.Pair) (eval.Verdict, string) {
		return sameLocation(p.FormalStatement, p.Gold, p.Pred)
	})
}

type span struct{ lo, hi int } // token positions, hi exclusive

func (s span) len() int { return s.hi - s.lo }

func (s span) covers(o span) bool { return s.lo <= o.lo && o.hi <= s.hi }

// shared is the number of tokens two spans have in common.
func shared(a, b span) int { return max(0, min(a.hi, b.hi)-max(a.lo, b.lo)) }

// spellings unifies ASCII and Unicode spellings of the same operator: the
// notation table's (<= and ≤), and != ≠, fun λ, => ↦.
var spellings = func() map[string]string {
	m := lean.ASCIISpellings()
	m["!="], m["fun"], m["=>"] = "≠", "λ", "↦"
	return m
}()

// spanTokens lexes a text for span matching.
func spanTokens(s string) ([]string, bool) {
	toks, err := lean.Tokens(norm.NFC.String(s))
	if err != nil {
		return nil, false
	}
	for i, t := range toks {
		if u, ok := spellings[t]; ok {
			toks[i] = u
		}
	}
	return toks, true
}

// statementShape is what the coverage rules need of a statement: the span
// after the theorem's name, and its binders with the names they bind.
type statementShape struct {
	body    span
	binders []span
	names   map[string]span // a hypothesis name -> its body (after the colon)
}

var openers = map[string]string{"(": ")", "{": "}", "[": "]", "⦃": "⦄"}

func shapeOf(toks []string) statementShape {
	sh := statementShape{body: span{0, len(toks)}, names: map[string]span{}}
	for i, t := range toks {
		if (t == "theorem" || t == "lemma" || t == "example" || t == "instance") && i+1 < len(toks) {
			sh.body.lo = i + 2
			if t == "example" {
				sh.body.lo = i + 1
			}
		}
	}
	depth := 0
	for i := sh.body.lo; i < len(toks); i++ {
		t := toks[i]
		if t == ":=" && depth == 0 {
			sh.body.hi = i
			break
		}
		if t == ":" && depth == 0 {
			// The conclusion follows; binders end here.
			for ; i < len(toks) && toks[i] != ":="; i++ {
			}
			sh.body.hi = i
			break
		}
		closer, ok := openers[t]
		if !ok || depth != 0 {
			depth += bracketDelta(t)
			continue
		}
		end := matching(toks, i, t, closer)
		if end < 0 {
			break
		}
		sh.binders = append(sh.binders, span{i, end + 1})
		colon := i + 1
		for colon < end && toks[colon] != ":" {
			colon++
		}
		if colon+1 < end {
			for k := i + 1; k < colon; k++ {
				sh.names[toks[k]] = span{colon + 1, end}
			}
		}
		i = end
	}
	return sh
}

func bracketDelta(t string) int {
	switch t {
	case "(", "{", "[", "⦃":
		return 1
	case ")", "}", "]", "⦄":
		return -1
	}
	return 0
}

// matching returns the index of the bracket closing toks[at], or -1.
func matching(toks []string, at int, open, close string) int {
	depth := 0
	for k := at; k < len(toks); k++ {
		switch toks[k] {
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

// find returns the spans where needle occurs in hay as whole tokens.
func find(hay, needle []string) []span {
	var out []span
	for i := 0; i+len(needle) <= len(hay); i++ {
		match := true
		for k := range needle {
			if hay[i+k] != needle[k] {
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

// locate finds a fragment in the statement; a lone hypothesis name stands
// for its binder.
func locate(st []string, sh statementShape, frag string) ([]span, bool) {
	toks, ok := spanTokens(frag)
	if !ok || len(toks) == 0 {
		return nil, false
	}
	found := find(st, toks)
	if len(toks) == 1 && len(found) == 1 {
		if b, ok := sh.names[toks[0]]; ok {
			return []span{b}, true
		}
	}
	return found, true
}

// coarse says whether a span is too coarse to locate anything: more than
// half of the body after the name, or more than half of at least two
// binders.
func (sh statementShape) coarse(s span) bool {
	if 2*shared(s, sh.body) > sh.body.len() {
		return true
	}
	covered := 0
	for _, b := range sh.binders {
		if s.covers(b) {
			covered++
		}
	}
	return len(sh.binders) >= 2 && 2*covered > len(sh.binders)
}

func sameLocation(statement, gold, pred string) (eval.Verdict, string) {
	if strings.TrimSpace(statement) == "" {
		return eval.Undecided, "no formal statement to locate the fragments in"
	}
	if strings.TrimSpace(gold) == "" || strings.TrimSpace(pred) == "" {
		return eval.Undecided, "empty fragment"
	}
	st, ok := spanTokens(statement)
	if !ok {
		return eval.Undecided, "the statement does not lex as Lean"
	}
	sh := shapeOf(st)
	gs, okG := locate(st, sh, gold)
	ps, okP := locate(st, sh, pred)
	switch {
	case !okG || !okP:
		return eval.Undecided, "a fragment does not lex as Lean"
	case len(gs) == 0 && len(ps) == 0:
		return eval.Undecided, "neither fragment occurs in the statement as whole tokens"
	case len(gs) == 0:
		return eval.Undecided, "the gold fragment does not occur in the statement as whole tokens"
	case len(ps) == 0:
		return eval.Undecided, "the predicted fragment does not occur in the statement as whole tokens"
	}
	// The same tokens as the gold (up to spacing and spelling) are the
	// same location however often they occur: the gold is exactly as
	// ambiguous (issue 17.8: "x^2 = p)" and "x^2 = p) " were undecided).
	if gt, ok := spanTokens(gold); ok {
		if pt, ok := spanTokens(pred); ok && slices.Equal(gt, pt) {
			return eval.Equivalent, "the fragments are the same tokens"
		}
	}
	var verdict eval.Verdict
	var why string
	for i, g := range gs {
		for j, p := range ps {
			v, w := spanVerdict(sh, g, p)
			if i+j == 0 {
				verdict, why = v, w
			} else if v != verdict {
				return eval.Undecided, "a fragment occurs several times, and the occurrences disagree"
			}
		}
	}
	return verdict, why
}

// spanVerdict applies rules 3-6 to one pairing of occurrences.
func spanVerdict(sh statementShape, g, p span) (eval.Verdict, string) {
	n := shared(g, p)
	switch {
	case g == p:
		return eval.Equivalent, "the fragments are the same tokens of the statement"
	case sh.coarse(p):
		return eval.Undecided, "the predicted fragment covers most of the statement"
	case n == 0:
		return eval.NotEquivalent, "the fragments share no token of the statement"
	case 2*n >= g.len() && 3*n >= p.len():
		return eval.Equivalent, "the fragments overlap in most of the gold location"
	}
	return eval.Undecided, "the fragments overlap only in part"
}
