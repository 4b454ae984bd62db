package lean

import (
	"fmt"
	"strings"
	"unicode"
)

// When the statement's names, instances and binders may not mean what
// lean-ast's rewrites assume: a namespace or a declaration before the
// theorem, an instance binder whose type lean-ast would rewrite, and
// binder forms it would scope wrongly. Where one holds, only statements
// equal as written (bound names and parentheses aside) are equivalent, or
// the statement is not read.

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
			if n.Inst || mayBeClass(t) {
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
		if Is(n.V, Derived) {
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

// autoBoundName reports whether Lean may bind name automatically, an
// atomic name that resolves to no constant (isValidAutoBoundImplicitName,
// relaxedAutoImplicit on, Lean's default), where it stands alone or is
// applied to arguments. lean-ast takes any name it knows no constant of
// (knownConstant) for such a variable, but a name longer than one letter
// with its digits, subscripts, primes or underscores that is applied
// (IsOpen s, inner x y): that it takes for a Mathlib constant.
func autoBoundName(name string, applied bool) bool {
	if name == "" || strings.Contains(name, ".") || knownConstant(name) {
		return false
	}
	if !applied {
		return true
	}
	rs := []rune(name)
	if !unicode.IsLetter(rs[0]) {
		return false
	}
	for _, r := range rs[1:] {
		if !(unicode.IsDigit(r) || r >= '₀' && r <= '₉' || r == '\'' || r == '_') {
			return false
		}
	}
	return true
}

// knownConstant reports whether lean-ast reads name as a constant of Lean
// or Mathlib (shadow.go's reservedNames and their heads, the classes, the
// sorts and the two propositions).
func knownConstant(name string) bool {
	switch name {
	case "True", "False", "Prop", "Type", "Sort":
		return true
	}
	return reservedNames[name] || reservedHeads[name] || classes[name]
}
