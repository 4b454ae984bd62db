package lean

import (
	"fmt"
	"slices"
	"strings"
)

// When the statement's names, instances and binders may not mean what
// lean-ast's rewrites assume (the outside rounds 13 to 16 of 2026-11-25):
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
	if ns := namespaceOf(p.st.Name); ns != "" {
		return fmt.Sprintf("theorem %s resolves names in the namespace %s first", p.st.Name, ns)
	}
	if why := instanceTypes(p.st.Tree); why != "" {
		return why
	}
	if name := typeSynonymUse(p.st.Tree); name != "" {
		return fmt.Sprintf("%s names a type synonym (a def equal to the type it wraps, with other instances): Lean elaborates a < b at its first operand's type when the two types are defeq, with no cast, so a < b and b > a may be different orders", name)
	}
	if p.st.Tree.K == KindDecls && len(p.st.Tree.C) > 1 {
		return "declarations or commands come before the theorem (a definition, an instance, a namespace, variable or open line)"
	}
	return ""
}

// instanceTypes says why the statement's instance binders make lean-ast's
// rewrites unsafe, or "" (round 15): instance search matches a type only
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
// around its uses in written order, or "" when there is none (rounds 16
// and 24a). Lean gives such a binder the type its first elaborated use
// needs, reading left to right: ∃ x, Nat.Prime x ∧ (x : ℝ) / 2 = 1.5
// elaborates (x : ℕ, then cast) and ∃ x, (x : ℝ) / 2 = 1.5 ∧ Nat.Prime x
// does not; x < n with n : ℕ fixes ℕ through binrel%'s unification. Which
// use fixes the type is elaboration's business, not lean-ast's: two
// statements give such a binder the same type when its uses stand in the
// same order in the same terms (each use's arithmetic and the relation or
// application around it), which untypedUses lets the caller compare.
func untypedUses(n *Node) string {
	var entries []string
	types := map[string]*Node{} // bound names (positional) to their types
	var walk func(n *Node)
	walk = func(n *Node) {
		bound := binderKinds[n.K] && len(n.C) >= 2
		if bound && n.C[0].K == KindHole && n.V != "_" && n.V != "" {
			body := n.C[len(n.C)-1]
			if countUses(body, n.V, 2) > 1 {
				var b strings.Builder
				useContexts(body, n.V, nil, types, &b)
				entries = append(entries, b.String())
			}
		}
		for i, c := range n.C {
			if bound && i == len(n.C)-1 {
				types[n.V] = n.C[0]
			}
			walk(c)
		}
		if bound {
			delete(types, n.V)
		}
	}
	walk(n)
	// binders in hypotheses that trade places are the same binders
	slices.Sort(entries)
	return strings.Join(entries, ";")
}

// useContexts writes, for each use of name in n in written order, the
// term around it: the use and the arithmetic holding it, up to and with
// the first node that is no arithmetic (a relation, an application, a
// binder). The other bound names there are written as their types (types
// maps them), the positions of their binders being no part of the
// typing. path holds n's ancestors, innermost last.
func useContexts(n *Node, name string, path []*Node, types map[string]*Node, b *strings.Builder) {
	if n.K == KindID && (n.V == name || strings.HasPrefix(n.V, name+".")) {
		ctx := n
		for i := len(path) - 1; i >= 0; i-- {
			ctx = path[i]
			if !(ctx.K == KindParen || ctx.K == KindUnary && ctx.V == "-" || ctx.K == KindBinary && homogeneous[ctx.V] && !relations[ctx.V]) {
				break
			}
		}
		// desugared: b > 0 and 0 < b are one use (binrel% unifies a
		// binder's unknown type with the other leaves' in either order)
		b.WriteString(desugar(boundAsTypes(ctx, name, types)).String())
		b.WriteString("|")
		return
	}
	path = append(path, n)
	for _, c := range n.C {
		useContexts(c, name, path, types, b)
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
		if n.C[0].K == KindHole && name != "_" && name != "" && countUses(body, name, 2) > 1 {
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
// would read as an ascription of an outer name (round 13b), or "":
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

// typeSynonyms are the last name parts of Mathlib's type synonyms and the
// functions into and out of them (round 24a): def OrderDual (α : Type*) :
// Type _ := α with notation:max α "ᵒᵈ" (Mathlib/Order/Basic.lean), def Lex
// (α : Type*) := α with toLex and ofLex (Mathlib/Order/Synonym.lean), def
// Additive (α : Type*) := α and def Multiplicative (α : Type*) := α with
// ofMul, toMul, ofAdd, toAdd (Mathlib/Algebra/Group/TypeTags), and
// Finset.Colex; Option beside def WithTop (α) := Option α or def WithBot
// (α) := Option α (Mathlib/Order/TypeTags.lean), whose orders put none at
// the top and at the bottom (Option itself is rare in statements, so it
// stands for the pair). A value of one beside a value of the type it
// wraps elaborates at whichever binrel% or binop% reads first.
var typeSynonyms = map[string]bool{"OrderDual": true, "toDual": true, "ofDual": true, "Lex": true, "toLex": true, "ofLex": true,
	"Colex": true, "toColex": true, "ofColex": true, "Additive": true, "Multiplicative": true, "ofMul": true, "toMul": true,
	"ofAdd": true, "toAdd": true, "Option": true}

// synonymPairs are type synonyms too common to refuse alone, with the
// type they wrap: def ZMod : ℕ → Type | 0 => ℤ | n + 1 => Fin (n + 1)
// (Mathlib/Data/ZMod/Defs.lean), with no order of its own, beside Fin.
var synonymPairs = map[string]string{"ZMod": "Fin"}

// typeSynonymUse names the first name in tree that is one of
// typeSynonyms, or a pair of synonymPairs both named, or "".
func typeSynonymUse(tree *Node) string {
	heads := map[string]bool{}
	var walk func(n *Node) string
	walk = func(n *Node) string {
		if n.K == KindPostfix && n.V == "ᵒᵈ" {
			return "αᵒᵈ (OrderDual)"
		}
		if n.K == KindID || n.K == KindProj {
			last := n.V[strings.LastIndexByte(n.V, '.')+1:]
			if typeSynonyms[last] {
				return n.V
			}
			heads[last] = true
		}
		for _, c := range n.C {
			if name := walk(c); name != "" {
				return name
			}
		}
		return ""
	}
	if name := walk(tree); name != "" {
		return name
	}
	for syn, base := range synonymPairs {
		if heads[syn] && heads[base] {
			return syn + " beside " + base
		}
	}
	return ""
}
