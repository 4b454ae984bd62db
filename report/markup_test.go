package report

import (
	"regexp"
	"strings"
	"testing"
)

// TestAppBuildsMarkupOneWay: app.js writes markup in one place (setHTML,
// which takes only what its escaping html template tag built), so no string
// reaches the page as markup by a call site forgetting to escape it (issue
// 34.1: judge names did). No other way of writing HTML is used.
func TestAppBuildsMarkupOneWay(t *testing.T) {
	if n := strings.Count(appJS, "innerHTML"); n != 2 { // setHTML's comment and its one assignment
		t.Errorf("app.js names innerHTML %d times: write markup through setHTML only", n)
	}
	if !strings.Contains(appJS, "    el.innerHTML = m.s;\n") {
		t.Error("setHTML's assignment is not the one innerHTML write")
	}
	for _, bad := range []string{"outerHTML", "insertAdjacentHTML", "document.write", "createContextualFragment", "DOMParser", "srcdoc", "eval(", "new Function", "setTimeout(\"", "javascript:"} {
		if strings.Contains(appJS, bad) {
			t.Errorf("app.js uses %s: build markup with html`` and setHTML", bad)
		}
	}
	// esc is the html tag's: a call elsewhere means markup built by hand.
	if n := len(regexp.MustCompile(`\besc\(`).FindAllString(appJS, -1)); n != 1 {
		t.Errorf("app.js calls esc %d times, want once (inside html``'s piece)", n)
	}
	// ECharts tooltips are HTML: each formatter returns the html tag's text.
	for _, m := range regexp.MustCompile(`formatter: \(p\) => [^\n]*`).FindAllString(appJS, -1) {
		if strings.Contains(m, "<") && !strings.Contains(m, "html`") {
			t.Errorf("a tooltip formatter builds markup without html``: %s", m)
		}
	}
}

// TestPagePolicy: the page's content security policy lets no script run
// but the page's own: no 'unsafe-inline' or 'unsafe-eval', handlers
// refused outright, and a hash for each script element the page runs (its
// three, each listed, nothing else).
func TestPagePolicy(t *testing.T) {
	docs, cmp := exampleDocs(t)
	var b strings.Builder
	if err := Write(&b, docs, cmp); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	m := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]*)">`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no content security policy in the page")
	}
	directives := map[string][]string{}
	for _, d := range strings.Split(m[1], ";") {
		f := strings.Fields(d)
		if len(f) > 0 {
			directives[f[0]] = f[1:]
		}
	}
	t.Logf("policy: %.200s…", m[1])
	for _, d := range []string{"script-src", "script-src-attr", "default-src"} {
		for _, v := range directives[d] {
			if v == "'unsafe-inline'" || v == "'unsafe-eval'" || v == "'unsafe-hashes'" || v == "*" || strings.HasSuffix(v, ":") {
				t.Errorf("%s allows %s", d, v)
			}
		}
	}
	if strings.Join(directives["script-src-attr"], " ") != "'none'" || strings.Join(directives["default-src"], " ") != "'none'" ||
		strings.Join(directives["base-uri"], " ") != "'none'" || strings.Join(directives["form-action"], " ") != "'none'" {
		t.Errorf("policy %q: want default-src, script-src-attr, base-uri and form-action 'none'", m[1])
	}
	// The scripts the page runs: script elements without a data type.
	var want []string
	for _, s := range regexp.MustCompile(`(?s)<script>(.*?)</script>`).FindAllStringSubmatch(page, -1) {
		want = append(want, pagePolicy(s[1]))
	}
	if len(want) != 3 {
		t.Fatalf("the page runs %d script elements, want 3 (ECharts, KaTeX, app.js)", len(want))
	}
	var hashes []string
	for _, w := range want {
		hashes = append(hashes, strings.Fields(strings.Split(w, ";")[1])[1])
	}
	if got := strings.Join(directives["script-src"], " "); got != strings.Join(hashes, " ") {
		t.Errorf("script-src %q, want the page's scripts' hashes %q", got, hashes)
	}
	if n := strings.Count(page, "<script"); n != 6 { // the three above and three data islands
		t.Errorf("%d script elements in the page, want 6", n)
	}
}
