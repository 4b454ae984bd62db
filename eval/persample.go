package eval

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/rxeval/rxeval/internal/jsonmsg"
	"io"

	"github.com/rxeval/rxeval/schema"
)

// RunInfo describes the run behind a per-sample file; it rides on the
// file's first line (as "run") so that the file alone can be reported on.
type RunInfo struct {
	Version string `json:"rxeval_version,omitempty"`
	Gold    string `json:"gold"`
	// GoldSHA256 identifies the gold file's content (the JSONL bytes), so
	// that runs against different gold are told apart whatever its path.
	GoldSHA256 string    `json:"gold_sha256,omitempty"`
	GoldShape  GoldShape `json:"gold_shape"`
	Pred       string    `json:"predictions"`
	Judge      JudgeInfo `json:"judge,omitempty"`
	// UndecidedScoredAs is the run's --undecided policy (wrong or right).
	UndecidedScoredAs string `json:"undecided_scored_as,omitempty"`
}

// perSampleLine is one line of a per-sample file.
type perSampleLine struct {
	Outcome
	Run *RunInfo `json:"run,omitempty"`
}

// WritePerSample writes one JSON line per sample, each sub-task's outcome,
// what decided it and the texts behind it; the first line also carries the
// run (gold, predictions, judge).
func (d Document) WritePerSample(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i, o := range d.Outcomes {
		l := perSampleLine{Outcome: o}
		if i == 0 {
			l.Run = &RunInfo{Version: d.Version, Gold: d.Gold, GoldSHA256: d.GoldSHA256, GoldShape: d.GoldShape, Pred: d.Pred, Judge: d.Judge, UndecidedScoredAs: d.StageTwo.UndecidedScoredAs}
		}
		if err := enc.Encode(l); err != nil {
			return err
		}
	}
	return nil
}

// ParsePerSample reads a per-sample file written by WritePerSample (or an
// older one without texts or run). Errors name the line.
func ParsePerSample(data []byte) ([]Outcome, *RunInfo, error) {
	var outs []Outcome
	var run *RunInfo
	seen := map[string]bool{}
	for n, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var l perSampleLine
		if err := json.Unmarshal(line, &l); err != nil {
			return nil, nil, fmt.Errorf("line %d: %s (is this a file from rxeval score --per-sample?)", n+1, jsonmsg.Describe(err))
		}
		if l.Idx == "" {
			return nil, nil, fmt.Errorf("line %d: idx: missing (is this a file from rxeval score --per-sample?)", n+1)
		}
		var has struct {
			VerdictOK *bool `json:"verdict_ok"`
			Joint     *bool `json:"joint_ok"`
			GoldMis   *bool `json:"gold_misaligned"`
		}
		json.Unmarshal(line, &has) // decoded once above: no error here
		if has.VerdictOK == nil || has.Joint == nil {
			return nil, nil, fmt.Errorf("line %d: verdict_ok, joint_ok: missing (is this a file from rxeval score --per-sample?)", n+1)
		}
		if field, why := Contradiction(line); field != "" {
			return nil, nil, fmt.Errorf("line %d: idx %q: field %q: %s: the line contradicts itself (was it edited by hand?)", n+1, l.Idx, field, why)
		}
		if seen[l.Idx] {
			return nil, nil, fmt.Errorf("line %d: idx: %q appears twice", n+1, l.Idx)
		}
		seen[l.Idx] = true
		if l.Run != nil && run == nil {
			run = l.Run
		}
		if l.PredCategory != "" {
			_, l.PredKnown = schema.Index(l.PredCategory)
		}
		l.GoldKnown = has.GoldMis != nil
		outs = append(outs, l.Outcome)
	}
	if len(outs) == 0 {
		return nil, nil, fmt.Errorf("no samples")
	}
	return outs, run, nil
}

// PerSampleRun is the run record of a per-sample file (on its first line),
// nil when it has none (an older rxeval) or the line does not read.
func PerSampleRun(data []byte) *RunInfo {
	for _, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var l struct {
			Run *RunInfo `json:"run"`
		}
		if json.Unmarshal(line, &l) != nil {
			return nil
		}
		return l.Run
	}
	return nil
}

// GoldLabels are the gold labels per-sample lines record, by idx (lines
// that record none left out).
func GoldLabels(outs []Outcome) map[string]GoldLabel {
	m := make(map[string]GoldLabel, len(outs))
	for _, o := range outs {
		if o.GoldKnown {
			m[o.Idx] = GoldLabel{Misaligned: o.GoldMisaligned, Category: o.GoldCategory}
		}
	}
	return m
}

// FromOutcomes rebuilds a report from per-sample outcomes (a saved run):
// the figures, bounds, stage-two counts and, with opts.Bootstrap, the
// intervals. The judge's decisions are taken as recorded; opts.UndecidedRight
// gives the run's policy (also inferred from an undecided pair scored right).
func FromOutcomes(outs []Outcome, opts Options) *Report {
	rep := &Report{Outcomes: outs, StageTwo: StageTwo{StageOne: map[string]int{"localization": 0, "correction": 0}, Decided: map[string]int{},
		UndecidedByKind: map[string]int{"localization": 0, "correction": 0}, UndecidedScoredAs: "wrong"}}
	st := &rep.StageTwo
	if opts.UndecidedRight {
		st.UndecidedScoredAs = "right"
	}
	for i := range outs {
		o := &outs[i]
		if o.Missing {
			rep.Missing++
		}
		for _, f := range []struct {
			kind string
			fo   FieldOutcome
		}{{"localization", o.Localization}, {"correction", o.Correction}} {
			switch {
			case f.fo.By == "null-rule" || f.fo.By == "missing" || f.fo.By == EmptyAnswer || f.fo.By == "":
			case f.fo.By == "stage-one":
				st.StageOne[f.kind]++
			case f.fo.Undecided || f.fo.By == "undecided":
				st.Pairs++
				st.Undecided++
				st.UndecidedByKind[f.kind]++
				if f.fo.JudgeFailed {
					st.JudgeFailed++
				}
				if f.fo.OK {
					st.UndecidedScoredAs = "right"
				}
			default:
				st.Pairs++
				st.Decided[f.fo.By]++
			}
		}
	}
	finish(rep, opts)
	return rep
}

// subTaskOK says whether o is right on a sub-task ("joint" for all).
func subTaskOK(o *Outcome, task string) bool {
	switch task {
	case "verdict":
		return o.VerdictOK
	case "category":
		return o.CategoryOK
	case "localization":
		return o.Localization.OK
	case "correction":
		return o.Correction.OK
	}
	return o.Joint
}
