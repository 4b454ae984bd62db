package study

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges"
	"github.com/rxeval/rxeval/synth"
)

// statementParts splits a theorem statement at depth 0: its top-level
// binder groups (the text inside each bracket pair) and its conclusion
// (after the top-level colon, before ":=").
func statementParts(s string) (binders []string, conclusion string) {
	depth, start := 0, -1
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case strings.ContainsRune("([{⦃⟨", r):
			if depth == 0 {
				start = i + size
			}
			depth++
		case strings.ContainsRune(")]}⦄⟩", r):
			depth--
			if depth == 0 && start >= 0 {
				binders = append(binders, s[start:i])
			}
		case r == ':' && depth == 0 && !strings.HasPrefix(s[i:], ":="):
			rest := s[i+1:]
			if j := strings.Index(rest, ":="); j >= 0 {
				rest = rest[:j]
			}
			return binders, strings.TrimSpace(rest)
		}
		i += size
	}
	return binders, ""
}

// contentFree are answers to "where is the error" that look at no content:
// each reads only the statement's layout.
var contentFree = []struct {
	name   string
	answer func(s string) string
}{
	{"the conclusion after the top-level colon", func(s string) string { _, c := statementParts(s); return c }},
	{"the last hypothesis name, else the conclusion", func(s string) string {
		bs, c := statementParts(s)
		for i := len(bs) - 1; i >= 0; i-- {
			if name, _, ok := strings.Cut(bs[i], ":"); ok && len(strings.Fields(name)) == 1 {
				return strings.TrimSpace(name)
			}
		}
		return c
	}},
	{"the last line", func(s string) string {
		lines := strings.Split(strings.TrimSpace(s), "\n")
		return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(lines[len(lines)-1]), ":= sorry"))
	}},
	{"the longest binder body", func(s string) string {
		bs, _ := statementParts(s)
		best := ""
		for _, b := range bs {
			if _, body, ok := strings.Cut(b, ":"); ok && len(body) > len(best) {
				best = strings.TrimSpace(body)
			}
		}
		return best
	}},
	{"a lone hypothesis name (the first)", func(s string) string {
		bs, _ := statementParts(s)
		for _, b := range bs {
			if name, _, ok := strings.Cut(b, ":"); ok && len(strings.Fields(name)) == 1 {
				return strings.TrimSpace(name)
			}
		}
		return ""
	}},
	{"the whole statement", func(s string) string { return s }},
}

// contentFreeTable measures the location credit the span judge gives each
// content-free answer on a 7,030-sample synth set (issue 17.5): credited
// (the same location by the rule), refused (a different location),
// undecided (left to the model, which the prompt gives the same rule).
func contentFreeTable(t *testing.T) string {
	set, err := synth.Generate(synth.Builtin(), synth.Options{N: 7030, Seed: 1, AlignedFrac: 0.25})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	var mis []synth.Sample
	for _, s := range set.Samples {
		if !s.Aligned {
			mis = append(mis, s)
		}
	}
	fmt.Fprintf(&b, "%d misaligned samples of a 7,030-sample synth set (`rxeval synth --seed 1`), localization by the span judge alone.\n\n", len(mis))
	b.WriteString("| content-free answer | credited (same location) | refused (different) | undecided (to the model) |\n|---|---|---|---|\n")
	for _, cf := range contentFree {
		pairs := make([]eval.Pair, len(mis))
		for i, s := range mis {
			pairs[i] = eval.Pair{Kind: eval.Localization, Idx: s.Idx, FormalStatement: s.Formal, Gold: s.Location, Pred: cf.answer(s.Formal)}
		}
		ds, err := judges.SpanJudge{}.Judge(context.Background(), pairs)
		if err != nil {
			t.Fatal(err)
		}
		var yes, no, und int
		for _, d := range ds {
			switch d.Verdict {
			case eval.Equivalent:
				yes++
			case eval.NotEquivalent:
				no++
			default:
				und++
			}
		}
		pct := func(n int) string { return fmt.Sprintf("%d (%.1f%%)", n, 100*float64(n)/float64(len(mis))) }
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", cf.name, pct(yes), pct(no), pct(und))
	}
	return b.String()
}

func TestStatementParts(t *testing.T) {
	bs, c := statementParts("theorem t (x : ℝ) {f : ℕ → ℕ} (h : ∀ n, f n = (n : ℝ)) : f 0 = 0 := sorry")
	if len(bs) != 3 || bs[2] != "h : ∀ n, f n = (n : ℝ)" || c != "f 0 = 0" {
		t.Errorf("binders %q, conclusion %q", bs, c)
	}
}
