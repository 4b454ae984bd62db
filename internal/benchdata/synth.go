// Package benchdata makes realistic synthetic FormalRx files for benchmarks and
// tests: 7,030 rows shaped like a real submission.
package benchdata

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/rxeval/rxeval/schema"
)

var words = []string{"theorem", "(x y : ℝ)", "(h₀ : 0 < x)", "∀ n : ℕ,", "∃ k ∈ Finset.range n,", "x ^ 2 + y ^ 2", "≤", "‖p n‖", "C * r ^ n", "Real.sqrt (x + 1)", "∑ i ∈ Finset.range n, f i", "→", "↔", ":= by sorry", "{f : 𝕜 → E}", "MeromorphicNFOn f U"}

// Row is one synthetic sample: its gold diagnosis.
type Row struct {
	Idx        string
	Misaligned bool
	Category   string
	Segment    string
	Corrected  string
}

// Rows returns n samples, a quarter aligned, with corrected statements of
// about 1 KB of Lean with Unicode and newlines, drawn from seed.
func Rows(n int, seed uint64) []Row {
	rng := rand.New(rand.NewPCG(seed, 2))
	rows := make([]Row, n)
	for i := range rows {
		r := Row{Idx: fmt.Sprintf("formalrx_%04d", i+1)}
		if rng.IntN(4) != 0 {
			var sb strings.Builder
			for sb.Len() < 1000 {
				sb.WriteString(words[rng.IntN(len(words))])
				if rng.IntN(8) == 0 {
					sb.WriteString("\n ")
				} else {
					sb.WriteByte(' ')
				}
			}
			r.Misaligned = true
			r.Category = schema.Categories[rng.IntN(len(schema.Categories))].Name
			r.Segment = words[rng.IntN(len(words))] + " " + words[rng.IntN(len(words))]
			r.Corrected = sb.String()
		}
		rows[i] = r
	}
	return rows
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// Predictions encodes rows as a prediction JSONL file.
func Predictions(rows []Row) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for _, r := range rows {
		verdict := "aligned"
		if r.Misaligned {
			verdict = "misaligned"
		}
		enc.Encode(map[string]any{"idx": r.Idx, "verdict": verdict, "error_category": nullable(r.Category), "error_segment": nullable(r.Segment), "corrected_statement": nullable(r.Corrected)})
	}
	return buf.Bytes()
}

// Gold encodes rows as a labelled gold JSONL file (the official shape).
func Gold(rows []Row) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	na := func(s string) string {
		if s == "" {
			return "N/A"
		}
		return s
	}
	for _, r := range rows {
		aligned := "Aligned"
		if r.Misaligned {
			aligned = "Misaligned"
		}
		enc.Encode(map[string]any{"idx": r.Idx, "formal_statement": "theorem t : True := by sorry",
			"diagnosis": map[string]any{"aligned": aligned, "error_type": na(r.Category), "error_location": na(r.Segment), "corrected_statement": na(r.Corrected)}})
	}
	return buf.Bytes()
}
