package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/rxeval/rxeval/internal/benchdata"
	"github.com/rxeval/rxeval/schema"
)

// python3 returns the interpreter the reference scorer needs, skipping the
// test where there is none (.ci/run installs it).
func python3(t testing.TB) string {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the reference scorer (scripts/refscore.py) cannot run; .ci/run installs it")
	}
	return py
}

// perturbed returns predictions derived from gold rows by the mistakes and
// spellings the rules single out: a flipped verdict, a verdict spelled
// "Aligned" (neither class), a category swapped, spelled as its accepted
// alias, outside the 28, or set on an aligned row; a segment or correction
// changed, emptied, blanked, "N/A" or null. Every row stays one the
// server accepts, so rxeval scores the file. With valid, only mistakes
// that keep every row valid are made (what a real submission looks like
// after `rxeval validate`): a flipped verdict, another category, another
// segment or correction.
func perturbed(rows []benchdata.Row, seed uint64, valid bool) []byte {
	rng := rand.New(rand.NewPCG(seed, 7))
	aliases := map[string]string{"Partial Order Errors": "(Partial) Order Error", "Integration/Differentiation Confusion": "Integration/Diff. Confusion", "Geometric Relationship/Object Error": "Geometric Error"}
	var out []byte
	for _, r := range rows {
		verdict := map[bool]string{true: "misaligned", false: "aligned"}[r.Misaligned]
		var cat, seg, corr any = nil, nil, nil
		if r.Misaligned {
			cat, seg, corr = r.Category, r.Segment, r.Corrected
		}
		k := rng.IntN(14)
		if valid {
			k = []int{0, 2, 4, 9, 10, 11, 12, 13}[k%8]
			if !r.Misaligned && k != 0 {
				k = 10 // an aligned row stays all null
			}
		}
		switch k {
		case 0:
			verdict = map[bool]string{true: "aligned", false: "misaligned"}[r.Misaligned]
			if valid && r.Misaligned {
				cat, seg, corr = nil, nil, nil
			} else if valid {
				cat, seg, corr = schema.Categories[0].Name, "x", "theorem t : False := sorry"
			}
		case 1:
			verdict = "Aligned"
		case 2:
			cat = schema.Categories[rng.IntN(len(schema.Categories))].Name
		case 3:
			if a, ok := aliases[r.Category]; ok {
				cat = a
			} else {
				cat = "Exponent Error"
			}
		case 4:
			seg = "x ^ 2"
		case 5:
			corr = ""
		case 6:
			seg = "   "
		case 7:
			corr, seg = "N/A", "N/A"
		case 8:
			cat = nil
		case 9:
			corr = fmt.Sprint(corr) + " "
		}
		if !r.Misaligned && verdict == "aligned" && !valid && rng.IntN(10) == 0 {
			cat = schema.Categories[rng.IntN(len(schema.Categories))].Name
		}
		line, _ := json.Marshal(map[string]any{"idx": r.Idx, "verdict": verdict, "error_category": cat, "error_segment": seg, "corrected_statement": corr})
		out = append(append(out, line...), '\n')
	}
	return out
}

// TestReferenceScorerAgrees: the five figures of `rxeval score --judge
// exact` equal, to 1e-12, those of scripts/refscore.py, a plain Python
// restatement of docs/rules.md sharing no code with rxeval, on the
// example files and on 12,000 perturbed rows in six files.
func TestReferenceScorerAgrees(t *testing.T) {
	py := python3(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	type pair struct{ gold, pred string }
	pairs := []pair{
		{"../../testdata/example/gold.jsonl", "../../testdata/example/predictions.jsonl"},
		{"../../testdata/example/gold.jsonl", "../../testdata/example/predictions_b.jsonl"},
	}
	for seed := uint64(1); seed <= 6; seed++ {
		rows := benchdata.Rows(2000, seed)
		gold, pred := filepath.Join(dir, fmt.Sprintf("gold%d.jsonl", seed)), filepath.Join(dir, fmt.Sprintf("pred%d.jsonl", seed))
		os.WriteFile(gold, benchdata.Gold(rows), 0o644)
		os.WriteFile(pred, perturbed(rows, seed, seed%2 == 0), 0o644)
		pairs = append(pairs, pair{gold, pred})
	}
	// Degenerate gold: no misaligned sample (the misaligned class, and
	// every category, has no TP, FP or FN unless predicted), predicted all
	// aligned, or with the example's misaligned predictions.
	allAligned := func(name, src string, pred bool) string {
		data, _ := os.ReadFile(src)
		var out []byte
		for _, l := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
			var row map[string]any
			json.Unmarshal(l, &row)
			if pred {
				row["verdict"], row["error_category"], row["error_segment"], row["corrected_statement"] = "aligned", nil, nil, nil
			} else {
				row["diagnosis"] = map[string]any{"aligned": "Aligned", "error_type": "N/A", "error_location": "N/A", "corrected_statement": "N/A"}
			}
			line, _ := json.Marshal(row)
			out = append(append(out, line...), '\n')
		}
		path := filepath.Join(dir, name)
		os.WriteFile(path, out, 0o644)
		return path
	}
	goldAligned := allAligned("gold_aligned.jsonl", "../../testdata/example/gold.jsonl", false)
	pairs = append(pairs,
		pair{goldAligned, allAligned("pred_aligned.jsonl", "../../testdata/example/predictions.jsonl", true)},
		pair{goldAligned, "../../testdata/example/predictions.jsonl"})
	figures := []string{"verdict_macro_f1", "category_macro_f1", "localization_accuracy", "correction_accuracy", "joint_accuracy"}
	for _, p := range pairs {
		out, err := exec.Command(bin, "score", "--judge", "exact", "--format", "json", "--gold", p.gold, p.pred).Output()
		if err != nil {
			t.Fatalf("rxeval score %s: %v\n%s", p.pred, err, out)
		}
		var got map[string]any
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatal(err)
		}
		ref, err := exec.Command(py, "../../scripts/refscore.py", p.gold, p.pred).Output()
		if err != nil {
			t.Fatalf("refscore.py %s: %v", p.pred, err)
		}
		var want map[string]float64
		if err := json.Unmarshal(ref, &want); err != nil {
			t.Fatal(err)
		}
		for _, f := range figures {
			g, _ := got[f].(float64)
			if math.Abs(g-want[f]) > 1e-12 {
				t.Errorf("%s: %s = %v, the reference scorer says %v", filepath.Base(p.pred), f, g, want[f])
			}
		}
	}
}
