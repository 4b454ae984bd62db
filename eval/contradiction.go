package eval

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/rxeval/rxeval/internal/textcut"
)

// contradictionLine is what Contradiction reads of a per-sample line: a
// field absent (an older file, a hand-written line) is nil and checked
// against nothing.
type contradictionLine struct {
	Missing      *bool           `json:"missing"`
	GoldMis      *bool           `json:"gold_misaligned"`
	PredMis      *bool           `json:"pred_misaligned"`
	Neither      *bool           `json:"pred_verdict_neither"`
	GoldCategory *string         `json:"gold_category"`
	PredCategory *string         `json:"pred_category"`
	PredCatEmpty *bool           `json:"pred_category_empty"`
	VerdictOK    *bool           `json:"verdict_ok"`
	CategoryOK   *bool           `json:"category_ok"`
	Localization *contradictPart `json:"localization"`
	Correction   *contradictPart `json:"correction"`
	Joint        *bool           `json:"joint_ok"`
}

type contradictPart struct {
	OK *bool  `json:"ok"`
	By string `json:"by"`
}

// Contradiction returns the first field of a per-sample line that the
// line's other fields contradict, and how ("" when none), by the rules
// Score follows: joint_ok is verdict_ok ∧ category_ok ∧ localization.ok ∧
// correction.ok; a missing prediction is wrong on every sub-task; verdict_ok
// needs the two classes equal and a verdict of one of them; category_ok on a
// misaligned sample needs the verdict right and the same category, on an
// aligned one a null category; an exact match (by "stage-one") is right, an
// empty answer or a missing one wrong. A line that does not decode is the
// caller's to report.
func Contradiction(line []byte) (field, why string) {
	var l contradictionLine
	if json.Unmarshal(line, &l) != nil {
		return "", ""
	}
	is := func(b *bool) bool { return b != nil && *b }
	parts := []struct {
		name string
		v    *bool
	}{{"verdict_ok", l.VerdictOK}, {"category_ok", l.CategoryOK}, {"localization.ok", partOK(l.Localization)}, {"correction.ok", partOK(l.Correction)}}
	if is(l.Missing) {
		for _, p := range append(parts, struct {
			name string
			v    *bool
		}{"joint_ok", l.Joint}) {
			if is(p.v) {
				return p.name, "true, but missing is true (no prediction: every sub-task is wrong)"
			}
		}
	}
	if is(l.VerdictOK) {
		switch {
		case is(l.Neither):
			return "verdict_ok", "true, but pred_verdict_neither is true (a verdict of neither class is wrong)"
		case l.GoldMis != nil && l.PredMis != nil && *l.GoldMis != *l.PredMis:
			return "verdict_ok", fmt.Sprintf("true, but gold_misaligned is %v and pred_misaligned is %v", *l.GoldMis, *l.PredMis)
		}
	}
	if is(l.CategoryOK) && l.GoldMis != nil {
		if *l.GoldMis {
			switch {
			case l.VerdictOK != nil && !*l.VerdictOK:
				return "category_ok", "true, but verdict_ok is false (on a misaligned sample the category is right only with the verdict)"
			case l.PredMis != nil && !*l.PredMis:
				return "category_ok", "true, but pred_misaligned is false (on a misaligned sample the category is right only with the verdict)"
			case l.GoldCategory != nil && l.PredCategory != nil && *l.GoldCategory != *l.PredCategory:
				return "category_ok", fmt.Sprintf("true, but pred_category %s is not gold_category %s", textcut.Quote(*l.PredCategory), textcut.Quote(*l.GoldCategory))
			}
		} else if l.PredCategory != nil && *l.PredCategory != "" || is(l.PredCatEmpty) {
			pc := `""`
			if l.PredCategory != nil && *l.PredCategory != "" {
				pc = textcut.Quote(*l.PredCategory)
			}
			return "category_ok", fmt.Sprintf("true, but gold_misaligned is false and pred_category is %s (an aligned sample's category is right only when null)", pc)
		}
	}
	for _, p := range []struct {
		name string
		part *contradictPart
	}{{"localization", l.Localization}, {"correction", l.Correction}} {
		if p.part == nil || p.part.OK == nil {
			continue
		}
		switch {
		case p.part.By == "stage-one" && !*p.part.OK:
			return p.name + ".ok", fmt.Sprintf("false, but %s.by is %q (an exact match is right)", p.name, p.part.By)
		case (p.part.By == EmptyAnswer || p.part.By == "missing") && *p.part.OK:
			return p.name + ".ok", fmt.Sprintf("true, but %s.by is %q (scored wrong)", p.name, p.part.By)
		}
	}
	if l.Joint == nil {
		return "", ""
	}
	var wrong []string
	for _, p := range parts {
		if p.v == nil {
			return "", "" // an older line: nothing to hold joint_ok against
		}
		if !*p.v {
			wrong = append(wrong, p.name)
		}
	}
	switch {
	case *l.Joint && len(wrong) > 0:
		return "joint_ok", fmt.Sprintf("true, but %s %s false (joint_ok is verdict_ok and category_ok and localization.ok and correction.ok)", strings.Join(wrong, ", "), map[bool]string{true: "is", false: "are"}[len(wrong) == 1])
	case !*l.Joint && len(wrong) == 0:
		return "joint_ok", "false, but verdict_ok, category_ok, localization.ok and correction.ok are all true"
	}
	return "", ""
}

func partOK(p *contradictPart) *bool {
	if p == nil {
		return nil
	}
	return p.OK
}
