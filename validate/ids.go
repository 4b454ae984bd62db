package validate

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// OfficialCount is the number of samples in the official FormalRx test set.
const OfficialCount = 7030

// IDSet is the ordered set of sample ids a prediction file must cover.
type IDSet struct {
	ids   []string
	index map[string]int
	// Statements maps an id to its formal statement, when known (from a
	// test-inputs file); used for optional consistency warnings.
	Statements map[string]string
	// Headers maps an id to its header (imports, opens, defs), when known
	// (from a test-inputs file).
	Headers map[string]string

	// keys maps the idKey of an expected id that is not its own key to
	// the id, for lookalike; built once, on the first unknown id.
	keysOnce sync.Once
	keys     map[string]string
}

// NewIDSet builds a set from ids in order. Duplicates are an error.
func NewIDSet(ids []string) (*IDSet, error) {
	s := &IDSet{ids: ids, index: make(map[string]int, len(ids))}
	for i, id := range ids {
		if _, dup := s.index[id]; dup {
			return nil, fmt.Errorf("id %q listed twice", id)
		}
		s.index[id] = i
	}
	return s, nil
}

// OfficialIDs returns formalrx_0001 .. formalrx_7030.
func OfficialIDs() *IDSet {
	ids := make([]string, OfficialCount)
	for i := range ids {
		ids[i] = fmt.Sprintf("formalrx_%04d", i+1)
	}
	s, _ := NewIDSet(ids)
	return s
}

// Len is the number of ids.
func (s *IDSet) Len() int { return len(s.ids) }

// IDs returns the ids in order.
func (s *IDSet) IDs() []string { return s.ids }

// Has reports whether id is in the set.
func (s *IDSet) Has(id string) bool { _, ok := s.index[id]; return ok }

// Pos returns the position of id in the set.
func (s *IDSet) Pos(id string) (int, bool) { i, ok := s.index[id]; return i, ok }

// IDsFromList reads one id per line (docs/validate.md, rxeval validate): white
// space around an id is trimmed, a byte order mark on the first line is
// ignored, blank lines and lines starting with # are skipped; a line that
// is not UTF-8 is an error naming the line, the id quoted (no prediction's
// idx can match it: prediction files must be UTF-8).
func IDsFromList(r io.Reader) (*IDSet, error) {
	var ids []string
	const maxLine = 1 << 20
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), maxLine)
	lineOf := map[string]int{}
	n := 0
	for sc.Scan() {
		n++
		// A byte order mark: on line 1, or where files were joined with
		// cat; it is never part of an id.
		line := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue // a comment, whatever its encoding
		}
		if strings.HasPrefix(line, "{") && json.Valid([]byte(line)) {
			// A JSONL file (test inputs, predictions, gold) given as an id
			// list: not 7,030 ids "missing" and every row "unknown".
			return nil, fmt.Errorf("line %d is a JSON object, not an id: this is a JSON Lines file, and an id list has one plain id per line (for a test-inputs file use --inputs)", n)
		}
		if !utf8.ValidString(line) {
			return nil, fmt.Errorf("line %d: id %q is not valid UTF-8 (a prediction's idx never is: prediction files must be UTF-8)", n, line)
		}
		if prev, dup := lineOf[line]; dup {
			return nil, fmt.Errorf("line %d: id %q listed twice (first on line %d)", n, clip(line), prev)
		}
		lineOf[line] = n
		ids = append(ids, line)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("line %d: longer than the limit of %d bytes (one id per line)", n+1, maxLine)
		}
		return nil, fmt.Errorf("line %d: %w", n+1, err)
	}
	if len(ids) == 0 {
		return nil, fmt.Errorf("no ids found")
	}
	return NewIDSet(ids)
}

// IDsFromInputs reads a test-inputs JSONL (the official file or any subset):
// one object per line with at least "idx", and usually "formal_statement".
func IDsFromInputs(data []byte) (*IDSet, error) {
	var ids []string
	stmts, headers := map[string]string{}, map[string]string{}
	lineOf := map[string]int{}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a byte order mark
	for n, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		var row struct {
			Idx             *string `json:"idx"`
			FormalStatement string  `json:"formal_statement"`
			Header          string  `json:"header"`
		}
		if err := json.Unmarshal(line, &row); err != nil {
			return nil, fmt.Errorf("line %d: %s", n+1, DescribeJSONError(err))
		}
		if row.Idx == nil {
			return nil, fmt.Errorf("line %d: no \"idx\" field", n+1)
		}
		if prev, dup := lineOf[*row.Idx]; dup {
			return nil, fmt.Errorf("line %d: id %q listed twice (first on line %d)", n+1, clip(*row.Idx), prev)
		}
		lineOf[*row.Idx] = n + 1
		ids = append(ids, *row.Idx)
		stmts[*row.Idx] = row.FormalStatement
		headers[*row.Idx] = row.Header
	}
	if len(ids) == 0 {
		return nil, fmt.Errorf("no rows found")
	}
	s, err := NewIDSet(ids)
	if err != nil {
		return nil, err
	}
	s.Statements, s.Headers = stmts, headers
	return s, nil
}

var unpadded = regexp.MustCompile(`^\s*(?i:formalrx)[_-]?0*([0-9]+)\s*$`)

// meant is the expected id an unknown id looks like a mistyped form of
// ("formalrx_1" for formalrx_0001), or "".
func (s *IDSet) meant(id string) string {
	m := unpadded.FindStringSubmatch(id)
	if m == nil {
		return ""
	}
	n, err := strconv.Atoi(m[1])
	if err != nil {
		return ""
	}
	want := fmt.Sprintf("formalrx_%04d", n)
	if want != id && s.Has(want) {
		return want
	}
	return ""
}

// lookalike is the expected id that id matches once white space around
// it, invisible (format) characters and Unicode normalization are set
// aside, or "": such ids print alike, so the message alone cannot show
// the difference.
func (s *IDSet) lookalike(id string) string {
	s.keysOnce.Do(func() {
		s.keys = make(map[string]string, len(s.ids))
		for _, e := range s.ids {
			if k := idKey(e); k != e {
				s.keys[k] = e
			}
		}
	})
	k := idKey(id)
	if e, ok := s.keys[k]; ok && e != id {
		return e
	}
	if k != id && s.Has(k) {
		return k
	}
	return ""
}

// idKey is id without surrounding white space or format characters
// (U+200B, U+FEFF), in Unicode normalization form NFKC.
func idKey(id string) string {
	k := strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Cf, r) {
			return -1
		}
		return r
	}, id)
	return norm.NFKC.String(strings.TrimSpace(k))
}

// idHint explains an unknown id that looks like a mistyped official one.
// It suggests only an id that is missing (used says whether an id is on
// some line of the file); one already used is named as such, with the
// first missing ids.
func (s *IDSet) idHint(id string, used func(string) bool, missing []string) string {
	want := s.meant(id)
	switch {
	case want == "":
		if e := s.lookalike(id); e != "" && !used(e) {
			return fmt.Sprintf("the expected id %+q differs from %+q only in white space, invisible characters or Unicode normalization: write it as the expected id", e, id)
		}
		return ""
	case !used(want):
		return fmt.Sprintf("did you mean %q? ids are lower case and zero-padded to four digits", want)
	case len(missing) > 0:
		return fmt.Sprintf("ids are lower case and zero-padded to four digits, but %q is already used; missing: %s", want, strings.Join(quotedIDs(missing), ", "))
	}
	return fmt.Sprintf("ids are lower case and zero-padded to four digits, but %q is already used", want)
}

// idAsWritten is how a message shows id, read from the JSON line: shown
// for the id field, quoted for the message, and a note. An id holding
// U+FFFD that the line wrote as an escape of a lone UTF-16 surrogate
// ("\ud800", which JSON decoders read as U+FFFD) is shown as written, so
// that the user finds what they wrote; every other id is itself, quoted
// with %q.
func idAsWritten(id, line string) (shown, quoted, note string) {
	if !strings.ContainsRune(id, utf8.RuneError) {
		return id, strconv.Quote(id), ""
	}
	raw, ok := rawIdx(line)
	if !ok || !loneSurrogate.MatchString(raw) {
		return id, strconv.Quote(id), ""
	}
	return raw, `"` + raw + `"`, " (shown as written: it holds a lone UTF-16 surrogate, which JSON readers replace with U+FFFD)"
}

// loneSurrogate matches a JSON escape of a surrogate half (a pair too:
// idAsWritten asks only when decoding gave U+FFFD).
var loneSurrogate = regexp.MustCompile(`\\[uU][dD][89a-fA-F][0-9a-fA-F]{2}`)

// rawIdx is the text between the quotes of the top-level "idx" string of
// a JSON object line, as written (the last one, as encoding/json reads).
func rawIdx(line string) (string, bool) {
	d := json.NewDecoder(strings.NewReader(line))
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return "", false
	}
	raw, found := "", false
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return "", false
		}
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			return "", false
		}
		if key, _ := k.(string); key == "idx" && len(v) >= 2 && v[0] == '"' {
			raw, found = string(v[1:len(v)-1]), true
		}
	}
	return raw, found
}
