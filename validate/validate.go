package validate

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/rxeval/rxeval/internal/arena"
	"github.com/rxeval/rxeval/schema"
	"github.com/xeipuuv/gojsonschema"
)

// Options tune a validation.
type Options struct {
	// Expected is the set of ids the file must cover; nil means the
	// official formalrx_0001..formalrx_7030.
	Expected *IDSet
	// Exhaustive runs the JSON Schema on every row instead of only on rows
	// the fast path does not accept.
	Exhaustive bool
	// Strict turns warnings into errors.
	Strict bool
	// Lenient turns the penalised problems (Code.Penalised: a filled field
	// on an aligned row, a category outside the 28, a verdict or category
	// in a spelling the rules do not use) from errors into warnings: the
	// server accepts such rows and scores the sub-task as wrong.
	Lenient bool
	// KeepRows fills Report.Parsed (the scorer needs it; validation alone
	// does not, and is faster without).
	KeepRows bool
	// MaxDetails keeps the details of at most that many errors and as many
	// warnings (0: all); every problem is counted whatever the limit, so a
	// file of a million bad lines costs counts, not a million messages.
	MaxDetails int
	// Ignore lists codes that are neither counted nor kept: fix, which does
	// not check ids, ignores missing and unknown ids so that they use up
	// none of the MaxDetails slots.
	Ignore []Code
	// AliasRows lets the kept rows share memory with the Source instead of
	// copying it: faster, but the rows are valid only until Source.Close.
	// Strings that needed unescaping come from Arena when it is set.
	AliasRows bool
	Arena     *arena.Arena
}

// IDSummary counts ids of one kind and shows the first few.
type IDSummary struct {
	Count    int      `json:"count"`
	Examples []string `json:"examples"`
}

const maxExamples = 5

func (s *IDSummary) add(id string) {
	s.Count++
	if len(s.Examples) < maxExamples {
		s.Examples = append(s.Examples, id)
	}
}

// Report is the outcome of validating one file.
type Report struct {
	File  string `json:"file"`
	Valid bool   `json:"valid"`
	Rows  int    `json:"rows"`
	// Errors and Warnings hold the problems in line order: all of them, or
	// the first Options.MaxDetails of each. The counts are never cut.
	Errors       []Problem `json:"errors"`
	Warnings     []Problem `json:"warnings"`
	ErrorCount   int       `json:"error_count"`
	WarningCount int       `json:"warning_count"`
	// errorCodes counts the errors by code.
	errorCodes map[Code]int
	Missing    IDSummary `json:"missing_ids"`
	Duplicate  IDSummary `json:"duplicate_ids"`
	Unknown    IDSummary `json:"unknown_ids"`
	// Parsed holds the well-formed rows, in file order, first occurrence
	// of each id only; rows with rejected problems are left out. Filled
	// only with Options.KeepRows.
	Parsed []Row `json:"-"`
	// FastRows counts rows the fast path accepted without the schema.
	FastRows int `json:"-"`
}

// Rejected reports whether the official server would refuse the file (as
// opposed to scoring it with penalties).
func (r *Report) Rejected() bool {
	for c, n := range r.errorCodes {
		if n > 0 && c.Rejected() {
			return true
		}
	}
	return false
}

// ErrorCounts returns the number of errors of each code whose Rejected
// method equals rejected, as "code: n" sorted by code.
func (r *Report) ErrorCounts(rejected bool) []string {
	var out []string
	for c, n := range r.errorCodes {
		if n > 0 && c.Rejected() == rejected {
			out = append(out, fmt.Sprintf("%s: %d", c, n))
		}
	}
	sort.Strings(out)
	return out
}

// Truncated reports whether problems were counted but not kept in detail.
func (r *Report) Truncated() bool {
	return len(r.Errors) < r.ErrorCount || len(r.Warnings) < r.WarningCount
}

// Without returns a copy of the report without the problems of the given
// codes (the caller accounts for them another way).
func (r *Report) Without(codes ...Code) *Report {
	drop := map[Code]bool{}
	for _, c := range codes {
		drop[c] = true
	}
	cp := *r
	count := func(ps []Problem) (n int) {
		for _, p := range ps {
			if drop[p.Code] {
				n++
			}
		}
		return n
	}
	keep := func(ps []Problem) []Problem {
		out := []Problem{}
		for _, p := range ps {
			if !drop[p.Code] {
				out = append(out, p)
			}
		}
		return out
	}
	cp.errorCodes = map[Code]int{}
	for c, n := range r.errorCodes {
		if drop[c] {
			cp.ErrorCount -= n
		} else {
			cp.errorCodes[c] = n
		}
	}
	// Dropped warnings: only those kept in detail can be subtracted; the
	// codes callers drop are errors, or few.
	cp.WarningCount -= count(r.Warnings)
	cp.Errors, cp.Warnings = keep(r.Errors), keep(r.Warnings)
	cp.Valid = cp.ErrorCount == 0
	return &cp
}

// Validator validates prediction files. It is safe for concurrent use.
type Validator struct {
	schema *gojsonschema.Schema
}

// New returns a Validator with the embedded prediction schema.
func New() (*Validator, error) {
	s, err := schema.Prediction()
	if err != nil {
		return nil, err
	}
	return &Validator{schema: s}, nil
}

type validator struct {
	*Validator
	opts   Options
	report *Report
	// The line where each id was first seen: expected ids by position,
	// others by name.
	seenAt    []int32
	seenOther map[string]int
	bufs      []*strBuf // one unescaping buffer per pre-pass worker
}

// Validate checks the JSONL held by src. It never fails: every problem
// lands in the report, which shares no memory with src.Data (unless
// Options.AliasRows).
func (v *Validator) Validate(src *Source, opts Options) *Report {
	if opts.Expected == nil {
		opts.Expected = officialIDs()
	}
	rep := &Report{File: src.Name, Errors: []Problem{}, Warnings: []Problem{}, Missing: IDSummary{Examples: []string{}}, Duplicate: IDSummary{Examples: []string{}}, Unknown: IDSummary{Examples: []string{}}}
	w := &validator{Validator: v, opts: opts, report: rep, seenAt: make([]int32, opts.Expected.Len()), seenOther: map[string]int{}}
	w.keep(src.Problems...)
	if p, ok := diagnoseFile(src.Data); ok && src.Data != nil {
		// One diagnosis for the whole file instead of a cascade per line
		// (and no missing ids: nothing of the file was read as rows).
		w.keep(p)
	} else if src.Data != nil {
		w.lines(src.Data)
		for i, id := range opts.Expected.IDs() {
			if w.seenAt[i] == 0 {
				rep.Missing.add(id)
			}
		}
		// Hints of unknown ids, once every line is read: only a missing
		// id is suggested (one used later in the file too is not).
		used := func(id string) bool { i, ok := opts.Expected.Pos(id); return ok && w.seenAt[i] != 0 }
		for _, ps := range [][]Problem{rep.Errors, rep.Warnings} {
			for i := range ps {
				if ps[i].Code == CodeUnknownID {
					ps[i].Hint = opts.Expected.idHint(ps[i].Idx, used, rep.Missing.Examples)
				}
			}
		}
		if rep.Missing.Count > 0 {
			w.keep(Problem{Code: CodeMissingID,
				Message: fmt.Sprintf("%d of %d expected ids %s missing (first: %s)", rep.Missing.Count, opts.Expected.Len(), map[bool]string{true: "is", false: "are"}[rep.Missing.Count == 1], strings.Join(quotedIDs(rep.Missing.Examples), ", ")),
				Hint:    missingHint(rep, opts.Expected)})
		}
	}
	for _, ps := range [][]Problem{rep.Errors, rep.Warnings} {
		sort.SliceStable(ps, func(i, j int) bool {
			if ps[i].Line != ps[j].Line {
				return ps[i].Line < ps[j].Line
			}
			return fieldRank(ps[i].Field) < fieldRank(ps[j].Field)
		})
	}
	rep.Valid = rep.ErrorCount == 0
	return rep
}

// keep counts problems and keeps the details of the first MaxDetails of
// each severity (whole-file problems always), with long texts cut.
func (w *validator) keep(ps ...Problem) {
	rep, max := w.report, w.opts.MaxDetails
	for _, p := range ps {
		if slices.Contains(w.opts.Ignore, p.Code) {
			continue
		}
		fileLevel := p.Line == 0 || p.Code == CodeCRLF || p.Code == CodeBOM
		if w.opts.isWarning(p.Code) {
			rep.WarningCount++
			if max <= 0 || len(rep.Warnings) < max || fileLevel {
				rep.Warnings = append(rep.Warnings, p.clipped())
			}
			continue
		}
		rep.ErrorCount++
		if rep.errorCodes == nil {
			rep.errorCodes = map[Code]int{}
		}
		rep.errorCodes[p.Code]++
		if max <= 0 || len(rep.Errors) < max || fileLevel {
			rep.Errors = append(rep.Errors, p.clipped())
		}
	}
}

// Add records problems found after Validate (by Lean, say) as Validate
// would have: counted, listed up to opts.MaxDetails, warnings or errors by
// opts (--strict), and the report's validity updated.
func (r *Report) Add(opts Options, ps ...Problem) {
	w := &validator{opts: opts, report: r}
	w.keep(ps...)
	r.Valid = r.ErrorCount == 0
}

// isWarning says whether a problem of this code is a warning under opts.
func (o Options) isWarning(c Code) bool {
	if o.Strict {
		return false
	}
	return c.warning() || (o.Lenient && c.Penalised())
}

// officialIDs is built on first use, not at start-up.
var officialIDs = sync.OnceValue(OfficialIDs)

func missingHint(rep *Report, exp *IDSet) string {
	if rep.Rows > 0 && rep.Rows < exp.Len() && exp == officialIDs() {
		return "every one of the 7,030 test ids must appear; to check a subset pass --inputs or --ids"
	}
	return ""
}

// span is one non-blank line of the file.
type span struct {
	no   int
	text string // shares the file's memory
	// Set by the parallel pre-pass for lines the fast path accepts.
	utf8  bool
	fast  bool
	idx   string
	row   *Row // only with Options.KeepRows
	probs []Problem
}

// lines splits data into lines and checks each.
func (w *validator) lines(data []byte) {
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		data = data[3:]
		w.keep(Problem{Line: 1, Code: CodeBOM, Message: "file starts with a UTF-8 byte order mark; it is ignored", Hint: "save as UTF-8 without BOM"})
	}
	// The file as a string without a copy. Nothing of it outlives
	// Validate: kept rows and problems hold copies.
	text := unsafe.String(unsafe.SliceData(data), len(data))
	crlf, firstCRLF := 0, 0
	// Blank lines before the current one: always a run of consecutive
	// lines, so a start and a count (a file of newlines costs nothing).
	blankFrom, blanks := 0, 0
	var probs []Problem
	// Lines go through in chunks so that the pre-pass's state stays small.
	const chunk = 1024
	spans := make([]span, 0, chunk)
	flush := func() {
		w.prepass(spans)
		for i := range spans {
			probs = w.line(&spans[i], probs[:0])
			w.keep(probs...)
		}
		clear(spans)
		spans = spans[:0]
	}
	lineNo := 0
	for len(text) > 0 {
		lineNo++
		var line string
		ended := true // by an LF
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			line, text, ended = text, "", false
		}
		if n := len(line); n > 0 && line[n-1] == '\r' && !ended {
			// The last line ends in a CR no LF follows: no CRLF.
			line = line[:n-1]
			what := "the last line ends in a lone CR (no LF after it); the CR is ignored"
			code := CodeCRLF
			if len(strings.TrimSpace(line)) == 0 {
				what, code = "a lone CR (no LF after it) after the last line end: a blank line, skipped", CodeBlankLine
			}
			w.keep(Problem{Line: lineNo, Code: code, Message: what, Hint: "remove it (rxeval fix FILE -o FIXED.jsonl does)"})
		} else if n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
			if crlf == 0 {
				firstCRLF = lineNo
			}
			crlf++
		}
		if col, ok := crBetweenRows(line); ok {
			// A classic Mac line end inside an LF file: one line for every
			// reader, the track's server too.
			w.keep(Problem{Line: lineNo, Code: CodeCROnly, Message: fmt.Sprintf("a lone CR (a line end without LF, as classic Mac OS wrote them) at byte column %d joins two rows: readers take them as one line, which is not valid JSON", col), Hint: `make it a line end: rxeval fix FILE -o FIXED.jsonl (or tr '\r' '\n' < FILE > FIXED.jsonl)`})
			blanks = 0
			continue
		}
		if len(strings.TrimSpace(line)) == 0 {
			if blanks == 0 {
				blankFrom = lineNo
			}
			blanks++
			continue
		}
		for b := range blanks {
			w.keep(Problem{Line: blankFrom + b, Code: CodeBlankLine, Message: "blank line is skipped"})
		}
		blanks = 0
		spans = append(spans, span{no: lineNo, text: line})
		if len(spans) == chunk {
			flush()
		}
	}
	flush()
	if crlf > 0 {
		w.keep(Problem{Line: firstCRLF, Code: CodeCRLF, Message: fmt.Sprintf("%s in CRLF; the CR is ignored", map[bool]string{true: "1 line ends", false: fmt.Sprint(crlf) + " lines end"}[crlf == 1]), Hint: "use Unix (LF) line endings"})
	}
	if w.report.Rows == 0 {
		w.keep(Problem{Code: CodeEmptyFile, Message: "the file holds no rows"})
	}
}

// prepass checks UTF-8, runs the fast path and the per-row rules on every
// line, spread over the machine's cores. It touches only the spans.
func (w *validator) prepass(spans []span) {
	work := func(part []span, sb *strBuf) {
		for i := range part {
			s := &part[i]
			// The fast path checks UTF-8 as it goes; a line it does not
			// accept is checked whole before the slow path reads it.
			var row Row
			ok := false
			if !w.opts.Exhaustive {
				row, ok = fastRow(s.text, sb)
			}
			if !ok {
				s.utf8 = utf8.ValidString(s.text)
				continue
			}
			s.utf8 = true
			row.Line = s.no
			if !within(row.Idx, s.text) {
				// Unescaped into sb's scratch, which the next row reuses:
				// the id outlives this row (the whole file's id rules).
				row.Idx = strings.Clone(row.Idx)
			}
			s.fast, s.idx = true, row.Idx
			s.probs = w.checkRow(&row, nil)
			if w.opts.KeepRows {
				kept := row
				if !w.opts.AliasRows {
					kept.own()
				}
				s.row = &kept
			}
		}
	}
	n := min(runtime.GOMAXPROCS(0), len(spans)/256+1)
	for len(w.bufs) < n {
		sb := &strBuf{scratch: make([]byte, 0, 64<<10)}
		if w.opts.KeepRows && w.opts.AliasRows {
			sb.alloc = func(n int) []byte { return make([]byte, n) }
			if w.opts.Arena != nil {
				sb.alloc = w.opts.Arena.Alloc
			}
		}
		w.bufs = append(w.bufs, sb)
	}
	if n <= 1 {
		work(spans, w.bufs[0])
		return
	}
	var wg sync.WaitGroup
	size := (len(spans) + n - 1) / n
	for k, lo := 0, 0; lo < len(spans); k, lo = k+1, lo+size {
		part, sb := spans[lo:min(lo+size, len(spans))], w.bufs[k]
		wg.Go(func() { work(part, sb) })
	}
	wg.Wait()
}

// line finishes one non-blank line after the pre-pass: the slow path if
// the fast one did not accept it, then the id rules, which need the whole
// file's state.
func (w *validator) line(s *span, probs []Problem) []Problem {
	w.report.Rows++
	lineNo := s.no
	if !s.utf8 {
		b := []byte(s.text)
		col := 0
		for col < len(b) {
			r, size := utf8.DecodeRune(b[col:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			col += size
		}
		return append(probs, Problem{Line: lineNo, Code: CodeNotUTF8, Message: fmt.Sprintf("invalid UTF-8 at byte column %d", col+1), Hint: "prediction files must be UTF-8"})
	}
	idx, row, rowProbs := s.idx, s.row, s.probs
	if s.fast {
		w.report.FastRows++
	} else {
		// The line's bytes in place, read only: a copy was one more row's
		// worth of memory (a 100 MB row).
		line := unsafe.Slice(unsafe.StringData(s.text), len(s.text))
		r, slowProbs, ok := w.slowRow(line, lineNo)
		probs = append(probs, slowProbs...)
		if !ok {
			// Count the id even on a broken row, so it is not also reported missing.
			if id, found := idOf(line); found {
				probs, _ = w.checkID(id, s.text, lineNo, probs)
			}
			return probs
		}
		r.Line = lineNo
		idx, rowProbs = r.Idx, w.checkRow(&r, nil)
		row = &r
	}
	for i := range rowProbs {
		rowProbs[i].Idx = strings.Clone(rowProbs[i].Idx)
	}
	probs = append(probs, rowProbs...)
	probs, first := w.checkID(idx, s.text, lineNo, probs)
	if first && w.opts.KeepRows {
		w.report.Parsed = append(w.report.Parsed, *row)
	}
	return probs
}

// within reports whether s shares memory with base (is a substring of it
// in place, not a copy).
func within(s, base string) bool {
	if len(s) == 0 {
		return true
	}
	p, b := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(base)))
	return p >= b && p+uintptr(len(s)) <= b+uintptr(len(base))
}

// idOf pulls a string idx out of a line that is JSON but failed the schema.
func idOf(line []byte) (string, bool) {
	var r struct {
		Idx any `json:"idx"`
	}
	if err := jsonUnmarshal(line, &r); err != nil {
		return "", false
	}
	s, ok := r.Idx.(string)
	return s, ok && s != ""
}

// checkID records id (read from line) and reports a duplicate or unknown
// one, shown as written when decoding changed it (idAsWritten). first is
// false for a duplicate.
func (w *validator) checkID(id, line string, lineNo int, probs []Problem) ([]Problem, bool) {
	pos, expected := w.opts.Expected.Pos(id)
	prev, dup := w.seenOther[id]
	if expected {
		prev, dup = int(w.seenAt[pos]), w.seenAt[pos] != 0
	}
	if dup {
		shown, q, note := idAsWritten(id, line)
		w.report.Duplicate.add(shown)
		return append(probs, Problem{Line: lineNo, Idx: shown, Field: schema.FieldIdx, Code: CodeDuplicateID, Message: fmt.Sprintf("id %s already appeared on line %d%s", q, prev, note), Hint: "each id must appear exactly once"}), false
	}
	if expected {
		w.seenAt[pos] = int32(lineNo)
		return probs, true
	}
	id = strings.Clone(id)
	w.seenOther[id] = lineNo
	shown, q, note := idAsWritten(id, line)
	w.report.Unknown.add(shown)
	return append(probs, Problem{Line: lineNo, Idx: shown, Field: schema.FieldIdx, Code: CodeUnknownID, Message: fmt.Sprintf("id %s is not an expected test id%s", q, note)}), true
}

// checkRow applies the rules a schema cannot express to a well-formed row.
func (w *validator) checkRow(r *Row, probs []Problem) []Problem {
	add := func(field string, code Code, msg, hint string) {
		probs = append(probs, Problem{Line: r.Line, Idx: r.Idx, Field: field, Code: code, Message: msg, Hint: hint})
	}
	if !r.VerdictCanonical() {
		add(schema.FieldVerdict, CodeVerdictCase, fmt.Sprintf("verdict %q is not %q as the rules write it; it scores as a wrong verdict", r.Verdict, r.CanonicalVerdict()), "write it in lower case without spaces (rxeval fix rewrites it)")
	}
	w.resolveCategory(r, add)
	if !r.Misaligned {
		return probs
	}
	fields := []struct {
		name string
		v    Value
	}{{schema.FieldErrorCategory, r.Category}, {schema.FieldErrorSegment, r.Segment}, {schema.FieldCorrectedStatement, r.Corrected}}
	for _, f := range fields {
		switch {
		case f.v.Null:
			add(f.name, CodeNullOnMisaligned, "is null on a misaligned row; this sub-task scores 0", "")
		case strings.TrimSpace(f.v.S) == "":
			add(f.name, CodeEmptyString, "is an empty string on a misaligned row; this sub-task scores 0", "")
		}
	}
	if st, ok := w.opts.Expected.Statements[r.Idx]; ok && st != "" {
		if !r.Segment.Null && r.Segment.S != "" && !strings.Contains(st, r.Segment.S) {
			add(schema.FieldErrorSegment, CodeSegmentNotFound, "does not occur in the sample's formal_statement", "the judge may still accept it; an exact fragment is safest")
		}
		if !r.Corrected.Null && strings.TrimSpace(r.Corrected.S) == strings.TrimSpace(st) {
			add(schema.FieldCorrectedStatement, CodeUnchangedCorrection, "is the original formal_statement unchanged", "")
		}
	}
	return probs
}

// resolveCategory sets the row's category names and reports a category
// that is not written as the rules write it. It runs on aligned rows too: a
// category there is a false positive for the class it names.
func (w *validator) resolveCategory(r *Row, add func(field string, code Code, msg, hint string)) {
	if r.Category.Null || r.Category.S == "" {
		return
	}
	c, m := schema.Lookup(r.Category.S)
	switch m {
	case schema.Canonical, schema.Alternate:
		r.CategoryName, r.CategoryMeant = c.Name, c.Name
	case schema.Normalized:
		r.CategoryMeant = c.Name
		add(schema.FieldErrorCategory, CodeNoncanonicalCategory, fmt.Sprintf("%q is not written as the rules write it (%s %q); it scores as a wrong category", r.Category.S, c.Code, c.Name), fmt.Sprintf("write %q (rxeval fix rewrites it)", c.Name))
	default:
		add(schema.FieldErrorCategory, CodeUnknownCategory, fmt.Sprintf("%q is not one of the 28 SCI categories: an error; rxeval score still scores the row, with a wrong category", r.Category.S), schema.CategoryHint(r.Category.S))
	}
}

// fieldRank orders problems of one line by the field order of a row;
// unknown fields sort last by name.
func fieldRank(f string) int {
	if i := fieldIndex(f); i >= 0 {
		return i
	}
	if f == "" {
		return -1
	}
	return len(schema.Fields)
}

// quotedIDs quotes the ids that would read ambiguously in a list (white
// space, a comma, a #, a control or invisible character).
func quotedIDs(ids []string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id
		if id == "" || strings.ContainsFunc(id, func(r rune) bool {
			return unicode.IsSpace(r) || unicode.IsControl(r) || r == ',' || r == '#' || r == '\ufeff' || !unicode.IsPrint(r)
		}) {
			out[i] = strconv.Quote(id)
		}
	}
	return out
}
