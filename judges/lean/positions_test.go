package lean

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/rxeval/rxeval/internal/fixtures"
)

// parseTerm reads src as one term, to its end.
func parseTerm(src string) (n *Node, err error) {
	lx, err := newLexer(nil, src)
	if err != nil {
		return nil, err
	}
	p := &parser{src: src, lx: lx, toks: lx.toks, letAt: -1}
	defer func() {
		if r := recover(); r != nil {
			n, err = nil, fmt.Errorf("%v", r)
		}
	}()
	n = p.expr(0)
	if p.peek().kind != tEOF {
		return nil, fmt.Errorf("unexpected %q", p.peek().text)
	}
	return n, nil
}

// spanned reports how the nodes of tree, read from src, keep their spans:
// it returns the first broken invariant, and counts the nodes whose text
// re-parses to the node (same) or to nothing (the text of a node a
// notation or a binder expands into: a binder's pi, x > 0 of ∀ x > 0).

// cdots are the parameters a cdot function numbers (id:·1): inside the
// parentheses, the text of a node has the plain ·.
var cdots = regexp.MustCompile(`id:·[0-9]+`)

func checkSpans(src string, tree *Node) (same, unread int, err error) {
	var walk func(n, parent *Node) error
	walk = func(n, parent *Node) error {
		if n.Lo < 0 || n.Lo > n.Hi || int(n.Hi) > len(src) {
			return fmt.Errorf("%s: span [%d, %d) outside the text (%d bytes)", n, n.Lo, n.Hi, len(src))
		}
		if parent != nil && (n.Lo < parent.Lo || n.Hi > parent.Hi) {
			return fmt.Errorf("%s at [%d, %d) %q sticks out of its parent %s at [%d, %d)", n, n.Lo, n.Hi, src[n.Lo:n.Hi], parent.K, parent.Lo, parent.Hi)
		}
		if n.Lo == n.Hi && n.K != KindHole {
			return fmt.Errorf("%s has no text (an empty span at %d): only a type not written may", n, n.Lo)
		}
		if n.Lo < n.Hi {
			if m, perr := parseTerm(src[n.Lo:n.Hi]); perr != nil {
				if !binds(n, parent) && !expands(n, parent) {
					return fmt.Errorf("the text %q of %s is no term: %v", src[n.Lo:n.Hi], n, perr)
				}
				unread++
			} else if cdots.ReplaceAllString(m.String(), "id:·") == cdots.ReplaceAllString(n.String(), "id:·") {
				same++
			} else if !expands(n, parent) {
				return fmt.Errorf("the text %q of %s re-parses to %s", src[n.Lo:n.Hi], n, m)
			}
		}
		for _, c := range n.C {
			if err := walk(c, n); err != nil {
				return err
			}
		}
		return nil
	}
	return same, unread, walk(tree, nil)
}

// binds reports whether n is a node of a binder or a declaration, whose
// text (from the binder to the end of its scope) need not be a term: the
// pi of (h : P) in a theorem's binders, the ∃ of y in ∃ x y, p, the x > 0
// and the → it joins of ∀ x > 0, p.
func binds(n, parent *Node) bool {
	switch n.K {
	case KindPi, KindExists, KindExistsUnique, KindLambda, KindSigma, KindEventually, KindFrequently, KindBig, KindLet, KindPattern,
		KindTheorem, KindDecl, KindDecls, KindDefn, KindTokens:
		return true
	case KindBinary:
		return parent != nil && (binds(parent, nil) || parent.K == KindBinary && parent.Lo == n.Lo)
	}
	return false
}

// expands reports whether n is a node whose text reads as another term:
// the name a notation stands for (√ is Real.sqrt, spanned on the token),
// a bound variable of a big operator (i of ∑ i ∈ s), the function a cdot
// makes ((· + 1) is fun x => x + 1, whose body has the parentheses' text),
// or the ∃'s or ∀'s body that joins a binder predicate (x > 0, P).
func expands(n, parent *Node) bool {
	if parent != nil && parent.Lo == n.Lo && parent.Hi == n.Hi {
		return true // the parent expands to it: (· + 1) is fun x => (x + 1)
	}
	switch n.K {
	case KindID:
		if parent != nil && parent.K == KindApp && parent.C[0] == n {
			return true // the head a notation applies, on its token ([≤] of 𝓝[≤] x)
		}
		return len(n.V) > len(notationMark) && n.V[:len(notationMark)] == notationMark || n.V == indexHead || len(modulusWordOf(n.V)) > 0
	case KindApp:
		// ∂μ is ae μ, [MOD n] the modulus of ≡, [≤] x the set of 𝓝[≤] x
		return n.C[0].K == KindID && expands(n.C[0], nil) || parent != nil && (parent.K == KindBinary && parent.V == "≡" || parent.K == KindApp && parent.C[0].V == notationMark+"nhdsWithin")
	case KindBoundVar, KindLambda, KindWith, KindSetOf, KindSep, KindSubtype, KindPattern:
		return true
	}
	for _, c := range n.C {
		if c.Lo == n.Lo && c.Hi == n.Hi {
			return true // a notation that is two nodes on one text
		}
	}
	return false
}

func modulusWordOf(s string) string {
	for k := range modulusWords {
		if len(s) >= len(k) && s[:len(k)] == k {
			return k
		}
	}
	return ""
}

// TestSpans: on every statement of the real corpora (the FormalRx sample,
// ProofNet, the GTED miniF2F pairs) that Parse reads, every node's span
// lies in the text and in its parent's, only an unwritten type is empty,
// and the text of a node re-parses, as a term, to the node itself, or
// else to nothing (a binder's pi node, x > 0 of ∀ x > 0) or, for the
// nodes expands lists, to the term a notation expands from.
func TestSpans(t *testing.T) {
	var srcs []string
	for _, r := range fixtures.FormalRx(t) {
		srcs = append(srcs, r.Formal)
	}
	srcs = append(srcs, realStatements(t)...)
	var read, same, unread int
	for _, s := range srcs {
		st, err := Parse(s)
		if err != nil {
			continue
		}
		read++
		sm, un, err := checkSpans(s, st.Tree)
		if err != nil {
			t.Errorf("%v\nin %s", err, s)
			continue
		}
		same += sm
		unread += un
	}
	t.Logf("%d statements read of %d: %d nodes whose text re-parses to them, %d whose text is no term", read, len(srcs), same, unread)
	if read < len(srcs)*9/10 || same*100 < 85*(same+unread) {
		t.Errorf("%d statements read of %d, %d nodes re-parsed and %d not: want 90 %% read and 85 %% of the nodes re-parsed", read, len(srcs), same, unread)
	}
}

// TestSpanExamples pins the spans of some nodes.
func TestSpanExamples(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"theorem t (x : ℕ) (h : 0 < x) : x + 1 > 1 := sorry", "(x : ℕ) (h : 0 < x) : x + 1 > 1|ℕ|(h : 0 < x) : x + 1 > 1|0 < x|0|x|x + 1 > 1|x + 1|x|1|1"},
		{"theorem t : ∀ x > 0, √x ≥ 0 := sorry", "∀ x > 0, √x ≥ 0||x > 0, √x ≥ 0|x > 0|x|0|√x ≥ 0|√x|√|x|0"},
		{"theorem t : (· + 1) = fun (y : ℕ) => y + 1 := rfl", "(· + 1) = fun (y : ℕ) => y + 1|(· + 1)||(· + 1)|· + 1|·|1|fun (y : ℕ) => y + 1|ℕ|y + 1|y|1"},
	} {
		st, err := Parse(tt.src)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		var walk func(n *Node)
		walk = func(n *Node) {
			got = append(got, tt.src[n.Lo:n.Hi])
			for _, c := range n.C {
				walk(c)
			}
		}
		walk(st.Tree)
		if g := joinBar(got); g != tt.want {
			t.Errorf("%s: spans\n%s\nwant\n%s", tt.src, g, tt.want)
		}
	}
}

func joinBar(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += "|"
		}
		out += x
	}
	return out
}

// TestInstanceBinderFlag: an instance binder is a field of its node, not
// a prefix of its name; trees print it as before (pi:[name), and Equal
// tells it from an explicit binder of the same name.
func TestInstanceBinderFlag(t *testing.T) {
	st, err := Parse("theorem t {G : Type} [inst : Group G] [Fintype G] (g : G) : g = g := rfl")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for n := st.Tree; n.K == KindPi; n = n.C[1] {
		got = append(got, fmt.Sprintf("%s/%v", n.V, n.Inst))
	}
	if g := fmt.Sprint(got); g != "[G/false inst/true /true g/false]" {
		t.Errorf("binders (name/instance): %s", g)
	}
	if s := st.Tree.C[1].String(); !strings.HasPrefix(s, "(pi:[inst (app id:Group id:G) (pi:[ ") {
		t.Errorf("printed %s", s)
	}
	a, b := st.Tree.C[1], *st.Tree.C[1]
	b.Inst = false
	if Equal(a, &b) {
		t.Error("an instance binder equals an explicit one of the same name")
	}
}
