package rxeval

import (
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestArchitectureImports: the package table of docs/architecture.md
// lists, for every package, its direct imports of other rxeval packages
// (internal/ left out), as go list sees them.
func TestArchitectureImports(t *testing.T) {
	const module = "github.com/rxeval/rxeval/"
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	have := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg, ok := strings.CutPrefix(f[0], module)
		if !ok || strings.HasPrefix(pkg, "internal/") || strings.Contains(pkg, "/internal/") {
			continue
		}
		var imps []string
		for _, imp := range f[1:] {
			if p, ok := strings.CutPrefix(imp, module); ok && !strings.HasPrefix(p, "internal/") && !strings.Contains(p, "/internal/") {
				imps = append(imps, p)
			}
		}
		slices.Sort(imps)
		have[pkg] = imps
	}
	doc, err := os.ReadFile("docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("^\\| `([a-z/]+)` \\| .* \\|\\s*([a-z/, ]*?)\\s*\\|$")
	seen := map[string]bool{}
	for _, l := range strings.Split(string(doc), "\n") {
		m := row.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		pkg := m[1]
		var want []string
		for _, p := range strings.Split(m[2], ",") {
			if p = strings.TrimSpace(p); p != "" {
				want = append(want, p)
			}
		}
		slices.Sort(want)
		got, ok := have[pkg]
		if !ok {
			t.Errorf("docs/architecture.md lists %s, which is no package", pkg)
			continue
		}
		seen[pkg] = true
		if !slices.Equal(got, want) {
			t.Errorf("docs/architecture.md: %s imports %v, the table says %v", pkg, got, want)
		}
	}
	for pkg := range have {
		if !seen[pkg] {
			t.Errorf("docs/architecture.md has no row for %s", pkg)
		}
	}
}
