package lean

import (
	"fmt"
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
	if name := untypedBinderUses(p.st.Tree, map[string]*Node{}); name != "" {
		return fmt.Sprintf("%s is bound without a type and used where different types may be fixed for it (Lean takes its type from the use it elaborates first, so reordering ∧ operands, = sides or hypotheses can change it)", name)
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

// untypedBinderUses names a binder without a type (∃ x, ∀ x, {x | …},
// (x), (x : _)) whose uses may fix different types for it, or "" (round
// 16): Lean gives it the type its first elaborated use needs, reading left
// to right, so ∃ x, Nat.Prime x ∧ (x : ℝ) / 2 = 1.5 elaborates (x : ℕ, then
// cast) and ∃ x, (x : ℝ) / 2 = 1.5 ∧ Nat.Prime x does not. Uses are told
// apart by what fixes the type: the declared domain of a bound function, a
// global function and argument position, an ascription's type, a cast.
// env maps the statement's bound names to their types.
func untypedBinderUses(n *Node, env map[string]*Node) string {
	if binderKinds[n.K] && len(n.C) >= 2 {
		name := strings.TrimPrefix(n.V, "[")
		body := n.C[len(n.C)-1]
		if n.C[0].K == KindHole && name != "_" && name != "" {
			contexts := map[string]bool{}
			typingUses(body, name, env, contexts)
			if len(contexts) > 1 {
				return name
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
		if found := untypedBinderUses(c, env); found != "" {
			return found
		}
	}
	return ""
}

// typingUses adds to contexts a key for each use of name in n that fixes
// its type.
func typingUses(n *Node, name string, env map[string]*Node, contexts map[string]bool) {
	isName := func(c *Node) bool { c = unwrapParens(c); return c.K == KindID && c.V == name }
	switch {
	case n.K == KindAscription && len(n.C) == 2 && isName(n.C[0]):
		contexts["as "+n.C[1].String()] = true
	case n.K == KindCoe && len(n.C) == 1 && isName(n.C[0]):
		contexts["cast"] = true
	case n.K == KindBinary && (n.V == "∈" || n.V == "∉") && len(n.C) == 2 && isName(n.C[0]):
		// x ∈ S fixes x's type to S's elements (Membership's outParam)
		if s := unwrapParens(n.C[1]); s.K == KindID {
			if t, ok := env[s.V]; ok && t.K == KindApp && len(t.C) == 2 {
				contexts["domain "+t.C[1].String()] = true
				break
			}
		}
		contexts["member of "+n.C[1].String()] = true
	case n.K == KindApp && len(n.C) > 1 && n.C[0].K == KindID:
		t, bound := env[n.C[0].V]
		for i, a := range n.C[1:] {
			if !isName(a) {
				continue
			}
			switch {
			case bound && arrowDomain(t, i) != nil:
				contexts["domain "+arrowDomain(t, i).String()] = true
			case bound:
				contexts[fmt.Sprintf("argument %d of %s", i+1, n.C[0].V)] = true
			case numericArgs[n.C[0].V] != "":
				// a global function of a fixed domain (Nat.Prime); one
				// lean-ast does not list is taken as polymorphic (Odd,
				// Even), which fixes no type: a stated limit
				contexts["domain id:"+numericArgs[n.C[0].V]] = true
			}
		}
	}
	if (binderKinds[n.K] && strings.TrimPrefix(n.V, "[") == name) || n.K == KindBig && len(n.C) > 0 && n.C[0].V == name {
		return // shadowed below
	}
	for _, c := range n.C {
		typingUses(c, name, env, contexts)
	}
}

// arrowDomain is the type of argument i (from 0) of a function of type t
// (A → B → C or a Pi), or nil.
func arrowDomain(t *Node, i int) *Node {
	for {
		t = unwrapParens(t)
		if !(t.K == KindBinary && t.V == "→" || t.K == KindPi) || len(t.C) != 2 {
			return nil
		}
		if i == 0 {
			return t.C[0]
		}
		t, i = t.C[1], i-1
	}
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
