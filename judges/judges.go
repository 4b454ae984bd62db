// Package judges holds the deterministic stage-two equivalence judges (the
// span judge for localization, lean-ast for corrections, the similarity
// thresholds), the chain that composes judges, and the parsing of a judge
// spec. The judge on a locally hosted model is judges/model, its verdict
// cache judges/verdictcache, Lean's own BEq+ judges/leanrepl; this package
// links none of them (TestDeterministicPackagesDoNotLinkTheModelClient).
package judges

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges/lean"
)

// Chain asks each judge in turn about the pairs the ones before it left
// undecided.
type Chain struct {
	Judges []eval.Judge
}

// Name lists the chain, e.g. "offline-span+lean-ast".
func (c Chain) Name() string {
	names := make([]string, len(c.Judges))
	for i, j := range c.Judges {
		names[i] = j.Name()
	}
	return strings.Join(names, "+")
}

// Judge implements eval.Judge.
func (c Chain) Judge(ctx context.Context, pairs []eval.Pair) ([]eval.Decision, error) {
	out := make([]eval.Decision, len(pairs))
	for i := range out {
		out[i] = eval.Decision{Verdict: eval.Undecided, By: c.Name(), Reason: "no judge decided"}
	}
	notes := make([][]string, len(pairs))
	for _, j := range c.Judges {
		var sub []eval.Pair
		var at []int
		for i, d := range out {
			if d.Verdict == eval.Undecided {
				sub = append(sub, pairs[i])
				at = append(at, i)
			}
		}
		if len(sub) == 0 {
			break
		}
		ds, err := j.Judge(ctx, sub)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", j.Name(), err)
		}
		for k, d := range ds {
			switch {
			case d.Verdict != eval.Undecided || d.Failed:
				out[at[k]] = d
			case d.Reason != "":
				// Keep why each judge left the pair, for the per-sample
				// record and the report.
				notes[at[k]] = append(notes[at[k]], d.By+": "+d.Reason)
			}
		}
	}
	for i, n := range notes {
		if len(n) > 0 && out[i].Verdict == eval.Undecided && !out[i].Failed {
			out[i].Reason = "no judge decided (" + strings.Join(n, "; ") + ")"
		}
	}
	return out, nil
}

// Deterministic returns the offline judges: the localization span judge
// and the Lean 4 correction judge.
func Deterministic() Chain {
	return Chain{Judges: []eval.Judge{SpanJudge{}, LeanJudge{}}}
}

// judgeEach runs decide on the pairs of one kind; pairs of the other kind
// stay undecided, and so do pairs with a text over the offline budget
// (lean.MaxBytes), which no deterministic judge reads. The deterministic
// judges are built on it.
func judgeEach(ctx context.Context, name string, kind eval.Kind, pairs []eval.Pair, decide func(eval.Pair) (eval.Verdict, string)) ([]eval.Decision, error) {
	out := make([]eval.Decision, len(pairs))
	one := func(i int) {
		p := pairs[i]
		out[i] = eval.Decision{Verdict: eval.Undecided, By: name}
		if p.Kind != kind {
			return
		}
		if err := pairSize(p); err != nil {
			out[i].Reason = err.Error()
			return
		}
		out[i].Verdict, out[i].Reason = decide(p)
	}
	// The offline judges are pure functions of a pair's texts: a pair
	// equal to an earlier one but for its Idx (synth pairs makes the same
	// rewrite of a source for each sample drawn from it) is decided once
	// and takes that decision (dups), and the distinct pairs are shared
	// among the cores (each pair's decision lands in its own slot). An
	// interrupt (ctx done) stops the work between two pairs.
	var distinct []int
	var dups [][2]int // a repeated pair and the first like it
	seen := make(map[eval.Pair]int, len(pairs))
	for i, p := range pairs {
		p.Idx = ""
		if first, ok := seen[p]; ok {
			dups = append(dups, [2]int{i, first})
			continue
		}
		seen[p] = i
		distinct = append(distinct, i)
	}
	workers := min(runtime.GOMAXPROCS(0), len(distinct)/64)
	if workers <= 1 {
		for _, i := range distinct {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			one(i)
		}
	} else {
		var next atomic.Int64
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				for k := int(next.Add(1) - 1); k < len(distinct) && ctx.Err() == nil; k = int(next.Add(1) - 1) {
					one(distinct[k])
				}
			})
		}
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	for _, d := range dups {
		out[d[0]] = out[d[1]]
	}
	return out, nil
}

// pairSize refuses a pair with a text over the offline budget, naming it.
func pairSize(p eval.Pair) error {
	for _, f := range []struct{ name, text string }{{"gold", p.Gold}, {"prediction", p.Pred}, {"statement", p.FormalStatement}} {
		if err := lean.CheckSize(f.text); err != nil {
			return fmt.Errorf("the %s is %w", f.name, err)
		}
	}
	return nil
}
