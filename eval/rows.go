package eval

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

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

// ParseGold reads a gold JSONL file in either shape (detected from the
// first row; every row must have the same shape).
func ParseGold(data []byte) ([]Gold, GoldShape, error) {
	var out []Gold
	var shape GoldShape
	seen := map[string]int{}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	for n, line := range bytes.Split(data, []byte("\n")) {
		lineNo := n + 1
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(line, &raw); err != nil {
			return nil, "", fmt.Errorf("line %d: %w", lineNo, err)
		}
		rowShape := Flat
		if _, ok := raw["diagnosis"]; ok {
			rowShape = Labelled
		}
		if shape == "" {
			shape = rowShape
		} else if rowShape != shape {
			return nil, "", fmt.Errorf("line %d: a %s row in a %s file", lineNo, rowShape, shape)
		}
		g, err := parseGoldRow(raw, shape)
		if err != nil {
			return nil, "", fmt.Errorf("line %d: %w", lineNo, err)
		}
		if prev, dup := seen[g.Idx]; dup {
			return nil, "", fmt.Errorf("line %d: id %q already on line %d", lineNo, g.Idx, prev)
		}
		seen[g.Idx] = lineNo
		out = append(out, g)
	}
	if len(out) == 0 {
		return nil, "", fmt.Errorf("no rows")
	}
	return out, shape, nil
}

func parseGoldRow(raw map[string]json.RawMessage, shape GoldShape) (Gold, error) {
	var g Gold
	str := func(m map[string]json.RawMessage, k string) (Text, error) {
		v, ok := m[k]
		if !ok {
			return Text{}, fmt.Errorf("field %q is missing", k)
		}
		var p *string
		if err := json.Unmarshal(v, &p); err != nil {
			return Text{}, fmt.Errorf("field %q: want a string or null", k)
		}
		if p == nil || *p == "N/A" {
			return Text{Null: true}, nil
		}
		return Text{S: *p}, nil
	}
	idx, err := str(raw, "idx")
	if err != nil || idx.Null || idx.S == "" {
		return g, fmt.Errorf("no idx")
	}
	g.Idx = idx.S
	for k, dst := range map[string]*string{"formal_statement": &g.FormalStatement, "header": &g.Header, "informal_statement": &g.Informal} {
		if t, err := str(raw, k); err == nil {
			*dst = t.S
		}
	}
	var verdict, category Text
	fields := raw
	names := [4]string{schema.FieldVerdict, schema.FieldErrorCategory, schema.FieldErrorSegment, schema.FieldCorrectedStatement}
	if shape == Labelled {
		if err := json.Unmarshal(raw["diagnosis"], &fields); err != nil || fields == nil {
			return g, fmt.Errorf("diagnosis: want an object")
		}
		names = [4]string{"aligned", "error_type", "error_location", "corrected_statement"}
		// "aligned" may also be a boolean.
		var b bool
		if err := json.Unmarshal(fields["aligned"], &b); err == nil {
			v := "Misaligned"
			if b {
				v = "Aligned"
			}
			fields["aligned"], _ = json.Marshal(v)
		}
	}
	if verdict, err = str(fields, names[0]); err != nil {
		return g, err
	}
	switch strings.ToLower(strings.TrimSpace(verdict.S)) {
	case "misaligned":
		g.Misaligned = true
	case "aligned":
	default:
		return g, fmt.Errorf("%s: %q is neither aligned nor misaligned", names[0], verdict.S)
	}
	if category, err = str(fields, names[1]); err != nil {
		return g, err
	}
	if g.Segment, err = str(fields, names[2]); err != nil {
		return g, err
	}
	if g.Corrected, err = str(fields, names[3]); err != nil {
		return g, err
	}
	if g.Misaligned {
		if category.Null {
			return g, fmt.Errorf("%s: a misaligned sample needs a category", names[1])
		}
		c, m := schema.Lookup(category.S)
		if m == schema.NoMatch {
			return g, fmt.Errorf("%s: %q is not one of the 28 SCI categories", names[1], category.S)
		}
		g.Category = c.Name
	}
	return g, nil
}
