package lean

import (
	"cmp"
	"fmt"
	"strings"
	"sync"
)

// Result is the outcome of comparing two statements.
type Result int

const (
	Undecided Result = iota
	Same
	Different
)

// Verdict is a comparison's outcome with its reason: Code names the rule
// or precondition that decided or left the pair undecided (stable; what
// tests and the verdict golden pin), Why says it in a sentence.
type Verdict struct {
	Result Result
	Code   Code
	Why    string
}

// Compare decides whether two Lean 4 statements mean the same: Same when
// their normalized trees are equal; Different when the trees (normalized,
// or normalized with binders in their written order) have the same shape
// and differ in exactly one numeral or one operator or relation symbol,
// other than two spellings that may mean the same (2 and 2.0, ≤ and ⊆ on
// operands of unknown type); Undecided otherwise (never Different on
// syntax alone).
func Compare(a, b string) (Result, string) {
	return ComparePrepared(Prepare(a), Prepare(b))
}

// CompareCode is Compare with the verdict's reason code.
func CompareCode(a, b string) Verdict {
	return Decide(Prepare(a), Prepare(b))
}

// Prepared is a statement read once for several comparisons (a judge
// compares the prediction with the gold and with the misaligned
// statement, and pairs may share a gold): parsed at once, normalized when
// first needed. Once InHeaderContext and InHeaderOpens, if called, have
// returned, it is safe for concurrent use (each tree is made once).
type Prepared struct {
	st      *Statement
	err     error
	errCode Code // why st is nil
	// opens is an open line of the statement's own (open Real in), which
	// may bring scoped notation into its grammar; text is the statement.
	opens, text string
	norm, plain *Node // Normalize, and normalize without binder orders
	kept        Code  // the first precondition that kept an order in norm (order.go)
	oriented    *Node // the tree both start from (oriented)
	renamed     *Node // the tree with bound names by position, nothing moved
	// treeNames is namesMayResolve's answer from the statement itself
	treeNames string
	elab      *Node // the tree the witness reads (elaborated)
	once      struct{ norm, plain, oriented, renamed, treeNames, elab sync.Once }
	// headerNames and headerInstances are why the sample's header may
	// give names and notation other meanings (InHeaderContext), or "".
	headerNames, headerInstances string
	headerOpens                  []string // InHeaderOpens
}

// Prepare reads s for ComparePrepared.
func Prepare(s string) *Prepared {
	if line := declaresSyntax(s); line != "" {
		return &Prepared{err: fmt.Errorf("%w (%s): Lean reads what follows under a grammar lean-ast does not know", errSyntaxExtends, clipString(line)), errCode: CodeSyntaxExtends}
	}
	st, err := Parse(s)
	code := parseCode(err)
	if err == nil {
		if name := imageShadows(st.Tree, map[string]int{}); name != "" {
			st, err, code = nil, fmt.Errorf("%w: the image set-builder {… | %s …} binds %s, also bound outside it, and lean-ast does not model that scope", ErrNotModelled, name, name), CodeImageScope
		} else if name := shadowsGlobal(st.Tree); name != "" {
			st, err, code = nil, shadowError(name), CodeShadowsGlobal
		} else if why := typedBinderForm(st.Tree); why != "" {
			st, err, code = nil, fmt.Errorf("%w: %s", ErrNotModelled, why), CodeBinderForm
		}
	}
	return &Prepared{st: st, err: err, errCode: code, opens: opensScope(s), text: s}
}

// imageShadows names a name that an image set-builder {f x | x ∈ s} binds
// ({x | ∃ᵉ (x ∈ s), f x = x}, Mathlib/Data/Set/Defs.lean) while a binder
// around it binds it too. lean-ast's image node does not scope its names:
// they read as the outer ones (alpha renaming, typed folding), which is
// wrong only when there is an outer one. scope counts the names in scope.
func imageShadows(n *Node, scope map[string]int) string {
	if n.K == KindImage && len(n.C) == 2 {
		// the binders: x ∈ s, (x ∈ S) (y ∈ T), x y
		for _, b := range imageBinderNames(n.C[1]) {
			if scope[b] > 0 {
				return b
			}
		}
	}
	name := ""
	switch {
	case binderKinds[n.K]:
		name = n.V
	case n.K == KindBig && len(n.C) > 0:
		name = n.C[0].V
	}
	for i, c := range n.C {
		bound := name != "" && i == len(n.C)-1
		if bound {
			scope[name]++
		}
		found := imageShadows(c, scope)
		if bound {
			scope[name]--
		}
		if found != "" {
			return found
		}
	}
	return ""
}

func (p *Prepared) normalized() *Node {
	p.once.norm.Do(func() { p.norm, p.kept = normalizeKept(p.orientedTree(), p.st.Tree.K != KindDecls, permBudget) })
	return p.norm
}

// orientedTree is the tree both normalizations start from (oriented),
// made once.
func (p *Prepared) orientedTree() *Node {
	p.once.oriented.Do(func() { p.oriented = oriented(p.st.Tree) })
	return p.oriented
}

// positional is the tree with its bound names replaced by their
// positions, its redundant parentheses dropped, and nothing reordered or
// rewritten: two statements with equal positional trees differ only in
// their bound names and parentheses.
func (p *Prepared) positional() *Node {
	p.once.renamed.Do(func() {
		tree := unparen(p.st.Tree, namesMayResolve(p) == "")
		z := &normalizer{}
		z.index(tree)
		p.renamed = z.alpha(tree, nil, 0, 0, tree.K != KindDecls, 0)
	})
	return p.renamed
}

// unparen drops the parentheses the tree's shape already holds (those
// around an operator of unknown precedence stay, as in desugar), and with
// aliases writes Nat Int Rat Real Complex as the ℕ ℤ ℚ ℝ ℂ that denote
// them (notation "ℕ" => Nat: Init/Prelude.lean, Mathlib/Data/...), which
// holds where nothing may shadow those names: a binder of those names is
// refused when read (shadowsGlobal), and aliases is false where a
// declaration, a namespace or the header may (namesMayResolve).
func unparen(n *Node, aliases bool) *Node {
	if n.K == KindID && aliases {
		if a, ok := identAliases[n.V]; ok {
			return &Node{K: KindID, V: a}
		}
	}
	if n.K == KindParen && len(n.C) == 1 {
		if inner := unparen(n.C[0], aliases); !unknownOp(inner) {
			return inner
		}
	}
	if len(n.C) == 0 || n.K == KindBinary && strings.HasPrefix(n.V, "?") {
		return n
	}
	kids := make([]*Node, len(n.C))
	for i, c := range n.C {
		kids[i] = unparen(c, aliases)
	}
	return n.with(kids)
}

func (p *Prepared) unordered() *Node {
	p.once.plain.Do(func() { p.plain, _ = normalizeKept(p.orientedTree(), p.st.Tree.K != KindDecls, 0) })
	return p.plain
}

// decidableHeads are functions whose proposition argument needs a
// Decidable instance: an if (ite, dite), a filter, a count, decide.
var decidableHeads = map[string]bool{"ite": true, "dite": true, "decide": true, "Finset.filter": true, "List.filter": true,
	"Multiset.filter": true, "Nat.count": true, "Nat.find": true, "Nat.findGreatest": true, "List.countP": true,
	"Multiset.countP": true, "Finset.piecewise": true, "List.count": true, "Multiset.count": true, "Set.toFinset": true,
	"Finset.subtype": true, "List.find?": true, "List.any": true, "List.all": true, "Fintype.card": true,
	"List.takeWhile": true, "List.dropWhile": true, "List.partition": true, "List.eraseP": true, "List.findIdx": true,
	"List.findIdx?": true, "List.span": true, "Array.filter": true, "Array.any": true, "Array.all": true}

// decidableConstruct names n when it is a construct whose proposition
// Lean must decide by instance search, which matches the proposition's
// shape: an if, a filter or count (also by dot notation, s.filter),
// decide, a subtype, a with filter, a term ascribed Finset or Bool, or the
// Finset form {x ∈ s | p} (rounds 21a and 22); "" otherwise. An
// application is named by its head, so that it is the construct whole.
func decidableConstruct(n *Node) string {
	switch {
	case n.K == KindIte:
		return "an if"
	case n.K == KindSep:
		return "a set-builder {x ∈ s | p}, a Finset filter where s is a Finset"
	case n.K == KindSubtype:
		return "a subtype {x // p} (Fintype.card and Finset.univ over it decide p)"
	case n.K == KindFilter:
		return "a with filter (Finset.filter)"
	case n.K == KindBinary && (strings.TrimPrefix(n.V, "?") == "&&" || strings.TrimPrefix(n.V, "?") == "||"), n.K == KindUnary && n.V == "!":
		return "a Bool operator (" + n.V + "), which decides a Prop given to it"
	case n.K == KindCoe && len(n.C) == 1 && (unwrapParens(n.C[0]).K == KindSetOf || unwrapParens(n.C[0]).K == KindSep):
		return "a set-builder used as a type (its Fintype decides the predicate)"
	case n.K == KindAscription && len(n.C) == 2 && (typeHead(n.C[1]) == "Finset" || typeHead(n.C[1]) == "Bool"):
		return "a term ascribed " + typeHead(n.C[1]) + " (a Finset set-builder, a Prop as a Bool)"
	case n.K == KindApp && len(n.C) > 0 && (n.C[0].K == KindID || n.C[0].K == KindProj):
		return decidableConstruct(n.C[0])
	case n.K == KindProj && decidableMethods[n.V]:
		return "." + n.V
	case n.K == KindID && decidableHeads[n.V]:
		return n.V
	case n.K == KindID && strings.Contains(n.V, ".") && decidableMethods[n.V[strings.LastIndexByte(n.V, '.')+1:]]:
		return n.V // s.filter, (range 10).filter read as a name
	}
	return ""
}

// decidableMethods are decidableHeads by dot notation.
var decidableMethods = map[string]bool{"filter": true, "count": true, "countP": true, "find": true, "findGreatest": true, "piecewise": true,
	"find?": true, "any": true, "all": true, "toFinset": true, "subtype": true, "takeWhile": true, "dropWhile": true,
	"partition": true, "eraseP": true, "findIdx": true, "findIdx?": true, "span": true, "filterMap": true, "removeAll": true}

// ComparePrepared is Compare on statements already read; a is the gold's
// side (the reasons name it so).
func ComparePrepared(a, b *Prepared) (Result, string) {
	v := Decide(a, b)
	return v.Result, v.Why
}

// Decide is ComparePrepared with the verdict's reason code: equal
// normalized trees are equivalent (each rewrite applied only where its
// precondition held); trees one numeral or operator apart are not
// equivalent where a witness shows it (differenceVerdict); anything else
// is undecided.
func Decide(a, b *Prepared) Verdict {
	if a.err != nil {
		return Verdict{Undecided, a.errCode, fmt.Sprintf("cannot parse the gold statement (%v)", a.err)}
	}
	if b.err != nil {
		return Verdict{Undecided, b.errCode, fmt.Sprintf("cannot parse the predicted statement (%v)", b.err)}
	}
	if ns, nsb := namespaceOf(a.st.Name), namespaceOf(b.st.Name); ns != nsb {
		// theorem Int.t opens Int for its own statement: floor is
		// Int.floor there and Nat.floor in theorem Nat.t
		return Verdict{Undecided, CodeNamespace, fmt.Sprintf("the theorems are in different namespaces (%q and %q), where the same name may mean different constants", ns, nsb)}
	}
	for _, p := range [][2]*Prepared{{a, b}, {b, a}} {
		if ns := unopenedScope(p[0], p[1]); ns != "" {
			return Verdict{Undecided, CodeScopedNotation, fmt.Sprintf("a statement uses notation scoped in %s, which neither the header nor the statement opens and the other statement does not use: Lean reads it only under open %s", ns, ns)}
		}
	}
	if a.opens != "" || b.opens != "" {
		return sameTokens(a, b)
	}
	for _, p := range []*Prepared{a, b} {
		if why := namesMayResolve(p); why != "" {
			// the rewrites and the witness hold only for Mathlib's own
			// names: nothing is rewritten
			if Equal(a.positional(), b.positional()) {
				return Verdict{Same, CodeEqualAsWritten, "the statements' trees are equal as written"}
			}
			return Verdict{Undecided, CodeNamesMayResolve, "the trees differ as written, and " + why + ": lean-ast's rewrites (notation as the functions it names, binders moved past instances) and its witnesses hold only for Mathlib's own names"}
		}
	}
	if Equal(a.normalized(), b.normalized()) {
		if Equal(a.positional(), b.positional()) {
			return Verdict{Same, CodeEqualAsWritten, "the statements' normalized trees are equal"}
		}
		return Verdict{Same, CodeEqualNormalized, "the statements' normalized trees are equal"}
	}
	return differenceVerdict(a, b)
}

// differenceVerdict decides statements whose normalized trees differ:
// not equivalent only with a witness, values where one proposition holds
// and the other does not, sought where the trees (normalized, or with
// binders as written) are one numeral or one operator apart, so that
// their variables correspond.
func differenceVerdict(a, b *Prepared) Verdict {
	na, nb := a.normalized(), b.normalized()
	r, code, why := oneDifference(na, nb)
	wa, wb := na, nb
	if r != Different {
		if r2, code2, why2 := oneDifference(a.unordered(), b.unordered()); r2 == Different {
			r, code, why, wa, wb = r2, code2, why2, a.unordered(), b.unordered()
		}
	}
	if r != Different {
		kept := cmp.Or(a.kept, b.kept)
		if kept == "" && code == CodeTreesDiffer && (holdsDecidable(a.st.Tree) || holdsDecidable(b.st.Tree)) {
			kept = CodeDecidable // desugar, orient and typed left it as written
		}
		if code == CodeTreesDiffer && kept != "" {
			return Verdict{r, kept, why + ", where lean-ast kept a written order: " + keptWhy[kept]}
		}
		return Verdict{r, code, why}
	}
	w, wa, wb := witnessOf(a, b, wa, wb)
	d := SingleDifference(wa, wb)
	if w == "" {
		return Verdict{Undecided, CodeNoWitness, why + ", but lean-ast found no values of the variables where one proposition holds and the other does not (it decides not equivalent only with such a witness)"}
	}
	if reason := beforeTheorem(na, nb); reason != "" {
		return Verdict{Undecided, CodeBeforeTheorem, reason}
	}
	for _, p := range []*Prepared{a, b} {
		if p.headerInstances != "" {
			return Verdict{Undecided, CodeHeaderInstances, "the statements differ in one place, but " + p.headerInstances + ", which may give the notation there another meaning"}
		}
	}
	what := fmt.Sprintf("an operator (%s vs %s)", d[0].A, d[0].B)
	if d[0].Kind == "numeral" {
		what = fmt.Sprintf("a numeral (%s vs %s)", d[0].A, d[0].B)
	}
	return Verdict{Different, CodeWitness, fmt.Sprintf("the statements differ only in %s: %s", what, w)}
}

// beforeTheorem says why a difference is not known to be faithful because
// of the declarations before the theorem, or "": the difference is inside
// one of them (the theorem may not use it, or only where the two values
// coincide: f 0 with f x := x * 2 or x * 3), or one of them is read only
// as its tokens (an instance, a structure, a class, an attribute, a
// variable line), which may give the theorem's notation another meaning
// (instance : LT P making < be ≤).
func beforeTheorem(na, nb *Node) string {
	if na.K != KindDecls || nb.K != KindDecls {
		return ""
	}
	for _, t := range [][]*Node{na.C, nb.C} {
		for _, d := range t[:len(t)-1] {
			if d.K == KindTokens || d.K == KindCommand {
				return "the statements differ in one place, but a declaration before the theorem is read only as its tokens (an instance, a structure, an attribute, a variable or open line), and may change what the theorem's notation means"
			}
			if d.K == KindDecl && declaresInstance(d.V) {
				// instance : OfNat ℕ 8 := ⟨3⟩ makes 8 be 3
				return "the statements differ in one place, but an instance is declared before the theorem, which may give the notation there another meaning"
			}
		}
	}
	if i, n := differingDecl(na, nb); i > 0 {
		return fmt.Sprintf("the statements differ in one place, inside declaration %d of %d before the theorem, which may not use it, or only where the two values coincide", i, n)
	}
	for _, d := range na.C[:len(na.C)-1] {
		if name := shadowingDecl(d); name != "" {
			// def Foo.Real.exp := 1 makes Real.exp inside namespace Foo a
			// constant, not the injective function the rules know
			return fmt.Sprintf("the statements differ in one place, but the declaration %s before the theorem may stand for a global lean-ast reads as Mathlib's", name)
		}
	}
	return ""
}

// declaresInstance reports whether a declaration's head (keyword,
// modifiers, attributes) makes it an instance: instance, @[instance],
// @[default_instance], attribute [instance].
func declaresInstance(v string) bool {
	head, _, _ := strings.Cut(v, ":=")
	return strings.Contains(head, "instance")
}

// shadowingDecl is the name of declaration d when it, or the part of it
// after a namespace, is a name lean-ast reads as a particular global
// (def Foo.Real.exp, def abs), or "".
func shadowingDecl(d *Node) string {
	if d.K != KindDecl {
		return ""
	}
	f := strings.Fields(d.V)
	name := ""
	for i, w := range f { // modifiers may come first: noncomputable def, @[simp] def
		if declKeywords[w] && i+1 < len(f) {
			name = f[i+1]
			break
		}
	}
	if name == "" {
		return ""
	}
	for part := name; part != ""; {
		if reservedNames[part] || reservedHeads[part] {
			return name
		}
		_, rest, ok := strings.Cut(part, ".")
		if !ok {
			break
		}
		part = rest
	}
	return ""
}

// differingDecl is the position (from 1) of the first declaration before
// the theorem that differs between two trees of as many declarations, and
// their number; 0 if none differs.
func differingDecl(a, b *Node) (int, int) {
	if a.K != KindDecls || b.K != KindDecls || len(a.C) != len(b.C) {
		return 0, 0
	}
	for i := 0; i+1 < len(a.C); i++ {
		if !Equal(a.C[i], b.C[i]) {
			return i + 1, len(a.C)
		}
	}
	return 0, 0
}

// mayBeSame are operators that mean the same on some types (≤ and ⊆ on
// sets), so that a tree differing only there is not known to differ.
var mayBeSame = map[[2]string]bool{}

func init() {
	// On propositions = is ↔ (propext); on anything else ↔ does not
	// typecheck. Either way the pair is not known to differ.
	mayBeSame[[2]string{"=", "↔"}] = true
	mayBeSame[[2]string{"↔", "="}] = true
	// On Prop, ⊓ is ∧ and ⊔ is ∨ (Prop's lattice, Mathlib/Order/Basic.lean).
	// On submodules and ideals + is ⊔ (Submodule.add_eq_sup).
	// On an additive group acting on itself +ᵥ is + and -ᵥ is - (vadd_eq_add,
	// vsub_eq_sub); a linear map composed with ∘ₗ coerces to the function
	// composed with ∘ (LinearMap.coe_comp).
	// On endomorphisms (Equiv.Perm, Module.End, Monoid.End, ring
	// endomorphisms) * is composition (Equiv.Perm.coe_mul,
	// Module.End.mul_eq_comp).
	for _, p := range [][2]string{{"⊓", "∧"}, {"⊔", "∨"}, {"+", "⊔"}, {"+", "+ᵥ"}, {"-", "-ᵥ"}, {"∘", "∘ₗ"}, {"*", "∘"}, {"*", "∘ₗ"}, {"*", "≫"}} {
		mayBeSame[p] = true
		mayBeSame[[2]string{p[1], p[0]}] = true
	}
	for _, n := range Infixes {
		if b := n.Props; b != nil && b.OnSets != "" {
			mayBeSame[[2]string{n.Token, b.OnSets}] = true
			mayBeSame[[2]string{b.OnSets, n.Token}] = true
		}
	}
}

// oneDifference is Different when the trees differ in exactly one numeral
// or operator that cannot be another spelling of the same thing.
func oneDifference(na, nb *Node) (Result, Code, string) {
	diffs := SingleDifference(na, nb)
	if len(diffs) == 1 {
		switch d := diffs[0]; d.Kind {
		case "numeral":
			x, ok1 := numValue(d.A)
			y, ok2 := numValue(d.B)
			if !ok1 || !ok2 {
				// over 40 characters, or with _ separators: its value is
				// not read, so two spellings of one value are not told apart
				return Undecided, CodeNumeralUnread, fmt.Sprintf("the statements differ only in a numeral whose value lean-ast does not read (%s vs %s)", clipString(d.A), clipString(d.B))
			}
			if x.Cmp(y) == 0 {
				return Undecided, CodeNumeralSpelling, fmt.Sprintf("the statements differ only in how a numeral is written (%s vs %s), and its type is not known", d.A, d.B)
			}
			return Different, CodeNoWitness, fmt.Sprintf("the statements differ only in a numeral (%s vs %s)", d.A, d.B)
		case "operator":
			if mayBeSame[[2]string{d.A, d.B}] {
				return Undecided, CodeMayBeSame, fmt.Sprintf("the statements differ only in %s vs %s, which mean the same on some operands (sets; propositions), and the operands' type is not known", d.A, d.B)
			}
			return Different, CodeNoWitness, fmt.Sprintf("the statements differ only in an operator (%s vs %s)", d.A, d.B)
		}
	}
	return Undecided, CodeTreesDiffer, "the normalized trees differ"
}

// Tokens splits src into Lean tokens (comments dropped), for matching
// fragments modulo spacing.
func Tokens(src string) ([]string, error) {
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(toks)-1)
	for _, t := range toks[:len(toks)-1] {
		if t.kind == tProj {
			out = append(out, "."+t.text)
			continue
		}
		out = append(out, t.text)
	}
	return out, nil
}

func clipNode(n *Node) string { return clipString(n.String()) }

// clipString shortens s for a reason.
func clipString(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}

// reorderedProp reports whether n, under parentheses and applications
// (Fact (∃ …)), is a proposition whose parts normalization reorders.
func reorderedProp(n *Node) bool {
	for n.K == KindParen || n.K == KindApp && len(n.C) == 2 {
		n = n.C[len(n.C)-1]
	}
	switch n.K {
	case KindExists:
		return reordered(n)
	case KindPi:
		return propChain(n) && reordered(n)
	case KindBinary:
		return (n.V == "∧" || n.V == "∨" || n.V == "=" || n.V == "↔") && reordered(n)
	}
	return false
}

// reordered reports whether normalization may reorder a part of n.
func reordered(n *Node) bool {
	if n.K == KindExists || n.K == KindBinary && (Is(n.V, Symmetric) || Is(n.V, Chain)) || n.K == KindPi && len(n.C) == 2 && n.C[1].K == KindPi {
		return true
	}
	for _, c := range n.C {
		if reordered(c) {
			return true
		}
	}
	return false
}
