package report

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/rxeval/rxeval/eval"
)

// hostile is markup that runs script three ways if the page ever reads it
// as HTML (an inline handler, an attribute break-out, a script element
// closing its data island), each recording where it came from in
// window.pwned and document.title. It holds no "+" or ":" so that it can
// be a judge name a run record's chain names.
func hostile(where string) string {
	run := fmt.Sprintf(`window.pwned=(window.pwned||[]).concat(['%s']);document.title='pwned'`, where)
	return fmt.Sprintf(`%s"'><img src=x onerror="%s"><svg onload="%s"></svg></script><script>%s</script>`, where, run, run, run)
}

// hostileRun is a per-sample file as 'rxeval score --per-sample' writes
// it (then read back as 'rxeval report' reads it) whose every participant-
// or file-supplied string is hostile: ids, statements, segments,
// corrections, categories, a verdict as written, reasons, judge names (a
// bare name the run record's chain names and a model judge), and the run
// record's gold, predictions, version, gold shape and judge block (keys,
// values, nested maps and lists).
func hostileRun(t *testing.T, system string) ([]eval.Outcome, *eval.RunInfo) {
	t.Helper()
	docs, _ := exampleDocs(t)
	judge := hostile("judge-name")
	model := "ollama:" + hostile("model-judge")
	outs := append([]eval.Outcome(nil), docs[0].Outcomes...)
	for i := range outs {
		o := &outs[i]
		o.Idx = hostile(fmt.Sprintf("idx-%d", i))
		o.Informal = hostile("informal") + ` $x^2$`
		o.Formal = hostile("formal")
		gs, gc, ps, pc := hostile("gold-segment"), hostile("gold-correction"), hostile("pred-segment"), hostile("pred-correction")
		o.GoldSegment, o.GoldCorrection, o.PredSegment, o.PredCorrection = &gs, &gc, &ps, &pc
		if o.PredMisaligned && !o.CategoryOK {
			o.PredCategory = hostile("pred-category")
		}
		if i == 1 && !o.VerdictOK {
			o.PredNeither, o.PredVerdictAsWritten = true, hostile("verdict-as-written")
		}
		for _, f := range []*eval.FieldOutcome{&o.Localization, &o.Correction} {
			f.Reason = hostile("reason")
		}
		if o.Localization.By != "null-rule" && o.Localization.By != "stage-one" && !o.Localization.Undecided {
			o.Localization.By = judge
		}
		if o.Correction.By != "null-rule" && o.Correction.By != "stage-one" && !o.Correction.Undecided {
			o.Correction.By = model
		}
	}
	info := &eval.RunInfo{Version: hostile("version"), Gold: hostile("gold"), GoldShape: eval.GoldShape(hostile("gold-shape")), Pred: hostile(system),
		Judge: eval.JudgeInfo{"chain": "span+" + judge, "decided_by": map[string]any{judge: 1, model: 1},
			hostile("judge-key"): hostile("judge-value"), "nested": map[string]any{hostile("nested-key"): []any{hostile("list"), 1}}}}
	d := eval.Document{Version: info.Version, Report: &eval.Report{Outcomes: outs}, Gold: info.Gold, GoldShape: info.GoldShape, Pred: info.Pred, Judge: info.Judge}
	var buf bytes.Buffer
	if err := d.WritePerSample(&buf); err != nil {
		t.Fatal(err)
	}
	read, run, err := eval.ParsePerSample(buf.Bytes())
	if err != nil {
		t.Fatalf("the hostile per-sample file does not read as one (rxeval report would refuse it, not show it): %v", err)
	}
	return read, run
}

// TestBrowserHostileRun: 'rxeval report' on two hostile per-sample files
// (issue 34.1: a judge name holding <img src=x onerror=...> ran as script)
// builds a page that shows every string as text and runs none of it,
// whatever the reader opens: every sample's detail for each system, the
// comparison, the charts' tooltips.
func TestBrowserHostileRun(t *testing.T) {
	ctx, errors := browser(t)
	var docs []eval.Document
	var reps []*eval.Report
	var names []string
	for _, sys := range []string{"system-a", "system-b"} {
		outs, info := hostileRun(t, sys)
		rep := eval.FromOutcomes(outs, eval.Options{Bootstrap: 50, Seed: 1})
		docs = append(docs, eval.Document{Version: info.Version, Report: rep, System: info.Pred, Gold: info.Gold, GoldShape: info.GoldShape, Pred: info.Pred, Judge: info.Judge})
		reps = append(reps, rep)
		names = append(names, info.Pred)
	}
	cmp, err := eval.Compare(names, reps, 50, 1)
	if err != nil {
		t.Fatal(err)
	}
	var html bytes.Buffer
	if err := Write(&html, docs, cmp); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(t.TempDir(), "hostile.html")
	if err := os.WriteFile(page, html.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, page)
	title := "rxeval report: " + names[0] + " vs " + names[1]
	// Every sample's detail, for each system; the disagreement view; a
	// tooltip of every chart.
	got := evalAwait[map[string]any](t, ctx, `(async () => {
		const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
		const set = (id, v) => { const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event(id === "f-search" ? "input" : "change")); };
		let details = 0, tips = 0;
		for (const sys of ["0", "1"]) {
			set("system", sys); set("f-outcome", ""); set("f-task", "joint"); set("f-search", "");
			for (const r of [...document.querySelectorAll("#list .row")]) { r.click(); details++; await sleep(20); }
			for (const t of ["verdict", "category", "localization", "correction", "joint"]) { set("f-outcome", "disagree"); set("f-task", t); }
			for (const id of ["chart-subtasks", "chart-decided", "chart-categories", "chart-confusion"]) {
				const c = echarts.getInstanceByDom(document.getElementById(id));
				const n = c.getOption().series.length;
				for (let s = 0; s < n; s++) for (let d = 0; d < Math.min(6, c.getOption().series[s].data.length); d++) {
					c.dispatchAction({ type: "showTip", seriesIndex: s, dataIndex: d }); await sleep(5); tips++;
				}
				c.dispatchAction({ type: "hideTip" }); await sleep(100);
			}
		}
		document.querySelector('#disagree [data-show]') && document.querySelector('#disagree [data-show]').click();
		await sleep(200);
		set("f-outcome", ""); set("f-task", "joint"); set("f-search", "");
		document.querySelector("#list .row").click();
		const text = (id) => document.getElementById(id).textContent;
		return { pwned: (window.pwned || []).join(" "), details, tips, title: document.title,
			imgs: document.querySelectorAll("img, svg:not(.katex svg)").length,
			judgeName: text("figures").includes('judge-name"\'><img src=x onerror='),
			idShown: text("list").includes('idx-0"\'><img src=x') && text("detail-id").includes('idx-0"\'><img src=x'),
			statementShown: text("detail").includes('formal"\'><img src=x') && text("detail-inf").includes('informal"\'><img src=x'),
			reasonShown: text("detail").includes('reason"\'><img'),
			systemShown: text("ranking").includes('system-b"\'><img'),
			judgeKey: text("judgeblock").includes('judge-key"\'><img') && text("judgeblock").includes('nested-key"\'><img') };
	})()`)
	if got["pwned"] != "" || got["title"] != title {
		t.Errorf("the hostile run's strings ran as script: window.pwned = %q, title %q (want %q)", got["pwned"], got["title"], title)
	}
	if got["imgs"] != 0.0 {
		t.Errorf("the hostile run's strings made %v img or svg elements", got["imgs"])
	}
	if n, _ := got["details"].(float64); n < 8 {
		t.Errorf("only %v sample details opened", got["details"])
	}
	if n, _ := got["tips"].(float64); n < 8 {
		t.Errorf("only %v chart tooltips shown", got["tips"])
	}
	for _, k := range []string{"judgeName", "idShown", "statementShown", "reasonShown", "systemShown", "judgeKey"} {
		if got[k] != true {
			t.Errorf("%s: the hostile string is not shown as text: %v", k, got)
		}
	}
	if errs := errors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}

// TestBrowserPolicyBlocksHandlers: the page's content security policy
// runs its own scripts and nothing else: markup that slipped onto the page
// anyway (put there by the test, past any escaping) runs no inline handler
// and no inline script, while the charts and KaTeX still draw.
func TestBrowserPolicyBlocksHandlers(t *testing.T) {
	ctx, _ := browser(t)
	page := examplePage(t, func(gold []eval.Gold, _ map[string]eval.Pred) {
		for i := range gold {
			if gold[i].Idx == "formalrx_0004" {
				gold[i].Informal = `Prove $x^2 \ge 0$.`
			}
		}
	})
	open(t, ctx, page)
	setFilters(t, ctx, "", "", "", "", "0004")
	eval2[bool](t, ctx, `(() => {
		document.getElementById("detail").insertAdjacentHTML("beforeend",
			'<img src=x onerror="window.slipped=1"><svg onload="window.slipped=2"></svg><a id="slip" href="javascript:window.slipped=3">x</a>');
		const s = document.createElement("script"); s.textContent = "window.slipped = 4"; document.body.appendChild(s);
		document.getElementById("slip").click();
		return true; })()`)
	if err := chromedp.Do(ctx, chromedp.Sleep(300*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	got := eval2[map[string]any](t, ctx, `({slipped: window.slipped || 0, canvases: document.querySelectorAll("canvas").length,
		katex: document.querySelectorAll("#detail-inf .katex").length})`)
	if got["slipped"] != 0.0 {
		t.Errorf("markup that slipped onto the page ran script (window.slipped = %v): the policy allows inline script", got["slipped"])
	}
	if c, _ := got["canvases"].(float64); c < 4 || got["katex"] == 0.0 {
		t.Errorf("under the policy the page's own scripts do not draw: %v", got)
	}
}

// evalAwait is eval2 for an expression that is a promise: its value once
// it settles.
func evalAwait[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}
