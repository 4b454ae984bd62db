package validate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/rxeval/rxeval/internal/jsonstr"
	"github.com/rxeval/rxeval/internal/textcut"
	"github.com/rxeval/rxeval/schema"
	"github.com/xeipuuv/gojsonschema"
)

// Value is a string-or-null field. "N/A" is read as null, as the rules say.
type Value struct {
	S    string
	Null bool
}

// NA is the string the rules treat as null.
const NA = "N/A"

func stringValue(s string) Value {
	if s == NA {
		return Value{Null: true}
	}
	return Value{S: s}
}

// Row is one well-formed prediction row.
type Row struct {
	Line       int
	Idx        string
	Verdict    string // as written
	Misaligned bool   // the verdict, read case-insensitively after trimming
	Category   Value  // as written
	Segment    Value
	Corrected  Value
	// CategoryName is the canonical category the Category counts as: set
	// when it is written as a canonical name or a disputed spelling, "" when
	// it is null, names none of the 28, or is not written as the rules write
	// it (a code, another case, a known misspelling).
	CategoryName string
	// CategoryMeant is the canonical category the Category was meant to
	// name, read loosely (codes and known spellings too); "" when none.
	CategoryMeant string
}

// CanonicalVerdict is the verdict as the rules write it.
func (r *Row) CanonicalVerdict() string {
	if r.Misaligned {
		return "misaligned"
	}
	return "aligned"
}

// VerdictCanonical reports whether the verdict is written exactly as the
// rules write it.
func (r *Row) VerdictCanonical() bool { return r.Verdict == r.CanonicalVerdict() }

// own gives the row its own copies of strings that may share memory with
// the file being read.
func (r *Row) own() {
	r.Idx = strings.Clone(r.Idx)
	r.Verdict = strings.Clone(r.Verdict)
	r.Category.S = strings.Clone(r.Category.S)
	r.Segment.S = strings.Clone(r.Segment.S)
	r.Corrected.S = strings.Clone(r.Corrected.S)
}

// parseVerdict reads a verdict the way the schema's pattern does: ASCII
// white space trimmed, case folded.
func parseVerdict(v string) (misaligned, ok bool) {
	t := strings.Trim(v, " \t\n\f\r")
	switch {
	case strings.EqualFold(t, "misaligned"):
		return true, true
	case strings.EqualFold(t, "aligned"):
		return false, true
	}
	return false, false
}

// fastRow decides quickly whether line is plainly a valid row: a JSON object
// with exactly the five fields, each once, string or null values, a lower
// case verdict and null diagnosis fields when aligned. It never says yes to a
// row the schema would reject (see the differential tests); when it says no,
// the schema decides. A line it accepts is valid UTF-8 (strings are checked
// as they are scanned; outside them only ASCII is accepted). The
// strings of the row share memory with line, or with *scratch where they
// needed unescaping: they are valid until the next call with the same
// scratch (Row.own copies them), unless sb.alloc gives each its own.
func fastRow(line string, sb *strBuf) (Row, bool) {
	var r Row
	sb.scratch = sb.scratch[:0]
	var seen [5]bool
	var vals [5]Value
	p := skipWS(line, 0)
	if p >= len(line) || line[p] != '{' {
		return r, false
	}
	p++
	for n := 0; ; n++ {
		p = skipWS(line, p)
		if p >= len(line) || line[p] != '"' {
			return r, false
		}
		end := strings.IndexByte(line[p+1:], '"')
		if end < 0 {
			return r, false
		}
		f := fieldIndex(line[p+1 : p+1+end])
		if f < 0 || seen[f] {
			return r, false
		}
		seen[f] = true
		p = skipWS(line, p+end+2)
		if p >= len(line) || line[p] != ':' {
			return r, false
		}
		p = skipWS(line, p+1)
		if p >= len(line) {
			return r, false
		}
		switch line[p] {
		case 'n':
			if !strings.HasPrefix(line[p:], "null") {
				return r, false
			}
			vals[f] = Value{Null: true}
			p += 4
		case '"':
			s, next, ok := scanString(line, p, sb)
			if !ok {
				return r, false
			}
			vals[f] = stringValue(s)
			p = next
		default:
			return r, false
		}
		p = skipWS(line, p)
		if p >= len(line) {
			return r, false
		}
		if line[p] == ',' {
			p++
			continue
		}
		if line[p] != '}' {
			return r, false
		}
		p = skipWS(line, p+1)
		if p != len(line) || n != 4 {
			return r, false
		}
		break
	}
	idx, verdict := vals[0], vals[1]
	if idx.Null || idx.S == "" || verdict.Null {
		return r, false
	}
	r.Idx, r.Verdict = idx.S, verdict.S
	switch verdict.S {
	case "misaligned":
		r.Misaligned = true
	case "aligned":
		if !vals[2].Null || !vals[3].Null || !vals[4].Null {
			return r, false
		}
	default:
		return r, false
	}
	r.Category, r.Segment, r.Corrected = vals[2], vals[3], vals[4]
	return r, true
}

func fieldIndex(k string) int {
	for i, f := range schema.Fields {
		if k == f {
			return i
		}
	}
	return -1
}

func skipWS(b string, p int) int {
	for p < len(b) && (b[p] == ' ' || b[p] == '\t' || b[p] == '\n' || b[p] == '\r') {
		p++
	}
	return p
}

// scanString reads the JSON string starting at b[p] == '"' (see jsonstr).
func scanString(b string, p int, sb *strBuf) (string, int, bool) {
	return jsonstr.Scan(b, p, sb.take)
}

// strBuf is where unescaped strings go: a scratch buffer reused for every
// row, or, when alloc is set, space of their own from alloc.
type strBuf struct {
	scratch []byte
	alloc   func(n int) []byte
}

// take returns n bytes for one unescaped string.
func (sb *strBuf) take(n int) []byte {
	if sb.alloc != nil {
		return sb.alloc(n)
	}
	if cap(sb.scratch)-len(sb.scratch) < n {
		// Strings made earlier keep the old buffer alive.
		sb.scratch = make([]byte, 0, max(2*cap(sb.scratch), n))
	}
	l := len(sb.scratch)
	sb.scratch = sb.scratch[:l+n]
	return sb.scratch[l : l+n : l+n]
}

// wantDetails says whether the next error's details will be kept (the
// report keeps the first MaxDetails).
func (v *validator) wantDetails() bool {
	return v.report == nil || v.opts.MaxDetails <= 0 || len(v.report.Errors) < v.opts.MaxDetails
}

// slowRow decodes a line that the fast path did not accept, runs the schema
// on it and maps the schema's findings to problems. It returns the row
// when the line is an object whose fields have the right types, even if
// it breaks a rule that is penalised rather than rejected.
func (v *validator) slowRow(line []byte, lineNo int) (Row, []Problem, bool) {
	var probs []Problem
	add := func(idx, field string, code Code, msg, hint string) {
		probs = append(probs, Problem{Line: lineNo, Idx: idx, Field: field, Code: code, Message: msg, Hint: hint})
	}
	// A line that is not JSON past the listed errors is only counted:
	// json.Valid allocates nothing, so a file of millions of broken lines
	// makes no garbage (its peak memory stays flat under CPU contention).
	if !v.wantDetails() && !json.Valid(line) {
		add("", "", CodeNotJSON, "", "")
		return Row{}, probs, false
	}
	if bytes.HasPrefix(bytes.TrimLeft(line, " \t"), []byte("\xef\xbb\xbf")) {
		// Not "invalid character 'ï'": a byte order mark past line 1 (files
		// joined with cat), which JSON parsers refuse.
		add("", "", CodeNotJSON, fmt.Sprintf("line %d starts with a UTF-8 byte order mark (U+FEFF) in the middle of the file; JSON does not allow one there", lineNo), "remove it (files joined with cat keep each file's mark): rxeval fix FILE -o FIXED does")
		return Row{}, probs, false
	}
	obj, kind, elided, err := decodeRow(line)
	if err != nil {
		msg := DescribeJSONError(err)
		hint := "each line must be one complete JSON object"
		if se, ok := err.(*json.SyntaxError); ok {
			msg = fmt.Sprintf("not valid JSON at byte column %d: %s", se.Offset, se.Error())
			switch at := max(int(se.Offset)-1, 0); {
			case strings.Contains(se.Error(), "exceeded max depth"):
				msg = "JSON nested more than 10,000 levels deep, past what the reader takes"
				hint = "a prediction row holds strings and null, nothing nested"
			case se.Error() == "unexpected end of JSON input":
				msg = fmt.Sprintf("not valid JSON: the line ends at byte %d before the object is closed (%s)", len(line), se.Error())
			case at < len(line) && bytes.HasPrefix(line[at:], []byte("\xef\xbb\xbf")):
				msg = fmt.Sprintf("a byte order mark (U+FEFF) at byte column %d, outside any string: JSON allows none there", se.Offset)
				hint = "remove it (text pasted from a file that starts with one)"
			case at < len(line) && line[at] < 0x20 && strings.HasSuffix(se.Error(), "in string literal"):
				// A raw control character inside a string: JSON wants it
				// escaped. fix repairs a CR (a file edited on Windows or an
				// old Mac); any other is named with its escape.
				msg = fmt.Sprintf("a raw control character %s inside a string at byte column %d: JSON allows none unescaped", controlName(line[at]), se.Offset)
				hint = fmt.Sprintf("write it as %s; the program that wrote the file did not encode the value as JSON", controlEscape(line[at]))
				if line[at] == '\r' {
					hint = `rxeval fix FILE -o FIXED escapes every raw CR inside a string as \r (the value keeps its CR)`
				}
			case at < len(line) && (bytes.HasPrefix(line[at:], []byte("NaN")) || bytes.HasPrefix(line[at:], []byte("Infinity")) || bytes.HasPrefix(line[at:], []byte("-Infinity"))):
				hint = "NaN and Infinity are not JSON (Python's json.dumps writes them unless allow_nan=False): write null or a number"
			}
		}
		if t := bytes.TrimSpace(line); len(t) == 1 && (t[0] == '{' || t[0] == '}') {
			hint = "the file looks pretty-printed; JSONL needs each object on one line"
		}
		add("", "", CodeNotJSON, msg, hint)
		return Row{}, probs, false
	}
	if obj == nil {
		add("", "", CodeNotObject, fmt.Sprintf("line is %s, not a JSON object", kind), "each line must be one JSON object with idx, verdict, error_category, error_segment, corrected_statement")
		return Row{}, probs, false
	}
	idx, _ := obj[schema.FieldIdx].(string)
	for _, k := range duplicateKeys(line) {
		add(idx, k, CodeDuplicateKey, fmt.Sprintf("field %q appears more than once; the last value is used", k), "")
	}
	// The schema runs on the document already decoded (its numbers as
	// json.Number, as gojsonschema reads them), not on the line: decoding
	// it again held three more copies of a large row (issue: a 100 MB row
	// took 0.9 GB).
	res, err := v.schema.Validate(gojsonschema.NewRawLoader(obj))
	if err != nil {
		add(idx, "", CodeSchema, "schema check failed: "+err.Error(), "")
		return Row{}, probs, false
	}
	verdictStr, _ := obj[schema.FieldVerdict].(string)
	misaligned, verdictOK := parseVerdict(verdictStr)
	for _, e := range res.Errors() {
		field := e.Field()
		if field == "(root)" {
			field = ""
		}
		switch e.Type() {
		case "condition_then", "condition_else":
			// The failing sub-schema's own errors follow.
		case "required":
			prop, _ := e.Details()["property"].(string)
			add(idx, prop, CodeMissingField, fmt.Sprintf("required field %q is missing", prop), missingFieldHint(prop, obj))
		case "invalid_type":
			if field == "" {
				add(idx, "", CodeNotObject, "line is not a JSON object", "")
				continue
			}
			code := CodeWrongType
			if field == schema.FieldVerdict {
				code = CodeBadVerdict
			}
			add(idx, field, code, fmt.Sprintf("must be %s, got %s", e.Details()["expected"], jsonKind(obj[field])), "")
		case "pattern":
			if field == schema.FieldVerdict {
				add(idx, field, CodeBadVerdict, fmt.Sprintf("verdict %q is neither \"aligned\" nor \"misaligned\"", verdictStr), "")
				continue
			}
			add(idx, field, CodeSchema, e.Description(), "")
		case "string_gte":
			if field == schema.FieldIdx {
				add(idx, field, CodeEmptyID, "idx is an empty string", "")
				continue
			}
			add(idx, field, CodeSchema, e.Description(), "")
		case "enum":
			if verdictOK && !misaligned {
				add(idx, field, CodeFilledOnAligned, fmt.Sprintf("must be null on an aligned row, got %s", shortValue(obj[field], elided[field])), "a filled value on an aligned row is penalized; use null")
				continue
			}
			add(idx, field, CodeSchema, e.Description(), "")
		default:
			add(idx, field, CodeSchema, e.Description(), "")
		}
	}
	if hasRejected(probs) {
		return Row{}, probs, false
	}
	r := Row{Line: lineNo, Idx: idx, Verdict: verdictStr, Misaligned: misaligned}
	r.Category, r.Segment, r.Corrected = objValue(obj, schema.FieldErrorCategory), objValue(obj, schema.FieldErrorSegment), objValue(obj, schema.FieldCorrectedStatement)
	for k := range obj {
		if fieldIndex(k) < 0 {
			hint := ""
			if want, ok := schema.GoldFieldNames[k]; ok {
				hint = fmt.Sprintf("did you mean %q?", want)
			}
			add(idx, k, CodeExtraField, fmt.Sprintf("unknown field %q is ignored", k), hint)
		}
	}
	return r, probs, true
}

func hasRejected(ps []Problem) bool {
	for _, p := range ps {
		if p.Code.Rejected() {
			return true
		}
	}
	return false
}

func objValue(obj map[string]any, k string) Value {
	s, ok := obj[k].(string)
	if !ok {
		return Value{Null: true}
	}
	return stringValue(s)
}

func missingFieldHint(prop string, obj map[string]any) string {
	for gold, want := range schema.GoldFieldNames {
		if want == prop {
			if _, ok := obj[gold]; ok {
				return fmt.Sprintf("found %q, the gold file's name; predictions use %q", gold, prop)
			}
		}
	}
	if _, ok := obj["diagnosis"]; ok {
		return "this looks like a labelled (gold) row; predictions are flat: idx, verdict, error_category, error_segment, corrected_statement"
	}
	if v, _ := obj["verdict"].(string); strings.EqualFold(strings.TrimSpace(v), "aligned") && prop != "idx" && prop != "verdict" {
		return "an aligned row still needs the field, as null: \"error_category\": null, \"error_segment\": null, \"corrected_statement\": null"
	}
	return ""
}

func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64, json.Number:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

func shortJSON(v any) string {
	b, _ := json.Marshal(v)
	s := string(b)
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// duplicateKeys lists top-level keys that occur more than once.
//
// line must be valid JSON. It scans the bytes in place: no value is copied
// (a json.Decoder held two to three copies of a large row), only the keys
// of the top-level object are decoded.
func duplicateKeys(line []byte) []string {
	seen := map[string]bool{}
	var dups []string
	depth := 0
	for p := 0; p < len(line); p++ {
		switch line[p] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case '"':
			end := p + 1
			for end < len(line) && line[end] != '"' {
				if line[end] == '\\' {
					end++
				}
				end++
			}
			if end >= len(line) {
				return dups
			}
			lit := line[p : end+1]
			p = end
			if depth != 1 {
				continue
			}
			q := p + 1
			for q < len(line) && (line[q] == ' ' || line[q] == '\t' || line[q] == '\r' || line[q] == '\n') {
				q++
			}
			if q >= len(line) || line[q] != ':' {
				continue // a value, not a key
			}
			var k string
			if json.Unmarshal(lit, &k) != nil {
				continue
			}
			if seen[k] {
				dups = append(dups, k)
			}
			seen[k] = true
		}
	}
	return dups
}

// rawValue is a JSON value as written, a slice of the line (never copied).
type rawValue []byte

func (r *rawValue) UnmarshalJSON(b []byte) error { *r = b; return nil }

// decodeRow decodes a line for the slow path. A JSON object gives obj: the
// five fields of a row decoded (numbers as json.Number, in range or not, as
// gojsonschema wants them), every other field null. An extra field's value
// is checked as JSON but never built: the schema does not look at it, and
// building it took gigabytes for a 100 MB array (its elements boxed one by
// one). Valid JSON that is not an object gives a nil obj and its kind ("an
// array"); invalid JSON the error of encoding/json.
//
// A row field holding a large array or object (over maxComposite bytes) is
// not built either: it stands as an empty one of its kind, which the schema
// refuses just the same, and elided keeps its first bytes for messages.
func decodeRow(line []byte) (obj map[string]any, kind string, elided map[string]string, err error) {
	var m map[string]rawValue
	if err := json.Unmarshal(line, &m); err != nil {
		var te *json.UnmarshalTypeError
		if !errors.As(err, &te) {
			return nil, "", nil, err
		}
		switch t := bytes.TrimLeft(line, " \t\r\n"); t[0] {
		case '[':
			return nil, "an array", nil, nil
		case '"':
			return nil, "a string", nil, nil
		case 't', 'f':
			return nil, "a boolean", nil, nil
		}
		return nil, "a number", nil, nil
	}
	if m == nil {
		return nil, "null", nil, nil
	}
	obj = make(map[string]any, len(m))
	for k, raw := range m {
		if fieldIndex(k) < 0 {
			obj[k] = nil
			continue
		}
		if len(raw) > maxComposite && (raw[0] == '[' || raw[0] == '{') {
			if elided == nil {
				elided = map[string]string{}
			}
			elided[k] = textcut.Prefix(string(raw[:min(len(raw), 64)]), 57) + "..." // no copy of a long raw value
			obj[k] = map[byte]any{'[': []any{}, '{': map[string]any{}}[raw[0]]
			continue
		}
		var v any
		err := json.Unmarshal(raw, &v)
		if te := (*json.UnmarshalTypeError)(nil); errors.As(err, &te) {
			// a number out of float64's range (1e99999999): as written
			err = decodeNumbers(raw, &v)
		}
		if err != nil {
			return nil, "", nil, err // not reached: the line is valid JSON
		}
		obj[k] = withNumbers(v)
	}
	return obj, "", elided, nil
}

// maxComposite is the size over which decodeRow does not build an array or
// object in a row field.
const maxComposite = 4096

// shortValue is shortJSON(v), or the elided text of a large value.
func shortValue(v any, elided string) string {
	if elided != "" {
		return elided
	}
	return shortJSON(v)
}

// withNumbers returns doc with every float64 turned into a json.Number (in
// place), the form gojsonschema's raw loader wants.
func withNumbers(doc any) any {
	switch x := doc.(type) {
	case float64:
		return json.Number(strconv.FormatFloat(x, 'g', -1, 64))
	case map[string]any:
		for k, v := range x {
			x[k] = withNumbers(v)
		}
	case []any:
		for i, v := range x {
			x[i] = withNumbers(v)
		}
	}
	return doc
}

// decodeNumbers decodes a line json.Valid accepts with its numbers kept as
// written (json.Number).
func decodeNumbers(line []byte, v *any) error {
	d := json.NewDecoder(bytes.NewReader(line))
	d.UseNumber()
	return d.Decode(v)
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// controlName names a C0 control character for a message: "CR (U+000D)".
func controlName(c byte) string {
	names := map[byte]string{'\t': "tab", '\r': "CR", '\n': "LF", '\b': "backspace", '\f': "form feed", 0: "NUL"}
	if n, ok := names[c]; ok {
		return fmt.Sprintf("%s (U+%04X)", n, c)
	}
	return fmt.Sprintf("U+%04X", c)
}

// controlEscape is how JSON writes a control character inside a string
// (\t, \u0001), as encoding/json writes it.
func controlEscape(c byte) string {
	b, _ := json.Marshal(string(rune(c)))
	return string(b[1 : len(b)-1])
}
