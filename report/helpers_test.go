package report

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"github.com/rxeval/rxeval/internal/fixtures"
	"os"
	"strings"
	"testing"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges"
	"github.com/rxeval/rxeval/schema"
)

// readPreds reads a (valid) prediction file as the CLI's scorer sees it.
func readPreds(t testing.TB, path string) map[string]eval.Pred {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]eval.Pred{}
	for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var r struct {
			Idx, Verdict                 string
			Category, Segment, Corrected *string
		}
		var raw map[string]*string
		if err := json.Unmarshal(line, &raw); err != nil {
			t.Fatal(err)
		}
		r.Idx, r.Verdict = *raw["idx"], *raw["verdict"]
		r.Category, r.Segment, r.Corrected = raw["error_category"], raw["error_segment"], raw["corrected_statement"]
		p := eval.Pred{Idx: r.Idx, Misaligned: r.Verdict == "misaligned", Category: text(r.Category), Segment: text(r.Segment), Corrected: text(r.Corrected)}
		if r.Category != nil {
			if c, m := schema.Lookup(*r.Category); m != schema.NoMatch {
				p.CategoryName = c.Name
			}
		}
		out[r.Idx] = p
	}
	return out
}

func text(s *string) eval.Text {
	if s == nil {
		return eval.Text{Null: true}
	}
	return eval.Text{S: *s}
}

// exampleDocs scores the bundled example's two prediction files with the
// offline judges, as 'rxeval score --gold example/gold.jsonl
// example/predictions.jsonl example/predictions_b.jsonl' does.
func exampleDocs(t testing.TB) ([]eval.Document, *eval.Comparison) {
	t.Helper()
	data, err := os.ReadFile("../testdata/example/gold.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	gold, shape, err := eval.ParseGold(data)
	if err != nil {
		t.Fatal(err)
	}
	j, info, _, _ := judges.Offline(judges.Spec{Kind: "offline"})
	memo := eval.NewMemo(j)
	var docs []eval.Document
	var reps []*eval.Report
	names := []string{"predictions", "predictions_b"}
	for _, name := range names {
		path := "../testdata/example/" + name + ".jsonl"
		rep, err := eval.Score(context.Background(), gold, readPreds(t, path), memo, eval.Options{Bootstrap: 200, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		ji := eval.JudgeInfo{"decided_by": rep.StageTwo.Decided} // as the CLI records it
		for k, v := range info {
			ji[k] = v
		}
		docs = append(docs, eval.Document{Report: rep, System: name, Gold: "example/gold.jsonl", GoldShape: shape, Pred: "example/" + name + ".jsonl", Judge: ji})
		reps = append(reps, rep)
	}
	cmp, err := eval.Compare(names, reps, 200, 1)
	if err != nil {
		t.Fatal(err)
	}
	return docs, cmp
}

// proofnet returns the statements of the ProofNet problems under testdata.
func proofnet(t testing.TB) [][2]string {
	t.Helper()
	var out [][2]string
	for _, r := range fixtures.ProofNet(t) {
		// This copy's informal_stmt also carries the proof: a FormalRx
		// informal statement is the statement alone.
		inf, _, _ := strings.Cut(r.Informal, "\\begin{proof}")
		out = append(out, [2]string{strings.TrimSpace(inf), r.Formal})
	}
	return out
}

// largeDocs scores n samples whose statements are real (ProofNet's, in
// turn): a quarter aligned, the rest with a gold segment and correction
// taken from the statement, and a prediction that is right on about half.
func largeDocs(t testing.TB, n int) []eval.Document {
	t.Helper()
	pn := proofnet(t)
	gold := make([]eval.Gold, n)
	preds := map[string]eval.Pred{}
	for i := range gold {
		st := pn[i%len(pn)]
		id := fmt.Sprintf("formalrx_%04d", i+1)
		g := eval.Gold{Idx: id, Informal: st[0], FormalStatement: st[1], Segment: eval.Text{Null: true}, Corrected: eval.Text{Null: true}}
		p := eval.Pred{Idx: id, Category: eval.Text{Null: true}, Segment: eval.Text{Null: true}, Corrected: eval.Text{Null: true}}
		if i%4 != 0 {
			cat := schema.Categories[i%len(schema.Categories)].Name
			seg := st[1][len(st[1])/3 : len(st[1])/3+12]
			fixed := strings.Replace(st[1], seg, seg+" + 1", 1)
			g.Misaligned, g.Category, g.Segment, g.Corrected = true, cat, eval.Text{S: seg}, eval.Text{S: fixed}
			p.Misaligned, p.Category, p.CategoryName, p.Segment, p.Corrected = true, eval.Text{S: cat}, cat, eval.Text{S: seg}, eval.Text{S: fixed}
			if i%3 == 0 {
				p.Corrected = eval.Text{S: strings.Replace(st[1], seg, seg+" - 1", 1)}
			}
			if i%5 == 0 {
				c := schema.Categories[(i+1)%len(schema.Categories)].Name
				p.Category, p.CategoryName = eval.Text{S: c}, c
			}
		}
		gold[i] = g
		preds[id] = p
	}
	rep, err := eval.Score(context.Background(), gold, preds, eval.ExactJudge{}, eval.Options{Bootstrap: 1000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return []eval.Document{{Report: rep, Gold: "gold.jsonl", GoldShape: eval.Labelled, Pred: "large.jsonl", Judge: eval.JudgeInfo{"chain": "exact"}}}
}
