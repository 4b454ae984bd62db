package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/rxeval/rxeval/schema"
)

// EmptyAnswer decides an empty or white-space answer wrong before stage two.
const EmptyAnswer = "empty-answer"

// FieldOutcome is the result of one localization or correction answer.
type FieldOutcome struct {
	OK bool `json:"ok"`
	// By says what decided it: "null-rule" (an aligned sample, or a null
	// answer), "stage-one" (exact match), "empty-answer" (an empty or
	// white-space answer to a misaligned sample: wrong), "missing" (no
	// prediction), or the stage-two judge that decided ("undecided" when
	// none did).
	By     string `json:"by"`
	Reason string `json:"reason,omitempty"`
	// Undecided is set when no judge decided the pair: OK then follows the
	// --undecided policy. JudgeFailed says a judge failed on it.
	Undecided   bool `json:"undecided,omitempty"`
	JudgeFailed bool `json:"judge_failed,omitempty"`
}

// Outcome is how one sample scored.
type Outcome struct {
	Idx            string `json:"idx"`
	Missing        bool   `json:"missing,omitempty"`
	GoldMisaligned bool   `json:"gold_misaligned"`
	// GoldKnown: a per-sample line read back records gold_misaligned
	// (ParsePerSample); an older or hand-written one may not.
	GoldKnown      bool `json:"-"`
	PredMisaligned bool `json:"pred_misaligned"`
	// PredNeither is set when the prediction's verdict is neither class: a
	// verdict not written as the rules write it (PredVerdictAsWritten holds
	// it), or no prediction at all (Missing). It is then an FN for the gold
	// class and counts for no other; PredMisaligned is false.
	PredNeither          bool   `json:"pred_verdict_neither,omitempty"`
	PredVerdictAsWritten string `json:"pred_verdict_as_written,omitempty"`
	GoldCategory         string `json:"gold_category,omitempty"`
	PredCategory         string `json:"pred_category,omitempty"` // canonical, or as written when unknown
	PredKnown            bool   `json:"-"`                       // PredCategory is one of the 28
	// PredCategoryEmpty marks a category written as "" (not null): a
	// category outside the 28, which PredCategory cannot show.
	PredCategoryEmpty bool         `json:"pred_category_empty,omitempty"`
	VerdictOK         bool         `json:"verdict_ok"`
	CategoryOK        bool         `json:"category_ok"`
	Localization      FieldOutcome `json:"localization"`
	Correction        FieldOutcome `json:"correction"`
	Joint             bool         `json:"joint_ok"`
	// The texts behind the outcome, for error analysis (rxeval report):
	// null fields are absent. Statements come from gold or --inputs.
	Informal       string  `json:"informal_statement,omitempty"`
	Formal         string  `json:"formal_statement,omitempty"`
	GoldSegment    *string `json:"gold_segment,omitempty"`
	GoldCorrection *string `json:"gold_correction,omitempty"`
	PredSegment    *string `json:"pred_segment,omitempty"`
	PredCorrection *string `json:"pred_correction,omitempty"`
}

func ptr(t Text) *string {
	if t.Null {
		return nil
	}
	return &t.S
}

// ClassCounts are the categorization counts of one class.
type ClassCounts struct {
	TP      int     `json:"tp"`
	FP      int     `json:"fp"`
	FN      int     `json:"fn"`
	Support int     `json:"support"`
	F1      float64 `json:"f1"`
	// PredictedForOther counts misaligned samples of another class that
	// were predicted as this one: the track's table counts them nowhere
	// for this class (only as an FN for the true class), so they are shown
	// apart; the multi-class convention counts them as FPs.
	PredictedForOther int `json:"predicted_for_other"`
}

// MarshalJSON writes an undefined F1 (no TP, FP or FN: the class is left
// out of the macro mean) as null, not 0.
func (c ClassCounts) MarshalJSON() ([]byte, error) {
	type plain ClassCounts
	out := struct {
		plain
		F1 *float64 `json:"f1"`
	}{plain: plain(c)}
	if c.TP+c.FP+c.FN > 0 {
		out.F1 = &c.F1
	}
	return json.Marshal(out)
}

// Metrics are the track's figures over a set of samples.
type Metrics struct {
	N                    int     `json:"n"`
	NAligned             int     `json:"n_aligned"`
	NMisaligned          int     `json:"n_misaligned"`
	JointAccuracy        float64 `json:"joint_accuracy"`
	VerdictMacroF1       float64 `json:"verdict_macro_f1"`
	CategoryMacroF1      float64 `json:"category_macro_f1"`
	LocalizationAccuracy float64 `json:"localization_accuracy"`
	CorrectionAccuracy   float64 `json:"correction_accuracy"`
	// CategoryMacroF1Multiclass uses the usual multi-class convention (a
	// wrong type is also an FP for the predicted class); shown beside the
	// track's figure, never instead of it.
	CategoryMacroF1Multiclass float64 `json:"category_macro_f1_multiclass"`
}

// StageTwo counts the pairs stage one did not accept and who decided them.
type StageTwo struct {
	StageOne  map[string]int `json:"stage_one_matches"` // per kind
	Pairs     int            `json:"pairs"`
	Decided   map[string]int `json:"decided"` // per judge
	Undecided int            `json:"undecided"`
	// UndecidedByKind counts undecided pairs per sub-task; JudgeFailed
	// counts those left undecided by a judge failure.
	UndecidedByKind map[string]int `json:"undecided_by_kind"`
	JudgeFailed     int            `json:"judge_failed"`
	// UndecidedScoredAs is the policy applied to undecided pairs: "wrong"
	// (the figures are lower bounds) or "right" (upper bounds).
	UndecidedScoredAs string `json:"undecided_scored_as"`
}

// Report is the full scoring outcome.
type Report struct {
	Metrics
	PerCategory map[string]ClassCounts `json:"per_category"`
	// UnknownCategoryFP counts categories outside the 28 predicted on
	// aligned samples (no class to charge them to).
	UnknownCategoryFP int                   `json:"unknown_category_fp"`
	Missing           int                   `json:"missing_predictions"`
	StageTwo          StageTwo              `json:"stage_two"`
	CI                map[string][2]float64 `json:"ci,omitempty"`
	// CISettings says how CI was computed (absent without --bootstrap).
	CISettings *CISettings `json:"ci_settings,omitempty"`
	// Bounds gives, for each figure a judge decides (localization,
	// correction, joint), the value with every undecided pair scored wrong
	// and scored right. Equal ends mean the figure is exact.
	Bounds map[string][2]float64 `json:"bounds"`
	// Breakdown: the verdict table, figures per SCI group and category, and
	// the category confusion matrix.
	Breakdown *Breakdown `json:"breakdown,omitempty"`
	Outcomes  []Outcome  `json:"-"`
}

// CISettings describe the bootstrap behind Report.CI: percentile
// intervals at Level from Resamples resamples of the samples, drawn with
// Seed (the judge's verdicts are fixed; only samples are resampled).
type CISettings struct {
	Method    string  `json:"method"`
	Resamples int     `json:"resamples"`
	Seed      uint64  `json:"seed"`
	Level     float64 `json:"level"`
}

// Options tune Score.
type Options struct {
	// Partial scores a gold sample without a prediction as all-wrong
	// instead of failing.
	Partial bool
	// Bootstrap > 0 adds 95% percentile intervals from that many resamples.
	Bootstrap int
	Seed      uint64
	// UndecidedRight scores pairs no judge decided as right (an upper
	// bound); by default they score wrong (a lower bound).
	UndecidedRight bool
}

// MissingError lists gold ids without a prediction.
type MissingError struct {
	Count    int
	Examples []string
}

func (e *MissingError) Error() string {
	if e.Count == 1 {
		return fmt.Sprintf("1 gold id has no prediction: %s", e.Examples[0])
	}
	return fmt.Sprintf("%d gold ids have no prediction (first: %s)", e.Count, strings.Join(e.Examples, ", "))
}

// Score computes the metrics of preds against gold. preds is keyed by id;
// ids not in gold are ignored (the caller validates them). The judge
// decides the localization and correction pairs that stage one (a plain
// exact string match) does not accept.
func Score(ctx context.Context, gold []Gold, preds map[string]Pred, judge Judge, opts Options) (*Report, error) {
	if judge == nil {
		judge = ExactJudge{}
	}
	rep := &Report{StageTwo: StageTwo{StageOne: map[string]int{"localization": 0, "correction": 0}, Decided: map[string]int{},
		UndecidedByKind: map[string]int{"localization": 0, "correction": 0}, UndecidedScoredAs: "wrong"}}
	if opts.UndecidedRight {
		rep.StageTwo.UndecidedScoredAs = "right"
	}
	var missing MissingError
	outs := make([]Outcome, len(gold))
	type ref struct {
		sample int
		kind   Kind
	}
	var pairs []Pair
	var refs []ref
	for i, g := range gold {
		o := Outcome{Idx: g.Idx, GoldMisaligned: g.Misaligned, GoldKnown: true, GoldCategory: g.Category,
			Informal: g.Informal, Formal: g.FormalStatement, GoldSegment: ptr(g.Segment), GoldCorrection: ptr(g.Corrected)}
		p, ok := preds[g.Idx]
		if !ok {
			missing.Count++
			if len(missing.Examples) < 5 {
				missing.Examples = append(missing.Examples, g.Idx)
			}
			o.Missing = true
			o.PredNeither = true // all-wrong: an FN for the gold class only
			o.Localization = FieldOutcome{By: "missing"}
			o.Correction = FieldOutcome{By: "missing"}
			outs[i] = o
			continue
		}
		o.PredMisaligned = p.Misaligned
		o.PredSegment, o.PredCorrection = ptr(p.Segment), ptr(p.Corrected)
		if p.VerdictNoncanonical {
			// Read as neither class: wrong whatever the gold is.
			o.PredMisaligned, o.PredNeither, o.PredVerdictAsWritten = false, true, p.VerdictAsWritten
		}
		o.VerdictOK = !o.PredNeither && o.PredMisaligned == g.Misaligned
		if !p.Category.Null {
			o.PredCategory, o.PredKnown = p.CategoryName, p.CategoryName != ""
			if !o.PredKnown {
				o.PredCategory, o.PredCategoryEmpty = p.Category.S, p.Category.S == ""
			}
		}
		if g.Misaligned {
			o.CategoryOK = o.PredMisaligned && o.PredKnown && p.CategoryName == g.Category
		} else {
			o.CategoryOK = p.Category.Null
		}
		for _, f := range []struct {
			kind       Kind
			gold, pred Text
			out        *FieldOutcome
		}{{Localization, g.Segment, p.Segment, &o.Localization}, {Correction, g.Corrected, p.Corrected, &o.Correction}} {
			switch {
			case !g.Misaligned || f.gold.Null || f.pred.Null:
				// Right iff both are null (an aligned sample needs null).
				*f.out = FieldOutcome{OK: f.pred.Null && (!g.Misaligned || f.gold.Null), By: "null-rule"}
			case f.pred.S == f.gold.S:
				*f.out = FieldOutcome{OK: true, By: "stage-one"}
				rep.StageTwo.StageOne[f.kind.String()]++
			case strings.TrimSpace(f.pred.S) == "":
				// An empty answer names no location and no statement: wrong,
				// decided here rather than left to a judge that can only
				// leave it undecided (docs/rules.md).
				*f.out = FieldOutcome{OK: false, By: EmptyAnswer, Reason: "the answer is empty or white space"}
			default:
				pairs = append(pairs, Pair{Kind: f.kind, Idx: g.Idx, FormalStatement: g.FormalStatement, Header: g.Header, Informal: g.Informal, Gold: f.gold.S, Pred: f.pred.S})
				refs = append(refs, ref{i, f.kind})
			}
		}
		outs[i] = o
	}
	if missing.Count > 0 && !opts.Partial {
		return nil, &missing
	}
	rep.Missing = missing.Count
	if len(pairs) > 0 {
		decisions, err := judge.Judge(ctx, pairs)
		if err != nil {
			return nil, fmt.Errorf("judge %s: %w", judge.Name(), err)
		}
		if len(decisions) != len(pairs) {
			return nil, fmt.Errorf("judge %s returned %d decisions for %d pairs", judge.Name(), len(decisions), len(pairs))
		}
		rep.StageTwo.Pairs = len(pairs)
		for k, d := range decisions {
			fo := FieldOutcome{OK: d.Verdict == Equivalent, By: d.By, Reason: d.Reason}
			if d.Verdict == Undecided {
				rep.StageTwo.Undecided++
				rep.StageTwo.UndecidedByKind[refs[k].kind.String()]++
				fo = FieldOutcome{OK: opts.UndecidedRight, By: "undecided", Reason: d.Reason, Undecided: true, JudgeFailed: d.Failed}
				if d.Failed {
					rep.StageTwo.JudgeFailed++
				}
			} else {
				rep.StageTwo.Decided[d.By]++
			}
			if refs[k].kind == Localization {
				outs[refs[k].sample].Localization = fo
			} else {
				outs[refs[k].sample].Correction = fo
			}
		}
	}
	for i := range outs {
		o := &outs[i]
		o.Joint = o.VerdictOK && o.CategoryOK && o.Localization.OK && o.Correction.OK
	}
	rep.Outcomes = outs
	finish(rep, opts)
	return rep, nil
}

// finish derives the figures, bounds and intervals of rep from its outcomes.
func finish(rep *Report, opts Options) {
	outs := rep.Outcomes
	all := make([]int, len(outs))
	for i := range all {
		all[i] = i
	}
	var per map[string]ClassCounts
	rep.Metrics, per, rep.UnknownCategoryFP = compute(outs, all)
	rep.PerCategory = per
	rep.Bounds = bounds(outs, rep.Metrics)
	rep.Breakdown = breakdown(outs, per)
	if opts.Bootstrap > 0 {
		rep.CI = bootstrap(outs, opts.Bootstrap, opts.Seed)
		rep.CISettings = &CISettings{Method: "percentile bootstrap over samples", Resamples: opts.Bootstrap, Seed: opts.Seed, Level: 0.95}
	}
}

// bounds returns the judge-decided figures with every undecided pair scored
// wrong and scored right. m holds the figures as scored.
func bounds(outs []Outcome, m Metrics) map[string][2]float64 {
	var loc, corr, joint [2]int // undecided pairs scored wrong, right
	for i := range outs {
		o := &outs[i]
		l, c := o.Localization, o.Correction
		rest := o.VerdictOK && o.CategoryOK
		for k, ok := range [2]bool{false, true} {
			lok := l.OK && !l.Undecided || l.Undecided && ok
			cok := c.OK && !c.Undecided || c.Undecided && ok
			loc[k] += b2i(lok)
			corr[k] += b2i(cok)
			joint[k] += b2i(rest && lok && cok)
		}
	}
	if m.N == 0 {
		return map[string][2]float64{}
	}
	n := float64(m.N)
	frac := func(v [2]int) [2]float64 { return [2]float64{float64(v[0]) / n, float64(v[1]) / n} }
	return map[string][2]float64{
		"localization_accuracy": frac(loc),
		"correction_accuracy":   frac(corr),
		"joint_accuracy":        frac(joint),
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// compute derives the metrics from the outcomes at the given indices
// (repeats allowed, for the bootstrap).
func compute(outs []Outcome, idx []int) (Metrics, map[string]ClassCounts, int) {
	var m Metrics
	var vtp, vfp, vfn, vtn int // misaligned is positive
	var vnm, vna int           // neither class, on gold misaligned / aligned
	var joint, loc, corr, unknownFP int
	counts := map[string]*ClassCounts{}
	multi := map[string]*ClassCounts{}
	get := func(t map[string]*ClassCounts, c string) *ClassCounts {
		cc := t[c]
		if cc == nil {
			cc = &ClassCounts{}
			t[c] = cc
		}
		return cc
	}
	for _, i := range idx {
		o := &outs[i]
		m.N++
		if o.GoldMisaligned {
			m.NMisaligned++
		} else {
			m.NAligned++
		}
		switch {
		case o.PredNeither && o.GoldMisaligned:
			vnm++
		case o.PredNeither:
			vna++
		case o.GoldMisaligned && o.PredMisaligned:
			vtp++
		case o.GoldMisaligned:
			vfn++
		case o.PredMisaligned:
			vfp++
		default:
			vtn++
		}
		// The track's counting table.
		switch {
		case o.GoldMisaligned:
			get(counts, o.GoldCategory).Support++
			get(multi, o.GoldCategory).Support++
			if o.CategoryOK {
				get(counts, o.GoldCategory).TP++
				get(multi, o.GoldCategory).TP++
			} else {
				get(counts, o.GoldCategory).FN++
				get(multi, o.GoldCategory).FN++
				if o.PredMisaligned && o.PredKnown {
					get(multi, o.PredCategory).FP++
					get(counts, o.PredCategory).PredictedForOther++
				}
			}
		case o.PredCategory != "" && o.PredKnown:
			get(counts, o.PredCategory).FP++
			get(multi, o.PredCategory).FP++
		case o.PredCategory != "" || o.PredCategoryEmpty:
			unknownFP++
		}
		if o.Joint {
			joint++
		}
		if o.Localization.OK {
			loc++
		}
		if o.Correction.OK {
			corr++
		}
	}
	if m.N == 0 {
		return m, map[string]ClassCounts{}, 0
	}
	n := float64(m.N)
	m.JointAccuracy, m.LocalizationAccuracy, m.CorrectionAccuracy = float64(joint)/n, float64(loc)/n, float64(corr)/n
	m.VerdictMacroF1 = verdictMacroF1(vtp, vfp, vfn, vtn, vnm, vna)
	per := make(map[string]ClassCounts, len(counts))
	for c, cc := range counts {
		cc.F1 = f1(cc)
		per[c] = *cc
	}
	// Sum in a fixed order, so that the figures do not depend on map order.
	m.CategoryMacroF1 = macro(sortedClasses(counts))
	m.CategoryMacroF1Multiclass = macro(sortedClasses(multi))
	return m, per, unknownFP
}

func sortedClasses(t map[string]*ClassCounts) []*ClassCounts {
	names := make([]string, 0, len(t))
	for c := range t {
		names = append(names, c)
	}
	sort.Strings(names)
	out := make([]*ClassCounts, len(names))
	for i, c := range names {
		out[i] = t[c]
	}
	return out
}

func f1(c *ClassCounts) float64 {
	d := 2*c.TP + c.FP + c.FN
	if d == 0 {
		return 0
	}
	return float64(2*c.TP) / float64(d)
}

// verdictMacroF1 is the mean F1 of the two verdict classes, misaligned
// positive: tp, fp, fn, tn count predictions of either class; neitherMis
// and neitherAl count verdicts of neither class (a spelling the rules do not
// use, or no prediction) on gold-misaligned and gold-aligned samples: an FN
// for the gold class, and nothing for the other.
func verdictMacroF1(tp, fp, fn, tn, neitherMis, neitherAl int) float64 {
	return macro([]*ClassCounts{{TP: tp, FP: fp, FN: fn + neitherMis}, {TP: tn, FP: fn, FN: fp + neitherAl}})
}

// macro is the mean F1 over the classes with at least one TP, FP or FN.
// With no such class nothing was predicted wrong or missed: 1.
func macro(classes []*ClassCounts) float64 {
	sum, k := 0.0, 0
	for _, c := range classes {
		if c.TP+c.FP+c.FN > 0 {
			sum += f1(c)
			k++
		}
	}
	if k == 0 {
		return 1
	}
	return sum / float64(k)
}

// CategoryOrder returns the classes of a per-category table sorted by
// support (descending), then by the taxonomy's order.
func CategoryOrder(per map[string]ClassCounts) []string {
	names := make([]string, 0, len(per))
	for c := range per {
		names = append(names, c)
	}
	rank := func(c string) int {
		if i, ok := schema.Index(c); ok {
			return i
		}
		return len(schema.Categories)
	}
	sort.Slice(names, func(i, j int) bool {
		a, b := per[names[i]], per[names[j]]
		if a.Support != b.Support {
			return a.Support > b.Support
		}
		return rank(names[i]) < rank(names[j])
	})
	return names
}
