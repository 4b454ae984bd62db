package eval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/rxeval/rxeval/internal/arena"
	"github.com/rxeval/rxeval/internal/textcut"
	"github.com/rxeval/rxeval/schema"
)

// Text is a string-or-null field; "N/A" is null.
type Text struct {
	S    string
	Null bool
}

// Gold is one labelled sample.
type Gold struct {
	Idx        string
	Misaligned bool
	Category   string // canonical name; "" when aligned
	Segment    Text
	Corrected  Text
	// Context for the judges, when known.
	FormalStatement, Header, Informal string
}

// Pred is one prediction row as the scorer reads it.
type Pred struct {
	Idx        string
	Misaligned bool
	// VerdictNoncanonical is set when the verdict was not written exactly
	// "aligned" or "misaligned" ("Aligned", " misaligned"): the server
	// compares strings as written, so it scores as a wrong verdict.
	VerdictNoncanonical bool
	// VerdictAsWritten is the verdict's string when it is not canonical.
	VerdictAsWritten string
	// Category as written, and the canonical category it names ("" when it
	// names none of the 28 or is null).
	Category     Text
	CategoryName string
	Segment      Text
	Corrected    Text
}

// GoldShape says how a gold file was written.
type GoldShape string

const (
	// Labelled is the official shape: idx plus diagnosis{aligned,
	// error_type, error_location, corrected_statement}.
	Labelled GoldShape = "labelled"
	// Flat is the prediction shape: idx, verdict, error_category, ...
	Flat GoldShape = "flat"
)

// field is a string-or-null JSON value that remembers whether it was
// present at all. It decodes from the input without copying it.
type field struct {
	set  bool
	null bool
	s    string
}

func (f *field) UnmarshalJSON(b []byte) error {
	f.set = true
	if string(b) == "null" {
		f.null = true
		return nil
	}
	if err := json.Unmarshal(b, &f.s); err != nil {
		// A type error, so that encoding/json adds the field's path
		// ("diagnosis.aligned") for the message.
		return &json.UnmarshalTypeError{Value: fmt.Sprintf("%.40s", b), Type: fieldType}
	}
	return nil
}

// fieldType marks the type errors of a string-or-null field.
var fieldType = reflect.TypeFor[field]()

// goldRow is either shape of a gold row.
type goldRow struct {
	Idx                field      `json:"idx"`
	FormalStatement    field      `json:"formal_statement"`
	Header             field      `json:"header"`
	Informal           field      `json:"informal_statement"`
	Diagnosis          *diagnosis `json:"diagnosis"`
	Verdict            field      `json:"verdict"`
	ErrorCategory      field      `json:"error_category"`
	ErrorSegment       field      `json:"error_segment"`
	CorrectedStatement field      `json:"corrected_statement"`
}

// alignedField is the diagnosis' "aligned": "Aligned"/"Misaligned", or a
// boolean (true = aligned).
type alignedField struct{ field }

func (f *alignedField) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case "true":
		f.field = field{set: true, s: "Aligned"}
		return nil
	case "false":
		f.field = field{set: true, s: "Misaligned"}
		return nil
	}
	return f.field.UnmarshalJSON(b)
}

type diagnosis struct {
	Aligned            alignedField `json:"aligned"`
	ErrorType          field        `json:"error_type"`
	ErrorLocation      field        `json:"error_location"`
	CorrectedStatement field        `json:"corrected_statement"`
}

// GoldWarning is a gold row read, but not as the rules write gold: a
// filled field on an aligned sample (ignored), an "N/A" or empty field on a
// misaligned one, a category or verdict spelled otherwise than the rules
// do (read as the category or verdict it names). Errors, by contrast, leave
// the truth in doubt and refuse the file.
type GoldWarning struct {
	Line  int    `json:"line"`
	Idx   string `json:"idx"`
	Field string `json:"field"` // as written: "diagnosis.error_type", "error_category"
	Code  string `json:"code"`
	Msg   string `json:"message"`
}

func (w GoldWarning) String() string {
	return fmt.Sprintf("%d: %s: %s: %s [%s]", w.Line, w.Idx, w.Field, w.Msg, w.Code)
}

// The codes of GoldWarning.
const (
	GoldFilledOnAligned      = "gold_filled_on_aligned"
	GoldNullOnMisaligned     = "gold_null_on_misaligned"
	GoldEmptyString          = "gold_empty_string"
	GoldNoncanonicalCategory = "gold_noncanonical_category"
	GoldNoncanonicalVerdict  = "gold_noncanonical_verdict"
)

// ParseGold reads a gold JSONL file in either shape (detected from the
// first row; every row must have the same shape). The rows share memory
// with data: it must not change while they are in use. It drops the
// warnings: ParseGoldWarn returns them.
func ParseGold(data []byte) ([]Gold, GoldShape, error) { return ParseGoldIn(data, nil) }

// ParseGoldIn is ParseGold with the unescaped strings placed in an arena
// (nil: the heap).
func ParseGoldIn(data []byte, a *arena.Arena) ([]Gold, GoldShape, error) {
	gold, shape, _, err := ParseGoldWarn(data, a)
	return gold, shape, err
}

// ParseGoldWarn is ParseGoldIn with the warnings on the rows read, in
// file order.
func ParseGoldWarn(data []byte, a *arena.Arena) ([]Gold, GoldShape, []GoldWarning, error) {
	var alloc func(int) []byte
	if a != nil {
		alloc = a.Alloc
	}
	return parseGoldWarn(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), alloc, runtime.GOMAXPROCS(0))
}

// parseGold reads rows in parallel, in at most n parts cut at line ends;
// the parts are then joined in file order, so the shape rule, the
// duplicate rule and the first error reported are those of one pass from
// the top (TestParseGoldParts).
func parseGold(data []byte, alloc func(int) []byte, n int) ([]Gold, GoldShape, error) {
	gold, shape, _, err := parseGoldWarn(data, alloc, n)
	return gold, shape, err
}

func parseGoldWarn(data []byte, alloc func(int) []byte, n int) ([]Gold, GoldShape, []GoldWarning, error) {
	parts := splitLines(data, n)
	read := make([]goldPart, len(parts))
	var wg sync.WaitGroup
	for k := range parts {
		wg.Go(func() { read[k] = readGoldPart(parts[k], alloc) })
	}
	wg.Wait()
	rows := 0
	for _, r := range read {
		rows += len(r.rows)
	}
	out := make([]Gold, 0, rows)
	var shape GoldShape
	var warns []GoldWarning
	seen := make(map[string]int, rows)
	for _, r := range read {
		for _, row := range r.rows {
			if shape == "" {
				shape = row.shape
			} else if row.shape != shape {
				return nil, "", nil, fmt.Errorf("line %d: a %s row in a %s file", row.line, row.shape, shape)
			}
			if prev, dup := seen[row.g.Idx]; dup {
				return nil, "", nil, fmt.Errorf("line %d: id %q already on line %d", row.line, row.g.Idx, prev)
			}
			seen[row.g.Idx] = row.line
			out = append(out, row.g)
		}
		warns = append(warns, r.warns...)
		if r.err != nil {
			if r.errShape != "" && shape != "" && r.errShape != shape {
				return nil, "", nil, fmt.Errorf("line %d: a %s row in a %s file", r.errLine, r.errShape, shape)
			}
			return nil, "", nil, r.err
		}
	}
	if len(out) == 0 {
		return nil, "", nil, fmt.Errorf("no rows")
	}
	return out, shape, warns, nil
}

// linePart is a run of whole lines of a file, the first being line first.
type linePart struct {
	data  []byte
	first int
}

// minSplit is the smallest file read in parts: below it, one goroutine.
var minSplit = 1 << 20

// splitLines cuts data into at most n parts at line ends.
func splitLines(data []byte, n int) []linePart {
	if len(data) < minSplit || n < 2 {
		return []linePart{{data, 1}}
	}
	var parts []linePart
	line := 1
	for len(data) > 0 {
		cut := len(data)
		if len(parts) < n-1 {
			if i := bytes.IndexByte(data[min(len(data), len(data)/(n-len(parts))):], '\n'); i >= 0 {
				cut = len(data)/(n-len(parts)) + i + 1
			}
		}
		parts = append(parts, linePart{data[:cut], line})
		line += bytes.Count(data[:cut], []byte("\n"))
		data = data[cut:]
	}
	return parts
}

// goldPart is what one part's lines gave: rows up to the first error,
// and the shape and line of the row that failed, if it was read that far.
type goldPart struct {
	rows     []goldLine
	warns    []GoldWarning
	err      error
	errShape GoldShape
	errLine  int
}

type goldLine struct {
	g     Gold
	line  int
	shape GoldShape
}

// readGoldPart reads the rows of one part, each in the shape it has (the
// join checks that they agree), stopping at the first error.
func readGoldPart(part linePart, alloc func(int) []byte) goldPart {
	data := part.data
	// Presize from the line count, but never past what real rows could
	// fill: a file of blank lines must not size the arrays.
	var out goldPart
	out.rows = make([]goldLine, 0, min(bytes.Count(data, []byte("\n"))+1, len(data)/64+1, 1<<16))
	lineNo := part.first - 1
	for len(data) > 0 {
		lineNo++
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		raw, ok := scanGoldRow(unsafe.String(unsafe.SliceData(line), len(line)), alloc)
		if ok {
			// read by the scanner
		} else if err := json.Unmarshal(line, &raw); err != nil {
			var te *json.UnmarshalTypeError
			switch {
			case errors.As(err, &te) && te.Type == fieldType:
				out.err = fmt.Errorf("line %d: field %q: want a string or null, got %s", lineNo, te.Field, te.Value)
			case te != nil:
				out.err = fmt.Errorf("line %d: field %q: got a JSON %s", lineNo, te.Field, te.Value)
			default:
				out.err = fmt.Errorf("line %d: %w", lineNo, err)
			}
			return out
		}
		rowShape := Flat
		if raw.Diagnosis != nil || bytes.Contains(line, []byte(`"diagnosis"`)) {
			rowShape = Labelled
		}
		g, warns, err := parseGoldRow(&raw, rowShape)
		for _, w := range warns {
			w.Line = lineNo
			out.warns = append(out.warns, w)
		}
		if err != nil {
			// The join reports a row of the other shape as such instead.
			out.err, out.errShape, out.errLine = fmt.Errorf("line %d: %w", lineNo, err), rowShape, lineNo
			return out
		}
		out.rows = append(out.rows, goldLine{g, lineNo, rowShape})
	}
	return out
}

// text reads a string-or-null field; absent is an error.
func text(name string, f field) (Text, error) {
	if !f.set {
		return Text{}, fmt.Errorf("field %q is missing", name)
	}
	if f.null || f.s == "N/A" {
		return Text{Null: true}, nil
	}
	return Text{S: f.s}, nil
}

func parseGoldRow(raw *goldRow, shape GoldShape) (Gold, []GoldWarning, error) {
	var g Gold
	idx, err := text("idx", raw.Idx)
	if err != nil || idx.Null || idx.S == "" {
		return g, nil, fmt.Errorf("no idx")
	}
	g.Idx = idx.S
	for _, f := range []struct {
		v   field
		dst *string
	}{{raw.FormalStatement, &g.FormalStatement}, {raw.Header, &g.Header}, {raw.Informal, &g.Informal}} {
		// context, when given: not text's error for an absent field,
		// which cost an allocation per field and row (3 million for a
		// million-row gold file without statements)
		if f.v.set && !f.v.null && f.v.s != "N/A" {
			*f.dst = f.v.s
		}
	}
	names := [4]string{schema.FieldVerdict, schema.FieldErrorCategory, schema.FieldErrorSegment, schema.FieldCorrectedStatement}
	vals := [4]field{raw.Verdict, raw.ErrorCategory, raw.ErrorSegment, raw.CorrectedStatement}
	verdicts := [2]string{"aligned", "misaligned"}
	if shape == Labelled {
		d := raw.Diagnosis
		if d == nil {
			return g, nil, fmt.Errorf("diagnosis: want an object")
		}
		names = [4]string{"diagnosis.aligned", "diagnosis.error_type", "diagnosis.error_location", "diagnosis.corrected_statement"}
		vals = [4]field{d.Aligned.field, d.ErrorType, d.ErrorLocation, d.CorrectedStatement}
		verdicts = [2]string{"Aligned", "Misaligned"}
	}
	var fields [4]Text
	for i := range fields {
		if fields[i], err = text(names[i], vals[i]); err != nil {
			return g, nil, err
		}
	}
	var warns []GoldWarning
	warn := func(field, code, format string, args ...any) {
		warns = append(warns, GoldWarning{Idx: g.Idx, Field: field, Code: code, Msg: fmt.Sprintf(format, args...)})
	}
	switch strings.ToLower(strings.TrimSpace(fields[0].S)) {
	case "misaligned":
		g.Misaligned = true
	case "aligned":
	default:
		as := strconv.Quote(vals[0].s) // as written: "N/A" reads as null, but was written so
		if vals[0].null {
			as = "null"
		}
		return g, nil, fmt.Errorf("%s: %s is neither aligned nor misaligned", names[0], as)
	}
	if want := verdicts[b2i(g.Misaligned)]; fields[0].S != want {
		warn(names[0], GoldNoncanonicalVerdict, "%q is not written as the rules write it: read as %q", fields[0].S, want)
	}
	category := fields[1]
	g.Segment, g.Corrected = fields[2], fields[3]
	if !g.Misaligned {
		for i := 1; i < 4; i++ {
			if !fields[i].Null {
				warn(names[i], GoldFilledOnAligned, "%s on an aligned sample: ignored, the sample is scored as aligned (a prediction is right on it only with null here)", clip(fields[i].S))
			}
		}
		g.Segment, g.Corrected = Text{Null: true}, Text{Null: true}
		return g, warns, nil
	}
	if category.Null {
		return g, nil, fmt.Errorf("%s: a misaligned sample needs a category", names[1])
	}
	c, m := schema.Lookup(category.S)
	if m == schema.NoMatch {
		return g, nil, hintedError{fmt.Errorf("%s: %q is not one of the 28 SCI categories", names[1], category.S), schema.CategoryHint(category.S)}
	}
	if m != schema.Canonical && m != schema.Alternate {
		warn(names[1], GoldNoncanonicalCategory, "%q is not written as the rules write it: read as %q", category.S, c.Name)
	}
	g.Category = c.Name
	for i := 2; i < 4; i++ {
		switch {
		case fields[i].Null:
			as := "null"
			if vals[i].s == "N/A" {
				as = `"N/A"`
			}
			warn(names[i], GoldNullOnMisaligned, "%s on a misaligned sample: the gold has no answer here, and a prediction is right on it only with null", as)
		case strings.TrimSpace(fields[i].S) == "":
			warn(names[i], GoldEmptyString, "an empty string (not null) on a misaligned sample: it names no fragment or statement to compare with")
		}
	}
	return g, warns, nil
}

// hintedError is an error with advice for the user (Hint, which the
// command prints after it).
type hintedError struct {
	err  error
	hint string
}

func (e hintedError) Error() string { return e.err.Error() }
func (e hintedError) Unwrap() error { return e.err }
func (e hintedError) Hint() string  { return e.hint }

// clip quotes s, cut to 60 bytes at a rune boundary.
func clip(s string) string {
	if len(s) <= 60 {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf("%q...", textcut.Prefix(s, 60))
}
