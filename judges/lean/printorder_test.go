package lean

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// TestComparePrinted: comparing printed forms piece by piece orders trees
// exactly as comparing their whole prints does, on the subtrees of the
// adversarial corpus and on trees whose prints share long prefixes (one a
// prefix of the other, a difference deep in the print or the tree).
func TestComparePrinted(t *testing.T) {
	var trees []*Node
	var walk func(n *Node)
	walk = func(n *Node) {
		trees = append(trees, n)
		for _, c := range n.C {
			walk(c)
		}
	}
	for _, p := range readAdversarial(t)[:300] {
		for _, src := range []string{p.a, p.b} {
			if st, err := Parse(src); err == nil {
				walk(st.Tree)
			}
		}
	}
	long := strings.Repeat("x", 300)
	leaf := func(v string) *Node { return &Node{K: KindID, V: v} }
	app := func(kids ...*Node) *Node { return &Node{K: KindApp, C: kids} }
	trees = append(trees,
		leaf(long), leaf(long+"y"), leaf(long+"z"), leaf(long[:299]+"w"),
		app(leaf(long), leaf("a")), app(leaf(long), leaf("b")), app(leaf(long)), app(leaf(long), leaf(long)),
		app(leaf(long), leaf(long), leaf("a")), app(app(leaf(long), leaf(long)), leaf("a")),
		&Node{K: KindApp, C: []*Node{leaf(long), nil}}, leaf(""), app(),
		&Node{K: KindPi, V: "x", Inst: true, C: []*Node{leaf("a"), leaf("b")}}, &Node{K: KindPi, Inst: true, C: []*Node{leaf("a"), leaf("b")}},
		&Node{K: KindPi, V: "x", C: []*Node{leaf("a"), leaf("b")}}, &Node{K: KindID, Inst: true})
	// nested past the printer's 32 fixed frames
	for _, depth := range []int{31, 32, 33, 80} {
		for _, tip := range []string{"a", "b"} {
			n := leaf(tip)
			for range depth {
				n = app(leaf("f"), n)
			}
			trees = append(trees, n, app(n, leaf(tip)))
		}
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 200000; i++ {
		a, b := trees[rng.Intn(len(trees))], trees[rng.Intn(len(trees))]
		if got, want := comparePrinted(a, b), strings.Compare(a.String(), b.String()); got != want {
			t.Fatalf("comparePrinted = %d, strings.Compare = %d\n  a: %s\n  b: %s", got, want, a, b)
		}
	}
}

// TestHostileBinderDepth: runs of interchangeable ∃ binders nested to the
// parser's depth limit, with few or many binders a run, compare in time:
// sorting the ∧ operands and choosing among binder orders compare printed
// forms only as far as they differ (printing whole made 8 KB take 2 s).
func TestHostileBinderDepth(t *testing.T) {
	for _, c := range []struct{ depth, binders int }{{130, 6}, {60, 12}, {20, 60}} {
		var vs []string
		for j := 0; j < c.binders; j++ {
			vs = append(vs, fmt.Sprintf("a%d", j))
		}
		var b strings.Builder
		b.WriteString("theorem t : ")
		for i := 0; i < c.depth; i++ {
			b.WriteString("∃ " + strings.Join(vs, " ") + " : ℕ, " + strings.Join(vs, " + ") + " = 0 ∧ (")
		}
		b.WriteString("True" + strings.Repeat(")", c.depth))
		sameWithin(t, b.String(), binderWorkPerByte)
	}
}
