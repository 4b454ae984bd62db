package validate

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestEveryCodeInDocs: each problem code declared in problem.go is named
// in docs/validate.md's list, so a user who meets one can look it up.
func TestEveryCodeInDocs(t *testing.T) {
	readme, err := os.ReadFile("../docs/validate.md")
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), "problem.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	ast.Inspect(f, func(node ast.Node) bool {
		vs, ok := node.(*ast.ValueSpec)
		if !ok || len(vs.Values) != 1 {
			return true
		}
		if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Code" {
			return true
		}
		lit, ok := vs.Values[0].(*ast.BasicLit)
		if !ok {
			return true
		}
		code, _ := strconv.Unquote(lit.Value)
		n++
		if !strings.Contains(string(readme), "`"+code+"`") {
			t.Errorf("problem code %q (%s) is not named in docs/validate.md", code, vs.Names[0].Name)
		}
		return true
	})
	if n < 30 {
		t.Errorf("found %d codes in problem.go: the test lost its input", n)
	}
}
