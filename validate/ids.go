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

// IDsFromList reads one id per line; blank lines and lines starting with #
// are skipped.
func IDsFromList(r io.Reader) (*IDSet, error) {
	var ids []string
	const maxLine = 1 << 20
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), maxLine)
	lineOf := map[string]int{}
	n := 0
	for sc.Scan() {
		n++
		text := sc.Text()
		if n == 1 {
			text = strings.TrimPrefix(text, "\ufeff") // a byte order mark
		}
		line := strings.TrimSpace(text)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
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

// idHint explains an unknown id that looks like a mistyped official one.
func (s *IDSet) idHint(id string) string {
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
		return fmt.Sprintf("did you mean %q? ids are lower case and zero-padded to four digits", want)
	}
	return ""
}
