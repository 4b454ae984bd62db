package lean

import (
	"fmt"
	"strings"
)

// A binder may take the name of a global that lean-ast gives a meaning:
// (Real : Type) [Subsingleton Real] (x y : Real). In Lean a notation keeps
// meaning the global (ℝ is still Mathlib's Real, |x| still abs, R[X] still
// Polynomial R: notations are hygienic), while lean-ast would read the
// local name as the global it aliases or types (Real as ℝ, a local abs as
// |·|, a local Set's ≤ as ⊆). Such a statement is not read.

// reservedNames are the names lean-ast reads as particular globals:
// aliases, the functions behind notations, the functions and constants
// whose types and values the rules know.
var reservedNames = map[string]bool{}

// reservedHeads are their first components: a local Nat makes Nat.choose a
// field of the local, not the global function.
var reservedHeads = map[string]bool{}

func init() {
	add := func(s string) {
		reservedNames[s] = true
		head, _, _ := strings.Cut(s, ".")
		reservedHeads[head] = true
	}
	for k, v := range identAliases {
		add(k)
		add(v)
	}
	for _, v := range notationFunctions {
		add(v)
	}
	// Only names through which lean-ast decides are reserved: a local
	// Fin or ZMod, or a local id, can only leave a pair undecided (the
	// modular and boundary rules refuse to decide).
	for _, m := range []map[string]string{resultTypes, atomConstants} {
		for k, v := range m {
			add(k)
			if !strings.ContainsAny(v, "{}ᶜ|∅⊤⊥01") {
				add(v)
			}
		}
	}
	for _, m := range []map[string]bool{setFunctions, globalSets} {
		for k := range m {
			add(k)
		}
	}
	for k := range numRank {
		add(k)
	}
	// Built by the parser for notations, and the heads the typing and
	// modular rules look for.
	for _, s := range strings.Fields(`Set Finset Polynomial nhdsWithin Nat.factorial Nat.iterate MeasureTheory.ae
		Real.sqrt Real.pi π getElem abs max min Nat.Prime Even Odd`) {
		add(s)
	}
}

// shadowsGlobal names a binder in n that takes a reserved name, or "".
func shadowsGlobal(n *Node) string {
	name := ""
	switch {
	case binderKinds[n.K]:
		name = n.V
	case n.K == KindBig && len(n.C) > 0:
		name = n.C[0].V
	}
	if name != "" && name != "_" && (reservedNames[name] || reservedHeads[name]) {
		return name
	}
	for _, c := range n.C {
		if s := shadowsGlobal(c); s != "" {
			return s
		}
	}
	return ""
}

// shadowError is the reason a statement with such a binder is not read.
func shadowError(name string) error {
	return fmt.Errorf("%w: a binder is named %s, the name of a global lean-ast reads as Mathlib's (notation and the rules keep meaning the global, the statement's own uses mean the local)", ErrNotModelled, name)
}
