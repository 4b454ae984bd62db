package judges

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/rxeval/rxeval/eval"
)

func spanVerdictOf(statement, gold, pred string) (eval.Verdict, string) {
	ds, _ := SpanJudge{}.Judge(context.Background(), []eval.Pair{{Kind: eval.Localization, FormalStatement: statement, Gold: gold, Pred: pred}})
	return ds[0].Verdict, ds[0].Reason
}

// afterName is the fixed non-answer of issue 11: everything after the
// theorem's name (all binders and the conclusion).
func afterName(st string) string {
	for _, kw := range []string{"theorem ", "lemma "} {
		if i := strings.LastIndex(st, kw); i >= 0 {
			rest := strings.TrimSpace(st[i+len(kw):])
			if j := strings.IndexAny(rest, " \n"); j >= 0 {
				rest = rest[j:]
			}
			if k := strings.LastIndex(rest, ":="); k >= 0 {
				rest = rest[:k]
			}
			return strings.TrimSpace(rest)
		}
	}
	return st
}

// TestSpanFixedNonAnswer: the non-answer is never accepted, on the example
// statements with their gold segments and on every ProofNet statement with
// each of its binders as gold.
func TestSpanFixedNonAnswer(t *testing.T) {
	type ex struct{ statement, gold string }
	var cases []ex
	inputs := map[string]string{}
	readJSONL(t, "../testdata/example/inputs.jsonl", func(m map[string]any) {
		inputs[m["idx"].(string)] = m["formal_statement"].(string)
	})
	readJSONL(t, "../testdata/example/gold.jsonl", func(m map[string]any) {
		d := m["diagnosis"].(map[string]any)
		if loc, _ := d["error_location"].(string); loc != "" && loc != "N/A" {
			cases = append(cases, ex{inputs[m["idx"].(string)], loc})
		}
	})
	readJSONL(t, "../testdata/proofnet_lean4/proofnet_lean4.jsonl", func(m map[string]any) {
		st := m["formal_statement"].(string)
		toks, ok := spanTokens(st)
		if !ok {
			return
		}
		for _, b := range shapeOf(toks).binders {
			cases = append(cases, ex{st, strings.Join(toks[b.lo:b.hi], " ")})
		}
	})
	if len(cases) < 300 {
		t.Fatalf("only %d cases", len(cases))
	}
	accepted := 0
	for _, c := range cases {
		if v, why := spanVerdictOf(c.statement, c.gold, afterName(c.statement)); v == eval.Equivalent {
			accepted++
			if accepted < 5 {
				t.Errorf("non-answer accepted for gold %q in %q: %s", c.gold, c.statement, why)
			}
		}
	}
	if accepted > 0 {
		t.Errorf("the fixed non-answer was accepted %d times of %d", accepted, len(cases))
	}
}

// TestSpanRules: each rule of the span judge, on real statements.
func TestSpanRules(t *testing.T) {
	omni := "theorem omni_theorem_2139 : IsLeast {n | ∃ x y : ℝ, n = x * y ^ 2 + (x + 7) ^ 2 + (2 * y + 7) ^ 2} 45 := by sorry"
	amc := "theorem amc12a_2021_p3 (x y : ℕ) (h₀ : x + y = 17402) (h₁ : 10 ∣ x) (h₂ : x / 10 = y) : (↑x : ℤ) - ↑y = 14238 := by sorry"
	pow := "theorem t (x : ℝ) (h₀ : x ^ 32 = 1) (h₁ : 0 < x) : x = 1 := by sorry"
	mero := "theorem meromorphicOrderAt_ne_top_of_isPreconnected (hf : MeromorphicOn f U) {y : 𝕜}  (hU : IsPreconnected U) (h₁x : x ∈ U) (hy : y ∈ U) (h₂x : meromorphicOrderAt f x ≠ ⊤) :  ∃ n : ℤ, meromorphicOrderAt f y = n := sorry"
	tests := []struct {
		name, st, gold, pred string
		want                 eval.Verdict
	}{
		{"same tokens, other spacing", omni, "x * y ^ 2", "x*y^2", eval.Equivalent},
		{"gold inside a slightly larger prediction", omni, "x * y ^ 2", "n = x * y ^ 2", eval.Equivalent},
		{"prediction inside the gold", amc, "h₀ : x + y = 17402", "x + y = 17402", eval.Equivalent},
		{"touching spans share no token", omni, "x * y", "^ 2 + (x + 7)", eval.NotEquivalent},
		{"disjoint", omni, "x * y ^ 2", "(2 * y + 7) ^ 2", eval.NotEquivalent},
		{"another hypothesis", amc, "h₁ : 10 ∣ x", "h₂ : x / 10 = y", eval.NotEquivalent},
		{"part of a token is not a match", pow, "x ^ 32", "x ^ 3", eval.Undecided},
		{"part of a token, other side", pow, "x ^ 32 = 1", "2 = 1", eval.Undecided},
		{"a one-token sliver of a neighbour", amc, "h₁ : 10 ∣ x", "17402) (h₁", eval.Undecided},
		{"all binders, no conclusion", amc, "h₁ : 10 ∣ x", "(x y : ℕ) (h₀ : x + y = 17402) (h₁ : 10 ∣ x) (h₂ : x / 10 = y)", eval.Undecided},
		{"everything after the name", amc, "h₁ : 10 ∣ x", afterName(amc), eval.Undecided},
		{"the whole statement", omni, "(2 * y + 7) ^ 2", omni, eval.Undecided},
		{"hypothesis name for its body", amc, "10 ∣ x", "h₁", eval.Equivalent},
		{"hypothesis body for its name", amc, "h₁", "10 ∣ x", eval.Equivalent},
		{"hypothesis name for another body", amc, "10 ∣ x", "h₂", eval.NotEquivalent},
		{"hypothesis name, Unicode name", mero, "meromorphicOrderAt f x ≠ ⊤", "h₂x", eval.Equivalent},
		{"ASCII spelling of the operator", "theorem t (a b : ℝ) (h : a ≤ b) : b ≥ a := sorry", "a ≤ b", "a <= b", eval.Equivalent},
		{"a much coarser enclosing term goes to the model", omni, "x * y ^ 2", "{n | ∃ x y : ℝ, n = x * y ^ 2 + (x + 7) ^ 2 + (2 * y + 7) ^ 2}", eval.Undecided},
		{"ambiguous occurrences", omni, "x * y ^ 2", "^ 2", eval.Undecided},
		{"not in the statement", omni, "x * y ^ 2", "x * y ^ 3", eval.Undecided},
	}
	for _, tt := range tests {
		if got, why := spanVerdictOf(tt.st, tt.gold, tt.pred); got != tt.want {
			t.Errorf("%s: %q vs %q: %v (%s), want %v", tt.name, tt.gold, tt.pred, got, why, tt.want)
		}
	}
}

func readJSONL(t *testing.T, path string, f func(map[string]any)) {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		f(m)
	}
}
