package report

import (
	"context"
	"io"
	"testing"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/internal/benchdata"
)

// synthDocs scores internal/benchdata's 7,030 rows (gold from one draw,
// predictions from another, as eval's BenchmarkScore7030Exact).
func synthDocs(b *testing.B) []eval.Document {
	rows := benchdata.Rows(7030, 1)
	gold, _, err := eval.ParseGold(benchdata.Gold(rows))
	if err != nil {
		b.Fatal(err)
	}
	preds := map[string]eval.Pred{}
	for i, r := range benchdata.Rows(7030, 2) {
		p := eval.Pred{Idx: rows[i].Idx, Misaligned: r.Misaligned, Category: eval.Text{S: r.Category, Null: r.Category == ""}, CategoryName: r.Category,
			Segment: eval.Text{S: r.Segment, Null: r.Segment == ""}, Corrected: eval.Text{S: r.Corrected, Null: r.Corrected == ""}}
		preds[p.Idx] = p
	}
	rep, err := eval.Score(context.Background(), gold, preds, eval.ExactJudge{}, eval.Options{})
	if err != nil {
		b.Fatal(err)
	}
	return []eval.Document{{Report: rep, Gold: "gold.jsonl", Pred: "pred.jsonl", Judge: eval.JudgeInfo{"chain": "exact"}}}
}

// BenchmarkWrite7030Synth writes the page of a 7,030-row synthetic score
// (1 KB corrections that share nothing with a statement: the worst case).
func BenchmarkWrite7030Synth(b *testing.B) {
	docs := synthDocs(b)
	n := 0
	for b.Loop() {
		w := &countWriter{}
		if err := Write(w, docs, nil); err != nil {
			b.Fatal(err)
		}
		n = w.n
	}
	b.ReportMetric(float64(n), "page-bytes")
}

// BenchmarkWrite7030ProofNet writes the page of 7,030 samples with real
// statements (ProofNet's) and corrections made from them.
func BenchmarkWrite7030ProofNet(b *testing.B) {
	docs := largeDocs(b, 7030)
	n := 0
	for b.Loop() {
		w := &countWriter{}
		if err := Write(w, docs, nil); err != nil {
			b.Fatal(err)
		}
		n = w.n
	}
	b.ReportMetric(float64(n), "page-bytes")
}

type countWriter struct{ n int }

func (c *countWriter) Write(p []byte) (int, error) { c.n += len(p); return len(p), nil }

var _ io.Writer = (*countWriter)(nil)
