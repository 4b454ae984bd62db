package lean

import (
	"slices"
	"strings"
)

// Inside a construct whose proposition instance search decides (an if, a
// filter, decide, a subtype: decidableConstruct) no rewrite applies:
// instance search matches the proposition's shape as written (∃ x < n,
// p x has a Decidable instance; ∃ x, p x ∧ x < n and ∀ x, ¬ (x < n ∧ …)
// none). desugar, orient and typed leave such a construct as written, and
// the order rewrites keep its order.
//
// The order rewrites (binder runs in reorder.go; hypotheses, ∧ and ∨
// chains and the sides of = and ↔ in canon.go) permute parts of a
// proposition, which is sound where the proposition is all that Lean reads
// of them. Their precondition, checked where each permutes (permute and
// the binder runs' dependencies), is an allow-list:
//   - the parts are not inside a term whose shape Lean reads: a construct
//     whose proposition instance search decides (an if, a filter, decide,
//     a subtype: ∃ x < n, p x has a Decidable instance and
//     ∃ x, p x ∧ x < n none), the type of a bound name the statement uses
//     (a proof: h.1 and Classical.choose h read the order of its type), an
//     ascription's type, or a proposition given as an argument (@id (∃ a b,
//     …) ⟨…⟩);
//   - parts that use names whose types Lean infers (a binder without a
//     type, or a name autoImplicit binds) keep their order among
//     themselves: Lean fixes such a type at its first elaborated use, so
//     reordering the uses may change it (∃ x, x < (3 : ℕ) ∧ x = (1 / 2 :
//     ℝ) makes x a natural number, the other order a real), and x = y
//     makes two such names one (∃ x y, x = y ∧ x < (1 : ℕ) ∧ y = (1/2 : ℝ));
//     orient flips a relation only where its sides do not both use one
//     (inferredInBoth).
// Where it fails, the parts keep their written order and the normalizer
// records the precondition, which names the reason when the trees differ.

// inferredInBoth reports whether a and b both use names whose types Lean
// infers (one or two): bound without a type (or with a hole in it), or
// bound by no binder and one autoImplicit would bind. Binders inside a and
// b scope their names.
func (env *scope) inferredInBoth(a, b *Node) bool {
	inA := map[string]bool{}
	local := map[string][]*Node{} // the binders inside a or b, innermost last
	inferred := func(name string, applied bool) bool {
		if ts := local[name]; len(ts) > 0 {
			t := ts[len(ts)-1]
			return t == nil || hasKind(t, KindHole)
		}
		t, bound := env.types[name]
		return bound && t.Inferred || !bound && autoBoundName(name, applied)
	}
	var walk func(n *Node, both bool) bool
	id := func(n *Node, both, applied bool) bool {
		name, _, _ := strings.Cut(n.V, ".")
		if inferred(name, applied && name == n.V) {
			if both {
				return true // x = y unifies two inferred types
			}
			inA[name] = true
		}
		return false
	}
	walk = func(n *Node, both bool) bool {
		if n.K == KindID {
			return id(n, both, false)
		}
		if n.K == KindApp && len(n.C) > 0 && n.C[0].K == KindID {
			if id(n.C[0], both, true) {
				return true
			}
			for _, c := range n.C[1:] {
				if walk(c, both) {
					return true
				}
			}
			return false
		}
		name := ""
		var typ *Node
		switch {
		case binderKinds[n.K] && len(n.C) >= 2:
			name, typ = n.V, n.C[0]
			if n.K == KindSep {
				typ = nil // {x ∈ s | p}: x's type comes from s
			}
		case n.K == KindBig && len(n.C) == 4:
			name, typ = n.C[0].V, n.C[1]
		}
		for i, c := range n.C {
			if name != "" && i == len(n.C)-1 {
				local[name] = append(local[name], typ)
				found := walk(c, both)
				local[name] = local[name][:len(local[name])-1]
				if found {
					return true
				}
				continue
			}
			if walk(c, both) {
				return true
			}
		}
		return false
	}
	walk(a, false)
	return len(inA) > 0 && walk(b, true)
}

// holdsDecidable reports whether n holds a decidableConstruct.
func holdsDecidable(n *Node) bool {
	if decidableConstruct(n) != "" {
		return true
	}
	for _, c := range n.C {
		if holdsDecidable(c) {
			return true
		}
	}
	return false
}

// bareInferred reports whether n is a name whose type Lean infers.
func (env *scope) bareInferred(n *Node) bool {
	n = unwrapParens(n)
	return n.K == KindID && env.inferredInBoth(n, n)
}

// keptWhy says what each precondition of the order rewrites kept.
var keptWhy = map[Code]string{
	CodeDecidable:     "the parts of a construct whose proposition instance search decides (an if, a filter, decide, a subtype), which matches its shape as written",
	CodeProofUsed:     "the parts of the type of a proof the statement uses as a term (h.1 and Classical.choose h read that order), of an ascription's type, or of a proposition given as an argument",
	CodeUntypedBinder: "parts that use one name whose type Lean infers from its first elaborated use (a binder without a type, or a name autoImplicit binds)",
}

// keptChild is the precondition that keeps the order inside child i of n,
// or "": every child of a decidableConstruct; the type of a binder whose
// name its body uses (used); an ascription's type; a proposition given as
// an argument.
func keptChild(n *Node, i int, used bool) Code {
	switch {
	case decidableConstruct(n) != "":
		return CodeDecidable
	case binderKinds[n.K] && used && i < len(n.C)-1,
		n.K == KindAscription && i == 1,
		n.K == KindApp && i > 0 && reorderedProp(n.C[i]):
		return CodeProofUsed
	}
	return ""
}

// enter notes that the normalizer walks into child i of n: it returns the
// state to restore when the child is done.
func (z *normalizer) enter(n *Node, i int, used bool) (restore func()) {
	code := keptChild(n, i, used)
	if code == "" || z.kept != "" {
		return func() {}
	}
	z.kept = code
	return func() { z.kept = "" }
}

// infer notes that name, bound with a type Lean infers (typ holds a hole),
// is in scope while f runs.
func (z *normalizer) infer(name string, typ *Node, f func() *Node) *Node {
	if name == "_" || name == "" || !hasKind(typ, KindHole) {
		return f()
	}
	if z.inferred == nil {
		z.inferred = map[string]int{}
	}
	z.inferred[name]++
	defer func() {
		if z.inferred[name]--; z.inferred[name] == 0 {
			delete(z.inferred, name)
		}
	}()
	return f()
}

// permute sorts parts by their printed form (printing of each only as
// much as the order needs: comparePrinted) where the order rewrites'
// precondition holds: not inside a term whose shape Lean reads, and
// parts that use one name whose type Lean infers keep their order among
// themselves (the least order that keeps it). It reports whether the
// parts may have moved.
func (z *normalizer) permute(parts []*Node) bool {
	less := func(a, b *Node) int { return comparePrinted(a, b) }
	if slices.IsSortedFunc(parts, less) {
		return true
	}
	if z.keeps() {
		return false
	}
	after := make([][]bool, len(parts))
	for i := range after {
		after[i] = make([]bool, len(parts))
	}
	if !z.inferredOrder(parts, after) {
		slices.SortStableFunc(parts, less)
		return true
	}
	if len(parts) > maxRun {
		z.block(CodeUntypedBinder)
		return false
	}
	sorted := slices.Clone(parts)
	slices.SortStableFunc(sorted, less)
	out := make([]*Node, 0, len(parts))
	used := make([]bool, len(parts))
	for len(out) < len(parts) {
		pick := -1
		for j := range parts {
			if !used[j] && ready(after, j, used) && (pick < 0 || less(parts[j], parts[pick]) < 0) {
				pick = j
			}
		}
		used[pick] = true
		out = append(out, parts[pick])
	}
	if !slices.Equal(out, sorted) {
		z.block(CodeUntypedBinder)
	}
	copy(parts, out)
	return true
}

// keepInferredOrder adds to after (after[i][j]: part j stays after part i)
// that binders whose types use one name whose type Lean infers keep their
// order; the run's own binders without a type are such names.
func (z *normalizer) keepInferredOrder(run []*Node, after [][]bool) {
	types := make([]*Node, len(run))
	var own []string
	for i, b := range run {
		types[i] = b.C[0]
		if b.V != "_" && hasKind(b.C[0], KindHole) {
			own = append(own, b.V)
		}
	}
	if z.inferred == nil {
		z.inferred = map[string]int{}
	}
	for _, name := range own {
		z.inferred[name]++
	}
	if z.inferredOrder(types, after) {
		z.block(CodeUntypedBinder)
	}
	for _, name := range own {
		if z.inferred[name]--; z.inferred[name] == 0 {
			delete(z.inferred, name)
		}
	}
}

// inferredOrder sets after[i][j] (i < j) where parts i and j both use
// names whose types Lean infers, one name or two (x = y makes x and y one
// metavariable, which the first typed use elaborated fixes), and reports
// whether it set any.
func (z *normalizer) inferredOrder(parts []*Node, after [][]bool) bool {
	if len(z.inferred) == 0 {
		return false
	}
	uses := make([]map[string]bool, len(parts))
	for i, p := range parts {
		uses[i] = map[string]bool{}
		usedNames(p, z.inferred, uses[i])
	}
	set := false
	for i := range parts {
		for j := i + 1; j < len(parts) && len(uses[i]) > 0; j++ {
			if len(uses[j]) > 0 {
				after[i][j], set = true, true
			}
		}
	}
	return set
}

// keeps reports whether the parts here keep their written order whatever
// they are (inside a term whose shape Lean reads), and records it.
func (z *normalizer) keeps() bool {
	if z.kept != "" {
		z.block(z.kept)
	}
	return z.kept != ""
}

// block records the first precondition that kept an order.
func (z *normalizer) block(c Code) {
	if z.blocked == "" {
		z.blocked = c
	}
}

// usedNames adds to out the names of names that n uses (as themselves or
// as the head of a dotted name).
func usedNames(n *Node, names map[string]int, out map[string]bool) {
	if n.K == KindID {
		for name := range names {
			if n.V == name || strings.HasPrefix(n.V, name+".") {
				out[name] = true
			}
		}
		return
	}
	for _, c := range n.C {
		usedNames(c, names, out)
	}
}

// inferredFree lists the names of n that no binder there binds, used more
// than once, that Lean's autoImplicit would bind (autoBoundName): names
// whose type Lean infers.
func inferredFree(n *Node) map[string]int {
	uses := map[string]int{}
	bound := map[string]int{}
	var walk func(n *Node)
	id := func(n *Node, applied bool) {
		name, _, _ := strings.Cut(n.V, ".")
		if bound[name] == 0 && autoBoundName(name, applied && name == n.V) {
			uses[name]++
		}
	}
	walk = func(n *Node) {
		if n.K == KindID {
			id(n, false)
			return
		}
		if n.K == KindApp && len(n.C) > 0 && n.C[0].K == KindID {
			id(n.C[0], true)
			for _, c := range n.C[1:] {
				walk(c)
			}
			return
		}
		var name string
		switch {
		case binderKinds[n.K] && len(n.C) >= 2:
			name = n.V
		case n.K == KindBig && len(n.C) == 4:
			name = n.C[0].V
		}
		for i, c := range n.C {
			if name != "" && i == len(n.C)-1 {
				bound[name]++
				walk(c)
				bound[name]--
				continue
			}
			walk(c)
		}
	}
	walk(n)
	for name, k := range uses {
		if k < 2 {
			delete(uses, name)
		}
	}
	return uses
}
