package lean

// Normalization runs as passes, each in its own file: desugar.go (notation
// to the functions and relations it stands for), typed.go (rewrites that
// hold only at some types), alpha.go (bound names to positions, with the
// binder orders of reorder.go), canon.go (symmetric operands and runs of
// hypotheses sorted). testdata/normalize/*.txtar records the parse and
// normalized trees of statements that pin each (TestNormalizeGolden).

// Version names lean-ast's verdicts: it is derived from the golden of its
// verdicts on the frozen corpora (testdata/verdicts.golden), so that it
// changes whenever a verdict there does.
const Version = "lean-ast-" + verdictsDigest

// Normalize returns the canonical form of a tree: redundant parentheses
// dropped (kept around operators of unknown precedence), > and ≥ turned
// around, ≠ and ∉ as negations, → as an anonymous ∀, applications
// flattened, aliases unified, and bound names replaced by their position
// (names a body does not use become "_"): the binding depth within the
// nearest enclosing binder type, so that a hypothesis' own bound names do
// not depend on where the hypothesis stands.
//
// Then rewrites that are equivalences in Lean 4 / Mathlib (see typed for
// the ones that need types):
//   - on the statement's top-level chain of binders, and on a chain of ∀
//     and → that ends in a relation (a proposition; never a type such as
//     ℕ → ℝ → ℝ, where the arrows build a function type): a hypothesis
//     A ∧ B becomes two; binders are reordered where no binder depends on
//     another (instance binders never move);
//   - consecutive ∃ binders are reordered where independent (∃ x y, P is
//     ∃ y x, P);
//   - the operands of =, ↔ and of ∧ and ∨ chains are sorted (they are
//     symmetric).
func Normalize(n *Node) *Node { return normalize(n, permBudget) }

// SimilarityForm is Normalize with the relations turned around and the
// equations' sides sorted whatever their operands' types: a shape for
// similarity measures (GTED), which decide nothing exactly, never for a
// verdict.
func SimilarityForm(n *Node) *Node {
	z := &normalizer{budget: permBudget}
	top := n.K != KindDecls
	n = typed(orient(desugar(n), &scope{anyOrder: true}), &scope{})
	z.index(n)
	return z.canon(z.alpha(n, nil, 0, 0, top, 0), top)
}

// normalize is Normalize trying at most budget binder orders; with budget
// 0 binders keep their order and the typed rewrites are skipped (the
// trees Compare looks for one difference in).
func normalize(n *Node, budget int) *Node {
	out, _ := normalizeKept(oriented(n), n.K != KindDecls, budget)
	return out
}

// oriented is the tree normalize starts from: n desugared and oriented.
func oriented(n *Node) *Node { return orient(desugar(n), &scope{}) }

// normalizeKept is normalize on the oriented tree n (top: the statement's
// tree is not a list of declarations), with the first precondition that
// kept an order (order.go), or "".
func normalizeKept(n *Node, top bool, budget int) (*Node, Code) {
	z := &normalizer{budget: budget}
	if budget > 0 {
		n = typed(n, &scope{})
	}
	z.index(n)
	z.inferred = inferredFree(n)
	out := z.canon(z.alpha(n, nil, 0, 0, top, 0), top)
	return out, z.blocked
}

// permBudget bounds the work of trying binder orders in one normalization
// (the nodes of every order tried), so that hostile input cannot make it
// slow; past it binders keep their order (which can only leave a pair
// undecided).
const permBudget = 1 << 16

type normalizer struct {
	budget int
	// occ, once built, indexes the occurrences of names in occRoot;
	// walkLeft counts down the nodes occurs may walk before building it.
	occ      *occIndex
	occRoot  *Node
	walkLeft int
	// the order rewrites' precondition (order.go): the code that keeps
	// the order where the walk is, the names whose type Lean infers in
	// scope, and the first code that kept an order
	kept     Code
	inferred map[string]int
	blocked  Code
}

// Equal reports whether two normalized trees are identical.
func Equal(a, b *Node) bool {
	if a.K != b.K || a.V != b.V || a.Inst != b.Inst || len(a.C) != len(b.C) {
		return false
	}
	for i := range a.C {
		if !Equal(a.C[i], b.C[i]) {
			return false
		}
	}
	return true
}

// Difference is the one place where two trees of the same shape differ.
type Difference struct {
	Kind string // "numeral", "operator", "other"
	A, B string
	// at is the differing node of the first tree and path its ancestors,
	// the root first.
	at   *Node
	path []*Node
}

// SingleDifference compares two normalized trees of the same shape and
// returns their differences, up to two.
func SingleDifference(a, b *Node) []Difference {
	var out []Difference
	var path []*Node
	var walk func(a, b *Node) bool
	walk = func(a, b *Node) bool {
		if len(out) > 1 {
			return false
		}
		if a.K != b.K || len(a.C) != len(b.C) {
			out = append(out, Difference{Kind: "shape", A: a.String(), B: b.String()})
			return false
		}
		if a.V != b.V {
			kind := "other"
			switch a.K {
			case KindNum:
				kind = "numeral"
			case KindBinary, KindUnary, KindPostfix:
				if !unknownOp(a) && !unknownOp(b) {
					kind = "operator"
				}
			}
			out = append(out, Difference{Kind: kind, A: a.V, B: b.V, at: a, path: append([]*Node(nil), path...)})
		}
		path = append(path, a)
		defer func() { path = path[:len(path)-1] }()
		for i := range a.C {
			if !walk(a.C[i], b.C[i]) {
				return false
			}
		}
		return true
	}
	walk(a, b)
	return out
}
