package validate

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// escapedRows writes one misaligned-free aligned row per id, spelling each
// id with a JSON escape for its first letter so that the fast path has to
// unescape it.
func escapedRows(ids ...string) []byte {
	var b strings.Builder
	for _, id := range ids {
		fmt.Fprintf(&b, `{"idx":"\u%04x%s","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":null}`+"\n", id[0], id[1:])
	}
	return []byte(b.String())
}

// TestEscapedIDs: an id that holds a JSON escape is unescaped into a buffer
// the next row reuses; the id rules must see each row's own id (issue 18.1:
// two distinct escaped ids were reported as a duplicate, and a duplicate
// plus a missing id passed as valid).
func TestEscapedIDs(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	exp, err := NewIDSet([]string{"dev_0001", "dev_0002", "dev_0003"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name               string
		ids                []string
		valid              bool
		dups, missing, unk int
	}{
		{"distinct", []string{"dev_0001", "dev_0002", "dev_0003"}, true, 0, 0, 0},
		{"duplicate and missing", []string{"dev_0001", "dev_0002", "dev_0002"}, false, 1, 1, 0},
		{"unknown", []string{"dev_0001", "dev_0002", "dev_0003", "dev_0009"}, false, 0, 0, 1},
	} {
		for _, exhaustive := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/exhaustive=%v", tt.name, exhaustive), func(t *testing.T) {
				rep := v.Validate(&Source{Name: "p.jsonl", Data: escapedRows(tt.ids...)}, Options{Expected: exp, Exhaustive: exhaustive})
				if rep.Valid != tt.valid || rep.Duplicate.Count != tt.dups || rep.Missing.Count != tt.missing || rep.Unknown.Count != tt.unk {
					t.Errorf("valid %v, %d duplicate %v, %d missing %v, %d unknown %v; want %v, %d, %d, %d\n%v",
						rep.Valid, rep.Duplicate.Count, rep.Duplicate.Examples, rep.Missing.Count, rep.Missing.Examples,
						rep.Unknown.Count, rep.Unknown.Examples, tt.valid, tt.dups, tt.missing, tt.unk, rep.Errors)
				}
				for _, p := range rep.Errors {
					if p.Idx != "" && !slices.Contains(tt.ids, p.Idx) {
						t.Errorf("problem names id %q, which no row holds", p.Idx)
					}
				}
			})
		}
	}
}

// FuzzFastMatchesExhaustive: the fast path and --exhaustive agree on the
// whole file's verdict and on the ids: duplicates, missing and unknown,
// counts and examples (issue 18.1: per-row agreement was not enough).
func FuzzFastMatchesExhaustive(f *testing.F) {
	f.Add(escapedRows("dev_0001", "dev_0002"))
	f.Add(escapedRows("dev_0001", "dev_0002", "dev_0002"))
	f.Add([]byte(`{"idx":"dev_0001","verdict":"misaligned","error_category":"Sign Error","error_segment":"a\n","corrected_statement":"theorem x : \u0031 = 1"}` + "\n" +
		`{"idx":"dev_000\u0031","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":null}`))
	v, err := New()
	if err != nil {
		f.Fatal(err)
	}
	exp, err := NewIDSet([]string{"dev_0001", "dev_0002", "dev_0003"})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fast := v.Validate(&Source{Name: "p", Data: data}, Options{Expected: exp})
		slow := v.Validate(&Source{Name: "p", Data: data}, Options{Expected: exp, Exhaustive: true})
		if fast.Valid != slow.Valid || fast.Rows != slow.Rows {
			t.Fatalf("fast: valid %v, %d rows; exhaustive: valid %v, %d rows", fast.Valid, fast.Rows, slow.Valid, slow.Rows)
		}
		for _, c := range []struct {
			name   string
			fs, ss IDSummary
		}{{"duplicate", fast.Duplicate, slow.Duplicate}, {"missing", fast.Missing, slow.Missing}, {"unknown", fast.Unknown, slow.Unknown}} {
			if c.fs.Count != c.ss.Count || !slices.Equal(c.fs.Examples, c.ss.Examples) {
				t.Fatalf("%s ids: fast %d %q, exhaustive %d %q", c.name, c.fs.Count, c.fs.Examples, c.ss.Count, c.ss.Examples)
			}
		}
	})
}
