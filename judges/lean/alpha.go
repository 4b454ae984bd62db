package lean

import (
	"slices"
	"strconv"
	"strings"
)

// binderKinds bind their V in their last child (and, for big operators,
// in the body only); an array by Kind, as it is read at every node.
var binderKinds = [256]bool{KindSubtype: true, KindPi: true, KindExists: true, KindExistsUnique: true, KindLambda: true, KindSetOf: true, KindSep: true, KindSigma: true, KindLet: true, KindEventually: true, KindFrequently: true}

// boundName is the canonical name of the binder at depth within a binder
// type nested level deep. Along any path the pairs differ, so no two names
// in scope clash.
func boundName(level, depth int) string {
	return "#" + strconv.Itoa(level) + "." + strconv.Itoa(depth)
}

// alpha renames bound variables to their position: level counts the
// binder types (and big-operator domains) around n, depth the binders
// since the innermost of them. The children of a binder other than its
// body start a new level at depth 0, so a hypothesis' bound names do not
// depend on where the hypothesis stands. At the head of a run of binders
// that may be reordered (top-level ∀ and →, ∃ anywhere) every order the
// binders' dependencies allow is tried and the least printed form kept;
// skip > 0 means n continues a run whose orders are being tried.
func (z *normalizer) alpha(n *Node, env map[string]string, level, depth int, top bool, skip int) *Node {
	switch {
	case n.K == KindID:
		name, rest, dotted := strings.Cut(n.V, ".")
		if b, ok := env[name]; ok {
			if dotted {
				return &Node{K: KindID, V: b + "." + rest}
			}
			return &Node{K: KindID, V: b}
		}
		return n
	case binderKinds[n.K]:
		if skip == 0 {
			if out, ok := z.reorder(n, env, level, depth, top); ok {
				return out
			}
		}
		kids := make([]*Node, len(n.C))
		last := len(n.C) - 1
		name := n.V
		if n.Inst && name == "" {
			name = "_"
		}
		used := name != "_" && z.occurs(name, n.C[last])
		for i := 0; i < last; i++ {
			restore := z.enter(n, i, used)
			kids[i] = z.alpha(n.C[i], env, level+1, 0, false, 0)
			restore()
		}
		canon := "_"
		if used {
			canon = boundName(level, depth)
		}
		restore := z.enter(n, last, used)
		kids[last] = withBinding(env, name, canon, func(env map[string]string) *Node {
			return z.infer(name, n.C[0], func() *Node {
				return z.alpha(n.C[last], env, level, depth+1, top && n.K == KindPi, max(skip-1, 0))
			})
		})
		restore()
		return &Node{K: n.K, V: canon, Inst: n.Inst, C: kids}
	case n.K == KindBig:
		name := n.C[0].V
		canon := "_"
		if name != "_" && z.occurs(name, n.C[3]) {
			canon = boundName(level, depth)
		}
		body := withBinding(env, name, canon, func(env map[string]string) *Node { return z.alpha(n.C[3], env, level, depth+1, false, 0) })
		return &Node{K: KindBig, V: n.V, C: []*Node{{K: KindBoundVar, V: canon}, z.alpha(n.C[1], env, level+1, 0, false, 0), z.alpha(n.C[2], env, level+1, 0, false, 0), body}}
	}
	// a subtree that binds and uses no bound name comes back as it is
	// (trees are never changed in place)
	var kids []*Node
	for i, c := range n.C {
		restore := z.enter(n, i, false)
		k := z.alpha(c, env, level, depth, childTop(n, i, top), 0)
		restore()
		if k != c && kids == nil {
			kids = make([]*Node, len(n.C))
			copy(kids, n.C[:i])
		}
		if kids != nil {
			kids[i] = k
		}
	}
	if kids == nil {
		return n
	}
	return n.with(kids)
}

// withBinding calls f with env extending env by name ↦ canon ("_" binds
// nothing). The map is changed in place and restored when f returns:
// copying it at every binder would make a run of n binders cost n².
// f must not keep env.
func withBinding(env map[string]string, name, canon string, f func(map[string]string) *Node) *Node {
	if name == "_" || name == "" {
		return f(env)
	}
	if env == nil {
		env = map[string]string{}
	}
	old, had := env[name]
	env[name] = canon
	out := f(env)
	if had {
		env[name] = old
	} else {
		delete(env, name)
	}
	return out
}

// occIndex answers "does this name occur in this subtree" for the tree
// normalization starts from in O(log n): each node's pre-order interval,
// and each name's pre-order positions (occurs on every binder walked the
// binder's whole scope: n² for a run of n binders).
type occIndex struct {
	span map[*Node][2]int32
	at   map[string][]int32
}

func newOccIndex(root *Node) *occIndex {
	x := &occIndex{span: map[*Node][2]int32{}, at: map[string][]int32{}}
	var pos int32
	var walk func(n *Node)
	walk = func(n *Node) {
		if n == nil {
			return
		}
		in := pos
		pos++
		if n.K == KindID {
			head, _, _ := strings.Cut(n.V, ".")
			x.at[head] = append(x.at[head], in)
			if head != n.V {
				x.at[n.V] = append(x.at[n.V], in)
			}
		}
		for _, c := range n.C {
			walk(c)
		}
		x.span[n] = [2]int32{in, pos}
	}
	walk(root)
	return x
}

// index makes occurs answer for root's nodes: by walking them until the
// nodes walked outnumber 4 times root's and 256 (a tree of a few binders
// is walked faster than indexed), then through an occIndex of root.
func (z *normalizer) index(root *Node) {
	z.occRoot, z.walkLeft = root, 4*root.Size()+256
}

// occurs reports whether name is used in n (as itself or as the head of a
// dotted name): through the index, once built, for the nodes of the tree
// it was built from; by walking before it is built, and for the nodes
// reorder builds (chains of binders in another order, whose parts are the
// tree's own).
func (z *normalizer) occurs(name string, n *Node) bool {
	if z.occ == nil && z.walkLeft <= 0 && z.occRoot != nil {
		z.occ = newOccIndex(z.occRoot)
	}
	if z.occ != nil {
		if sp, ok := z.occ.span[n]; ok {
			at := z.occ.at[name]
			i, _ := slices.BinarySearch(at, sp[0])
			return i < len(at) && at[i] < sp[1]
		}
	}
	z.walkLeft--
	if n.K == KindID {
		head, _, _ := strings.Cut(n.V, ".")
		return head == name || n.V == name
	}
	for _, c := range n.C {
		if z.occurs(name, c) {
			return true
		}
	}
	return false
}
