package validate

import (
	"bytes"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/rxeval/rxeval/internal/arena"
	"github.com/rxeval/rxeval/internal/benchdata"
)

var (
	realisticOnce sync.Once
	realistic     []byte
)

// realisticFile is a valid 7,030-row prediction file shaped like a real
// submission (see internal/benchdata).
func realisticFile() []byte {
	realisticOnce.Do(func() { realistic = benchdata.Predictions(benchdata.Rows(OfficialCount, 1)) })
	return realistic
}

// BenchmarkValidate is the whole validation of a realistic 7,030-row file.
func BenchmarkValidate(b *testing.B) {
	data := realisticFile()
	v := newValidator(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		rep := v.Validate(&Source{Name: "bench.jsonl", Data: data}, Options{})
		if !rep.Valid {
			b.Fatal(rep.Errors[0])
		}
	}
}

// BenchmarkValidateExhaustive runs the JSON Schema on every row.
func BenchmarkValidateExhaustive(b *testing.B) {
	data := realisticFile()
	v := newValidator(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if rep := v.Validate(&Source{Name: "bench.jsonl", Data: data}, Options{Exhaustive: true}); !rep.Valid {
			b.Fatal(rep.Errors[0])
		}
	}
}

// BenchmarkDecodeOnly is the yardstick: merely JSON-decoding the same rows
// into any with encoding/json.
func BenchmarkDecodeOnly(b *testing.B) {
	data := realisticFile()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		for line := range bytes.Lines(data) {
			var v any
			if err := json.Unmarshal(line, &v); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func TestRealisticFileIsValid(t *testing.T) {
	data := realisticFile()
	rep := newValidator(t).Validate(&Source{Name: "r.jsonl", Data: data}, Options{KeepRows: true})
	if !rep.Valid || rep.Rows != OfficialCount || rep.FastRows != OfficialCount || len(rep.Parsed) != OfficialCount {
		t.Fatalf("valid=%v rows=%d fast=%d parsed=%d errors=%v", rep.Valid, rep.Rows, rep.FastRows, len(rep.Parsed), rep.Errors)
	}
	if n := len(data) / OfficialCount; n < 700 {
		t.Errorf("rows average %d bytes, want about 1 KB", n)
	}
}

// TestKeptRowsOwnTheirMemory: rows and problems must not change when the
// caller reuses the file's buffer (the reader may map the file).
func TestKeptRowsOwnTheirMemory(t *testing.T) {
	data := bytes.Clone(realisticFile())
	rep := newValidator(t).Validate(&Source{Name: "r.jsonl", Data: data}, Options{KeepRows: true})
	before := make([]Row, len(rep.Parsed))
	copy(before, rep.Parsed)
	deep := func(r Row) string { return r.Idx + r.Verdict + r.Category.S + r.Segment.S + r.Corrected.S }
	want := make([]string, len(before))
	for i, r := range before {
		want[i] = strings.Clone(deep(r))
	}
	for i := range data {
		data[i] = 'X'
	}
	for i, r := range rep.Parsed {
		if deep(r) != want[i] {
			t.Fatalf("row %d changed with the buffer", i)
		}
	}
}

func TestAliasRowsReadTheSameValues(t *testing.T) {
	data := realisticFile()
	v := newValidator(t)
	a := v.Validate(&Source{Name: "r.jsonl", Data: data}, Options{KeepRows: true})
	for _, ar := range []*arena.Arena{nil, new(arena.Arena)} {
		b := v.Validate(&Source{Name: "r.jsonl", Data: data}, Options{KeepRows: true, AliasRows: true, Arena: ar})
		if len(a.Parsed) != len(b.Parsed) {
			t.Fatal("row counts differ")
		}
		for i := range a.Parsed {
			if a.Parsed[i] != b.Parsed[i] {
				t.Fatalf("row %d differs:\n%+v\n%+v", i, a.Parsed[i], b.Parsed[i])
			}
		}
	}
}
