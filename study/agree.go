package study

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/internal/jsonmsg"
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

// outcomeLine is a per-sample line as read: every field agreement compares
// must be present and boolean, so that a file of another kind (predictions,
// gold, test inputs) is refused instead of read as all-false outcomes.
type outcomeLine struct {
	Idx          *string    `json:"idx"`
	VerdictOK    *bool      `json:"verdict_ok"`
	CategoryOK   *bool      `json:"category_ok"`
	Localization *fieldLine `json:"localization"`
	Correction   *fieldLine `json:"correction"`
	Joint        *bool      `json:"joint_ok"`
	GoldMis      *bool      `json:"gold_misaligned"`
	GoldCategory string     `json:"gold_category"`
}

// fieldLine is the localization or correction object of a per-sample line.
type fieldLine struct {
	OK *bool  `json:"ok"`
	By string `json:"by"`
}

// perSampleHint ends every error of ReadOutcomes about a line's shape.
const perSampleHint = "(is this a file from rxeval score --per-sample?)"

// ReadOutcomes reads a per-sample file. Every line must carry idx (a
// non-empty string) and the booleans verdict_ok, category_ok,
// localization.ok, correction.ok and joint_ok; errors name the line and
// the field.
func ReadOutcomes(data []byte) (map[string]Outcome, []string, error) {
	out := map[string]Outcome{}
	var order []string
	for n, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		o, err := parseOutcome(line)
		if err != nil {
			return nil, nil, fmt.Errorf("line %d: %w", n+1, err)
		}
		if _, dup := out[o.Idx]; dup {
			return nil, nil, fmt.Errorf("line %d: id %q twice", n+1, o.Idx)
		}
		out[o.Idx] = o
		order = append(order, o.Idx)
	}
	if len(out) == 0 {
		return nil, nil, fmt.Errorf("no samples")
	}
	return out, order, nil
}

// parseOutcome reads one line of a per-sample file.
func parseOutcome(line []byte) (Outcome, error) {
	var l outcomeLine
	if err := json.Unmarshal(line, &l); err != nil {
		return Outcome{}, fmt.Errorf("%s %s", jsonmsg.Describe(err), perSampleHint)
	}
	if l.Idx == nil || *l.Idx == "" {
		return Outcome{}, fmt.Errorf("no idx %s", perSampleHint)
	}
	var o Outcome
	o.Idx = *l.Idx
	for _, f := range []struct {
		name string
		v    *bool
		dst  *bool
	}{
		{"verdict_ok", l.VerdictOK, &o.VerdictOK},
		{"category_ok", l.CategoryOK, &o.CategoryOK},
		{"localization.ok", okOf(l.Localization), &o.Localization.OK},
		{"correction.ok", okOf(l.Correction), &o.Correction.OK},
		{"joint_ok", l.Joint, &o.Joint},
	} {
		if f.v == nil {
			return Outcome{}, fmt.Errorf("idx %q: field %q: missing (a boolean) %s", o.Idx, f.name, perSampleHint)
		}
		*f.dst = *f.v
	}
	if field, why := eval.Contradiction(line); field != "" {
		return Outcome{}, fmt.Errorf("idx %q: field %q: %s: the line contradicts itself (was it edited by hand?)", o.Idx, field, why)
	}
	if l.GoldMis != nil {
		o.GoldKnown, o.Gold = true, eval.GoldLabel{Misaligned: *l.GoldMis, Category: l.GoldCategory}
	}
	if l.Localization != nil {
		o.Localization.By = l.Localization.By
	}
	if l.Correction != nil {
		o.Correction.By = l.Correction.By
	}
	return o, nil
}

// okOf is the ok field of a localization or correction object, nil when
// the object or its field is absent.
func okOf(f *fieldLine) *bool {
	if f == nil {
		return nil
	}
	return f.OK
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
