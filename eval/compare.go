package eval

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"sync"
)

// SubTasks are the per-sample sub-tasks, in the order reports show them.
var SubTasks = []string{"verdict", "category", "localization", "correction", "joint"}

// figures are the headline figures the comparison tests, ranking first.
var figures = []string{"joint_accuracy", "verdict_macro_f1", "category_macro_f1", "localization_accuracy", "correction_accuracy"}

func figure(m Metrics, name string) float64 {
	switch name {
	case "verdict_macro_f1":
		return m.VerdictMacroF1
	case "category_macro_f1":
		return m.CategoryMacroF1
	case "localization_accuracy":
		return m.LocalizationAccuracy
	case "correction_accuracy":
		return m.CorrectionAccuracy
	}
	return m.JointAccuracy
}

// Rank is one system's place in a comparison.
type Rank struct {
	Rank          int        `json:"rank"`
	System        string     `json:"system"`
	JointAccuracy float64    `json:"joint_accuracy"`
	CI            [2]float64 `json:"ci"`
	// Bounds of joint accuracy with undecided pairs all wrong, all right.
	Bounds [2]float64 `json:"bounds"`
}

// Delta is the paired bootstrap of one figure between two systems.
type Delta struct {
	// Observed is B's figure minus A's; CI its 95% percentile interval
	// over the paired resamples.
	Observed float64    `json:"observed"`
	CI       [2]float64 `json:"ci"`
	// PSameSign is the share of resamples whose difference has the sign
	// observed (strictly); with no difference observed, the share with no
	// difference.
	PSameSign float64 `json:"p_same_sign"`
}

// PairTest compares two systems on the same samples.
type PairTest struct {
	A      string           `json:"a"`
	B      string           `json:"b"`
	Deltas map[string]Delta `json:"deltas"` // per figure
}

// Disagreement lists, for one sub-task, the samples where the systems do
// not all give the same outcome, with which systems were right.
type Disagreement struct {
	Count   int                 `json:"count"`
	Samples []DisagreeingSample `json:"samples"`
}

// DisagreeingSample is one sample systems disagree on.
type DisagreeingSample struct {
	Idx   string   `json:"idx"`
	Right []string `json:"right"` // the systems right on it
}

// Comparison compares several systems scored on the same samples.
type Comparison struct {
	Rounds        int                     `json:"bootstrap_rounds"`
	Seed          uint64                  `json:"seed"`
	Ranking       []Rank                  `json:"ranking"`
	Pairs         []PairTest              `json:"pairs"`
	Disagreements map[string]Disagreement `json:"disagreements"` // per sub-task
}

// Compare ranks systems by joint accuracy and runs a paired bootstrap
// (rounds resamples of the samples, the same for every system) for each
// pair. A system's interval in the ranking is its report's own (CI) when it
// has one; otherwise it is drawn from the same resamples as Score's
// bootstrap with this seed, so the two agree. The reports must hold outcomes for the same samples in the same
// order (one gold file); rounds must be positive.
func Compare(names []string, reps []*Report, rounds int, seed uint64) (*Comparison, error) {
	if len(names) != len(reps) || len(reps) < 2 {
		return nil, fmt.Errorf("compare: want two or more systems with names, got %d reports and %d names", len(reps), len(names))
	}
	if rounds < 1 {
		return nil, fmt.Errorf("compare: bootstrap rounds must be positive")
	}
	n := len(reps[0].Outcomes)
	for k, r := range reps {
		if len(r.Outcomes) != n {
			return nil, fmt.Errorf("compare: %s has %d samples, %s has %d", names[k], len(r.Outcomes), names[0], n)
		}
		for i := range r.Outcomes {
			if r.Outcomes[i].Idx != reps[0].Outcomes[i].Idx {
				return nil, fmt.Errorf("compare: sample %d is %s in %s but %s in %s", i+1, r.Outcomes[i].Idx, names[k], reps[0].Outcomes[i].Idx, names[0])
			}
		}
	}
	c := &Comparison{Rounds: rounds, Seed: seed, Disagreements: map[string]Disagreement{}}

	// Paired resamples: one index draw per round for every system, the
	// same draws as each system's own bootstrap with this seed.
	rng := rand.New(rand.NewPCG(seed, bootStream))
	idx := make([]int, n)
	series := make([][]Metrics, len(reps))
	metrics := make([]func([]int) Metrics, len(reps))
	for k, rep := range reps {
		metrics[k] = resampler(rep.Outcomes)
	}
	for r := 0; r < rounds; r++ {
		for i := range idx {
			idx[i] = rng.IntN(n)
		}
		for k := range reps {
			series[k] = append(series[k], metrics[k](idx))
		}
	}
	for k, rep := range reps {
		joint := make([]float64, rounds)
		for r := range joint {
			joint[r] = series[k][r].JointAccuracy
		}
		ci := Percentile95(joint)
		if own, ok := rep.CI["joint_accuracy"]; ok {
			ci = own // one figure, one interval: the system's own block's
		}
		c.Ranking = append(c.Ranking, Rank{System: names[k], JointAccuracy: rep.JointAccuracy, CI: ci, Bounds: rep.Bounds["joint_accuracy"]})
	}
	sort.SliceStable(c.Ranking, func(i, j int) bool { return c.Ranking[i].JointAccuracy > c.Ranking[j].JointAccuracy })
	for i := range c.Ranking {
		c.Ranking[i].Rank = i + 1
		if i > 0 && c.Ranking[i].JointAccuracy == c.Ranking[i-1].JointAccuracy {
			c.Ranking[i].Rank = c.Ranking[i-1].Rank
		}
	}
	for a := range reps {
		for b := a + 1; b < len(reps); b++ {
			pt := PairTest{A: names[a], B: names[b], Deltas: map[string]Delta{}}
			for _, f := range figures {
				obs := figure(reps[b].Metrics, f) - figure(reps[a].Metrics, f)
				diffs := make([]float64, rounds)
				same := 0
				for r := range diffs {
					d := figure(series[b][r], f) - figure(series[a][r], f)
					diffs[r] = d
					if (obs > 0 && d > 0) || (obs < 0 && d < 0) || (obs == 0 && d == 0) {
						same++
					}
				}
				pt.Deltas[f] = Delta{Observed: obs, CI: Percentile95(diffs), PSameSign: float64(same) / float64(rounds)}
			}
			c.Pairs = append(c.Pairs, pt)
		}
	}
	for _, task := range SubTasks {
		var d Disagreement
		for i := 0; i < n; i++ {
			var right []string
			for k, rep := range reps {
				if subTaskOK(&rep.Outcomes[i], task) {
					right = append(right, names[k])
				}
			}
			if len(right) > 0 && len(right) < len(reps) {
				d.Count++
				d.Samples = append(d.Samples, DisagreeingSample{Idx: reps[0].Outcomes[i].Idx, Right: right})
			}
		}
		c.Disagreements[task] = d
	}
	return c, nil
}

// Memo is a judge that decides each distinct pair once per run: pairs that
// several prediction files share (same sub-task, context and texts) are
// passed to the wrapped judge once and their decision reused.
type Memo struct {
	J      Judge
	mu     sync.Mutex
	seen   map[memoKey]Decision
	asked  int
	reused int
}

type memoKey struct {
	kind                                 Kind
	formal, header, informal, gold, pred string
}

// NewMemo wraps j.
func NewMemo(j Judge) *Memo { return &Memo{J: j, seen: map[memoKey]Decision{}} }

// Name is the wrapped judge's.
func (m *Memo) Name() string { return m.J.Name() }

// Judge decides the pairs not seen before with the wrapped judge, once
// each, and reuses the earlier decisions for the rest.
func (m *Memo) Judge(ctx context.Context, pairs []Pair) ([]Decision, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]Decision, len(pairs))
	var fresh []Pair
	firstOf := map[memoKey]int{} // key -> index in fresh
	for _, p := range pairs {
		k := memoKey{p.Kind, p.FormalStatement, p.Header, p.Informal, p.Gold, p.Pred}
		if _, ok := m.seen[k]; ok {
			continue
		}
		if _, ok := firstOf[k]; !ok {
			firstOf[k] = len(fresh)
			fresh = append(fresh, p)
		}
	}
	if len(fresh) > 0 {
		ds, err := m.J.Judge(ctx, fresh)
		if err != nil {
			return nil, err
		}
		if len(ds) != len(fresh) {
			return nil, fmt.Errorf("judge %s returned %d decisions for %d pairs", m.J.Name(), len(ds), len(fresh))
		}
		for k, i := range firstOf {
			if !ds[i].Failed { // a failure is not remembered: a later file asks again
				m.seen[k] = ds[i]
			}
		}
		for i, p := range pairs {
			k := memoKey{p.Kind, p.FormalStatement, p.Header, p.Informal, p.Gold, p.Pred}
			if j, ok := firstOf[k]; ok {
				out[i] = ds[j]
			}
		}
	}
	m.asked += len(fresh)
	m.reused += len(pairs) - len(fresh)
	for i, p := range pairs {
		k := memoKey{p.Kind, p.FormalStatement, p.Header, p.Informal, p.Gold, p.Pred}
		if _, ok := firstOf[k]; !ok {
			out[i] = m.seen[k]
		}
	}
	return out, nil
}

// Counts returns how many pairs went to the wrapped judge and how many
// were answered from an earlier decision of the run.
func (m *Memo) Counts() (asked, reused int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.asked, m.reused
}
