package eval

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/rxeval/rxeval/schema"
)

// TestBreakdown: the verdict 2x2 and per-class F1, the per-group and
// per-category figures and the confusion matrix, checked against counts
// done by hand (issue 20.3).
//
//	a aligned     -> aligned                      (TN)
//	b aligned     -> misaligned, Missing Premise  (FP; category FP)
//	c MP          -> MP, right location and correction (TP, all right)
//	d MP          -> aligned                      (FN)
//	e Exponent    -> Missing Premise, right loc, wrong corr (TP verdict; wrong category)
func TestBreakdown(t *testing.T) {
	g := []Gold{gold("a", "", "", ""), gold("b", "", "", ""), gold("c", mp, "s", "c"), gold("d", mp, "s", "c"), gold("e", ep, "s", "c")}
	p := predMap(pred("a", false, "", "", ""), pred("b", true, mp, "s", "c"), pred("c", true, mp, "s", "c"), pred("d", false, "", "", ""), pred("e", true, mp, "s", "x"))
	r := score(t, g, p, Options{})
	bd := r.Breakdown
	if bd == nil {
		t.Fatal("no breakdown")
	}
	v := bd.Verdict
	if v.TP != 2 || v.FP != 1 || v.FN != 1 || v.TN != 1 {
		t.Errorf("verdict 2x2 %+v, want TP 2 FP 1 FN 1 TN 1", v)
	}
	// misaligned F1 = 2*2/(2*2+1+1) = 2/3; aligned: TP 1, FP 1 (d), FN 1 (b) -> 1/2
	check(t, "misaligned F1", *v.MisalignedF1, 2.0/3)
	check(t, "aligned F1", *v.AlignedF1, 0.5)
	check(t, "their mean is the verdict macro F1", (*v.MisalignedF1+*v.AlignedF1)/2, r.VerdictMacroF1)
	mpg := schema.Categories[indexOf(t, mp)].Group
	epg := schema.Categories[indexOf(t, ep)].Group
	gr := bd.Groups[mpg]
	// Gold MP samples c, d: localization right for c only (d predicted aligned: null answer wrong).
	if gr.Samples != 2 || !near(gr.LocalizationAccuracy, 0.5) || !near(gr.CorrectionAccuracy, 0.5) || !near(gr.JointAccuracy, 0.5) {
		t.Errorf("group %s %+v", mpg, gr)
	}
	if ge := bd.Groups[epg]; ge.Samples != 1 || !near(ge.LocalizationAccuracy, 1) || !near(ge.CorrectionAccuracy, 0) || !near(ge.JointAccuracy, 0) {
		t.Errorf("group %s %+v", epg, ge)
	}
	if c := bd.Categories[mp]; c.Samples != 2 || !near(c.LocalizationAccuracy, 0.5) {
		t.Errorf("category %s %+v", mp, c)
	}
	// Confusion: gold row -> predicted column.
	want := map[string]map[string]int{"aligned": {"aligned": 1, mp: 1}, mp: {mp: 1, "aligned": 1}, ep: {mp: 1}}
	for gk, row := range want {
		for pk, n := range row {
			if bd.Confusion[gk][pk] != n {
				t.Errorf("confusion[%s][%s] = %d, want %d", gk, pk, bd.Confusion[gk][pk], n)
			}
		}
	}
	var csv bytes.Buffer
	if err := bd.WriteConfusionCSV(&csv); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(csv.String()), "\n")
	if lines[0] != "gold,predicted,count" || len(lines) != 6 {
		t.Errorf("CSV:\n%s", csv.String())
	}
	b, _ := json.Marshal(r)
	for _, k := range []string{`"breakdown"`, `"verdict"`, `"groups"`, `"confusion"`} {
		if !bytes.Contains(b, []byte(k)) {
			t.Errorf("JSON lacks %s", k)
		}
	}
}

func indexOf(t *testing.T, name string) int {
	t.Helper()
	i, ok := schema.Index(name)
	if !ok {
		t.Fatalf("no category %q", name)
	}
	return i
}

// TestConfusionUnknownAndNone: a misaligned prediction whose category is
// not one of the 28 goes to the "not one of the 28" column, one with no
// category to "no category" (gremlins: the test of the first case, negated,
// lived).
func TestConfusionUnknownAndNone(t *testing.T) {
	g := []Gold{gold("u1", mp, "s", "c"), gold("u2", mp, "s", "c"), gold("n", mp, "s", "c")}
	p := predMap(pred("u1", true, "Not A Category", "s", "c"), pred("u2", true, "S9.9", "s", "c"), pred("n", true, "", "s", "c"))
	bd := score(t, g, p, Options{}).Breakdown
	if bd.Confusion[mp][ConfUnknown] != 2 || bd.Confusion[mp][ConfNone] != 1 {
		t.Errorf("confusion row %s = %v, want two %q and one %q", mp, bd.Confusion[mp], ConfUnknown, ConfNone)
	}
}
