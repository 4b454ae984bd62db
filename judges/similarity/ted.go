// Package similarity holds the similarity metrics that decide correction
// pairs by a threshold: GTED (a tree edit distance on operator trees from
// the lean-ast parser, after the lean-ast judge) and sentence BLEU on Lean
// tokens. The study package measures them; the judges package runs them.
package similarity

// Tree is an ordered labelled tree for tree edit distance.
type Tree struct {
	Label string
	Kids  []*Tree
}

// Size counts the nodes.
func (t *Tree) Size() int {
	n := 1
	for _, k := range t.Kids {
		n += k.Size()
	}
	return n
}

// TED is the Zhang-Shasha tree edit distance with unit costs for
// inserting, deleting and relabelling a node.
func TED(a, b *Tree) int {
	la, lbl1, keys1 := postorder(a)
	lb, lbl2, keys2 := postorder(b)
	n, m := len(lbl1), len(lbl2)
	td := make([][]int, n+1)
	for i := range td {
		td[i] = make([]int, m+1)
	}
	fd := make([][]int, n+2)
	for i := range fd {
		fd[i] = make([]int, m+2)
	}
	for _, i := range keys1 {
		for _, j := range keys2 {
			// forest distance for the subtrees rooted at i and j
			li, lj := la[i], lb[j]
			fd[li-1][lj-1] = 0
			for x := li; x <= i; x++ {
				fd[x][lj-1] = fd[x-1][lj-1] + 1
			}
			for y := lj; y <= j; y++ {
				fd[li-1][y] = fd[li-1][y-1] + 1
			}
			for x := li; x <= i; x++ {
				for y := lj; y <= j; y++ {
					if la[x] == li && lb[y] == lj {
						cost := 0
						if lbl1[x-1] != lbl2[y-1] {
							cost = 1
						}
						fd[x][y] = min(fd[x-1][y]+1, fd[x][y-1]+1, fd[x-1][y-1]+cost)
						td[x][y] = fd[x][y]
					} else {
						fd[x][y] = min(fd[x-1][y]+1, fd[x][y-1]+1, fd[la[x]-1][lb[y]-1]+td[x][y])
					}
				}
			}
		}
	}
	return td[n][m]
}

// postorder numbers the nodes 1..n in post-order and returns, for each
// node, its leftmost leaf (l[i]), the labels, and the keyroots.
func postorder(t *Tree) (l []int, labels []string, keyroots []int) {
	l = []int{0}
	var walk func(t *Tree) int
	walk = func(t *Tree) int {
		leftmost := 0
		for i, k := range t.Kids {
			lm := walk(k)
			if i == 0 {
				leftmost = lm
			}
		}
		labels = append(labels, t.Label)
		idx := len(labels)
		if len(t.Kids) == 0 {
			leftmost = idx
		}
		l = append(l, leftmost)
		return leftmost
	}
	walk(t)
	// keyroots: the highest node for each distinct leftmost leaf
	seen := map[int]int{}
	for i := 1; i < len(l); i++ {
		seen[l[i]] = i
	}
	for i := 1; i < len(l); i++ {
		if seen[l[i]] == i {
			keyroots = append(keyroots, i)
		}
	}
	return l, labels, keyroots
}
