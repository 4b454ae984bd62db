package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rxeval/rxeval/eval"
)

// deepMap is {"k": {"k": ... "leaf"}} nested n deep.
func deepMap(n int) any {
	var v any = "leaf"
	for range n {
		v = map[string]any{"k": v}
	}
	return v
}

// depth is how many maps and lists v nests.
func depth(v any) int {
	d := 0
	switch x := v.(type) {
	case map[string]any:
		for _, e := range x {
			d = max(d, depth(e))
		}
		return d + 1
	case []any:
		for _, e := range x {
			d = max(d, depth(e))
		}
		return d + 1
	}
	return 0
}

// deepRun is the example's first system with a judge block nested 5,000
// deep (a map, and a map inside a list), written as a per-sample file and
// read back as 'rxeval report' reads it (atk34 row 40).
func deepRun(t *testing.T) []eval.Document {
	t.Helper()
	docs, _ := exampleDocs(t)
	d := docs[0]
	d.Judge = eval.JudgeInfo{}
	for k, v := range docs[0].Judge {
		d.Judge[k] = v
	}
	d.Judge["deep"] = deepMap(5000)
	d.Judge["list"] = []any{"plain", deepMap(5000)}
	var buf bytes.Buffer
	if err := d.WritePerSample(&buf); err != nil {
		t.Fatal(err)
	}
	outs, run, err := eval.ParsePerSample(buf.Bytes())
	if err != nil {
		t.Fatalf("the deep per-sample file does not read (rxeval report would refuse it, not show it): %v", err)
	}
	rep := eval.FromOutcomes(outs, eval.Options{})
	return []eval.Document{{Version: run.Version, Report: rep, Gold: run.Gold, GoldShape: run.GoldShape, Pred: run.Pred, Judge: run.Judge}}
}

// TestBuildBoundsJudgeDepth: the page's data holds a judge block at most
// MaxJudgeDepth levels deep, what lies deeper replaced by TooDeep, the rest
// as recorded; the document's own block is left whole.
func TestBuildBoundsJudgeDepth(t *testing.T) {
	docs := deepRun(t)
	data, err := Build(docs, nil)
	if err != nil {
		t.Fatal(err)
	}
	j := data.Systems[0].Judge
	for _, k := range []string{"deep", "list"} {
		if got := depth(j[k]); got != MaxJudgeDepth {
			t.Errorf("judge block %q nests %d levels in the page's data, want %d", k, got, MaxJudgeDepth)
		}
	}
	v := j["deep"]
	for range MaxJudgeDepth {
		v = v.(map[string]any)["k"]
	}
	if v != TooDeep {
		t.Errorf("past %d levels the judge block holds %v, want %q", MaxJudgeDepth, v, TooDeep)
	}
	if l := j["list"].([]any); l[0] != "plain" {
		t.Errorf("the list's first value is %v, want it as recorded", l[0])
	}
	if j["chain"] != docs[0].Judge["chain"] || j["chain"] == nil {
		t.Errorf("chain %v, want %v", j["chain"], docs[0].Judge["chain"])
	}
	if got := depth(docs[0].Judge["deep"]); got != 5000 {
		t.Errorf("Build changed the document's judge block: %d levels, want 5000", got)
	}
	if got := MaxJudgeDepth; got != MaxJudgeDepth {
		t.Errorf("the page is told to walk %d levels, want %d", got, MaxJudgeDepth)
	}
}

// TestBrowserDeepJudgeBlock: a judge block nested 5,000 deep (atk34 row 40:
// 9 "Maximum call stack size exceeded" and an empty block) shows as rows
// down to MaxJudgeDepth levels and "nested too deep" past them, with no
// console error; so does a page whose data a hand edit made deeper than
// the Go side writes it (the page bounds its own walk).
func TestBrowserDeepJudgeBlock(t *testing.T) {
	ctx, errors := browser(t)
	docs := deepRun(t)
	var page bytes.Buffer
	if err := Write(&page, docs, nil); err != nil {
		t.Fatal(err)
	}
	// The same page, its summary edited to carry the 5,000 levels.
	island := regexp.MustCompile(`(<script id="summary" type="application/json">)([^<]*)(</script>)`)
	m := island.FindSubmatch(page.Bytes())
	if m == nil {
		t.Fatal("no summary island in the page")
	}
	var summary map[string]any
	if err := json.Unmarshal(m[2], &summary); err != nil {
		t.Fatal(err)
	}
	sys := summary["systems"].([]any)[0].(map[string]any)
	sys["judge"].(map[string]any)["deep"] = deepMap(5000)
	sys["judge"].(map[string]any)["list"] = []any{"plain", deepMap(5000)}
	edited, err := json.Marshal(summary) // escapes <, > and &
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	pages := map[string][]byte{"as written": page.Bytes(),
		"summary edited": bytes.Replace(page.Bytes(), m[0], append(append(append([]byte(nil), m[1]...), edited...), m[3]...), 1)}
	for name, html := range pages {
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "-")+".html")
		if err := os.WriteFile(path, html, 0o644); err != nil {
			t.Fatal(err)
		}
		open(t, ctx, path)
		got := eval2[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll("[data-judge]")].map(e => [e.dataset.judge, e.textContent]))`)
		deepest := "deep" + strings.Repeat(".k", MaxJudgeDepth)
		if got[deepest] != TooDeep {
			t.Errorf("%s: judge block row %s = %q, want %q", name, deepest, got[deepest], TooDeep)
		}
		if _, ok := got[deepest+".k"]; ok {
			t.Errorf("%s: the judge block shows rows past %d levels", name, MaxJudgeDepth)
		}
		if got["chain"] != docs[0].Judge["chain"] || !strings.HasPrefix(got["list"], "plain, ") || !strings.Contains(got["list"], `"nested too deep"`) {
			t.Errorf("%s: judge block chain %q, list %q", name, got["chain"], got["list"])
		}
		if errs := errors(); len(errs) > 0 {
			t.Fatalf("%s: console errors:\n%s", name, strings.Join(errs, "\n"))
		}
	}
}
