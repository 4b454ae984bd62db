package lean

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

var update = flag.Bool("update", false, "rewrite the parse and normalize sections of testdata/normalize/*.txtar")

// indent prints a tree one node a line, children indented: the form the
// golden files keep (Node.String prints the same tree on one line).
func indent(n *Node) string {
	var b strings.Builder
	var walk func(n *Node, depth int)
	walk = func(n *Node, depth int) {
		b.WriteString(strings.Repeat("  ", depth))
		if n == nil {
			b.WriteString("<nil>\n")
			return
		}
		b.WriteString(n.K.String())
		if n.V != "" {
			b.WriteString(" " + n.V)
		}
		b.WriteByte('\n')
		for _, c := range n.C {
			walk(c, depth+1)
		}
	}
	walk(n, 0)
	return b.String()
}

// TestNormalizeGolden: for each testdata/normalize/*.txtar, the input
// statement's parse tree and normalized tree are the ones recorded (the
// archive's comment says which Lean reading or rewrite it pins). The
// trees, not only pair verdicts, are what a change to a pass changes;
// -update rewrites them, and the diff is the review.
func TestNormalizeGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/normalize/*.txtar")
	if len(files) < 15 {
		t.Fatalf("%d golden files", len(files))
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			var input string
			for _, f := range ar.Files {
				got[f.Name] = string(f.Data)
				if f.Name == "input" {
					input = strings.TrimSuffix(string(f.Data), "\n")
				}
			}
			st, err := Parse(input)
			if err != nil {
				t.Fatalf("%s: %v", input, err)
			}
			want := map[string]string{"parse": indent(st.Tree), "normalize": indent(Normalize(st.Tree))}
			if *update {
				ar.Files = []txtar.File{{Name: "input", Data: []byte(input + "\n")}, {Name: "parse", Data: []byte(want["parse"])}, {Name: "normalize", Data: []byte(want["normalize"])}}
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for _, name := range []string{"parse", "normalize"} {
				if got[name] != want[name] {
					t.Errorf("%s of %q (go test ./judges/lean -run TestNormalizeGolden -update rewrites it):\n--- recorded\n%s--- now\n%s", name, input, got[name], want[name])
				}
			}
		})
	}
}

// TestKindNames: every kind prints as the name its constant's comment
// gives (kind_string.go is regenerated from them by go generate), each
// name once.
func TestKindNames(t *testing.T) {
	seen := map[string]Kind{}
	for k := KindInvalid + 1; !strings.HasPrefix(k.String(), "Kind("); k++ {
		if prev, dup := seen[k.String()]; dup {
			t.Errorf("kinds %d and %d both print %q", prev, k, k.String())
		}
		seen[k.String()] = k
	}
	for _, name := range []string{"bin", "pi", "id", "app", "floor₊", "with"} {
		if _, ok := seen[name]; !ok {
			t.Errorf("no kind prints %q (kind_string.go out of date? go generate ./judges/lean)", name)
		}
	}
	if len(seen) != 51 {
		t.Errorf("%d kinds", len(seen))
	}
}

// TestOccurs: a name occurs in a subtree when an identifier there is the
// name or starts with it and a dot, whether the subtree is the indexed
// tree's own or a node built after the index (reorder's chains).
func TestOccurs(t *testing.T) {
	st, err := Parse("theorem t (f : ℕ → ℕ) (h : f.comp g = f) : x = y")
	if err != nil {
		t.Fatal(err)
	}
	z := &normalizer{occ: newOccIndex(st.Tree)}
	built := &Node{K: KindPi, V: "_", C: []*Node{{K: KindID, V: "f.comp"}, {K: KindID, V: "yy"}}}
	for _, tt := range []struct {
		name string
		n    *Node
		want bool
	}{
		{"f", st.Tree, true}, {"g", st.Tree, true}, {"comp", st.Tree, false}, {"z", st.Tree, false},
		{"f", built, true}, {"f.comp", built, true}, {"comp", built, false}, {"y", built, false}, {"yy", built, true},
		{"f", &Node{K: KindID, V: "f"}, true}, {"f", &Node{K: KindID, V: "ff"}, false},
	} {
		if got := z.occurs(tt.name, tt.n); got != tt.want {
			t.Errorf("occurs(%q, %v) = %v, want %v", tt.name, tt.n, got, tt.want)
		}
	}
}
