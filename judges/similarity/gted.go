package similarity

import (
	"github.com/rxeval/rxeval/judges/lean"
)

// OperatorTree is the GTED operator tree of a statement: built from the
// same parser and normalization as the lean-ast judge (theorem name and
// proof dropped, parentheses gone, grouped binders split, bound names
// alpha-normalized), operators as inner nodes and operands as leaves.
// Binders are inner nodes over their type and body; a function applied to
// arguments is an inner node labelled with the function; associative
// operators are n-ary.
func OperatorTree(statement string) (*Tree, error) {
	st, err := lean.Parse(statement)
	if err != nil {
		return nil, err
	}
	return toTree(lean.SimilarityForm(st.Tree)), nil
}

func toTree(n *lean.Node) *Tree {
	if len(n.C) == 0 {
		label := n.V
		if label == "" {
			label = n.K.String()
		}
		return &Tree{Label: label}
	}
	label := n.K.String()
	var kids []*Tree
	if n.K == lean.KindApp && n.C[0].K == lean.KindID {
		// f x y: the function is the operator, the arguments its operands
		for _, c := range n.C[1:] {
			kids = append(kids, toTree(c))
		}
		return &Tree{Label: n.C[0].V, Kids: kids}
	}
	switch n.K {
	case lean.KindBinary:
		label = n.V
		if lean.Is(n.V, lean.Associative) {
			// a + b + c and a + (b + c) are one n-ary node: the grouping of
			// an associative operator carries no meaning
			for _, c := range flatten(n, n.V) {
				kids = append(kids, toTree(c))
			}
			return &Tree{Label: label, Kids: kids}
		}
	case lean.KindUnary, lean.KindPostfix, lean.KindBig:
		label = n.V
	case lean.KindPi, lean.KindExists, lean.KindExistsUnique, lean.KindLambda, lean.KindSetOf, lean.KindSep, lean.KindSubtype, lean.KindSigma, lean.KindLet:
		// No leaf for the bound name: after alpha-normalization it only
		// repeats the binder's depth, which the tree's shape already says;
		// its uses stay leaves in the body.
	}
	for _, c := range n.C {
		kids = append(kids, toTree(c))
	}
	return &Tree{Label: label, Kids: kids}
}

// Similarity is 1 - TED / max(|T1|, |T2|).
func Similarity(a, b *Tree) float64 {
	m := max(a.Size(), b.Size())
	return 1 - float64(TED(a, b))/float64(m)
}

// GTEDScore scores a pair for the GTED judge: the lean-ast judge decides
// what it can exactly (1 for equivalent, -1 for not), GTED similarity the
// rest. ok is false when a statement does not parse.
func GTEDScore(reference, candidate string) (score float64, decidedBy string, ok bool) {
	switch r, _ := lean.Compare(reference, candidate); r {
	case lean.Same:
		return 1, "lean-ast", true
	case lean.Different:
		return -1, "lean-ast", true
	}
	a, err1 := OperatorTree(reference)
	b, err2 := OperatorTree(candidate)
	if err1 != nil || err2 != nil {
		return 0, "unparsed", false
	}
	return Similarity(a, b), "gted", true
}

func flatten(n *lean.Node, op string) []*lean.Node {
	if n.K == lean.KindBinary && n.V == op && len(n.C) == 2 {
		return append(flatten(n.C[0], op), flatten(n.C[1], op)...)
	}
	return []*lean.Node{n}
}
