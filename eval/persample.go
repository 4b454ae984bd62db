package eval

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/rxeval/rxeval/internal/jsonmsg"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/rxeval/rxeval/internal/textcut"
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
// run (gold, predictions, judge). A long text is escaped straight to w, not
// marshalled with its line: a 120 MB correction cost 600 MB of encoder
// buffers (issue 34.9).
func (d Document) WritePerSample(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	var line bytes.Buffer
	lineEnc := json.NewEncoder(&line)
	lineEnc.SetEscapeHTML(false)
	for i, o := range d.Outcomes {
		l := perSampleLine{Outcome: o}
		if i == 0 {
			l.Run = &RunInfo{Version: d.Version, Gold: d.Gold, GoldSHA256: d.GoldSHA256, GoldShape: d.GoldShape, Pred: d.Pred, Judge: d.Judge, UndecidedScoredAs: d.StageTwo.UndecidedScoredAs}
		}
		long := l.longTexts()
		if len(long) == 0 {
			if err := enc.Encode(l); err != nil {
				return err
			}
			continue
		}
		line.Reset()
		if err := lineEnc.Encode(l); err != nil {
			return err
		}
		if !marksOnce(line.Bytes(), long) {
			// A text of the line holds a mark (written on purpose): the
			// line is marshalled whole.
			if err := enc.Encode(perSampleLine{Outcome: o, Run: l.Run}); err != nil {
				return err
			}
			continue
		}
		if err := spliceTexts(w, line.Bytes(), long); err != nil {
			return err
		}
	}
	return nil
}

// longText is a text of a per-sample line written apart from its line:
// the line is marshalled with mark in its place.
type longText struct {
	mark, text string
}

// longTextMin is the length from which a text is written apart.
const longTextMin = 64 << 10

// longTexts puts a mark in place of each long text of the line (a string
// that no text holds: NUL bytes around a number, which no marshalled
// field writes but as \u0000) and returns them.
func (l *perSampleLine) longTexts() []longText {
	var long []longText
	swap := func(s *string) {
		if len(*s) < longTextMin {
			return
		}
		mark := fmt.Sprintf("\x00rxeval-text-%d\x00", len(long))
		long = append(long, longText{mark, *s})
		*s = mark
	}
	swapPtr := func(p **string) {
		if *p != nil && len(**p) >= longTextMin {
			s := **p
			swap(&s)
			*p = &s
		}
	}
	swap(&l.Informal)
	swap(&l.Formal)
	swapPtr(&l.GoldSegment)
	swapPtr(&l.GoldCorrection)
	swapPtr(&l.PredSegment)
	swapPtr(&l.PredCorrection)
	return long
}

// marksOnce reports whether each mark occurs once in the marshalled line.
func marksOnce(line []byte, long []longText) bool {
	for _, t := range long {
		if bytes.Count(line, markJSON(t.mark)) != 1 {
			return false
		}
	}
	return true
}

// markJSON is a mark as the line holds it, quotes included.
func markJSON(mark string) []byte {
	q, _ := json.Marshal(mark)
	return q
}

// spliceTexts writes the marshalled line with each mark replaced by its
// text, escaped as encoding/json escapes it (SetEscapeHTML(false)).
func spliceTexts(w io.Writer, line []byte, long []longText) error {
	for _, t := range long {
		q := markJSON(t.mark)
		i := bytes.Index(line, q)                      // once: marksOnce
		if _, err := w.Write(line[:i+1]); err != nil { // through the opening quote
			return err
		}
		if err := writeEscaped(w, t.text); err != nil {
			return err
		}
		line = line[i+len(q)-1:] // from the closing quote
	}
	_, err := w.Write(line)
	return err
}

// writeEscaped writes s as the inside of a JSON string, as encoding/json
// escapes it without HTML escaping, in pieces of at most 32 KB.
func writeEscaped(w io.Writer, s string) error {
	const hexDigits = "0123456789abcdef"
	buf := make([]byte, 0, 32<<10+16)
	flush := func() error {
		_, err := w.Write(buf)
		buf = buf[:0]
		return err
	}
	for i := 0; i < len(s); {
		if len(buf) >= 32<<10 {
			if err := flush(); err != nil {
				return err
			}
		}
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				buf = append(buf, '\\', c)
			case c >= 0x20:
				buf = append(buf, c)
			case c == '\n':
				buf = append(buf, '\\', 'n')
			case c == '\r':
				buf = append(buf, '\\', 'r')
			case c == '\t':
				buf = append(buf, '\\', 't')
			case c == '\b':
				buf = append(buf, '\\', 'b')
			case c == '\f':
				buf = append(buf, '\\', 'f')
			default:
				buf = append(buf, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			buf = append(buf, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			buf = append(buf, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			buf = append(buf, s[i:i+size]...)
		}
		i += size
	}
	return flush()
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
			return nil, nil, fmt.Errorf("line %d: %s %s", n+1, jsonmsg.Describe(err), PerSampleHint)
		}
		if l.Idx == "" {
			return nil, nil, fmt.Errorf("line %d: idx: missing %s", n+1, PerSampleHint)
		}
		if l.Run != nil && run == nil && len(outs) == 0 {
			run = l.Run // before the line's check, which holds it to the run's policy
		}
		if err := checkPerSampleLine(line, l.Idx, run); err != nil {
			return nil, nil, fmt.Errorf("line %d: %w", n+1, err)
		}
		var has struct {
			GoldMis *bool `json:"gold_misaligned"`
		}
		json.Unmarshal(line, &has) // decoded once above: no error here
		if seen[l.Idx] {
			return nil, nil, DuplicateIDError{fmt.Errorf("line %d: duplicate id: %s appears twice", n+1, textcut.Quote(l.Idx))}
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

// PerSampleHint ends every error about a per-sample line's shape.
const PerSampleHint = "(is this a file from rxeval score --per-sample?)"

// DuplicateIDError is a per-sample file with an id on two lines: a file
// of the right kind, one line too many (its callers say "duplicate id",
// not "not a per-sample file").
type DuplicateIDError struct{ error }

func (e DuplicateIDError) Unwrap() error { return e.error }

// EditedLineError is a per-sample line of the right shape that
// contradicts itself or its run, or names a judge or category rxeval never
// writes: a line edited by hand.
type EditedLineError struct{ error }

func (e EditedLineError) Unwrap() error { return e.error }

// perSampleCheck is what checkPerSampleLine reads of a line.
type perSampleCheck struct {
	VerdictOK    *bool     `json:"verdict_ok"`
	CategoryOK   *bool     `json:"category_ok"`
	Localization *partLine `json:"localization"`
	Correction   *partLine `json:"correction"`
	Joint        *bool     `json:"joint_ok"`
	GoldCategory *string   `json:"gold_category"`
}

type partLine struct {
	OK        *bool  `json:"ok"`
	By        string `json:"by"`
	Undecided bool   `json:"undecided"`
}

// outcomeRules are the "by" of a sub-task that no judge decided.
var outcomeRules = map[string]bool{"null-rule": true, "missing": true, EmptyAnswer: true, "stage-one": true, "undecided": true}

// judgeNames are the judges rxeval has whose names hold no ":" (a model
// judge is "ollama:MODEL", a threshold judge "ted:0.9").
var judgeNames = map[string]bool{"exact": true, "span": true, "lean-ast": true, "beq+": true}

// runJudge reports whether the run record names judge by: in its chain
// ("span+lean-ast") or among the judges that decided pairs.
func runJudge(run *RunInfo, by string) bool {
	if run == nil {
		return false
	}
	if c, ok := run.Judge["chain"].(string); ok && slices.Contains(strings.Split(c, "+"), by) {
		return true
	}
	d, ok := run.Judge["decided_by"].(map[string]any)
	_, named := d[by]
	return ok && named
}

// checkPerSampleLine is the one validation of a per-sample line, for every
// reader of per-sample files (report, study agree): the five outcomes are
// booleans, each "by" is an outcome rule or a judge rxeval has, the gold
// category is one of the 28, an undecided pair is scored as the run scores
// them, and the line does not contradict itself (Contradiction). run is
// the file's run record (nil: none).
func checkPerSampleLine(line []byte, idx string, run *RunInfo) error {
	var l perSampleCheck
	if err := json.Unmarshal(line, &l); err != nil {
		return fmt.Errorf("%s %s", jsonmsg.Describe(err), PerSampleHint)
	}
	part := func(p *partLine) *bool {
		if p == nil {
			return nil
		}
		return p.OK
	}
	for _, f := range []struct {
		name string
		v    *bool
	}{{"verdict_ok", l.VerdictOK}, {"category_ok", l.CategoryOK}, {"localization.ok", part(l.Localization)}, {"correction.ok", part(l.Correction)}, {"joint_ok", l.Joint}} {
		if f.v == nil {
			return fmt.Errorf("idx %s: field %q: missing or null (want true or false) %s", textcut.Quote(idx), f.name, PerSampleHint)
		}
	}
	for _, p := range []struct {
		name string
		part *partLine
	}{{"localization", l.Localization}, {"correction", l.Correction}} {
		by := p.part.By
		if by != "" && !outcomeRules[by] && !judgeNames[by] && !strings.Contains(by, ":") && !runJudge(run, by) {
			return EditedLineError{fmt.Errorf("idx %s: field %q: %s is no judge rxeval has (span, lean-ast, beq+, exact, a model judge KIND:MODEL, a threshold judge METRIC:T, a judge the run record names) nor an outcome rule (stage-one, null-rule, missing, empty-answer, undecided) (was the line edited by hand?)", textcut.Quote(idx), p.name+".by", textcut.Quote(by))}
		}
		if p.part.Undecided != (by == "undecided") && by != "" {
			return EditedLineError{fmt.Errorf("idx %s: field %q: undecided is %v, but %s.by is %s: the line contradicts itself (was it edited by hand?)", textcut.Quote(idx), p.name+".undecided", p.part.Undecided, p.name, textcut.Quote(by))}
		}
		if (by == "undecided" || p.part.Undecided) && *p.part.OK && run != nil && run.UndecidedScoredAs == "wrong" {
			return EditedLineError{fmt.Errorf("idx %s: field %q: true, but the pair is undecided and the run scored undecided pairs wrong (run.undecided_scored_as): the line contradicts its run (was it edited by hand?)", textcut.Quote(idx), p.name+".ok")}
		}
	}
	if l.GoldCategory != nil && *l.GoldCategory != "" {
		if _, ok := schema.Index(*l.GoldCategory); !ok {
			return EditedLineError{fmt.Errorf("idx %s: field \"gold_category\": %s is not one of the 28 SCI categories (was the line edited by hand?)", textcut.Quote(idx), textcut.Quote(*l.GoldCategory))}
		}
	}
	if field, why := Contradiction(line); field != "" {
		return EditedLineError{fmt.Errorf("idx %s: field %q: %s: the line contradicts itself (was it edited by hand?)", textcut.Quote(idx), field, why)}
	}
	return nil
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
