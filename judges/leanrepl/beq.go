package leanrepl

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges/verdictcache"
)

// ScriptVersion changes whenever the BEq+ tactics or rules below change; it
// is part of every cached verdict's key.
const ScriptVersion = "beq+-v3"

const (
	hypName  = "rxeval_hyp"
	goalName = "rxeval_goal"
)

// closers finish the goals apply or convert leave, as Algorithm 1 of the
// BEq+ paper (seed 001) does.
const closers = "(first | tauto | simp_all_arith! | noncomm_ring | exact?)"

// tactics are the proof attempts of one direction, in order: BEq_L's
// exact?, then conclusion matching by apply and by convert using 0..5.
// (Step 3 of Algorithm 1, have … := by apply_rules, is not tried: see
// docs/lean.md.)
var tactics = func() []string {
	out := []string{"exact?", "(apply " + hypName + ") <;> " + closers}
	for n := 0; n <= 5; n++ {
		out = append(out, fmt.Sprintf("(convert %s using %d) <;> %s", hypName, n, closers))
	}
	return out
}()

// BEqJudge decides correction pairs with Lean itself, by BEq+: each
// statement proved from the other. A pair proved both ways, each proof
// needing the other statement, is equivalent; a prediction that does not
// compile where the gold does is not equivalent; anything else (BEq+ has
// false negatives) stays undecided, never "not equivalent".
type BEqJudge struct {
	Client *Client
	// Cache, if set, keeps verdicts like the model judge's.
	Cache *verdictcache.Cache
}

func (BEqJudge) Name() string { return "beq+" }

// Judge implements eval.Judge. A pair the REPL failed on is undecided and
// marked failed, never cached; when the client stops (Client.Outcome:
// MaxFailures pairs in a row failed, or an answer past the cap), no more
// pairs are started and the error is returned (ErrStopped): the verdicts
// given so far are cached.
func (j BEqJudge) Judge(ctx context.Context, pairs []eval.Pair) ([]eval.Decision, error) {
	out := make([]eval.Decision, len(pairs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, j.Client.cfg.Parallel))
	var mu sync.Mutex
	var firstErr, stopped error
	for i, p := range pairs {
		out[i] = eval.Decision{Verdict: eval.Undecided, By: j.Name()}
		if p.Kind != eval.Correction {
			continue
		}
		key := verdictcache.Key(j.Name(), j.Client.Version, ScriptVersion+"\x00"+p.Header, p)
		if j.Cache != nil {
			if d, ok := j.Cache.Get(key); ok {
				d.Reason = "cached: " + d.Reason
				out[i] = d
				continue
			}
		}
		sem <- struct{}{}
		mu.Lock()
		stop := stopped != nil
		mu.Unlock()
		if stop {
			<-sem
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			d, err := j.decide(ctx, p)
			err = j.Client.Outcome(err, "pairs")
			if err != nil {
				mu.Lock()
				if firstErr == nil {
					firstErr = err
				}
				if stopped == nil && errors.Is(err, ErrStopped) {
					stopped = err
				}
				mu.Unlock()
				out[i] = eval.Decision{Verdict: eval.Undecided, By: j.Name(), Reason: err.Error(), Failed: true}
				return
			}
			out[i] = d
			if j.Cache != nil {
				j.Cache.Put(key, d)
			}
		}()
	}
	wg.Wait()
	if firstErr != nil && errors.Is(firstErr, context.Canceled) {
		return nil, firstErr
	}
	if stopped != nil {
		return nil, stopped
	}
	return out, nil
}

// decide runs BEq+ on one pair.
func (j BEqJudge) decide(ctx context.Context, p eval.Pair) (eval.Decision, error) {
	d := eval.Decision{Verdict: eval.Undecided, By: j.Name()}
	gold, pred := clean(p.Gold), clean(p.Pred)
	if strings.TrimSpace(p.Header) == "" {
		// Pairs without a header (miniF2F, ProofNet labels) are Mathlib
		// statements.
		p.Header = "import Mathlib"
	}
	for _, side := range []struct{ name, text string }{{"gold", gold}, {"prediction", pred}} {
		if why := singleTheorem(side.text); why != "" {
			d.Reason = "BEq+ takes single theorems; the " + side.name + " is not one: " + why
			return d, nil
		}
	}
	goldErr, err := j.compiles(ctx, p.Header, gold)
	if err != nil {
		return d, err
	}
	predErr, err := j.compiles(ctx, p.Header, pred)
	if err != nil {
		return d, err
	}
	switch {
	case goldErr != nil && predErr != nil:
		d.Reason = "neither statement compiles under the header (gold: " + describe(goldErr) + ")"
		return d, nil
	case goldErr != nil:
		d.Reason = "the gold does not compile under the header: " + describe(goldErr)
		return d, nil
	case predErr != nil:
		d.Verdict, d.Reason = eval.NotEquivalent, "the prediction does not compile where the gold does: "+describe(predErr)
		return d, nil
	}
	fwd, why, err := j.direction(ctx, p.Header, gold, pred)
	if err != nil || !fwd {
		d.Reason = "BEq+ did not prove the prediction from the gold (" + why + ")"
		return d, err
	}
	back, why, err := j.direction(ctx, p.Header, pred, gold)
	if err != nil || !back {
		d.Reason = "BEq+ proved the prediction from the gold, not the gold from the prediction (" + why + ")"
		return d, err
	}
	d.Verdict, d.Reason = eval.Equivalent, "Lean proved each statement from the other (BEq+), each proof needing the other statement"
	return d, nil
}

func (j BEqJudge) compiles(ctx context.Context, header, stmt string) (*Message, error) {
	return j.Client.Check(ctx, header, stmt)
}

// direction tries to prove `to` from `from`: `from` is declared as the
// axiom rxeval_hyp, then `to` as rxeval_goal proved by each tactic in
// turn, followed by "#print axioms rxeval_goal". A proof counts only if
// Lean says it depends on rxeval_hyp and on nothing beyond Lean's own
// axioms (no sorryAx, no native_decide's Lean.ofReduceBool), and if the
// same tactic fails when rxeval_hyp says nothing (True): a statement
// provable on its own says nothing about the other (the exploit of the
// BEq+ paper's appendix A.6).
func (j BEqJudge) direction(ctx context.Context, header, from, to string) (bool, string, error) {
	withHyp := []string{header, asAxiom(from, hypName)}
	withoutHyp := []string{header, "axiom " + hypName + " : True"}
	goal := Renamed(to, goalName)
	why := "no tactic closed the goal"
	for _, tac := range tactics {
		attempt := WithProof(goal, "by\n  "+tac) + "\n\n#print axioms " + goalName
		ok, whyNot, err := j.proves(ctx, withHyp, attempt, true)
		if err != nil {
			return false, "", err
		}
		if !ok {
			if whyNot != "" {
				why = tac + " closed the goal, but " + whyNot
			}
			continue
		}
		alone, _, err := j.proves(ctx, withoutHyp, attempt, false)
		if err != nil {
			return false, "", err
		}
		if alone {
			return false, "the statement is provable without the other (" + tac + ")", nil
		}
		return true, tac, nil
	}
	return false, why, nil
}

// leanAxioms are the axioms of Lean's own logic; a proof may use them.
var leanAxioms = map[string]bool{"propext": true, "Classical.choice": true, "Quot.sound": true}

// proves reports whether Lean accepts the goal with its proof in the
// environment of layers: no error, no sorry, and "#print axioms" naming
// only Lean's own axioms and rxeval_hyp (which it must name when
// mustUseHyp). whyNot says why a proof Lean accepted does not count.
func (j BEqJudge) proves(ctx context.Context, layers []string, goal string, mustUseHyp bool) (ok bool, whyNot string, err error) {
	r, err := j.Client.Run(ctx, layers, goal)
	if err != nil {
		// A layer Lean rejected (the header, the other statement as an
		// axiom, or the A.6 guard's "axiom rxeval_hyp : True") is a REPL
		// failure like any other: never "not proved", which would skip
		// the guard.
		return false, "", err
	}
	if r.Message != "" || len(r.Errors()) > 0 || len(r.Sorries) > 0 {
		return false, "", nil
	}
	for _, m := range r.Messages {
		if strings.Contains(m.Data, "declaration uses 'sorry'") || strings.Contains(m.Data, "declaration uses `sorry`") {
			return false, "", nil
		}
	}
	axioms, found := r.Axioms(goalName)
	if !found {
		return false, "Lean did not say which axioms the proof uses", nil
	}
	usesHyp := false
	for _, a := range axioms {
		switch {
		case a == hypName:
			usesHyp = true
		case !leanAxioms[a]:
			return false, "the proof rests on " + a + ", beyond Lean's own axioms", nil
		}
	}
	if mustUseHyp && !usesHyp {
		return false, "the proof does not use the other statement", nil
	}
	return true, "", nil
}

func describe(m *Message) string {
	if m.Pos.Line == 0 {
		return firstLine(m.Data)
	}
	return fmt.Sprintf("line %d, column %d: %s", m.Pos.Line, m.Pos.Column, firstLine(m.Data))
}
