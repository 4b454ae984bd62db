package judges

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestJudgesDoNotImportStudy: judges decide pairs, study measures judges;
// no file under judges/ (tests included) may import study.
func TestJudgesDoNotImportStudy(t *testing.T) {
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		files++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if p == "github.com/rxeval/rxeval/study" || strings.HasPrefix(p, "github.com/rxeval/rxeval/study/") {
				t.Errorf("%s imports %s", path, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 20 {
		t.Fatalf("only %d Go files under judges/", files)
	}
}

// TestDeterministicPackagesDoNotLinkTheModelClient: the packages that
// decide or measure without a server (judges itself, judges/lean, study,
// synth, eval, validate, report) link neither the model client
// (judges/model, the Ollama API) nor the verdict cache's database (bbolt):
// a change that makes them do so makes every binary and test of theirs
// carry a network client (issue 23.2).
func TestDeterministicPackagesDoNotLinkTheModelClient(t *testing.T) {
	pkgs := []string{"judges", "judges/lean", "judges/similarity", "study", "synth", "eval", "validate", "report"}
	for _, p := range pkgs {
		out, err := exec.Command("go", "list", "-deps", "github.com/rxeval/rxeval/"+p).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", p, err)
		}
		for _, dep := range strings.Fields(string(out)) {
			if strings.HasPrefix(dep, "github.com/rxeval/rxeval/judges/model") || strings.HasPrefix(dep, "github.com/ollama/") || strings.HasPrefix(dep, "go.etcd.io/bbolt") {
				t.Errorf("%s links %s", p, dep)
			}
		}
	}
}
