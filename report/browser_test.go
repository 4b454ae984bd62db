package report

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdpage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/rxeval/rxeval/eval"
)

var update = flag.Bool("update", false, "rewrite docs/report.png from the browser test")

// chromium finds a Chromium or Chrome binary ($RXEVAL_CHROME first).
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("RXEVAL_CHROME"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium found (looked for $RXEVAL_CHROME, chromium, chromium-browser, google-chrome, headless-shell): the browser test needs one; on Debian: apt-get install chromium (.ci/run does)")
	return ""
}

// noSandboxNeeded says whether Chromium must run without its sandbox:
// as root (euid 0), where it refuses to start with it.
func noSandboxNeeded() bool { return os.Geteuid() == 0 }

// browser opens a headless Chromium and collects what its console shows
// as errors: console.error calls, uncaught exceptions, and error entries of
// the browser log (a blocked resource, a CSP violation).
func browser(t *testing.T) (context.Context, func() []string) {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chromium(t)),
		chromedp.WindowSize(1400, 1000), chromedp.Flag("disable-gpu", true),
		chromedp.WSURLReadTimeout(time.Minute)) // a loaded CI machine can take longer than the default 20 s
	// Chromium refuses to start as root with its sandbox ("Running as root
	// without --no-sandbox is not supported"): as root it gets --no-sandbox
	// (issue 32). Otherwise the sandbox stays, unless Chromium cannot start
	// with it (a container without user namespaces): then it is retried
	// without, and the log says so. The page is the test's own, from disk.
	noSandbox := noSandboxNeeded()
	// Start the browser before anything else uses the context: a start
	// that failed and was retried on the same context makes chromedp panic
	// (close of closed channel in ExecAllocator.Allocate). In a container
	// Chromium now and then exits at once on start, so a start is tried
	// three times, each on a fresh allocator.
	var ctx context.Context
	for try := 1; ; try++ {
		o := opts
		if noSandbox {
			o = append(opts[:len(opts):len(opts)], chromedp.NoSandbox)
		}
		actx, cancelA := chromedp.NewExecAllocator(context.Background(), o...)
		c, cancelC := chromedp.NewContext(actx)
		c, cancelT := context.WithTimeout(c, 2*time.Minute)
		err := chromedp.Do(c)
		if err == nil {
			ctx = c
			t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
			break
		}
		cancelT()
		cancelC()
		cancelA()
		if try == 3 {
			t.Fatalf("starting %s (3 tries, --no-sandbox %v): %v", chromium(t), noSandbox, err)
		}
		t.Logf("starting %s, try %d (--no-sandbox %v): %v", chromium(t), try, noSandbox, err)
		if !noSandbox {
			noSandbox = true
			t.Logf("retrying %s without its sandbox", chromium(t))
		}
	}
	var mu sync.Mutex
	var errs []string
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException {
				mu.Lock()
				errs = append(errs, fmt.Sprintf("%s %s:%d %s", m.Type, m.URL, m.Line+1, m))
				mu.Unlock()
			}
		}
	}()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting %s: %v", chromium(t), err)
	}
	return ctx, func() []string {
		time.Sleep(100 * time.Millisecond) // let queued messages arrive
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), errs...)
	}
}

// open loads a page from disk and waits until its samples are in; it
// returns the page's own time to that point (performance.now).
func open(t *testing.T, ctx context.Context, path string) time.Duration {
	t.Helper()
	err := chromedp.Do(ctx,
		chromedp.Navigate("file://"+path),
		chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`)),
	)
	if err != nil {
		t.Fatalf("opening %s: %v", path, err)
	}
	ready := eval2[string](t, ctx, `document.body.dataset.readyMs`)
	ms, err := strconv.Atoi(ready)
	if err != nil {
		t.Fatalf("data-ready-ms = %q", ready)
	}
	return time.Duration(ms) * time.Millisecond
}

func eval2[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// setFilters sets the browser's filters as a user would and returns the
// count shown and the ids listed; a category "pred:X" is the predicted
// category filter.
func setFilters(t *testing.T, ctx context.Context, outcome, task, category, by, search string) (int, []string) {
	t.Helper()
	pcat := ""
	if c, ok := strings.CutPrefix(category, "pred:"); ok {
		category, pcat = "", c
	}
	js := fmt.Sprintf(`(() => {
		const set = (id, v) => { const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event(id === "f-search" ? "input" : "change")); };
		set("f-outcome", %q); set("f-task", %q); set("f-category", %q); set("f-pcategory", %q); set("f-by", %q); set("f-search", %q);
		return [document.getElementById("f-count").dataset.count, ...[...document.querySelectorAll("#list .row")].map(r => r.dataset.id)];
	})()`, outcome, task, category, pcat, by, search)
	got := eval2[[]string](t, ctx, js)
	n, _ := strconv.Atoi(got[0])
	return n, got[1:]
}

// TestBrowser opens the two-system example report in headless Chromium:
// no console error, the figures on the page are the JSON report's, the
// filters and the search narrow the list, the detail highlights and
// diffs, and a screenshot is written (docs/report.png with -update).
func TestBrowser(t *testing.T) {
	ctx, errors := browser(t)
	docs, cmp := exampleDocs(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	var html, js bytes.Buffer
	if err := Write(&html, docs, cmp); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, html.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := (eval.MultiDocument{Systems: docs, Comparison: cmp}).WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var report struct {
		Systems []map[string]any `json:"systems"`
		Comp    struct {
			Ranking []struct {
				System string  `json:"system"`
				Joint  float64 `json:"joint_accuracy"`
			} `json:"ranking"`
			Disagreements map[string]struct{ Count int } `json:"disagreements"`
		} `json:"comparison"`
	}
	if err := json.Unmarshal(js.Bytes(), &report); err != nil {
		t.Fatal(err)
	}
	took := open(t, ctx, page)
	t.Logf("example page interactive after %v", took)

	// The figures on the page are the JSON report's.
	figs := eval2[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll("[data-fig]")].map(e => [e.dataset.fig, e.textContent]))`)
	cis := eval2[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll("[data-ci]")].map(e => [e.dataset.ci, e.textContent]))`)
	if len(figs) != 10 || len(cis) != 10 {
		t.Fatalf("page shows %d figures and %d intervals, want 10 of each: %v", len(figs), len(cis), figs)
	}
	for k, sys := range report.Systems {
		for _, f := range []string{"joint_accuracy", "verdict_macro_f1", "category_macro_f1", "localization_accuracy", "correction_accuracy"} {
			key := fmt.Sprintf("%d/%s", k, f)
			if want := fmt.Sprintf("%.4f", sys[f].(float64)); figs[key] != want {
				t.Errorf("%s: page shows %q, JSON report %s", key, figs[key], want)
			}
			ci := sys["ci"].(map[string]any)[f].([]any)
			if want := fmt.Sprintf("95%% CI [%.4f, %.4f]", ci[0].(float64), ci[1].(float64)); cis[key] != want {
				t.Errorf("%s interval: page shows %q, JSON report %s", key, cis[key], want)
			}
		}
	}
	// Where undecided pairs leave a figure a lower bound, the page gives
	// the JSON report's other end (every undecided pair right).
	bounds := eval2[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll("[data-bound]")].map(e => [e.dataset.bound, e.textContent]))`)
	wantBounds := 0
	for k, sys := range report.Systems {
		for f, v := range sys["bounds"].(map[string]any) {
			b := v.([]any)
			if b[0] == b[1] {
				continue
			}
			wantBounds++
			key := fmt.Sprintf("%d/%s", k, f)
			if want := fmt.Sprintf("%.4f", b[1].(float64)); bounds[key] != want {
				t.Errorf("%s bound: page shows %q, JSON report %s", key, bounds[key], want)
			}
		}
	}
	if wantBounds == 0 || len(bounds) != wantBounds {
		t.Errorf("page shows %d bounds, the JSON report has %d open ones", len(bounds), wantBounds)
	}
	ranks := eval2[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll("[data-rank]")].map(e => [e.dataset.rank, e.textContent]))`)
	for _, r := range report.Comp.Ranking {
		if want := fmt.Sprintf("%.4f", r.Joint); ranks[r.System] != want {
			t.Errorf("ranking %s: page %q, JSON %s", r.System, ranks[r.System], want)
		}
	}
	// One figure, one interval: the ranking shows each system's own.
	rankCI := eval2[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll("[data-rank-ci]")].map(e => [e.dataset.rankCi, e.textContent]))`)
	for k, sys := range report.Systems {
		own := strings.TrimPrefix(cis[fmt.Sprintf("%d/joint_accuracy", k)], "95% CI ")
		if name := sys["system"].(string); rankCI[name] != own {
			t.Errorf("ranking shows %s's joint interval as %q, its own block %q", name, rankCI[name], own)
		}
	}
	dis := eval2[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll("[data-disagree]")].map(e => [e.dataset.disagree, e.textContent]))`)
	for task, d := range report.Comp.Disagreements {
		if dis[task] != strconv.Itoa(d.Count) {
			t.Errorf("disagreements on %s: page %q, JSON %d", task, dis[task], d.Count)
		}
	}
	if chain := eval2[string](t, ctx, `document.querySelector('[data-judge="chain"]').textContent`); chain != docs[0].Judge["chain"] {
		t.Errorf("judge block chain = %q", chain)
	}
	// Nested maps of the judge block are rows, not JSON.
	judge := eval2[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll("[data-judge]")].map(e => [e.dataset.judge, e.textContent]))`)
	decided, _ := docs[0].Judge["decided_by"].(map[string]int)
	if len(decided) == 0 {
		t.Fatalf("the example's judge block has no decided_by counts: %v", docs[0].Judge)
	}
	for k, n := range decided {
		if got := judge["decided_by."+k]; got != strconv.Itoa(n) {
			t.Errorf("judge block decided_by %s = %q, want %d", k, got, n)
		}
	}
	if txt := eval2[string](t, ctx, `document.getElementById("judgeblock").textContent`); strings.ContainsAny(txt, "{}") {
		t.Errorf("judge block shows raw JSON: %q", txt)
	}
	// The list's badges have one distinct label per sub-task.
	badges := eval2[[]string](t, ctx, `[...document.querySelectorAll("#list .row")[0].querySelectorAll(".badges span")].map(e => e.textContent + "/" + e.title.split(" ")[0])`)
	if strings.Join(badges, " ") != "V/verdict Cat/category Loc/localization Corr/correction" {
		t.Errorf("badges = %q", badges)
	}
	if n := eval2[int](t, ctx, `document.querySelectorAll("canvas").length`); n < 4 {
		t.Errorf("%d chart canvases, want 4", n)
	}

	// The heat map counts every sample once; the toggle shows all 28
	// categories and "aligned / none".
	heat := `(() => { const o = echarts.getInstanceByDom(document.getElementById("chart-confusion")).getOption();
		return [o.yAxis[0].data.length, o.series[0].data.reduce((s, d) => s + d[2], 0)]; })()`
	if got := eval2[[]int](t, ctx, heat); got[0] != 6 || got[1] != 5 {
		t.Errorf("heat map: %d labels, %d samples; want the 6 labels that occur and 5 samples", got[0], got[1])
	}
	eval2[bool](t, ctx, `(() => { const c = document.getElementById("all-labels"); c.checked = true; c.dispatchEvent(new Event("change")); return true; })()`)
	if got := eval2[[]int](t, ctx, heat); got[0] != 29 || got[1] != 5 {
		t.Errorf("heat map with all categories: %d labels, %d samples; want 29 and 5", got[0], got[1])
	}

	// Filters and search narrow the list. The example: 5 samples; the
	// first system is wrong (joint) on formalrx_0004 only.
	for _, c := range []struct {
		outcome, task, category, by, search string
		want                                []string
	}{
		{"", "joint", "", "", "", []string{"formalrx_0001", "formalrx_0002", "formalrx_0003", "formalrx_0004", "formalrx_0005"}},
		{"wrong", "joint", "", "", "", []string{"formalrx_0004"}},
		{"right", "category", "", "", "", []string{"formalrx_0001", "formalrx_0002", "formalrx_0003", "formalrx_0005"}},
		{"", "joint", "__aligned", "", "", []string{"formalrx_0002"}},
		{"", "joint", "Operator Precedence Error", "", "", []string{"formalrx_0003"}},
		{"", "joint", "pred:Range Error", "", "", []string{"formalrx_0004"}},
		{"", "joint", "pred:__none", "", "", []string{"formalrx_0002"}},
		{"wrong", "joint", "pred:Range Error", "", "", []string{"formalrx_0004"}},
		{"", "localization", "", "span", "", []string{"formalrx_0003", "formalrx_0004"}},
		{"", "joint", "", "", "0005", []string{"formalrx_0005"}},
		{"", "joint", "", "", "nothing", nil},
		{"disagree", "correction", "", "", "", []string{"formalrx_0001", "formalrx_0002", "formalrx_0004"}},
	} {
		n, ids := setFilters(t, ctx, c.outcome, c.task, c.category, c.by, c.search)
		if n != len(c.want) || strings.Join(ids, " ") != strings.Join(c.want, " ") {
			t.Errorf("filter %+v: %d listed %v, want %v", c, n, ids, c.want)
		}
	}

	// The detail of formalrx_0004 for the first system: both segments
	// highlighted in the statement, the correction diffed by tokens.
	setFilters(t, ctx, "wrong", "joint", "", "", "")
	detail := eval2[map[string]string](t, ctx, `({gold: [...document.querySelectorAll("#detail pre.stmt mark.gold, #detail pre.stmt mark.both")].map(e => e.textContent).join(""),
		pred: [...document.querySelectorAll("#detail pre.stmt mark.pred, #detail pre.stmt mark.both")].map(e => e.textContent).join(""),
		del: [...document.querySelectorAll("#diff del")].map(e => e.textContent).join(""),
		ins: [...document.querySelectorAll("#diff ins")].map(e => e.textContent).join("")})`)
	if detail["gold"] != "∃ n : ℕ," || detail["pred"] != "Set.Icc n (n + 999)" {
		t.Errorf("highlighted gold %q, predicted %q", detail["gold"], detail["pred"])
	}
	if !strings.Contains(detail["del"], "0") || !strings.Contains(detail["ins"], "1000") {
		t.Errorf("correction diff: deleted %q, inserted %q", detail["del"], detail["ins"])
	}

	// Every system's outcome on the sample, and a link that opens it.
	rows := eval2[[]string](t, ctx, `[...document.querySelectorAll("#all-systems tr")].slice(1).map(r => r.textContent)`)
	if len(rows) != 2 || !strings.HasPrefix(rows[0], "predictionsrightwrongwrong") || !strings.HasPrefix(rows[1], "predictions_brightrightright") {
		t.Errorf("all systems on formalrx_0004: %q", rows)
	}
	if hash := eval2[string](t, ctx, `location.hash`); hash != "#formalrx_0004" {
		t.Errorf("location.hash = %q", hash)
	}
	eval2[string](t, ctx, `location.hash = "#formalrx_0005"`)
	if err := chromedp.Do(ctx, chromedp.Sleep(100*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	if id := eval2[string](t, ctx, `document.getElementById("detail-id").textContent`); id != "formalrx_0005" {
		t.Errorf("following #formalrx_0005 shows %q", id)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, page+"#formalrx_0003")
	if id := eval2[string](t, ctx, `document.getElementById("detail-id").textContent`); id != "formalrx_0003" {
		t.Errorf("link to formalrx_0003 opens %q", id)
	}

	if errs := errors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}

	// The screenshot for the docs: the second system's detail of a sample
	// the systems disagree on (its correction writes f - g for f * g).
	eval2[bool](t, ctx, `(() => { const a = document.getElementById("all-labels"); a.checked = false; a.dispatchEvent(new Event("change"));
		const y = document.getElementById("system"); y.value = "1"; y.dispatchEvent(new Event("change"));
		document.getElementById("f-search").value = "";
		const e = document.getElementById("f-outcome"); e.value = "disagree"; document.getElementById("f-task").value = "correction"; e.dispatchEvent(new Event("change")); document.querySelector('#list .row[data-id="formalrx_0001"]').click(); return true; })()`)
	if err := chromedp.Do(ctx, chromedp.Sleep(300*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if len(png) < 10000 || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("screenshot: %d bytes", len(png))
	}
	out := filepath.Join(dir, "report.png")
	if *update {
		out = "../docs/report.png"
	}
	if err := os.WriteFile(out, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s (%d bytes)", out, len(png))
}

// calibrationJS is a fixed piece of browser work (build, sort, serialize
// and parse 200,000 numbers) whose time says how fast this browser runs
// right now: the large page's time is bounded relative to it, so that a
// loaded machine slows both alike.
const calibrationJS = `(() => {
	const t0 = performance.now();
	const a = [];
	for (let i = 0; i < 200000; i++) a.push((i * 2654435761) % 1000003);
	a.sort((x, y) => x - y);
	JSON.parse(JSON.stringify(a));
	return performance.now() - t0;
})()`

// largePageRatio bounds the 7,030-sample page's time to interactive as a
// multiple of calibrationJS's time in the same browser. Measured on the
// project's 2-core machine (2026-11-23, go test -run 'TestBrowserLarge$'
// -v): page 211-236 ms, calibration 37-40 ms, a ratio of 5.7-5.9; with
// three busy loops beside it, page 541 ms, calibration 74 ms, ratio 7.3.
// The bound, 25, leaves 3-4 times that: a page 10 times slower than today
// (ratio about 58) fails on any machine, load that slows the whole browser
// (2.9 s seen for the page at load 10 under the old 1 s bound) does not.
const largePageRatio = 25

// TestBrowserLarge opens a 7,030-sample report (real ProofNet statements):
// under 5 MB, interactive (samples in, list drawn) within 1 s of opening
// or, on a slow or loaded machine, within largePageRatio times a fixed
// calibration workload of the same browser; the search still narrows the
// list.
func TestBrowserLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	ctx, errors := browser(t)
	docs := largeDocs(t, 7030)
	var html bytes.Buffer
	if err := Write(&html, docs, nil); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(t.TempDir(), "large.html")
	if err := os.WriteFile(page, html.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("7,030-sample page: %d bytes (%.2f MB)", html.Len(), float64(html.Len())/1e6)
	if html.Len() >= 5_000_000 {
		t.Errorf("page is %d bytes, want under 5 MB", html.Len())
	}
	// The first load warms the browser's caches; the figure is the best of
	// five loads, each from disk in a fresh navigation (the machine is
	// shared: one slow load says little).
	best, first, calib := time.Hour, time.Hour, time.Hour
	for i := 0; i < 5; i++ {
		if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
			t.Fatal(err)
		}
		calib = min(calib, time.Duration(eval2[float64](t, ctx, calibrationJS)*float64(time.Millisecond)))
		best = min(best, open(t, ctx, page))
		ms, err := strconv.Atoi(eval2[string](t, ctx, `document.body.dataset.firstMs`))
		if err != nil {
			t.Fatal(err)
		}
		first = min(first, time.Duration(ms)*time.Millisecond)
	}
	t.Logf("7,030-sample page: first page of samples listed after %v, interactive after %v (best of 5, performance.now at the end of the first list, then of the full list)", first, best)
	t.Logf("calibration workload: %v (best of 5); page / calibration = %.1f (bound %d)", calib, float64(best)/float64(calib), largePageRatio)
	if best > time.Second && best > largePageRatio*calib {
		t.Errorf("page interactive after %v, want within 1 s or within %d times the calibration workload (%v)", best, largePageRatio, calib)
	}
	if n, ids := setFilters(t, ctx, "", "joint", "", "", "formalrx_7030"); n != 1 || ids[0] != "formalrx_7030" {
		t.Errorf("search: %d %v", n, ids)
	}
	if n, _ := setFilters(t, ctx, "", "joint", "", "", ""); n != 7030 {
		t.Errorf("no filter: %d samples", n)
	}
	if errs := errors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}

// TestBrowserHostileText: participant text (segments, corrections,
// categories outside the 28, ids) is shown as text, never as markup.
func TestBrowserHostileText(t *testing.T) {
	ctx, errors := browser(t)
	data, err := os.ReadFile("../testdata/example/gold.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	gold, shape, err := eval.ParseGold(data)
	if err != nil {
		t.Fatal(err)
	}
	evil := `<img src=x onerror="document.body.dataset.pwned=1"></pre><script>document.body.dataset.pwned=1</script>`
	preds := readPreds(t, "../testdata/example/predictions.jsonl")
	p := preds["formalrx_0004"]
	p.Segment, p.Corrected, p.Category, p.CategoryName = eval.Text{S: evil}, eval.Text{S: evil}, eval.Text{S: evil}, ""
	preds["formalrx_0004"] = p
	rep, err := eval.Score(context.Background(), gold, preds, eval.ExactJudge{}, eval.Options{})
	if err != nil {
		t.Fatal(err)
	}
	docs := []eval.Document{{Report: rep, Gold: evil, GoldShape: shape, Pred: evil, Judge: eval.JudgeInfo{"chain": evil}}}
	var html bytes.Buffer
	if err := Write(&html, docs, nil); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(t.TempDir(), "evil.html")
	if err := os.WriteFile(page, html.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, page)
	setFilters(t, ctx, "", "joint", "", "", "0004")
	got := eval2[map[string]any](t, ctx, `({pwned: document.body.dataset.pwned || "", imgs: document.querySelectorAll("img").length,
		shown: document.getElementById("detail").textContent.includes('<img src=x onerror='),
		judge: document.querySelector('[data-judge="chain"]').textContent})`)
	if got["pwned"] != "" || got["imgs"].(float64) != 0 {
		t.Errorf("participant text ran as markup: %v", got)
	}
	if got["shown"] != true || got["judge"] != evil {
		t.Errorf("participant text not shown as text: %v", got)
	}
	if errs := errors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}

// TestBrowserStatic opens a 300-sample page (a quarter aligned, so the
// aligned/none cell of the heat map holds most samples) as a static
// screenshot sees it: the first page of samples is listed even when the
// compressed samples are never inflated; the heat map shows every label,
// keeps its "gold" name clear of the x-axis labels, and colours a cell of
// one sample visibly apart from an empty cell.
func TestBrowserStatic(t *testing.T) {
	ctx, errors := browser(t)
	docs := largeDocs(t, 300)
	var html bytes.Buffer
	if err := Write(&html, docs, nil); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(t.TempDir(), "static.html")
	if err := os.WriteFile(page, html.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// Inflation that never finishes: only what the page lists at once shows.
	never := `window.DecompressionStream = class { constructor() { return new TransformStream({ flush() { return new Promise(() => {}); } }); } };`
	err := chromedp.Do(ctx,
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, cdpage.AddScriptToEvaluateOnNewDocument, cdpage.AddScriptToEvaluateOnNewDocumentParams{Source: never})
			return err
		}),
		chromedp.Navigate("file://"+page),
		chromedp.WaitReady(`#judgeblock table`),
	)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, o := range docs[0].Outcomes {
		if !o.Joint && len(want) < headSize {
			want = append(want, o.Idx)
		}
	}
	got := eval2[[]string](t, ctx, `[...document.querySelectorAll("#list .row")].map(r => r.dataset.id)`)
	if len(want) < headSize || strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("before inflation the list shows %d samples %v, want the first %d wrong ones %v", len(got), got, len(want), want)
	}
	if id := eval2[string](t, ctx, `(document.getElementById("detail-id") || {}).textContent || ""`); id != want[0] {
		t.Errorf("before inflation the detail shows %q, want %s", id, want[0])
	}
	if ready := eval2[string](t, ctx, `document.body.dataset.ready || ""`); ready != "" {
		t.Fatalf("the samples inflated although DecompressionStream never finishes")
	}

	// The heat map, from ECharts' own scene: every axis label drawn, none
	// hidden; "gold" overlaps no x-axis label.
	labels := eval2[[]map[string]any](t, ctx, `(() => {
		const c = echarts.getInstanceByDom(document.getElementById("chart-confusion"));
		return c.getZr().storage.getDisplayList(true).filter(e => e.style && typeof e.style.text === "string" && !e.ignore && !e.invisible).map(e => {
			const r = e.getBoundingRect().clone(); r.applyTransform(e.getComputedTransform());
			return {text: e.style.text, x: r.x, y: r.y, w: r.width, h: r.height};
		});
	})()`)
	names := eval2[[]string](t, ctx, `echarts.getInstanceByDom(document.getElementById("chart-confusion")).getOption().xAxis[0].data`)
	type rect struct{ x, y, w, h float64 }
	var gold *rect
	var below []rect // labels under the plot: the x axis's
	plotBottom := eval2[float64](t, ctx, `(() => { const c = echarts.getInstanceByDom(document.getElementById("chart-confusion")); return c.convertToPixel({seriesIndex: 0}, [0, c.getOption().yAxis[0].data.length - 1])[1]; })()`)
	shown := map[string]int{}
	for _, l := range labels {
		r := rect{l["x"].(float64), l["y"].(float64), l["w"].(float64), l["h"].(float64)}
		txt := l["text"].(string)
		shown[txt]++
		if txt == "gold" {
			gold = &r
		} else if r.y > plotBottom {
			below = append(below, r)
		}
	}
	for _, n := range names {
		// Full names, not cut (issue 20.9).
		if shown[n] < 2 { // once on each axis
			t.Errorf("heat map label %q drawn whole %d times, want on both axes", n, shown[n])
		}
	}
	if gold == nil {
		t.Fatal("no axis name gold")
	}
	for _, r := range below {
		if gold.x < r.x+r.w && r.x < gold.x+gold.w && gold.y < r.y+r.h && r.y < gold.y+gold.h {
			t.Errorf("axis name gold at %+v overlaps an x-axis label at %+v", *gold, r)
		}
	}
	// The smallest cell (a sample or two) against an empty cell of the same row, read from the
	// canvas: the colours must differ plainly (not a tint of the stripes).
	px := eval2[map[string][]float64](t, ctx, `(() => {
		const c = echarts.getInstanceByDom(document.getElementById("chart-confusion"));
		const data = c.getOption().series[0].data;
		const one = data.reduce((a, d) => (d[2] < a[2] ? d : a)), full = new Set(data.map(d => d[0] + "/" + d[1]));
		const n = c.getOption().xAxis[0].data.length;
		let empty = -1;
		for (let x = 0; x < n; x++) if (!full.has(x + "/" + one[1])) { empty = x; break; }
		const canvas = document.querySelector("#chart-confusion canvas"), ctx = canvas.getContext("2d"), dpr = canvas.width / canvas.clientWidth;
		const at = (x, y) => { const p = c.convertToPixel({seriesIndex: 0}, [x, y]); return [...ctx.getImageData(Math.round(p[0] * dpr), Math.round(p[1] * dpr), 1, 1).data]; };
		const top = data.reduce((a, d) => Math.max(a, d[2]), 0);
		return {one: at(one[0], one[1]), empty: at(empty, one[1]), counts: [top, empty, one[2]]};
	})()`)
	if px["counts"][1] < 0 {
		t.Fatal("no empty cell beside a one-sample cell")
	}
	dist := 0.0
	for i := 0; i < 3; i++ {
		d := px["one"][i] - px["empty"][i]
		dist += d * d
	}
	if px["counts"][2] > 3 || px["counts"][0] < 20*px["counts"][2] {
		t.Fatalf("heat map cells from %v to %v samples: the test wants a small cell and a dominant one", px["counts"][2], px["counts"][0])
	}
	t.Logf("heat map: largest cell %v samples; a %v-sample cell RGB %v, empty cell %v (distance %.0f)", px["counts"][0], px["counts"][2], px["one"][:3], px["empty"][:3], math.Sqrt(dist))
	if math.Sqrt(dist) < 80 {
		t.Errorf("the smallest cell (RGB %v) is hard to tell from an empty one (%v)", px["one"][:3], px["empty"][:3])
	}
	if errs := errors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}

// TestBrowserVerdictAsWritten: a verdict not written as the rules write
// it is neither class; the page shows the string as written, never the
// opposite verdict.
func TestBrowserVerdictAsWritten(t *testing.T) {
	ctx, errors := browser(t)
	data, err := os.ReadFile("../testdata/example/gold.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	gold, shape, err := eval.ParseGold(data)
	if err != nil {
		t.Fatal(err)
	}
	preds := readPreds(t, "../testdata/example/predictions.jsonl")
	written := map[string]string{"formalrx_0004": "misaligned ", "formalrx_0002": "Aligned"}
	for id, v := range written {
		p := preds[id]
		p.VerdictNoncanonical, p.VerdictAsWritten = true, v
		preds[id] = p
	}
	rep, err := eval.Score(context.Background(), gold, preds, eval.ExactJudge{}, eval.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var html bytes.Buffer
	if err := Write(&html, []eval.Document{{Report: rep, Gold: "gold.jsonl", GoldShape: shape, Pred: "p.jsonl"}}, nil); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(t.TempDir(), "verdict.html")
	if err := os.WriteFile(page, html.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, page)
	for id, v := range written {
		setFilters(t, ctx, "", "joint", "", "", id)
		got := eval2[[]string](t, ctx, `(() => { const r = [...document.querySelectorAll("#detail tr")].find(r => r.firstElementChild.textContent === "verdict");
			return [...r.children].map(c => c.textContent); })()`)
		if want := strconv.Quote(v); len(got) < 4 || !strings.HasPrefix(got[2], want) || !strings.Contains(got[2], "neither class") || got[3] != "wrong" {
			t.Errorf("%s, verdict written %q: the page shows %q", id, v, got)
		}
	}
	if errs := errors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}

// TestBrowserHashPercent: an address whose hash holds a '%' (report.html#%,
// or an id holding '%') opens the page and, for an id, its sample (issue
// 18.14: decodeURIComponent threw "URIError" and the samples never loaded).
func TestBrowserHashPercent(t *testing.T) {
	ctx, errors := browser(t)
	const odd = "fx%_0004 #1"
	page := examplePage(t, func(gold []eval.Gold, preds map[string]eval.Pred) {
		for i := range gold {
			if gold[i].Idx == "formalrx_0004" {
				gold[i].Idx = odd
			}
		}
		p := preds["formalrx_0004"]
		p.Idx = odd
		delete(preds, "formalrx_0004")
		preds[odd] = p
	})
	for _, hash := range []string{"%", "%E0%A4%A", "fx%25_0004%20%231"} {
		open(t, ctx, page+"#"+hash)
		if errs := errors(); len(errs) > 0 {
			t.Errorf("#%s: console errors:\n%s", hash, strings.Join(errs, "\n"))
		}
	}
	// The last one names the odd id: its sample is the one shown.
	if got := eval2[string](t, ctx, `document.getElementById("f-search").value`); got != odd {
		t.Errorf("the link to %q searched for %q", odd, got)
	}
	// Selecting it writes an address that leads back to it.
	setFilters(t, ctx, "", "", "", "", odd)
	if h := eval2[string](t, ctx, `location.hash`); h != "#fx%25_0004%20%231" {
		t.Errorf("address for %q: %q", odd, h)
	}
	// The id search's placeholder is an id of this data (issue 20.9: it
	// said formalrx_0042 on dev data), and the heat map's labels are the
	// full category names.
	if ph := eval2[string](t, ctx, `document.getElementById("f-search").placeholder`); ph != "formalrx_0001" {
		t.Errorf("search placeholder %q, want the first sample's id", ph)
	}
	if cut := eval2[bool](t, ctx, `(() => {
		const o = echarts.getInstanceByDom(document.getElementById("chart-confusion")).getOption();
		return !!o.xAxis[0].axisLabel.formatter || !!o.yAxis[0].axisLabel.formatter;
	})()`); cut {
		t.Errorf("the heat map's labels are still cut by a formatter")
	}
	// A class with no TP, FP or FN (Range Error here, only predicted for
	// another class) has no F1: no bar, not a bar at 0 (issue 20.1).
	got := eval2[[]any](t, ctx, `(() => {
		const o = echarts.getInstanceByDom(document.getElementById("chart-categories")).getOption();
		const names = o.yAxis[0].data, data = o.series[0].data;
		return names.map((n, i) => [n, data[i]]).filter(([n]) => n.startsWith("Range Error"))[0] || [];
	})()`)
	if len(got) != 2 || got[1] != nil {
		t.Errorf("Range Error's F1 on the page: %v, want null", got)
	}
}

// TestBrowserLaTeX: the informal statement's LaTeX is drawn by the
// embedded KaTeX, offline (issue 20.9: raw LaTeX was shown), and LaTeX
// cannot smuggle a link or markup in (KaTeX's trust is off).
func TestBrowserLaTeX(t *testing.T) {
	ctx, errors := browser(t)
	page := examplePage(t, func(gold []eval.Gold, _ map[string]eval.Pred) {
		for i := range gold {
			if gold[i].Idx == "formalrx_0004" {
				gold[i].Informal = `Prove that $x^2 \ge 0$ for all real $x$, and $$\sum_{k=1}^n k = \frac{n(n+1)}{2}.$$ ` +
					`Also \href{javascript:document.body.dataset.pwned=1}{click} and $\url{javascript:alert(1)}$ and $\htmlId{x}{y}$.`
			}
		}
	})
	open(t, ctx, page)
	setFilters(t, ctx, "", "", "", "", "0004")
	got := eval2[map[string]any](t, ctx, `(() => {
		const inf = document.getElementById("detail-inf");
		return {katex: inf ? inf.querySelectorAll(".katex").length : -1,
			display: inf ? inf.querySelectorAll(".katex-display").length : -1,
			links: inf ? inf.querySelectorAll("a").length : -1,
			pwned: document.body.dataset.pwned || "",
			raw: inf ? inf.textContent.includes("x^2") : true};
	})()`)
	if got["katex"].(float64) < 3 || got["display"].(float64) != 1 {
		t.Errorf("LaTeX not drawn: %v", got)
	}
	if got["links"].(float64) != 0 || got["pwned"] != "" {
		t.Errorf("LaTeX made a link or ran script: %v", got)
	}
	if errs := errors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}

// examplePage writes the report page of the example gold and predictions,
// after change has edited them, and returns its path.
func examplePage(t *testing.T, change func(gold []eval.Gold, preds map[string]eval.Pred)) string {
	t.Helper()
	data, err := os.ReadFile("../testdata/example/gold.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	gold, shape, err := eval.ParseGold(data)
	if err != nil {
		t.Fatal(err)
	}
	preds := readPreds(t, "../testdata/example/predictions.jsonl")
	change(gold, preds)
	rep, err := eval.Score(context.Background(), gold, preds, eval.ExactJudge{}, eval.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var html bytes.Buffer
	if err := Write(&html, []eval.Document{{Report: rep, Gold: "g", GoldShape: shape, Pred: "p", Judge: eval.JudgeInfo{"chain": "exact"}}}, nil); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(page, html.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return page
}
