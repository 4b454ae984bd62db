package synth

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/rxeval/rxeval/internal/jsonmsg"
	"io"
	"strings"
)

// Source is one aligned (informal, formal) pair that samples are made from.
type Source struct {
	Name     string `json:"name,omitempty"`
	Header   string `json:"header"`
	Informal string `json:"informal_statement"`
	Formal   string `json:"formal_statement"`
	Line     int    `json:"-"` // the line of the source file, when read from one
}

// SkippedSource is a source row that cannot be used, and why.
type SkippedSource struct {
	Line   int    `json:"line"`
	Name   string `json:"name,omitempty"`
	Reason string `json:"reason"`
}

// ReadSources reads a JSONL of sources: "formal_statement", and
// "informal_statement" (or "informal_stmt", or "nl"), with optional
// "header" and "name" (or "idx"). Blank lines are skipped. A row without a
// formal or an informal statement is skipped and reported; a row that is
// not a JSON object is an error naming its line.
func ReadSources(r io.Reader) ([]Source, []SkippedSource, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 16<<20)
	var out []Source
	var skipped []SkippedSource
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var row struct {
			Name, Idx, Header *string
			InformalStatement *string `json:"informal_statement"`
			InformalStmt      *string `json:"informal_stmt"`
			NL                *string `json:"nl"`
			FormalStatement   *string `json:"formal_statement"`
		}
		if err := json.Unmarshal(b, &row); err != nil {
			return nil, nil, fmt.Errorf("line %d: not a JSON object with string fields: %s", line, jsonmsg.Describe(err))
		}
		s := Source{Name: deref(row.Name), Header: deref(row.Header), Formal: deref(row.FormalStatement), Line: line}
		if s.Name == "" {
			s.Name = deref(row.Idx)
		}
		for _, p := range []*string{row.InformalStatement, row.InformalStmt, row.NL} {
			if p != nil && *p != "" {
				s.Informal = *p
				break
			}
		}
		switch {
		case strings.TrimSpace(s.Formal) == "":
			skipped = append(skipped, SkippedSource{line, s.Name, `no "formal_statement"`})
			continue
		case strings.TrimSpace(s.Informal) == "":
			skipped = append(skipped, SkippedSource{line, s.Name, `no "informal_statement" ("informal_stmt", "nl")`})
			continue
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, nil, fmt.Errorf("line %d: longer than the limit of %d bytes", line+1, 16<<20)
		}
		return nil, nil, fmt.Errorf("line %d: %w", line+1, err)
	}
	return out, skipped, nil
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

//go:embed data/proofnet_lean4.jsonl
var builtin []byte

// BuiltinName names the built-in source in summaries.
const BuiltinName = "built-in ProofNet-lean4 (MIT)"

// Builtin returns the built-in sources: the ProofNet problems with Lean 4
// statements (rahul3613/ProofNet-lean4, MIT; see data/LICENSE), their
// informal statements without the proofs. Rows without an informal
// statement were left out of the copy.
func Builtin() []Source {
	s, _, err := ReadSources(bytes.NewReader(builtin))
	if err != nil {
		panic("synth: the embedded source is corrupt: " + err.Error()) // a build defect, not user input
	}
	return s
}
