package judges

import (
	"context"
	"fmt"
	"sync"

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
	golds := newSharedGolds(pairs)
	return judgeEach(ctx, j.Name(), eval.Correction, pairs, func(p eval.Pair) (eval.Verdict, string) {
		for _, d := range lean.ReadHeaderNotation(p.Header) {
			if tok, used := d.UsedBy(p.Gold, p.Pred); used {
				if d.Any {
					return eval.Undecided, fmt.Sprintf("the header declares rules for existing syntax (%s), which lean-ast does not read", clip(d.Line))
				}
				return eval.Undecided, fmt.Sprintf("the header declares notation %q (%s), which lean-ast does not read", tok, clip(d.Line))
			}
		}
		names, instances := lean.HeaderContext(p.Header)
		opens := lean.HeaderOpens(p.Header)
		gold, pred := golds.prepare(p, names, instances, opens), lean.Prepare(p.Pred)
		pred.InHeaderContext(names, instances)
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

// sharedGolds reads a gold statement that several pairs share (under one
// header: synth pairs compares each source with every rewrite of it) once
// for all of them; a gold of one pair is read for it alone, so that
// nothing is kept between pairs. Safe for concurrent use.
type sharedGolds struct {
	mu       sync.Mutex
	repeated map[[2]string]bool // header and gold, of the golds met twice or more
	ready    map[[2]string]*lean.Prepared
}

func newSharedGolds(pairs []eval.Pair) *sharedGolds {
	s := &sharedGolds{repeated: map[[2]string]bool{}, ready: map[[2]string]*lean.Prepared{}}
	seen := make(map[[2]string]bool, len(pairs))
	for _, p := range pairs {
		k := [2]string{p.Header, p.Gold}
		s.repeated[k] = seen[k]
		seen[k] = true
	}
	for k, again := range s.repeated {
		if !again {
			delete(s.repeated, k)
		}
	}
	return s
}

// prepare is p's gold read under its header (HeaderContext's names and
// instances, HeaderOpens' opens), set before the gold is shared.
func (s *sharedGolds) prepare(p eval.Pair, names, instances string, opens []string) *lean.Prepared {
	read := func() *lean.Prepared {
		g := lean.Prepare(p.Gold)
		g.InHeaderContext(names, instances)
		g.InHeaderOpens(opens)
		return g
	}
	k := [2]string{p.Header, p.Gold}
	if !s.repeated[k] { // read only: no lock
		return read()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.ready[k]
	if g == nil {
		g = read()
		s.ready[k] = g
	}
	return g
}
