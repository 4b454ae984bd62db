package lean

import (
	"sort"
	"strconv"
	"strings"
)

// Version changes whenever parsing or normalization changes what is equal.
const Version = "lean-ast-v1"

// identAliases unify ASCII and Unicode spellings of common names.
var identAliases = map[string]string{
	"Nat": "ℕ", "Int": "ℤ", "Real": "ℝ", "Rat": "ℚ", "Complex": "ℂ",
	"Real.pi": "Real.pi", "True": "True", "False": "False",
}

// Normalize returns the canonical form of a tree: redundant parentheses
// dropped (kept around operators of unknown precedence), > and ≥ turned
// around, ≠ and ∉ as negations, → as an anonymous ∀, applications
// flattened, aliases unified, and bound names replaced by their binding
// depth (names a body does not use become "_").
//
// Then logically neutral rewrites: a hypothesis A ∧ B → C becomes
// A → B → C; runs of hypotheses are sorted (their order does not matter);
// the operands of =, ↔ and of ∧ and ∨ chains are sorted (they are
// symmetric).
func Normalize(n *Node) *Node {
	return canon(alpha(desugar(n), map[string]string{}, 0))
}

// symmetric operators whose operands may be sorted.
var symmetric = map[string]bool{"=": true, "↔": true}

// chains are associative and commutative logical connectives.
var chains = map[string]bool{"∧": true, "∨": true}

// sortByString orders nodes by their printed form, printing each once.
func sortByString(ns []*Node) {
	keys := make(map[*Node]string, len(ns))
	for _, n := range ns {
		keys[n] = n.String()
	}
	sort.SliceStable(ns, func(i, j int) bool { return keys[ns[i]] < keys[ns[j]] })
}

func canon(n *Node) *Node {
	if len(n.C) == 0 {
		return n
	}
	kids := make([]*Node, len(n.C))
	for i, c := range n.C {
		kids[i] = canon(c)
	}
	n = &Node{K: n.K, V: n.V, C: kids}
	switch {
	case n.K == "pi" && n.V == "_":
		// (A ∧ B) → C  is  A → B → C
		if a := n.C[0]; a.K == "bin" && a.V == "∧" && len(a.C) == 2 {
			return canon(&Node{K: "pi", V: "_", C: []*Node{a.C[0], {K: "pi", V: "_", C: []*Node{a.C[1], n.C[1]}}}})
		}
		// sort a run of hypotheses: A → B → C  is  B → A → C
		var hyps []*Node
		body := n
		for body.K == "pi" && body.V == "_" {
			hyps = append(hyps, body.C[0])
			body = body.C[1]
		}
		if len(hyps) > 1 {
			sortByString(hyps)
			for i := len(hyps) - 1; i >= 0; i-- {
				body = &Node{K: "pi", V: "_", C: []*Node{hyps[i], body}}
			}
			return body
		}
	case n.K == "bin" && symmetric[n.V] && len(n.C) == 2:
		if n.C[1].String() < n.C[0].String() {
			n.C[0], n.C[1] = n.C[1], n.C[0]
		}
	case n.K == "bin" && chains[n.V] && len(n.C) == 2:
		var items []*Node
		var flat func(x *Node)
		flat = func(x *Node) {
			if x.K == "bin" && x.V == n.V && len(x.C) == 2 {
				flat(x.C[0])
				flat(x.C[1])
				return
			}
			items = append(items, x)
		}
		flat(n)
		sortByString(items)
		out := items[len(items)-1]
		for i := len(items) - 2; i >= 0; i-- {
			out = &Node{K: "bin", V: n.V, C: []*Node{items[i], out}}
		}
		return out
	}
	return n
}

func desugar(n *Node) *Node {
	if n == nil {
		return nil
	}
	switch n.K {
	case "paren":
		inner := desugar(n.C[0])
		if unknownOp(inner) {
			return &Node{K: "paren", C: []*Node{inner}}
		}
		return inner
	case "id":
		if a, ok := identAliases[n.V]; ok {
			return &Node{K: "id", V: a}
		}
		return n
	case "num":
		return &Node{K: "num", V: normNum(n.V)}
	case "bin":
		if strings.HasPrefix(n.V, "?") {
			// Unknown precedence: keep the parentheses of the operands.
			kids := make([]*Node, len(n.C))
			for i, c := range n.C {
				if c.K == "paren" {
					kids[i] = &Node{K: "paren", C: []*Node{desugar(c.C[0])}}
				} else {
					kids[i] = desugar(c)
				}
			}
			return &Node{K: "bin", V: n.V, C: kids}
		}
		a, b := desugar(n.C[0]), desugar(n.C[1])
		rest := desugarAll(n.C[2:])
		switch n.V {
		case ">":
			return &Node{K: "bin", V: "<", C: append([]*Node{b, a}, rest...)}
		case "≥":
			return &Node{K: "bin", V: "≤", C: append([]*Node{b, a}, rest...)}
		case "⊇":
			return &Node{K: "bin", V: "⊆", C: []*Node{b, a}}
		case "⊃":
			return &Node{K: "bin", V: "⊂", C: []*Node{b, a}}
		case "≠":
			return &Node{K: "un", V: "¬", C: []*Node{{K: "bin", V: "=", C: []*Node{a, b}}}}
		case "∉":
			return &Node{K: "un", V: "¬", C: []*Node{{K: "bin", V: "∈", C: []*Node{a, b}}}}
		case "→":
			return &Node{K: "pi", V: "_", C: []*Node{a, b}}
		}
		return &Node{K: "bin", V: n.V, C: append([]*Node{a, b}, rest...)}
	case "post":
		x := desugar(n.C[0])
		if n.V == "!" {
			return &Node{K: "app", C: []*Node{{K: "id", V: "Nat.factorial"}, x}}
		}
		return &Node{K: "post", V: n.V, C: []*Node{x}}
	case "app":
		kids := desugarAll(n.C)
		if kids[0].K == "app" { // (f x) y = f x y
			kids = append(append([]*Node(nil), kids[0].C...), kids[1:]...)
		}
		return &Node{K: "app", C: kids}
	case "proj":
		x := desugar(n.C[0])
		if x.K == "id" { // (x).f is x.f
			return &Node{K: "id", V: x.V + "." + n.V}
		}
		return &Node{K: "proj", V: n.V, C: []*Node{x}}
	case "sigma":
		return &Node{K: "sigma", V: n.V, C: desugarAll(n.C)}
	}
	return &Node{K: n.K, V: n.V, C: desugarAll(n.C)}
}

func desugarAll(ns []*Node) []*Node {
	out := make([]*Node, len(ns))
	for i, c := range ns {
		out[i] = desugar(c)
	}
	return out
}

func unknownOp(n *Node) bool { return n.K == "bin" && strings.HasPrefix(n.V, "?") }

// normNum writes a numeral canonically: 007 -> 7, 2.50 -> 2.5.
func normNum(s string) string {
	if strings.HasPrefix(s, "0x") {
		if v, err := strconv.ParseUint(s[2:], 16, 64); err == nil {
			return strconv.FormatUint(v, 10)
		}
		return s
	}
	if i := strings.IndexByte(s, '.'); i >= 0 {
		s = strings.TrimRight(s, "0")
		s = strings.TrimSuffix(s, ".")
		if strings.Contains(s, ".") {
			return strings.TrimLeft(s[:strings.IndexByte(s, '.')], "0") + s[strings.IndexByte(s, '.'):]
		}
		// 2.0 stays a decimal: in Lean it elaborates differently from 2.
		return strings.TrimLeft(s, "0") + ".0"
	}
	t := strings.TrimLeft(s, "0")
	if t == "" {
		return "0"
	}
	return t
}

// binderKinds bind their V in their last child (and, for big operators,
// in the body only).
var binderKinds = map[string]bool{"subtype": true, "pi": true, "ex": true, "exu": true, "lam": true, "setof": true, "sep": true, "sigma": true, "let": true, "evently": true, "frequently": true}

// alpha renames bound variables to their binding depth.
func alpha(n *Node, env map[string]string, depth int) *Node {
	switch {
	case n.K == "id":
		name, rest, dotted := strings.Cut(n.V, ".")
		if b, ok := env[name]; ok {
			if dotted {
				return &Node{K: "id", V: b + "." + rest}
			}
			return &Node{K: "id", V: b}
		}
		return n
	case binderKinds[n.K]:
		kids := make([]*Node, len(n.C))
		last := len(n.C) - 1
		for i := 0; i < last; i++ {
			kids[i] = alpha(n.C[i], env, depth)
		}
		name := n.V
		canon := "_"
		if name != "_" && occurs(name, n.C[last]) {
			canon = "#" + strconv.Itoa(depth)
		}
		kids[last] = alpha(n.C[last], bind(env, name, canon), depth+1)
		return &Node{K: n.K, V: canon, C: kids}
	case n.K == "big":
		name := n.C[0].V
		canon := "_"
		if name != "_" && occurs(name, n.C[3]) {
			canon = "#" + strconv.Itoa(depth)
		}
		return &Node{K: "big", V: n.V, C: []*Node{{K: "bv", V: canon}, alpha(n.C[1], env, depth), alpha(n.C[2], env, depth), alpha(n.C[3], bind(env, name, canon), depth+1)}}
	}
	if len(n.C) == 0 {
		return n
	}
	kids := make([]*Node, len(n.C))
	for i, c := range n.C {
		kids[i] = alpha(c, env, depth)
	}
	return &Node{K: n.K, V: n.V, C: kids}
}

func bind(env map[string]string, name, canon string) map[string]string {
	out := make(map[string]string, len(env)+1)
	for k, v := range env {
		out[k] = v
	}
	if name != "_" {
		out[name] = canon
	}
	return out
}

// occurs reports whether name is used in n (as itself or as the head of a
// dotted name).
func occurs(name string, n *Node) bool {
	if n.K == "id" {
		head, _, _ := strings.Cut(n.V, ".")
		return head == name || n.V == name
	}
	for _, c := range n.C {
		if occurs(name, c) {
			return true
		}
	}
	return false
}

// Equal reports whether two normalized trees are identical.
func Equal(a, b *Node) bool {
	if a.K != b.K || a.V != b.V || len(a.C) != len(b.C) {
		return false
	}
	for i := range a.C {
		if !Equal(a.C[i], b.C[i]) {
			return false
		}
	}
	return true
}

// Difference is the one place where two trees of the same shape differ.
type Difference struct {
	Kind string // "numeral", "operator", "other"
	A, B string
}

// SingleDifference compares two normalized trees of the same shape and
// returns their differences, up to two.
func SingleDifference(a, b *Node) []Difference {
	var out []Difference
	var walk func(a, b *Node) bool
	walk = func(a, b *Node) bool {
		if len(out) > 1 {
			return false
		}
		if a.K != b.K || len(a.C) != len(b.C) {
			out = append(out, Difference{Kind: "shape", A: a.String(), B: b.String()})
			return false
		}
		if a.V != b.V {
			kind := "other"
			switch a.K {
			case "num":
				kind = "numeral"
			case "bin", "un", "post":
				if !unknownOp(a) && !unknownOp(b) {
					kind = "operator"
				}
			}
			out = append(out, Difference{Kind: kind, A: a.V, B: b.V})
		}
		for i := range a.C {
			if !walk(a.C[i], b.C[i]) {
				return false
			}
		}
		return true
	}
	walk(a, b)
	return out
}
