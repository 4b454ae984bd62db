package lean

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// When the statement's names, instances and binders may not mean what
// lean-ast's rewrites assume:
// a namespace or a declaration before the theorem, an instance binder whose
// type lean-ast would rewrite, a name bound without a type used at two
// types, and binder forms it would scope wrongly. Where one holds, only
// statements equal as written (bound names and parentheses aside) are
// equivalent, or the statement is not read.

// namespaceOf is the namespace a theorem's name opens for its statement:
// Foo for theorem Foo.t (Lean resolves the statement's names in it), ""
// for a plain name.
func namespaceOf(name string) string {
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		return name[:i]
	}
	return ""
}

// namesMayResolve says why the statement's names may not be the globals
// lean-ast reads them as, or "": a declaration or a command before the
// theorem (def Foo.abs, namespace, variable (abs : ℤ → ℤ), an instance
// that gives ≤ on sets another meaning), or a namespace opened by the
// theorem's name (Complex.abs is abs inside theorem Complex.t).
func namesMayResolve(p *Prepared) string {
	if p.headerNames != "" {
		return p.headerNames
	}
	if p.headerInstances != "" {
		return p.headerInstances
	}
	p.once.treeNames.Do(func() { p.treeNames = treeNamesMayResolve(p.st) })
	return p.treeNames
}

// treeNamesMayResolve is namesMayResolve from the statement alone.
func treeNamesMayResolve(st *Statement) string {
	if ns := namespaceOf(st.Name); ns != "" {
		return fmt.Sprintf("theorem %s resolves names in the namespace %s first", st.Name, ns)
	}
	if why := instanceTypes(st.Tree); why != "" {
		return why
	}
	if st.Tree.K == KindDecls && len(st.Tree.C) > 1 {
		return "declarations or commands come before the theorem (a definition, an instance, a namespace, variable or open line)"
	}
	return ""
}

// instanceTypes says why the statement's instance binders make lean-ast's
// rewrites unsafe, or "": instance search matches a type only
// up to definitional equality, so an instance of Fintype {x // p x ∧ q x}
// or Decidable (p ∧ q) serves nothing written q x ∧ p x, and 13 / 2 is not
// 6.5 there; and with coercions declared both ways ([Coe α β] [Coe β α])
// a = b and b = a elaborate at different types.
func instanceTypes(tree *Node) string {
	why := ""
	var walk func(n *Node)
	walk = func(n *Node) {
		if why != "" {
			return
		}
		if binderKinds[n.K] && len(n.C) >= 2 {
			t := n.C[0]
			if strings.HasPrefix(n.V, "[") || mayBeClass(t) {
				head := strings.TrimPrefix(typeHead(t), "_root_.")
				switch {
				case strings.HasPrefix(head, "Coe"):
					why = "the statement declares a coercion (" + head + "), under which the sides of = and ≤ may elaborate at different types when swapped"
				case rewritable(t):
					why = "an instance binder's type holds a proposition or a numeral lean-ast would rewrite (" + clipNode(t) + "), and instance search matches it only as written"
				}
			}
		}
		for _, c := range n.C {
			walk(c)
		}
	}
	walk(tree)
	return why
}

// rewritable reports whether normalization may rewrite a part of n: a
// reordered connective, relation or binder run, a negation, a tuple, a
// numeral (compared by value), a comparison flipped.
func rewritable(n *Node) bool {
	if reordered(n) {
		return true
	}
	switch n.K {
	case KindNum, KindUnary, KindTuple, KindExists, KindSetOf, KindSep, KindSubtype:
		return true
	case KindBinary:
		switch n.V {
		case ">", "≥", "≠", "∉", "⊇", "⊃":
			return true
		}
	}
	for _, c := range n.C {
		if rewritable(c) {
			return true
		}
	}
	return false
}

// untypedUses lists, for each binder without a type (∃ x, ∀ x, {x | …},
// (x), (x : _)) used more than once in the positional tree n, the terms
// around its uses in written order, or "" when there is none. Lean
// gives such a binder the type its first elaborated use
// needs, reading left to right: ∃ x, Nat.Prime x ∧ (x : ℝ) / 2 = 1.5
// elaborates (x : ℕ, then cast) and ∃ x, (x : ℝ) / 2 = 1.5 ∧ Nat.Prime x
// does not; x < n with n : ℕ fixes ℕ through binrel%'s unification. Which
// use fixes the type is elaboration's business, not lean-ast's: two
// statements give such a binder the same type when its uses stand in the
// same order in the same terms (each use's arithmetic and the relation or
// application around it), which untypedUses lets the caller compare.
func untypedUses(n *Node) string {
	var entries []string
	size := 0 // bytes written: a statement whose uses sit in huge terms is not compared use by use
	tooLarge := fmt.Sprintf("too large to compare: %p", n)
	types := map[string]*Node{} // bound names (positional) to their types
	var walk func(n *Node, top bool)
	walk = func(n *Node, top bool) {
		bound := binderKinds[n.K] && len(n.C) >= 2
		if bound && hasKind(n.C[0], KindHole) && n.V != "_" && n.V != "" {
			body := n.C[len(n.C)-1]
			if countUses(body, n.V, 2) > 1 {
				var b strings.Builder
				useContexts(body, n.V, nil, types, top && n.K == KindPi, &b)
				entries = append(entries, b.String())
				size += b.Len()
			}
		}
		for i, c := range n.C {
			if size > maxUseBytes {
				return
			}
			if bound && i == len(n.C)-1 {
				types[n.V] = n.C[0]
			}
			// the statement's own binders: the root's run of Pis
			walk(c, top && (n.K == KindDecls || n.K == KindDecl || n.K == KindTheorem || n.K == KindPi && i == len(n.C)-1))
		}
		if bound {
			delete(types, n.V)
		}
	}
	walk(n, true)
	// names no binder binds, which Lean binds itself as implicit
	// arguments of the type their first use needs (autoImplicit: x, a₁,
	// α), are binders without a type too
	for _, name := range autoBound(n) {
		if size > maxUseBytes {
			break
		}
		var b strings.Builder
		useContexts(n, name, nil, types, true, &b)
		entries = append(entries, b.String())
		size += b.Len()
	}
	if size > maxUseBytes {
		return tooLarge // unequal to any other: undecided
	}
	// binders in hypotheses that trade places are the same binders
	slices.Sort(entries)
	return strings.Join(entries, ";")
}

// maxUseBytes bounds what untypedUses writes (the terms about 130
// nested runs of ∃ binders hold, each use printing its relation, run to
// megabytes).
const maxUseBytes = 1 << 16

// useContexts writes, for each use of name in n in written order, the
// term around it: the use and the arithmetic holding it, up to and with
// the first node that is no arithmetic (a relation, an application, a
// binder). The other bound names there are written as their types (types
// maps them), the positions of their binders being no part of the
// typing. With parts (the statement's own binders and the names Lean
// binds), the hypothesis or conclusion holding the use is written too.
// path holds n's ancestors, innermost last.
func useContexts(n *Node, name string, path []*Node, types map[string]*Node, parts bool, b *strings.Builder) {
	if n.K == KindID && (n.V == name || strings.HasPrefix(n.V, name+".")) {
		ctx, below := n, n
		for i := len(path) - 1; i >= 0; i-- {
			ctx = path[i]
			// f 0 with f bound without a full type (ℕ → _) is a value
			// whose type the term around it fixes
			head := ctx.K == KindApp && len(ctx.C) > 0 && ctx.C[0] == below
			if !(head || ctx.K == KindParen || ctx.K == KindUnary && ctx.V == "-" || ctx.K == KindBinary && homogeneous[ctx.V] && !relations[ctx.V]) {
				break
			}
			below = ctx
		}
		// desugared: b > 0 and 0 < b are one use (binrel% unifies a
		// binder's unknown type with the other leaves' in either order)
		b.WriteString(orient(desugar(boundAsTypes(ctx, name, types)), &typeEnv{}).String())
		// and the statement's part (hypothesis or conclusion) holding it,
		// by its place: another binder's type may be fixed there first
		// ((s : Set _) with x ∈ s and x < (3 : ℕ) in one hypothesis)
		if part := topPart(path); parts && part != nil {
			// normalized, so that rewrites inside it (∀ a b as ∀ b a)
			// keep it the same part
			b.WriteString("@")
			b.WriteString(Normalize(part).String())
		}
		b.WriteString("|")
		return
	}
	path = append(path, n)
	for _, c := range n.C {
		useContexts(c, name, path, types, parts, b)
	}
}

// boundAsTypes is n with the bound names other than self replaced by
// their types (types maps them; "?" for one bound inside n).
func boundAsTypes(n *Node, self string, types map[string]*Node) *Node {
	if n.K == KindID && strings.HasPrefix(n.V, "#") {
		head, rest, _ := strings.Cut(n.V[1:], ".")
		depth, field, _ := strings.Cut(rest, ".")
		key := "#" + head + "." + depth
		if key == self {
			return &Node{K: KindID, V: "•" + strings.TrimPrefix(n.V, key)}
		}
		t := "?"
		if ty, ok := types[key]; ok {
			t = ty.String()
		}
		if field != "" {
			t += "." + field
		}
		return &Node{K: KindID, V: "(:" + t + ")"}
	}
	if len(n.C) == 0 {
		return n
	}
	kids := make([]*Node, len(n.C))
	for i, c := range n.C {
		kids[i] = boundAsTypes(c, self, types)
	}
	return &Node{K: n.K, V: n.V, C: kids}
}

// uniformUntypedUses reports whether every binder without a type in n
// that is used more than once has all its uses as arguments of bound
// functions whose declared domains there are one type (∃ x, f x = g x with
// f g : ℝ → ℝ): whichever use Lean elaborates first fixes that type, so
// reordering them changes nothing. env maps bound names to their types.
func uniformUntypedUses(n *Node, env map[string]*Node) bool {
	if binderKinds[n.K] && len(n.C) >= 2 {
		name := strings.TrimPrefix(n.V, "[")
		body := n.C[len(n.C)-1]
		if hasKind(n.C[0], KindHole) && name != "_" && name != "" && countUses(body, name, 2) > 1 {
			types := map[string]bool{}
			if !domainUses(body, name, env, types) || len(types) != 1 {
				return false
			}
		}
		saved, had := env[name]
		env[name] = n.C[0]
		defer func() {
			if had {
				env[name] = saved
			} else {
				delete(env, name)
			}
		}()
	}
	for _, c := range n.C {
		if !uniformUntypedUses(c, env) {
			return false
		}
	}
	return true
}

// domainUses adds to types the declared domain at each use of name in n
// and reports whether every use is an argument of a bound function with
// a declared domain there.
func domainUses(n *Node, name string, env map[string]*Node, types map[string]bool) bool {
	isName := func(c *Node) bool { c = unwrapParens(c); return c.K == KindID && c.V == name }
	if n.K == KindID && (n.V == name || strings.HasPrefix(n.V, name+".")) {
		return false // a use not handled below
	}
	if (binderKinds[n.K] && strings.TrimPrefix(n.V, "[") == name) || n.K == KindBig && len(n.C) > 0 && n.C[0].V == name {
		return true // shadowed below (binder types with such a use are rare; skipped)
	}
	for i, c := range n.C {
		if i > 0 && n.K == KindApp && isName(c) && n.C[0].K == KindID {
			t, bound := env[n.C[0].V]
			d := arrowDomain(t, i-1)
			if !bound || d == nil {
				return false
			}
			types[d.String()] = true
			continue
		}
		if !domainUses(c, name, env, types) {
			return false
		}
	}
	return true
}

// arrowDomain is the type of argument i (from 0) of a function of type t
// (A → B → C or a Pi), or nil.
func arrowDomain(t *Node, i int) *Node {
	for t != nil {
		t = unwrapParens(t)
		if !(t.K == KindBinary && t.V == "→" || t.K == KindPi) || len(t.C) != 2 {
			return nil
		}
		if i == 0 {
			return t.C[0]
		}
		t, i = t.C[1], i-1
	}
	return nil
}

// countUses counts the uses of name in n, where no binder shadows it, up
// to limit: the name itself and by dot notation (x.1, x.succ).
func countUses(n *Node, name string, limit int) int {
	count := 0
	var walk func(n *Node)
	walk = func(n *Node) {
		if count >= limit {
			return
		}
		if n.K == KindID && (n.V == name || strings.HasPrefix(n.V, name+".")) {
			count++
		}
		if (binderKinds[n.K] && strings.TrimPrefix(n.V, "[") == name) || n.K == KindBig && len(n.C) > 0 && n.C[0].V == name {
			// shadowed in the body; the type, a let's value, a filter
			// and a big operator's domain are still outside it
			from := 0
			if n.K == KindBig {
				from = 1 // the bound name itself
			}
			for _, c := range n.C[from:max(len(n.C)-1, from)] {
				walk(c)
			}
			return
		}
		for _, c := range n.C {
			walk(c)
		}
	}
	walk(n)
	return count
}

// typedBinderForm says why n holds a binder with a type that lean-ast
// would read as an ascription of an outer name, or "":
//   - an image set-builder binding typed names, {f x | (x : T)}, or over
//     a typed pattern, {(a : T) | p}: Lean binds x and a there, at type
//     T;
//   - the dependent pair (x : α) × β x (Lean core: macro:35
//     bracketedExplicitBinders " × " term, Σ x : α, β x), which binds x,
//     while ((x : α)) × β is a product of the outer x.
func typedBinderForm(n *Node) string {
	switch {
	case n.K == KindImage && len(n.C) == 2 && (hasAscription(n.C[1]) || unwrapParens(n.C[0]).K == KindAscription):
		return "a set-builder {… | (x : T)} or {(a : T) | …} binds its names at type T, which lean-ast does not model"
	case n.K == KindBinary && (n.V == "×" || n.V == "×'") && len(n.C) == 2 && unwrapParens(n.C[0]).K == KindAscription:
		return "(x : α) × β is a dependent pair binding x (Σ x : α, β), which lean-ast does not model"
	}
	for _, c := range n.C {
		if why := typedBinderForm(c); why != "" {
			return why
		}
	}
	return ""
}

// hasAscription reports whether a set-builder's binders hold a typed one
// ((x : T), (f : A → B) (x : A)).
func hasAscription(n *Node) bool {
	n = unwrapParens(n)
	switch n.K {
	case KindAscription:
		return true
	case KindApp, KindBinary:
		for _, c := range n.C {
			if hasAscription(c) {
				return true
			}
		}
	}
	return false
}

// imageBinderNames are the names an image set-builder's binders bind:
// x in x ∈ s, x > 0 or x, under parentheses, for each of several.
func imageBinderNames(b *Node) []string {
	b = unwrapParens(b)
	switch b.K {
	case KindID:
		return []string{b.V}
	case KindBinary, KindAscription:
		if len(b.C) > 0 {
			if c := unwrapParens(b.C[0]); c.K == KindID {
				return []string{c.V}
			}
		}
	case KindUnary: // x ∉ s
		if len(b.C) == 1 {
			return imageBinderNames(b.C[0])
		}
	case KindApp:
		var out []string
		for _, c := range b.C {
			out = append(out, imageBinderNames(c)...)
		}
		return out
	}
	return nil
}

// autoBound lists the free names of n used more than once that Lean's
// autoImplicit would bind: a single letter, Latin or Greek, with digits,
// subscripts or primes after it (Lean's isValidAutoBoundImplicitName), in
// order of first use. One walk counts them all (a statement of 2,000
// hypotheses has as many names).
func autoBound(n *Node) []string {
	var order []string
	uses := map[string]int{}
	var walk func(n *Node)
	walk = func(n *Node) {
		if n.K == KindID && !strings.HasPrefix(n.V, "#") {
			name, _, _ := strings.Cut(n.V, ".")
			if uses[name] == 0 && autoBoundName(name) {
				order = append(order, name)
			}
			uses[name]++
		}
		for _, c := range n.C {
			walk(c)
		}
	}
	walk(n)
	out := order[:0]
	for _, name := range order {
		if uses[name] > 1 {
			out = append(out, name)
		}
	}
	return out
}

// autoBoundName reports whether Lean may bind name automatically: one
// lower-case Latin or Greek letter followed by digits, subscripts or
// primes only (Lean's strict isValidAutoBoundImplicitName; with
// relaxedAutoImplicit any name is, a stated limit).
func autoBoundName(name string) bool {
	rs := []rune(name)
	// a lower-case Latin or Greek letter (π is Real.pi under open Real)
	if len(rs) == 0 || !(rs[0] >= 'a' && rs[0] <= 'z' || rs[0] >= 'α' && rs[0] <= 'ω' && rs[0] != 'π' && rs[0] != 'λ') {
		return false
	}
	for _, r := range rs[1:] {
		if !(unicode.IsDigit(r) || r >= '₀' && r <= '₉' || r == '\'' || r == '_') {
			return false
		}
	}
	return true
}

// topPart is the statement's part (a leading binder's type, or the
// conclusion) that a path from the root goes into, or nil.
func topPart(path []*Node) *Node {
	for j, p := range path {
		var next *Node
		if j+1 < len(path) {
			next = path[j+1]
		}
		switch {
		case p.K == KindDecls || p.K == KindDecl || p.K == KindTheorem:
		case (p.K == KindPi || p.K == KindLambda) && len(p.C) == 2 && p.C[1] == next:
		case (p.K == KindPi || p.K == KindLambda) && len(p.C) == 2 && p.C[0] == next:
			return next // a hypothesis (or a binder's type)
		default:
			return p
		}
	}
	return nil
}
