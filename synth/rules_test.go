package synth

// Tests that pin synth's rules (docs/synth.md, `rxeval synth --help`) one
// by one (issue 19); docs/testing.md maps the rules to them.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// oddSources are the first sources of the built-in set, each statement
// written with bytes a normalizing writer would change: a trailing newline,
// CRLF, trailing spaces, a tab, a non-breaking space before the proof.
func oddSources(t *testing.T, n int) []Source {
	t.Helper()
	srcs := Builtin()[:n]
	tails := []string{"\n", "\r\n", "  ", "\t", "\n\n", " "}
	for i := range srcs {
		srcs[i].Name = fmt.Sprintf("src%d", i)
		srcs[i].Formal = strings.Replace(srcs[i].Formal, " ", "  ", 1) + tails[i%len(tails)]
	}
	return srcs
}

// TestGoldCorrectionIsTheSourceByteForByte: the gold corrected_statement
// of a misaligned sample, and the formal_statement of an aligned one, is
// the source's statement byte for byte (its trailing newline included),
// in memory and in the written gold file read back from JSON; the
// mutation keeps every byte of the statement outside the bytes it wrote.
func TestGoldCorrectionIsTheSourceByteForByte(t *testing.T) {
	srcs := oddSources(t, 60)
	// Read through the real reader: a JSONL source file keeps the bytes.
	var file bytes.Buffer
	for _, s := range srcs {
		b, _ := json.Marshal(map[string]string{"name": s.Name, "informal_statement": s.Informal, "formal_statement": s.Formal, "header": s.Header})
		file.Write(append(b, '\n'))
	}
	read, skipped, err := ReadSources(&file)
	if err != nil || len(skipped) != 0 || len(read) != len(srcs) {
		t.Fatalf("ReadSources: %d read, %v skipped, %v", len(read), skipped, err)
	}
	byName := map[string]string{}
	for i, s := range read {
		if s.Formal != srcs[i].Formal {
			t.Fatalf("ReadSources changed %s: %q, want %q", s.Name, s.Formal, srcs[i].Formal)
		}
		byName[s.Name] = s.Formal
	}
	set, err := Generate(read, Options{N: 120, Seed: 3, AlignedFrac: 0.25})
	if err != nil {
		t.Fatal(err)
	}
	mis := 0
	for _, s := range set.Samples {
		src, ok := byName[s.Source]
		if !ok {
			t.Fatalf("%s: unknown source %q", s.Idx, s.Source)
		}
		if s.Aligned {
			if s.Formal != src {
				t.Errorf("%s: aligned statement %q, source %q", s.Idx, s.Formal, src)
			}
			continue
		}
		mis++
		if s.Corrected != src {
			t.Errorf("%s: gold correction %q, source %q", s.Idx, s.Corrected, src)
		}
		if !strings.HasPrefix(src, s.Formal[:s.lo]) || !strings.HasSuffix(src, s.Formal[s.hi:]) {
			t.Errorf("%s: %q changed bytes outside [%d, %d) of %q", s.Idx, s.Formal, s.lo, s.hi, src)
		}
	}
	if mis == 0 {
		t.Fatal("no misaligned sample")
	}
	var gold bytes.Buffer
	if err := WriteGold(&gold, set.Samples); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(&gold)
	sc.Buffer(nil, 1<<20)
	for k := 0; sc.Scan(); k++ {
		var row struct {
			Idx       string `json:"idx"`
			Formal    string `json:"formal_statement"`
			Diagnosis struct {
				Aligned   string `json:"aligned"`
				Corrected string `json:"corrected_statement"`
			} `json:"diagnosis"`
		}
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatal(err)
		}
		s := set.Samples[k]
		if row.Idx != s.Idx || row.Formal != s.Formal {
			t.Errorf("line %d: %q %q, want %q %q", k+1, row.Idx, row.Formal, s.Idx, s.Formal)
		}
		if want := byName[s.Source]; row.Diagnosis.Aligned == "Misaligned" && row.Diagnosis.Corrected != want {
			t.Errorf("%s: written gold correction %q, source %q", row.Idx, row.Diagnosis.Corrected, want)
		}
	}
}

// TestFixedSeedSameBytes: a fixed seed, 0 included, gives the same bytes
// (gold, inputs and predictions) on every run; another seed other bytes.
func TestFixedSeedSameBytes(t *testing.T) {
	files := func(seed uint64) string {
		set, err := Generate(oddSources(t, 40), Options{N: 80, Seed: seed, AlignedFrac: 0.3})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		for _, w := range []func(*bytes.Buffer) error{
			func(b *bytes.Buffer) error { return WriteGold(b, set.Samples) },
			func(b *bytes.Buffer) error { return WriteInputs(b, set.Samples) },
			func(b *bytes.Buffer) error { return WritePredictions(b, set.Samples) },
		} {
			if err := w(&b); err != nil {
				t.Fatal(err)
			}
		}
		return b.String()
	}
	zero, one := files(0), files(1)
	for _, seed := range []uint64{0, 1, 1 << 63} {
		a, b := files(seed), files(seed)
		if a != b {
			t.Errorf("seed %d: two runs differ", seed)
		}
	}
	if zero == one || files(2) == one {
		t.Error("seeds 0, 1 and 2 do not all give different files")
	}
}
