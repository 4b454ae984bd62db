package study

import (
	"sort"
	"strings"

	"github.com/rxeval/rxeval/eval"
)

// Outcome is the part of a per-sample line (rxeval score --per-sample)
// that agreement compares.
type Outcome struct {
	Idx          string `json:"idx"`
	VerdictOK    bool   `json:"verdict_ok"`
	CategoryOK   bool   `json:"category_ok"`
	Localization struct {
		OK bool   `json:"ok"`
		By string `json:"by"`
	} `json:"localization"`
	Correction struct {
		OK bool   `json:"ok"`
		By string `json:"by"`
	} `json:"correction"`
	Joint bool `json:"joint_ok"`
	// The sample's gold label, when the line records it (GoldKnown):
	// runs against different gold are told apart by it.
	GoldKnown bool           `json:"-"`
	Gold      eval.GoldLabel `json:"-"`
}

// ReadOutcomes reads a per-sample file through eval.ParsePerSample, the
// one reader of per-sample lines (rxeval report uses it too): every line
// must carry idx and the five outcomes as booleans, name what decided each
// sub-task, and agree with itself and its run (eval.Contradiction), so
// that a file of another kind (predictions, gold, test inputs) or a line
// edited by hand is refused instead of read as outcomes. Errors name the
// line and the field; an id on two lines is an eval.DuplicateIDError.
func ReadOutcomes(data []byte) (map[string]Outcome, []string, error) {
	outs, _, err := eval.ParsePerSample(data)
	if err != nil {
		return nil, nil, err
	}
	out := make(map[string]Outcome, len(outs))
	order := make([]string, 0, len(outs))
	for _, o := range outs {
		var r Outcome
		r.Idx, r.VerdictOK, r.CategoryOK, r.Joint = o.Idx, o.VerdictOK, o.CategoryOK, o.Joint
		r.Localization.OK, r.Localization.By = o.Localization.OK, o.Localization.By
		r.Correction.OK, r.Correction.By = o.Correction.OK, o.Correction.By
		if o.GoldKnown {
			r.GoldKnown, r.Gold = true, eval.GoldLabel{Misaligned: o.GoldMisaligned, Category: o.GoldCategory}
		}
		out[o.Idx] = r
		order = append(order, o.Idx)
	}
	return out, order, nil
}

// Pairwise compares one sub-task's outcomes between two runs.
type Pairwise struct {
	SubTask   string  `json:"sub_task"`
	Agreement float64 `json:"agreement"`
	// Kappa is Cohen's kappa, null when undefined (KappaUndefined says why).
	Kappa          *float64 `json:"kappa"`
	KappaUndefined string   `json:"kappa_undefined,omitempty"`
	// Confusion: both right, A only, B only, both wrong.
	BothRight int `json:"both_right"`
	AOnly     int `json:"a_only"`
	BOnly     int `json:"b_only"`
	BothWrong int `json:"both_wrong"`
	// The sub-task's accuracy in each run, and how far it moves.
	AccuracyA float64 `json:"accuracy_a"`
	AccuracyB float64 `json:"accuracy_b"`
	Delta     float64 `json:"delta"`
	// Disagreements lists the ids where the runs differ (first 20) and
	// their count.
	Disagreements      int      `json:"disagreements"`
	DisagreementsFirst []string `json:"disagreement_ids"`
}

// Agreement is the comparison of two per-sample files.
type Agreement struct {
	N        int        `json:"n"`
	OnlyInA  int        `json:"only_in_a"`
	OnlyInB  int        `json:"only_in_b"`
	SubTasks []Pairwise `json:"sub_tasks"`
}

// Agree compares two runs on the samples both contain; with no sample in
// both it has no sub-task figures.
func Agree(a, b map[string]Outcome) Agreement {
	var ids []string
	var res Agreement
	for id := range a {
		if _, ok := b[id]; ok {
			ids = append(ids, id)
		} else {
			res.OnlyInA++
		}
	}
	for id := range b {
		if _, ok := a[id]; !ok {
			res.OnlyInB++
		}
	}
	sort.Strings(ids)
	res.N = len(ids)
	if res.N == 0 {
		return res
	}
	tasks := []struct {
		name string
		get  func(Outcome) bool
	}{
		{"joint", func(o Outcome) bool { return o.Joint }},
		{"verdict", func(o Outcome) bool { return o.VerdictOK }},
		{"category", func(o Outcome) bool { return o.CategoryOK }},
		{"localization", func(o Outcome) bool { return o.Localization.OK }},
		{"correction", func(o Outcome) bool { return o.Correction.OK }},
	}
	for _, t := range tasks {
		var c Confusion // A as "prediction", B as "label": kappa is symmetric
		p := Pairwise{SubTask: t.name, DisagreementsFirst: []string{}}
		for _, id := range ids {
			x, y := t.get(a[id]), t.get(b[id])
			c.Add(x, y)
			if x != y {
				p.Disagreements++
				if len(p.DisagreementsFirst) < 20 {
					p.DisagreementsFirst = append(p.DisagreementsFirst, id)
				}
			}
		}
		p.BothRight, p.AOnly, p.BOnly, p.BothWrong = c.TP, c.FP, c.FN, c.TN
		p.Agreement, p.Kappa = c.Accuracy(), defined(c.Kappa())
		if why := c.KappaUndefined(); why != "" {
			p.KappaUndefined = strings.ReplaceAll(why, "pair", "sample")
		}
		p.AccuracyA, p.AccuracyB = ratio(c.TP+c.FP, c.N()), ratio(c.TP+c.FN, c.N())
		p.Delta = p.AccuracyB - p.AccuracyA
		res.SubTasks = append(res.SubTasks, p)
	}
	return res
}
