package lean

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// canon applies the order rewrites bottom-up; top is true on the
// statement's top-level chain of binders.
func (z *normalizer) canon(n *Node, top bool) *Node {
	if len(n.C) == 0 {
		return n
	}
	if out := z.canonRun(n, top); out != nil {
		return out
	}
	if n.K == KindBinary && Is(n.V, Chain) && len(n.C) == 2 {
		return z.canonChain(n)
	}
	kids := make([]*Node, len(n.C))
	bound := binderKinds[n.K] && len(n.C) >= 2
	name := n.V
	for i, c := range n.C {
		restore := z.enter(n, i, bound && name != "_" && name != "")
		if bound && i == len(n.C)-1 {
			kids[i] = z.infer(name, n.C[0], func() *Node { return z.canon(c, childTop(n, i, top)) })
		} else {
			kids[i] = z.canon(c, childTop(n, i, top))
		}
		restore()
	}
	n = n.with(kids)
	switch {
	case n.K == KindPi && n.V == "_" && (top || propChain(n)):
		// (A ∧ B) → C  is  A → B → C, unless A or B may be a class: a
		// local of class type is a local instance, a conjunction is not
		// ((h : Fact p.Prime) gives legendreSym p 2 its instance, (h :
		// Fact p.Prime ∧ p % 8 = 7) does not)
		if a := n.C[0]; a.K == KindBinary && a.V == "∧" && len(a.C) == 2 && !mayBeClass(a.C[0]) && !mayBeClass(a.C[1]) && !z.keeps() {
			return z.canon(&Node{K: KindPi, V: "_", C: []*Node{a.C[0], {K: KindPi, V: "_", C: []*Node{a.C[1], n.C[1]}}}}, true)
		}
		// sort a run of hypotheses: A → B → C  is  B → A → C
		// A pinned hypothesis (z : Zero α, unused: a local instance) ends
		// the run (see dependencies).
		var hyps []*Node
		body := n
		for body.K == KindPi && body.V == "_" && !pinned(body.C[0]) {
			hyps = append(hyps, body.C[0])
			body = body.C[1]
		}
		if len(hyps) > 1 && z.permute(hyps) {
			for i := len(hyps) - 1; i >= 0; i-- {
				body = &Node{K: KindPi, V: "_", C: []*Node{hyps[i], body}}
			}
			return body
		}
	case n.K == KindBinary && Is(n.V, Symmetric) && len(n.C) == 2:
		z.permute(n.C)
	}
	return n
}

// canonChain is canon for a chain of ∧ or of ∨ (associative and
// commutative): its operands canonical, sorted by their printed form. The
// chain is flattened before its operands are made canonical and sorted
// once, where canon bottom-up would flatten and sort it again at every
// link (a tuple equation of 2,600 components, 2,600 conjunctions, would
// take 5 s).
func (z *normalizer) canonChain(n *Node) *Node {
	var items []*Node
	var flat func(x *Node, canonical bool)
	flat = func(x *Node, canonical bool) {
		if x.K == KindBinary && x.V == n.V && len(x.C) == 2 {
			flat(x.C[0], canonical)
			flat(x.C[1], canonical)
			return
		}
		if canonical {
			items = append(items, x)
			return
		}
		// an operand may become a chain of the same connective once
		// canonical: its operands join this chain
		flat(z.canon(x, false), true)
	}
	flat(n, false)
	z.permute(items)
	out := items[len(items)-1]
	for i := len(items) - 2; i >= 0; i-- {
		out = &Node{K: KindBinary, V: n.V, C: []*Node{items[i], out}}
	}
	return out
}

// slowRuns turns canonRun off, for the test that compares the two ways.
var slowRuns = false

// canonRun is canon for a run of hypotheses A → B → … → C in one pass,
// where canon, bottom-up, would sort the run again at every arrow (a
// statement with 2,000 hypotheses took 450 times one with 100). It gives
// what canon gives: the heads canonical, sorted once by their printed
// form when the chain is a proposition or on the top-level chain, before
// the canonical body. A head that is a conjunction (split by canon) or a
// run shorter than 8 is left to canon: nil.
func (z *normalizer) canonRun(n *Node, top bool) *Node {
	if slowRuns || n.K != KindPi || n.V != "_" {
		return nil
	}
	var heads []*Node
	body := n
	for body.K == KindPi && body.V == "_" && len(body.C) == 2 {
		heads = append(heads, body.C[0])
		body = body.C[1]
	}
	if len(heads) < 8 || slices.ContainsFunc(heads, pinned) {
		return nil
	}
	canonHeads := make([]*Node, len(heads))
	for i, h := range heads {
		c := z.canon(h, false)
		if c.K == KindBinary && c.V == "∧" && len(c.C) == 2 {
			return nil
		}
		canonHeads[i] = c
	}
	body = z.canon(body, top)
	if top || propChain(body) {
		z.permute(canonHeads)
	}
	for i := len(canonHeads) - 1; i >= 0; i-- {
		body = &Node{K: KindPi, V: "_", C: []*Node{canonHeads[i], body}}
	}
	return body
}

// pinned reports whether a binder of type t keeps its place in a run of
// binders or hypotheses (see dependencies): its type is a class (a local
// instance), or it holds an index xs[i] (whose bound's proof comes from
// the hypotheses before it).
func pinned(t *Node) bool { return mayBeClass(t) || holdsIndex(t) }

// mayBeClass reports whether a binder of type t may be a local instance:
// its type's head is a listed class, or a name lean-ast cannot tell from
// one. In Lean any binder whose type is a class is a local instance,
// whatever its brackets ((h : NeZero n) makes (x : Fin n) (hx : x = 0)
// elaborate), and Mathlib has thousands of classes (NeZero,
// BooleanAlgebra, IsEmpty, Category, OrderBot, RCLike among them). So
// only a binder known not to be one moves: a proposition built by a
// relation, a connective or a quantifier; a type variable or another
// short name (classes have names of two letters or more that start with
// a capital: G, α, 𝕜 and x are not); or a head in notClasses.
func mayBeClass(t *Node) bool {
	for {
		switch {
		case t.K == KindParen && len(t.C) == 1:
			t = t.C[0]
			continue
		case t.K == KindPi && len(t.C) == 2, t.K == KindBinary && t.V == "→" && len(t.C) == 2:
			t = t.C[1] // ∀ i, Nonempty (X i) is a class too; ℂ → ℂ is a function type
			continue
		}
		break
	}
	if orderedEq(t) {
		return false // orient's a = b
	}
	// outParam C, semiOutParam C, optParam C d, autoParam C t: reducible
	// wrappers Lean's isClass? sees through
	for t.K == KindApp && len(t.C) >= 2 && t.C[0].K == KindID && classWrappers[strings.TrimPrefix(t.C[0].V, "_root_.")] {
		t = unwrapParens(t.C[1])
	}
	for t.K == KindApp && len(t.C) > 0 {
		t = t.C[0]
	}
	if t.K == KindUnary && t.V == "@" && len(t.C) == 1 {
		t = t.C[0] // @Nonempty α is Nonempty α with its arguments explicit
	}
	switch t.K {
	case KindBinary:
		// a relation or connective builds a proposition; × ⊕ a type; any
		// other operator (NeZero <| n, n |> NeZero, f $ x) may build a
		// class
		return !Is(t.V, PropValued) && t.V != "×" && t.V != "⊕"
	case KindUnary, KindExists, KindExistsUnique, KindEventually, KindFrequently, KindSetOf, KindSep, KindSubtype, KindSigma:
		return false // ¬ p, ∃, a set, a subtype
	case KindID, KindApp:
	case KindProj:
		// l.Pairwise r, s.Finite: the field's name is the head
		return mayBeClass(&Node{K: KindID, V: t.V})
	default:
		return true // an ascription (NeZero n : Prop), a projection, anything else
	}
	// _root_.Nonempty is Nonempty, @Nonempty too
	h := strings.TrimPrefix(strings.TrimPrefix(typeHead(t), "@"), "_root_.")
	if h == "" {
		return true // the head is not a name: (f x) y
	}
	if classes[h] {
		return true
	}
	if strings.HasPrefix(h, "#") {
		// a bound name (#d.i), or a field or method of one by dot
		// notation: H.Normal and I.IsPrime are classes, h.1 and
		// x.le are not
		parts := strings.Split(h, ".")
		if len(parts) <= 2 {
			return false
		}
		h = parts[len(parts)-1]
		if h == "" || h[0] >= '0' && h[0] <= '9' {
			return false
		}
	}
	if identAliases[h] != "" || numRank[h] > 0 {
		return false
	}
	// A listed name, or its last part under a namespace of definitions
	// (Function.Injective, Nat.Prime, Filter.Tendsto); under another
	// namespace the same last part may be a class (Module.Injective,
	// CategoryTheory.IsConnected).
	dot := strings.LastIndexByte(h, '.')
	last := h[dot+1:]
	if notClasses[h] || dot > 0 && notClasses[last] && defNamespaces[h[:dot]] {
		return false
	}
	r, size := utf8.DecodeRuneInString(last)
	rest := strings.TrimRight(last[size:], "'₀₁₂₃₄₅₆₇₈₉")
	return unicode.IsUpper(r) && r < unicode.MaxLatin1 && rest != ""
}

// classWrappers are the reducible identities around a binder's type.
var classWrappers = map[string]bool{"outParam": true, "semiOutParam": true, "optParam": true, "autoParam": true, "id": true}

// defNamespaces are the namespaces whose names in notClasses are
// definitions, not classes (Function.Injective, Set.Finite,
// MeasureTheory.Integrable).
var defNamespaces = map[string]bool{}

func init() {
	for _, s := range strings.Fields(`Function Set Finset Nat Int Real Rat Complex Filter MeasureTheory Metric
		Bornology Matrix List Multiset Polynomial Topology TopologicalSpace Equiv Subgroup Submonoid Monotone
		ENNReal NNReal EReal ZMod Fin`) {
		defNamespaces[s] = true
	}
}

// notClasses are heads of common binder types that are not classes:
// predicates (defined propositions and structures) and types. Nonempty
// and Countable are classes (class inductive Nonempty in Lean core, class
// Countable in Mathlib) and are not here.
var notClasses = map[string]bool{}

func init() {
	for _, s := range strings.Fields(`Prop Type Sort True False Prime Coprime Irreducible Squarefree Even Odd
		Continuous ContinuousOn ContinuousAt ContinuousWithinAt UniformContinuous Differentiable DifferentiableOn
		DifferentiableAt DifferentiableWithinAt HasDerivAt HasDerivWithinAt HasFDerivAt HasSum Summable Tendsto
		IsOpen IsClosed IsCompact IsConnected Injective Surjective Bijective InjOn SurjOn BijOn MapsTo Monotone
		Antitone StrictMono StrictAnti MonotoneOn AntitoneOn StrictMonoOn StrictAntiOn IsUnit IsLeast IsGreatest
		IsLUB IsGLB BddAbove BddBelow Periodic ConvexOn ConcaveOn StrictConvexOn Integrable IntervalIntegrable
		Measurable AEMeasurable Set Finset Fin List Multiset Matrix Polynomial Subgroup Submonoid Subring Subfield
		Ideal Submodule Subspace Sylow Equiv Perm Function Option Prod Sum Sigma Subtype Filter Measure
		Nat Int Real Rat Complex NNReal ENNReal EReal String Char Bool Array Vector Type* Sort* End EuclideanSpace
		Disjoint ZMod IsBounded Primes ContDiff ContDiffOn ContDiffAt AddSubgroup UniformContinuousOn
		TendstoUniformly IsOpenMap IsClosedMap Dense CauchySeq QuotientMap Orthonormal
		MvPolynomial MulAut LinearIndependent Isometry IsTopologicalBasis IsSelfAdjoint IsPGroup
		CofiniteTopology PosDef Pairwise Chain Sorted Nodup`) {
		notClasses[s] = true
	}
}

// propChain reports whether the chain of ∀ and → at n ends in a term that
// is certainly a proposition (a relation, a negation, an ∃, True or
// False): then the chain is a proposition, and its independent binders
// and hypotheses commute, as on the statement's top level. A chain ending
// in anything else may be a function type (ℕ → ℝ → ℝ), whose arguments
// never move.
func propChain(n *Node) bool {
	for n.K == KindPi && len(n.C) == 2 {
		n = n.C[1]
	}
	switch n.K {
	case KindBinary:
		return Is(n.V, PropValued) && !Is(n.V, Derived) && len(n.C) == 2
	case KindUnary:
		return n.V == "¬"
	case KindExists, KindExistsUnique:
		return true
	case KindApp:
		return orderedEq(n)
	case KindID:
		return n.V == "True" || n.V == "False"
	}
	return false
}

// childTop reports whether child i of n is on the statement's top-level
// chain: the body of a top-level ∀ (or →), or a theorem among
// declarations.
func childTop(n *Node, i int, top bool) bool {
	switch n.K {
	case KindPi:
		return top && i == len(n.C)-1
	case KindTheorem:
		return true
	}
	return false
}
