package eval

import (
	"encoding/csv"
	"fmt"
	"io"
	"sort"
	"strconv"

	"github.com/rxeval/rxeval/schema"
)

// VerdictCounts is the verdict's 2x2 table, misaligned positive, and each
// class's F1. A verdict of neither class (Neither*) counts against the
// gold class only, as in the verdict macro F1.
type VerdictCounts struct {
	TP                int `json:"tp"` // gold misaligned, predicted misaligned
	FP                int `json:"fp"` // gold aligned, predicted misaligned
	FN                int `json:"fn"` // gold misaligned, predicted aligned
	TN                int `json:"tn"` // gold aligned, predicted aligned
	NeitherMisaligned int `json:"neither_on_misaligned"`
	NeitherAligned    int `json:"neither_on_aligned"`
	// A class's F1, nil (JSON null) for a class with no TP, FP or FN:
	// it has none and is left out of the macro mean (docs/rules.md).
	MisalignedF1 *float64 `json:"misaligned_f1"`
	AlignedF1    *float64 `json:"aligned_f1"`
}

// TaskFigures are the sub-task figures over the gold-misaligned samples of
// an SCI group or category.
type TaskFigures struct {
	Samples int `json:"samples"`
	// CategoryF1 is the macro F1 over the group's categories that have a
	// TP, FP or FN (the track's table); nil when none has (groups only).
	CategoryF1           *float64 `json:"category_f1,omitempty"`
	LocalizationAccuracy float64  `json:"localization_accuracy"`
	CorrectionAccuracy   float64  `json:"correction_accuracy"`
	JointAccuracy        float64  `json:"joint_accuracy"`
}

// Breakdown is what a participant compares beyond the five figures: the
// verdict table, the figures per SCI group and per category, and the
// category confusion matrix (gold row, predicted column).
type Breakdown struct {
	Verdict    VerdictCounts             `json:"verdict"`
	Groups     map[string]TaskFigures    `json:"groups"`
	Categories map[string]TaskFigures    `json:"categories"`
	Confusion  map[string]map[string]int `json:"confusion"`
}

// Columns of the confusion matrix that are not categories.
const (
	ConfAligned = "aligned"
	ConfMissing = "(no prediction)"
	ConfNeither = "(verdict of neither class)"
	ConfNone    = "(no category)"
	ConfUnknown = "(not one of the 28)"
)

// classF1 is one class's F1, or nil for a class with no TP, FP or FN.
func classF1(tp, fp, fn int) *float64 {
	if tp+fp+fn == 0 {
		return nil
	}
	f := f1Of(tp, fp, fn)
	return &f
}

func f1Of(tp, fp, fn int) float64 {
	if tp+fp+fn == 0 {
		return 0
	}
	return 2 * float64(tp) / float64(2*tp+fp+fn)
}

// breakdown derives the Breakdown of outcomes; per is the track's
// per-category table of the same outcomes.
func breakdown(outs []Outcome, per map[string]ClassCounts) *Breakdown {
	b := &Breakdown{Groups: map[string]TaskFigures{}, Categories: map[string]TaskFigures{}, Confusion: map[string]map[string]int{}}
	v := &b.Verdict
	type acc struct{ n, loc, corr, joint int }
	groups, cats := map[string]*acc{}, map[string]*acc{}
	add := func(m map[string]*acc, k string, o *Outcome) {
		a := m[k]
		if a == nil {
			a = &acc{}
			m[k] = a
		}
		a.n++
		if o.Localization.OK {
			a.loc++
		}
		if o.Correction.OK {
			a.corr++
		}
		if o.Joint {
			a.joint++
		}
	}
	groupOf := map[string]string{}
	for _, c := range schema.Categories {
		groupOf[c.Name] = c.Group
	}
	for i := range outs {
		o := &outs[i]
		switch {
		case o.PredNeither && o.GoldMisaligned:
			v.NeitherMisaligned++
		case o.PredNeither:
			v.NeitherAligned++
		case o.GoldMisaligned && o.PredMisaligned:
			v.TP++
		case o.GoldMisaligned:
			v.FN++
		case o.PredMisaligned:
			v.FP++
		default:
			v.TN++
		}
		gold := ConfAligned
		if o.GoldMisaligned {
			gold = o.GoldCategory
			add(cats, o.GoldCategory, o)
			add(groups, groupOf[o.GoldCategory], o)
		}
		var pred string
		switch {
		case o.Missing:
			pred = ConfMissing
		case o.PredNeither:
			pred = ConfNeither
		case !o.PredMisaligned:
			pred = ConfAligned
		case o.PredKnown:
			pred = o.PredCategory
		case o.PredCategory != "" || o.PredCategoryEmpty:
			pred = ConfUnknown
		default:
			pred = ConfNone
		}
		if b.Confusion[gold] == nil {
			b.Confusion[gold] = map[string]int{}
		}
		b.Confusion[gold][pred]++
	}
	v.MisalignedF1 = classF1(v.TP, v.FP, v.FN+v.NeitherMisaligned)
	v.AlignedF1 = classF1(v.TN, v.FN, v.FP+v.NeitherAligned)
	fig := func(a *acc) TaskFigures {
		d := float64(a.n)
		return TaskFigures{Samples: a.n, LocalizationAccuracy: float64(a.loc) / d, CorrectionAccuracy: float64(a.corr) / d, JointAccuracy: float64(a.joint) / d}
	}
	for k, a := range cats {
		b.Categories[k] = fig(a)
	}
	for k, a := range groups {
		tf := fig(a)
		sum, n := 0.0, 0
		for c, cc := range per {
			if groupOf[c] == k && cc.TP+cc.FP+cc.FN > 0 {
				sum += cc.F1
				n++
			}
		}
		if n > 0 {
			m := sum / float64(n)
			tf.CategoryF1 = &m
		}
		b.Groups[k] = tf
	}
	return b
}

// WriteConfusionCSV writes the confusion matrix as gold,predicted,count
// rows (cells with a count only), sorted.
func (b *Breakdown) WriteConfusionCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"gold", "predicted", "count"})
	golds := make([]string, 0, len(b.Confusion))
	for g := range b.Confusion {
		golds = append(golds, g)
	}
	sort.Strings(golds)
	for _, g := range golds {
		preds := make([]string, 0, len(b.Confusion[g]))
		for p := range b.Confusion[g] {
			preds = append(preds, p)
		}
		sort.Strings(preds)
		for _, p := range preds {
			cw.Write([]string{g, p, strconv.Itoa(b.Confusion[g][p])})
		}
	}
	cw.Flush()
	return cw.Error()
}

// writeBreakdownText prints the verdict table and the figures per group.
func writeBreakdownText(w io.Writer, b *Breakdown) {
	v := b.Verdict
	fmt.Fprintf(w, "\nverdict (misaligned positive): TP %d  FP %d  FN %d  TN %d", v.TP, v.FP, v.FN, v.TN)
	if v.NeitherMisaligned+v.NeitherAligned > 0 {
		fmt.Fprintf(w, "  neither class %d", v.NeitherMisaligned+v.NeitherAligned)
	}
	// A class with no TP, FP or FN has no F1 (it is out of the macro
	// mean): "-", not 0.
	f := func(x *float64) string {
		if x == nil {
			return "-"
		}
		return fmt.Sprintf("%.4f", *x)
	}
	fmt.Fprintf(w, "; F1 misaligned %s, aligned %s\n", f(v.MisalignedF1), f(v.AlignedF1))
	if len(b.Groups) == 0 {
		return
	}
	fmt.Fprintf(w, "\n  %-24s %7s %11s %12s %10s %7s\n", "SCI group (gold)", "samples", "category F1", "localization", "correction", "joint")
	names := make([]string, 0, len(b.Groups))
	for g := range b.Groups {
		names = append(names, g)
	}
	sort.Strings(names)
	for _, g := range names {
		tf := b.Groups[g]
		cf := "-"
		if tf.CategoryF1 != nil {
			cf = fmt.Sprintf("%.4f", *tf.CategoryF1)
		}
		fmt.Fprintf(w, "  %-24s %7d %11s %12.4f %10.4f %7.4f\n", g, tf.Samples, cf, tf.LocalizationAccuracy, tf.CorrectionAccuracy, tf.JointAccuracy)
	}
}
