package eval

import (
	"sort"

	"github.com/rxeval/rxeval/schema"
)

// The bootstrap recomputes the figures thousands of times: figureTable
// holds each outcome in a few bytes, and liteFigures computes from it what
// compute does, in the same order of summation (so the same floats),
// without maps.

// byName is the 28 category indices in the order of their names, the order
// in which compute sums the per-class F1.
var byName = func() []int {
	idx := make([]int, len(schema.Categories))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return schema.Categories[idx[a]].Name < schema.Categories[idx[b]].Name })
	return idx
}()

type liteOutcome struct {
	gold, pred int8 // category index; -1 none, -2 not one of the 28
	flags      uint8
}

const (
	fGoldMis = 1 << iota
	fPredMis
	fCatOK
	fLoc
	fCorr
	fJoint
	fPredNeither
)

// figureTable returns the compact outcomes, or false when a gold category
// is not one of the 28 (compute handles that case).
func figureTable(outs []Outcome) ([]liteOutcome, bool) {
	t := make([]liteOutcome, len(outs))
	for i := range outs {
		o := &outs[i]
		l := liteOutcome{gold: -1, pred: -1}
		if o.GoldMisaligned {
			l.flags |= fGoldMis
			j, ok := schema.Index(o.GoldCategory)
			if !ok {
				return nil, false
			}
			l.gold = int8(j)
		}
		if o.PredCategory != "" || o.PredCategoryEmpty {
			l.pred = -2
			if j, ok := schema.Index(o.PredCategory); ok && o.PredKnown {
				l.pred = int8(j)
			}
		}
		for _, f := range []struct {
			on  bool
			bit uint8
		}{{o.PredMisaligned, fPredMis}, {o.CategoryOK, fCatOK}, {o.Localization.OK, fLoc}, {o.Correction.OK, fCorr}, {o.Joint, fJoint}, {o.PredNeither, fPredNeither}} {
			if f.on {
				l.flags |= f.bit
			}
		}
		t[i] = l
	}
	return t, true
}

// liteFigures computes the headline figures of the outcomes at idx, as compute.
func liteFigures(t []liteOutcome, idx []int) Metrics {
	var m Metrics
	var vtp, vfp, vfn, vtn, vnm, vna, joint, loc, corr int
	var track, multi [28][3]int // tp, fp, fn
	for _, i := range idx {
		o := t[i]
		m.N++
		gm, pm := o.flags&fGoldMis != 0, o.flags&fPredMis != 0
		switch {
		case o.flags&fPredNeither != 0 && gm:
			vnm++
		case o.flags&fPredNeither != 0:
			vna++
		case gm && pm:
			vtp++
		case gm:
			vfn++
		case pm:
			vfp++
		default:
			vtn++
		}
		switch {
		case gm:
			m.NMisaligned++
			if o.flags&fCatOK != 0 {
				track[o.gold][0]++
				multi[o.gold][0]++
			} else {
				track[o.gold][2]++
				multi[o.gold][2]++
				if pm && o.pred >= 0 {
					multi[o.pred][1]++
				}
			}
		default:
			m.NAligned++
			if o.pred >= 0 {
				track[o.pred][1]++
				multi[o.pred][1]++
			}
		}
		joint += int(o.flags&fJoint) / fJoint
		loc += int(o.flags&fLoc) / fLoc
		corr += int(o.flags&fCorr) / fCorr
	}
	if m.N == 0 {
		return m
	}
	n := float64(m.N)
	m.JointAccuracy, m.LocalizationAccuracy, m.CorrectionAccuracy = float64(joint)/n, float64(loc)/n, float64(corr)/n
	m.VerdictMacroF1 = verdictMacroF1(vtp, vfp, vfn, vtn, vnm, vna)
	macroOf := func(c *[28][3]int) float64 {
		sum, k := 0.0, 0
		for _, j := range byName {
			tp, fp, fn := c[j][0], c[j][1], c[j][2]
			if tp+fp+fn > 0 {
				sum += float64(2*tp) / float64(2*tp+fp+fn)
				k++
			}
		}
		if k == 0 {
			return 1
		}
		return sum / float64(k)
	}
	m.CategoryMacroF1, m.CategoryMacroF1Multiclass = macroOf(&track), macroOf(&multi)
	return m
}

// resampler computes the figures of resampled outcomes, by the compact
// table when it can.
func resampler(outs []Outcome) func(idx []int) Metrics {
	if t, ok := figureTable(outs); ok {
		return func(idx []int) Metrics { return liteFigures(t, idx) }
	}
	return func(idx []int) Metrics {
		m, _, _ := compute(outs, idx)
		return m
	}
}
