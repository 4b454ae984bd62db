package main

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/rxeval/rxeval/validate"
)

// hugeText is about n bytes of Lean-like text with what makes a JSON string
// costly: multi-byte runes, newlines and quotes (escaped in the file, so
// that every reader has to unescape it), and little repetition (its zip is
// no zip bomb).
func hugeText(n int) string {
	words := []string{"theorem", "(x y : ℝ)", "(h₀ : 0 < x)", "∀ n : ℕ,", "x ^ 2 + y ^ 2", "≤", "‖p n‖", "Real.sqrt (x + 1)", "∑ i ∈ Finset.range n, f i", "→", ":= by sorry", "{f : 𝕜 → E}", "\n ", `"q"`, `\`}
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	b.Grow(n + 64)
	for b.Len() < n {
		b.WriteString(words[rng.IntN(len(words))])
		if rng.IntN(5) == 0 {
			b.WriteString(string(rune('0' + rng.IntN(10))))
		}
		b.WriteByte(' ')
	}
	return b.String()
}

// hugeRowFile is the example predictions with one row's correction n
// bytes long; category rewrites that row's category as category.
func hugeRowFile(t *testing.T, dir, name string, n int, category string) (string, int64) {
	t.Helper()
	ex, err := os.ReadFile("../../testdata/example/predictions.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for i, line := range bytes.Split(bytes.TrimSpace(ex), []byte("\n")) {
		if i == 0 {
			var row map[string]any
			if err := json.Unmarshal(line, &row); err != nil {
				t.Fatal(err)
			}
			row["corrected_statement"] = hugeText(n)
			row["error_category"] = category
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(row); err != nil {
				t.Fatal(err)
			}
			continue
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p, int64(b.Len())
}

// hugeGoldFile is the example gold with its first row's correction n bytes
// long.
func hugeGoldFile(t *testing.T, dir string, n int) (string, int64) {
	t.Helper()
	ex, err := os.ReadFile("../../testdata/example/gold.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitN(ex, []byte("\n"), 2)
	var row map[string]any
	if err := json.Unmarshal(lines[0], &row); err != nil {
		t.Fatal(err)
	}
	row["diagnosis"].(map[string]any)["corrected_statement"] = hugeText(n)
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(row); err != nil {
		t.Fatal(err)
	}
	b.Write(lines[1])
	p := filepath.Join(dir, "gold.jsonl")
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p, int64(b.Len())
}

// TestHugeRowMemory bounds what every command allocates, per byte of input,
// on a file whose one row holds an 8 MB correction, and on a gold file
// whose one row does (issue 34.9: a 120 MB
// correction cost 250 MB in validate and score, but 727 MB with
// --per-sample, 614 MB in fix, 751 MB in pack, 518 MB validating the zip).
// Bytes allocated (runtime.MemStats.TotalAlloc, garbage included) bound the
// peak from above and do not depend on the machine's load or the GC's
// timing, as a peak RSS would.
//
// What a command cannot do without: the file read into memory (1x) and the
// correction unescaped once to be checked, compared or scored (1x, the
// text being about as long as its JSON); a zip adds its compressed bytes
// (under 0.2x here), and fix and pack a rewritten copy of the file when
// they rewrite a spelling (1x, though the input is dropped before the
// copy is checked, so that no more than two are live at once). The limits
// are those counts plus 0.5x of slack for the rest (small rows, buffers,
// maps): any further copy of the row (a re-marshalled row, a grown
// buffer, a decoder's refill, an inflated zip entry held beside its
// check) goes over.
func TestHugeRowMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates some 100 MB")
	}
	dir := t.TempDir()
	const n = 8 << 20
	canon, size := hugeRowFile(t, dir, "canon.jsonl", n, "Operator Confusion")
	spelled, _ := hugeRowFile(t, dir, "spelled.jsonl", n, "operator confusion") // fix and pack rewrite it
	data, err := os.ReadFile(canon)
	if err != nil {
		t.Fatal(err)
	}
	var zb bytes.Buffer
	if err := validate.WriteZip(&zb, "canon.jsonl", data); err != nil {
		t.Fatal(err)
	}
	zipped := filepath.Join(dir, "canon.zip")
	if err := os.WriteFile(zipped, zb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	data = nil
	bigGold, goldSize := hugeGoldFile(t, dir, n)
	gold, inputs := "../../testdata/example/gold.jsonl", "../../testdata/example/inputs.jsonl"
	cases := []struct {
		name   string
		args   []string
		code   int
		factor float64
		size   int64 // of the input (0: the predictions')
	}{
		{"validate", []string{"validate", "--inputs", inputs, canon}, 0, 2.5, 0},
		{"score", []string{"score", "--gold", gold, canon}, 0, 2.5, 0},
		{"score --per-sample", []string{"score", "--gold", gold, "--per-sample", filepath.Join(dir, "ps.jsonl"), canon}, 0, 2.5, 0},
		{"fix", []string{"fix", spelled, "-o", filepath.Join(dir, "fixed.jsonl")}, 0, 3.5, 0},
		{"pack", []string{"pack", "--inputs", inputs, spelled, "-o", filepath.Join(dir, "packed.zip")}, 0, 3.5, 0},
		{"validate zip", []string{"validate", "--inputs", inputs, zipped}, 0, 2.5, 0},
		{"score zip", []string{"score", "--gold", gold, zipped}, 0, 2.5, 0},
		// The gold's correction, read and unescaped once (the first row
		// was decoded twice more to tell a gold file from test inputs).
		{"score, huge gold row", []string{"score", "--gold", bigGold, "../../testdata/example/predictions.jsonl"}, 0, 2.5, goldSize},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, stderr, code := runCLI(c.args...)
			runtime.ReadMemStats(&after)
			if code != c.code {
				t.Fatalf("exit %d, want %d\n%.2000s", code, c.code, stderr)
			}
			in := size
			if c.size > 0 {
				in = c.size
			}
			got := float64(after.TotalAlloc-before.TotalAlloc) / float64(in)
			t.Logf("%-20s allocated %.2fx the input (%d MB of %d MB)", c.name, got, (after.TotalAlloc-before.TotalAlloc)>>20, in>>20)
			if got > c.factor {
				t.Errorf("allocated %.2fx the input, over %.1fx", got, c.factor)
			}
		})
	}
}
