// Package eval computes the FormalRx metrics from gold rows, prediction rows
// and a stage-two equivalence judge. It does no I/O and knows no flags.
package eval

import "context"

// Kind is the sub-task a stage-two pair belongs to.
type Kind int

const (
	// Localization pairs compare two error segments.
	Localization Kind = iota
	// Correction pairs compare two corrected Lean 4 statements.
	Correction
)

func (k Kind) String() string {
	if k == Correction {
		return "correction"
	}
	return "localization"
}

// Pair is one stage-two question: does Pred mean the same as Gold?
type Pair struct {
	Kind Kind
	Idx  string
	// Context of the sample, for judges that use it.
	FormalStatement string
	Header          string
	Informal        string
	Gold, Pred      string
}

// Verdict is a judge's answer for one pair.
type Verdict int

const (
	Undecided Verdict = iota
	Equivalent
	NotEquivalent
)

func (v Verdict) String() string {
	switch v {
	case Equivalent:
		return "equivalent"
	case NotEquivalent:
		return "not_equivalent"
	}
	return "undecided"
}

// Decision is a judge's verdict on a pair, who made it and why.
type Decision struct {
	Verdict Verdict
	By      string // the judge that decided, e.g. "lean-ast" or "ollama:qwen2.5"
	Reason  string
	// Failed marks an undecided pair left so because the judge failed (a
	// server error, a timeout) or met its limit (a pair too long for the
	// model's context), not because it could not decide.
	Failed bool
}

// Judge decides stage-two pairs. Judge receives the whole batch so that an
// implementation can work concurrently and cache; it returns one Decision
// per pair, in order. An error means the judge could not run at all.
type Judge interface {
	Name() string
	Judge(ctx context.Context, pairs []Pair) ([]Decision, error)
}

// ExactJudge decides nothing: stage one only, a reproducible lower bound.
type ExactJudge struct{}

func (ExactJudge) Name() string { return "exact" }

func (ExactJudge) Judge(_ context.Context, pairs []Pair) ([]Decision, error) {
	out := make([]Decision, len(pairs))
	for i := range out {
		out[i] = Decision{Verdict: Undecided, By: "exact", Reason: "stage one only"}
	}
	return out, nil
}
