package eval

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestParseGoldParts: read in 2 to 7 parts, a gold file gives the rows, or
// the first error, that one pass from the top gives, wherever the rows
// that break a rule fall: a duplicate id across parts, a row of the other
// shape, a line that is not JSON, a row without idx, blank lines.
func TestParseGoldParts(t *testing.T) {
	defer func(m int) { minSplit = m }(minSplit)
	minSplit = 0
	labelled := func(i int) string {
		return fmt.Sprintf(`{"idx": "formalrx_%04d", "diagnosis": {"aligned": "Misaligned", "error_type": "Range Error", "error_location": "a\nb", "corrected_statement": "theorem t : x = %d"}}`, i, i)
	}
	breaks := []func(i int) string{
		func(i int) string { return labelled(1) }, // a duplicate of the first row
		func(i int) string {
			return `{"idx": "x", "verdict": "aligned", "error_category": null, "error_segment": null, "corrected_statement": null}`
		},
		func(i int) string { return `{"idx": ` },
		func(i int) string { return `{"diagnosis": {"aligned": "Aligned"}}` },
		func(i int) string { return "   " },
		func(i int) string { return `{"verdict": "aligned", "error_category": null}` }, // the other shape, and no idx
		func(i int) string { return labelled(i) },
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 300; trial++ {
		var lines []string
		for i := 1; i <= 40; i++ {
			if rng.IntN(12) == 0 {
				lines = append(lines, breaks[rng.IntN(len(breaks))](i))
			} else {
				lines = append(lines, labelled(i))
			}
		}
		data := []byte(strings.Join(lines, "\n"))
		want, wantShape, wantErr := onePass(data)
		for n := 1; n <= 7; n++ {
			got, gotShape, gotErr := parseGold(data, nil, n)
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || gotShape != wantShape || !reflect.DeepEqual(got, want) {
				t.Fatalf("trial %d, %d parts: %v %s (%d rows), one pass: %v %s (%d rows)\n%s", trial, n, gotErr, gotShape, len(got), wantErr, wantShape, len(want), data)
			}
		}
	}
	// The parts cover the file, each starting at a line.
	data := []byte("a\nbb\n\nccc\nd")
	for n := 1; n <= 6; n++ {
		var joined []byte
		line := 1
		for _, p := range splitLines(data, n) {
			if p.first != line {
				t.Errorf("%d parts: a part starts at line %d, want %d", n, p.first, line)
			}
			line += strings.Count(string(p.data), "\n")
			joined = append(joined, p.data...)
		}
		if string(joined) != string(data) {
			t.Errorf("%d parts: %q", n, joined)
		}
	}
}

// onePass is the gold reader as one loop from the top, the rules applied
// in order on each line: the reference the parallel reader must match.
func onePass(data []byte) ([]Gold, GoldShape, error) {
	var out []Gold
	var shape GoldShape
	seen := map[string]int{}
	for i, line := range bytes.Split(data, []byte("\n")) {
		lineNo := i + 1
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		raw, ok := scanGoldRow(string(line), nil)
		if !ok {
			if err := json.Unmarshal(line, &raw); err != nil {
				return nil, "", fmt.Errorf("line %d: %w", lineNo, err)
			}
		}
		rowShape := Flat
		if raw.Diagnosis != nil || bytes.Contains(line, []byte(`"diagnosis"`)) {
			rowShape = Labelled
		}
		if shape == "" {
			shape = rowShape
		} else if rowShape != shape {
			return nil, "", fmt.Errorf("line %d: a %s row in a %s file", lineNo, rowShape, shape)
		}
		g, _, err := parseGoldRow(&raw, shape)
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
