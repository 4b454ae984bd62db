package eval

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rxeval/rxeval/internal/termsafe"
)

// JudgeInfo describes the judge chain behind a report: every figure names
// the judge that produced it.
type JudgeInfo map[string]any

// Document is the JSON form of a report.
type Document struct {
	// Version is the rxeval version that wrote the report.
	Version string `json:"rxeval_version"`
	*Report
	// System names the predictions in a comparison of several files.
	System string `json:"system,omitempty"`
	Gold   string `json:"gold"`
	// GoldSHA256 is the SHA-256 of the gold file's JSONL bytes.
	GoldSHA256 string    `json:"gold_sha256,omitempty"`
	GoldShape  GoldShape `json:"gold_shape"`
	Pred       string    `json:"predictions"`
	Judge      JudgeInfo `json:"judge"`
}

// WriteJSON writes the report as one indented JSON document.
func (d Document) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(d)
}

// WriteText writes the report as a readable table: overall first, then the
// sub-tasks, the per-category table by support, and who decided stage two.
func (d Document) WriteText(w io.Writer) error {
	r := d.Report
	var b strings.Builder
	fmt.Fprintf(&b, "predictions %s\ngold        %s (%s shape): %s, %d aligned, %d misaligned\n", printableName(d.Pred), printableName(d.Gold), d.GoldShape, plural(r.N, "sample"), r.NAligned, r.NMisaligned)
	if r.Missing > 0 {
		had := "samples had"
		if r.Missing == 1 {
			had = "sample had"
		}
		fmt.Fprintf(&b, "            %d %s no prediction and score as all-wrong (--partial)\n", r.Missing, had)
	}
	fmt.Fprintf(&b, "judge       %s%s\n\n", d.Judge["chain"], chainLegend(fmt.Sprint(d.Judge["chain"])))
	ci := func(k string) string {
		if iv, ok := r.CI[k]; ok {
			return fmt.Sprintf("  95%% CI [%.4f, %.4f]", iv[0], iv[1])
		}
		return ""
	}
	// bound says how far undecided pairs could move a judge-decided figure.
	bound := func(k string) string {
		iv, ok := r.Bounds[k]
		if !ok || iv[0] == iv[1] {
			return ""
		}
		if r.StageTwo.UndecidedScoredAs == "right" {
			return fmt.Sprintf("  upper bound (undecided scored right; all wrong: %.4f)", iv[0])
		}
		return fmt.Sprintf("  lower bound (undecided scored wrong; all right: %.4f)", iv[1])
	}
	fmt.Fprintf(&b, "  %-24s %.4f%s%s\n\n", "joint accuracy", r.JointAccuracy, ci("joint_accuracy"), bound("joint_accuracy"))
	fmt.Fprintf(&b, "  %-24s %.4f%s\n", "verdict macro F1", r.VerdictMacroF1, ci("verdict_macro_f1"))
	fmt.Fprintf(&b, "  %-24s %.4f%s   (multi-class convention, a wrong type also an FP for the predicted class: %.4f)\n", "category macro F1", r.CategoryMacroF1, ci("category_macro_f1"), r.CategoryMacroF1Multiclass)
	fmt.Fprintf(&b, "  %-24s %.4f%s%s\n", "localization accuracy", r.LocalizationAccuracy, ci("localization_accuracy"), bound("localization_accuracy"))
	fmt.Fprintf(&b, "  %-24s %.4f%s%s\n\n", "correction accuracy", r.CorrectionAccuracy, ci("correction_accuracy"), bound("correction_accuracy"))
	withTasks := r.Breakdown != nil
	if withTasks {
		fmt.Fprintf(&b, "  %-40s %5s %5s %5s %8s %7s %9s %7s %7s\n", "category (by support)", "tp", "fp", "fn", "support", "f1", "as other", "loc", "corr")
	} else {
		fmt.Fprintf(&b, "  %-40s %5s %5s %5s %8s %7s %9s\n", "category (by support)", "tp", "fp", "fn", "support", "f1", "as other")
	}
	other := 0
	for _, c := range CategoryOrder(r.PerCategory) {
		cc := r.PerCategory[c]
		f1 := fmt.Sprintf("%7.4f", cc.F1)
		if cc.TP+cc.FP+cc.FN == 0 {
			f1 = fmt.Sprintf("%7s", "-") // no TP, FP or FN: not in the macro mean
		}
		if !withTasks {
			fmt.Fprintf(&b, "  %-40s %5d %5d %5d %8d %s %9d\n", c, cc.TP, cc.FP, cc.FN, cc.Support, f1, cc.PredictedForOther)
			other += cc.PredictedForOther
			continue
		}
		// Localization and correction accuracy over the category's gold
		// samples ("-" for a class no gold sample has).
		loc, corr := "-", "-"
		if tf, ok := r.Breakdown.Categories[c]; ok && tf.Samples > 0 {
			loc, corr = fmt.Sprintf("%.4f", tf.LocalizationAccuracy), fmt.Sprintf("%.4f", tf.CorrectionAccuracy)
		}
		fmt.Fprintf(&b, "  %-40s %5d %5d %5d %8d %s %9d %7s %7s\n", c, cc.TP, cc.FP, cc.FN, cc.Support, f1, cc.PredictedForOther, loc, corr)
		other += cc.PredictedForOther
	}
	if other > 0 {
		fmt.Fprintf(&b, "  (as other: misaligned samples of another class predicted as this one; the track's table counts\n   them only as an FN for the true class, the multi-class convention also as an FP here)\n")
	}
	if r.UnknownCategoryFP > 0 {
		fmt.Fprintf(&b, "  (%s outside the 28 on aligned samples: wrong, but no class to count them in)\n", plural(r.UnknownCategoryFP, "category"))
	}
	if r.Breakdown != nil {
		writeBreakdownText(&b, r.Breakdown)
	}
	st := r.StageTwo
	fmt.Fprintf(&b, "\nstage one (exact match): localization %d, correction %d\n", st.StageOne["localization"], st.StageOne["correction"])
	if st.Pairs == 0 {
		b.WriteString("stage two (an equivalence judge, for pairs stage one did not accept): no pair left to judge")
	} else {
		fmt.Fprintf(&b, "stage two (an equivalence judge, for pairs stage one did not accept): %s", plural(st.Pairs, "pair"))
		names := make([]string, 0, len(st.Decided))
		for k := range st.Decided {
			names = append(names, k)
		}
		sort.Strings(names)
		parts := make([]string, 0, len(names))
		for _, k := range names {
			parts = append(parts, fmt.Sprintf("%s %d", k, st.Decided[k]))
		}
		if len(parts) == 0 {
			parts = append(parts, "no judge")
		}
		fmt.Fprintf(&b, "; decided by %s; undecided %d (localization %d, correction %d; scored %s)", strings.Join(parts, ", "), st.Undecided, st.UndecidedByKind["localization"], st.UndecidedByKind["correction"], st.UndecidedScoredAs)
		if st.JudgeFailed > 0 {
			fmt.Fprintf(&b, "; %d of them because a judge failed", st.JudgeFailed)
		}
	}
	b.WriteString("\n")
	for _, k := range []string{"budget_note", "too_long_note"} {
		if note, ok := d.Judge[k].(string); ok {
			fmt.Fprintf(&b, "note: %s.\n", note)
		}
	}
	if st.Undecided > 0 {
		how := "a judge that decides more pairs (--judge ollama:MODEL) narrows them."
		if chain := fmt.Sprint(d.Judge["chain"]); strings.Contains(chain, "ollama") || strings.Contains(chain, "openai") {
			how = "a rerun asks the model again for the pairs it left (cached verdicts are kept)."
		}
		isAre := "pairs are"
		if st.Undecided == 1 {
			isAre = "pair is"
		}
		fmt.Fprintf(&b, "note: %d stage-two %s undecided and scored %s: figures marked %q are not exact;\n      %s\n", st.Undecided, isAre, st.UndecidedScoredAs, map[string]string{"wrong": "lower bound", "right": "upper bound"}[st.UndecidedScoredAs], how)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// chainLegend explains a judge chain's name in a few words.
func chainLegend(chain string) string {
	parts := strings.Split(chain, "+")
	var say []string
	for _, p := range parts {
		switch {
		case p == "span":
			say = append(say, "span: localization by where fragments sit in the statement")
		case p == "lean-ast":
			say = append(say, "lean-ast: correction by comparing Lean syntax trees")
		case p == "exact":
			say = append(say, "exact: stage one only, no stage-two judge")
		case strings.HasPrefix(p, "gted"):
			say = append(say, "gted: operator-tree edit distance over a threshold")
		case strings.HasPrefix(p, "bleu"):
			say = append(say, "bleu: token n-gram similarity over a threshold")
		case strings.HasPrefix(p, "ollama"), strings.HasPrefix(p, "openai"):
			say = append(say, p+": a language model decides what the others leave")
		}
	}
	if len(say) == 0 {
		return ""
	}
	return " (" + strings.Join(say, "; ") + ")"
}

// MultiDocument is the report of several prediction files scored against
// one gold file: each file's report, then their comparison.
type MultiDocument struct {
	Systems    []Document  `json:"systems"`
	Comparison *Comparison `json:"comparison"`
}

// WriteJSON writes the reports and the comparison as one JSON document.
func (m MultiDocument) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(m)
}

// shortNames says which figure a comparison line shows.
var shortNames = map[string]string{"joint_accuracy": "joint", "verdict_macro_f1": "verdict F1", "category_macro_f1": "category F1",
	"localization_accuracy": "localization", "correction_accuracy": "correction"}

// WriteText writes each system's table, then the ranking, the paired
// bootstrap of every pair and the samples the systems disagree on.
func (m MultiDocument) WriteText(w io.Writer) error {
	for _, d := range m.Systems {
		if _, err := fmt.Fprintf(w, "== %s\n", printableName(d.System)); err != nil {
			return err
		}
		if err := d.WriteText(w); err != nil {
			return err
		}
		io.WriteString(w, "\n")
	}
	c := m.Comparison
	var b strings.Builder
	fmt.Fprintf(&b, "== comparison of %d systems (paired bootstrap: %d resamples of the samples, seed %d)\n\n", len(m.Systems), c.Rounds, c.Seed)
	width := len("system")
	for _, r := range c.Ranking {
		width = max(width, len(printableName(r.System)))
	}
	fmt.Fprintf(&b, "  %-4s  %-*s  %-14s  %-18s  %s\n", "rank", width, "system", "joint accuracy", "95% CI", "bounds (undecided all wrong .. all right)")
	for _, r := range c.Ranking {
		ci := fmt.Sprintf("[%.4f, %.4f]", r.CI[0], r.CI[1])
		fmt.Fprintf(&b, "  %-4d  %-*s  %-14.4f  %-18s  [%.4f, %.4f]\n", r.Rank, width, printableName(r.System), r.JointAccuracy, ci, r.Bounds[0], r.Bounds[1])
	}
	b.WriteString("\npairs: B - A, its 95% interval, and P = the share of resamples where the difference has the sign seen\n(where no difference is seen, the share with none)\n")
	for _, p := range c.Pairs {
		fmt.Fprintf(&b, "  %s - %s\n", printableName(p.B), printableName(p.A))
		for _, f := range figures {
			d := p.Deltas[f]
			fmt.Fprintf(&b, "    %-13s %+.4f  [%+.4f, %+.4f]  P %.3f\n", shortNames[f], d.Observed, d.CI[0], d.CI[1], d.PSameSign)
		}
	}
	b.WriteString("\nsamples where the systems disagree (first 10; the systems right on each):\n")
	for _, task := range SubTasks {
		d := c.Disagreements[task]
		fmt.Fprintf(&b, "  %-13s %d", task, d.Count)
		for i, s := range d.Samples {
			if i == 10 {
				b.WriteString(" ...")
				break
			}
			right := make([]string, len(s.Right))
			for k, name := range s.Right {
				right[k] = printableName(name)
			}
			fmt.Fprintf(&b, "%s %s [%s]", map[bool]string{true: ":", false: ","}[i == 0], printableName(s.Idx), strings.Join(right, ","))
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// plural writes a count with its noun: "1 pair", "5 pairs".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if stem, ok := strings.CutSuffix(noun, "y"); ok {
		return fmt.Sprintf("%d %sies", n, stem) // categories
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// printableName is a file name as written, quoted when it holds control
// characters, bidirectional overrides or invalid UTF-8 (a name with a
// newline or an escape sequence must not reach the terminal raw).
func printableName(s string) string {
	if !utf8.ValidString(s) || strings.ContainsFunc(s, unicode.IsControl) || termsafe.Escape(s) != s {
		return strconv.Quote(s)
	}
	return s
}
