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
