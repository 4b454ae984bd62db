package synth

import (
	"strconv"
	"strings"

	"github.com/rxeval/rxeval/judges/lean"
)

// Operator injects one kind of error into a statement.
type Operator struct {
	Category string // one of the 28 SCI category names
	Name     string // short name, e.g. "quantifier-exists-to-forall"
	Does     string // what it changes, for docs/synth.md
	find     func(st *stmt) []mutation
}

// edit replaces bytes [lo, hi) of the statement with repl.
type edit struct {
	lo, hi int
	repl   string
}

// mutation is one candidate error: edits to the statement (sorted, not
// overlapping) and, when the change is not a sub-term of the mutant (a
// deleted hypothesis), how to find its location there.
type mutation struct {
	edits []edit
	// loc returns the error location in the mutant m; at is where the
	// first edit starts in m. Nil: the smallest enclosing sub-term.
	loc func(m *stmt, at int) string
}

func one(lo, hi int, repl string) mutation { return mutation{edits: []edit{{lo, hi, repl}}} }

// apply returns the mutant and the byte range [lo, hi) of it that the
// edits wrote.
func (m mutation) apply(src string) (string, int, int) {
	var b strings.Builder
	b.Grow(len(src) + 32)
	last, lo, hi := 0, -1, 0
	for _, e := range m.edits {
		b.WriteString(src[last:e.lo])
		if lo < 0 {
			lo = b.Len()
		}
		b.WriteString(e.repl)
		hi = b.Len()
		last = e.hi
	}
	b.WriteString(src[last:])
	return b.String(), lo, hi
}

// Operators are the error injectors, by category in the order of the
// track's taxonomy.
var Operators = []*Operator{
	{Category: "Quantifier Strengthening", Name: "exists-to-forall", Does: "`∃` → `∀` (or `∃!`)", find: tokSwap(map[string][]string{"∃": {"∀", "∃!"}}, nil)},
	{Category: "Quantifier Weakening", Name: "forall-to-exists", Does: "`∀` → `∃`, `∃!` → `∃`", find: tokSwap(map[string][]string{"∀": {"∃"}, "∃!": {"∃"}}, nil)},
	{Category: "Logical Connective Misuse", Name: "connective-swap", Does: "`∧` ↔ `∨`, `↔` → `→`, `→` between propositions → `↔` or `∧`", find: connectives},
	{Category: "Object Type Error", Name: "number-type-swap", Does: "a number type changed: `ℝ` → `ℚ`/`ℤ`, `ℕ` → `ℤ`, `ℤ` → `ℕ`, `ℚ` → `ℝ`, `ℂ` → `ℝ`", find: tokSwap(map[string][]string{"ℝ": {"ℚ", "ℤ"}, "ℕ": {"ℤ"}, "ℤ": {"ℕ"}, "ℚ": {"ℝ"}, "ℂ": {"ℝ"}}, nil)},
	{Category: "Function Confusion", Name: "function-swap", Does: "a function replaced by a related one: `sin` ↔ `cos`, `exp` ↔ `log`, `gcd` ↔ `lcm`, `re` ↔ `im`, `sqrt` → `log`, `⌊⌋` ↔ `⌈⌉` ...", find: functions},
	{Category: "Operator Confusion", Name: "arith-operator-swap", Does: "`+` ↔ `-`, `+` ↔ `*`, `*` ↔ `/`, `∪` ↔ `∩`, `⊔` ↔ `⊓`", find: binSwap(map[string][]string{"+": {"*", "-"}, "-": {"+"}, "*": {"+", "/"}, "/": {"*"}, "∪": {"∩"}, "∩": {"∪"}, "⊔": {"⊓"}, "⊓": {"⊔"}}, nil)},
	{Category: "Exponent/Power Error", Name: "exponent-change", Does: "the exponent of `^` changed: a numeral k → k+1 (or k-1), a variable n → `(n + 1)`", find: exponents},
	{Category: "Coefficient/Constant Error", Name: "numeral-change", Does: "a numeral (not an exponent or a range bound) changed: k → k+1, k → k-1", find: constants},
	{Category: "Index/Subscript Error", Name: "index-shift", Does: "a subscript swapped (`x₁` → `x₂`, both in the statement) or an index shifted (`a n` → `a (n + 1)`)", find: indices},
	{Category: "Partial Order Errors", Name: "order-relation-swap", Does: "`⊆` ↔ `⊂`, `⊆` → `⊇`, `∣` ↔ `≤`", find: binSwap(map[string][]string{"⊆": {"⊂", "⊇"}, "⊂": {"⊆"}, "∣": {"≤"}}, nil)},
	{Category: "Infinity Misinterpretation", Name: "infinity-swap", Does: "`atTop` ↔ `atBot`, `Infinite` ↔ `Finite`, `⊤` ↔ `⊥`", find: suffixSwap(map[string][]string{"atTop": {"atBot"}, "atBot": {"atTop"}, "Infinite": {"Finite"}, "Finite": {"Infinite"}, "⊤": {"⊥"}, "∞": {"0"}})},
	{Category: "Extremum Concept Error", Name: "extremum-swap", Does: "`IsLeast` ↔ `IsGreatest`, `sSup` ↔ `sInf`, `iSup` ↔ `iInf`, `max` ↔ `min`, `BddAbove` ↔ `BddBelow`, `IsMaxOn` ↔ `IsMinOn` ...", find: suffixSwap(map[string][]string{
		"IsLeast": {"IsGreatest"}, "IsGreatest": {"IsLeast"}, "sSup": {"sInf"}, "sInf": {"sSup"}, "iSup": {"iInf"}, "iInf": {"iSup"}, "⨆": {"⨅"}, "⨅": {"⨆"},
		"max": {"min"}, "min": {"max"}, "BddAbove": {"BddBelow"}, "BddBelow": {"BddAbove"}, "IsMaxOn": {"IsMinOn"}, "IsMinOn": {"IsMaxOn"}, "IsLUB": {"IsGLB"}, "IsGLB": {"IsLUB"},
		"upperBounds": {"lowerBounds"}, "lowerBounds": {"upperBounds"}, "limsup": {"liminf"}, "liminf": {"limsup"}, "IsMax": {"IsMin"}, "IsMin": {"IsMax"}, "sup": {"inf"}, "inf": {"sup"}})},
	{Category: "Cardinality Error", Name: "cardinality-change", Does: "the number a cardinality (`card`, `ncard`, `orderOf`, `finrank`) is compared with changed by one, or `card` ↔ `ncard` → `encard`", find: cardinality},
	{Category: "Integration/Differentiation Confusion", Name: "derivative-swap", Does: "`deriv f` → `iteratedDeriv 2 f`, `Differentiable…` ↔ `Integrable…`, `IntervalIntegrable` → `DifferentiableOn ℝ`", find: calculus},
	{Category: "Geometric Relationship/Object Error", Name: "geometry-swap", Does: "`ball` ↔ `closedBall` ↔ `sphere`, `Collinear` ↔ `Coplanar`, `IsOpen` ↔ `IsClosed`, `interior` ↔ `closure`, `frontier` → `closure`", find: suffixSwap(map[string][]string{
		"ball": {"closedBall", "sphere"}, "closedBall": {"ball"}, "sphere": {"ball"}, "Collinear": {"Coplanar"}, "Coplanar": {"Collinear"}, "IsOpen": {"IsClosed"}, "IsClosed": {"IsOpen"}, "interior": {"closure"}, "closure": {"interior"}, "frontier": {"closure"}})},
	{Category: "Positivity Constraint Error", Name: "strict-positivity", Does: "a comparison with 0 made strict or non-strict: `0 < x` ↔ `0 ≤ x`, `x > 0` ↔ `x ≥ 0`", find: positivity},
	{Category: "Bound Constraint Error", Name: "bound-strictness", Does: "a bound made strict or non-strict (`<` ↔ `≤`, `>` ↔ `≥`) where neither side is 0", find: bounds},
	{Category: "Domain Constraint Error", Name: "domain-interval", Does: "a one-sided domain changed: `Ioi` ↔ `Ici`, `Iio` ↔ `Iic`, `∈` → `∉` in a hypothesis about a domain set", find: domains},
	{Category: "Variable Constraint Error", Name: "constraint-variable", Does: "a hypothesis constrains another variable of the same type (`0 < x` → `0 < y`)", find: constraintVariable},
	{Category: "Range Shift", Name: "range-bound-shift", Does: "a numeric bound of `Icc`/`Ico`/`Ioc`/`Ioo`/`range` shifted by one (`Icc 1 n` → `Icc 0 n`)", find: rangeShift},
	{Category: "Range Error", Name: "range-kind", Does: "an interval's kind changed: `Icc` ↔ `Ico` ↔ `Ioc` ↔ `Ioo`, `range n` → `Icc 1 n`", find: rangeKind},
	{Category: "Missing Premise", Name: "drop-hypothesis", Does: "a hypothesis dropped (a whole binder whose name is not used elsewhere, or one conjunct of `h : P ∧ Q`); location: the neighbouring hypotheses", find: dropHypothesis},
	{Category: "Redundant Premise", Name: "add-hypothesis", Does: "a hypothesis added after the last binder: `(hx_pos : 0 < x)`, `(hx_ne : x ≠ 1)` ... about a number variable", find: addHypothesis},
	{Category: "Incorrect Premise", Name: "hypothesis-relation", Does: "in a hypothesis: `=` ↔ `≠`, `∈` ↔ `∉`, `<` → `>`, or the hypothesis negated", find: incorrectPremise},
	{Category: "Conclusion Error", Name: "goal-relation", Does: "the conclusion's relation flipped: `=` → `≠`, `<` → `>`, `≤` → `≥`, `∈` → `∉`, `↔` → `→`, or the goal negated", find: conclusion},
	{Category: "Truncation Error", Name: "truncating-division", Does: "a cast to ℝ/ℚ removed from a division (`(n : ℝ) / 2` → `n / 2`, `↑n / 2` → `n / 2`) or `Real.sqrt` → `Nat.sqrt`", find: truncation},
	{Category: "Operator Precedence Error", Name: "drop-parentheses", Does: "needed parentheses removed: `(a + b) * c` → `a + b * c`, `a - (b - c)` → `a - b - c`", find: precedence},
}

// Unmakeable lists the categories with no operator, and why.
var Unmakeable = map[string]string{
	"Auxiliary Construction Error": "the error sits in an auxiliary definition (a `def` or `let` the statement uses, usually in the header); the gold correction is the statement alone, so a mutation there cannot be corrected by the statement, and a `let` inside the statement is too rare in the sources to make",
}

func (st *stmt) inConclusion(i int) bool {
	return st.concl != nil && st.concl.lo <= i && i < st.concl.hi
}

// hypothesisOf returns the hypothesis binder holding token i, or nil.
func (st *stmt) hypothesisOf(i int) *binder {
	for _, b := range st.binders {
		if b.isProp && b.colon < i && i < b.n.hi-1 {
			return b
		}
	}
	return nil
}

func replaceTok(st *stmt, i int, repl string) mutation {
	return one(st.toks[i].Pos, st.toks[i].End, repl)
}

// tokSwap replaces whole tokens by the table, where ok allows it.
func tokSwap(table map[string][]string, ok func(st *stmt, i int) bool) func(*stmt) []mutation {
	return func(st *stmt) []mutation {
		var out []mutation
		for i := 0; i < st.end; i++ {
			for _, r := range table[st.toks[i].Text] {
				if ok == nil || ok(st, i) {
					out = append(out, replaceTok(st, i, r))
				}
			}
		}
		return out
	}
}

// binSwap is tokSwap on the operators of binary sub-terms only.
func binSwap(table map[string][]string, ok func(st *stmt, n *node) bool) func(*stmt) []mutation {
	return func(st *stmt) []mutation {
		var out []mutation
		for i := 0; i < st.end; i++ {
			n := st.binOp(i)
			if n == nil {
				continue
			}
			for _, r := range table[st.toks[i].Text] {
				if ok == nil || ok(st, n) {
					out = append(out, replaceTok(st, i, r))
				}
			}
		}
		return out
	}
}

// lastSegment splits "Real.sin" into "Real." and "sin", ".re" into "." and "re".
func lastSegment(s string) (string, string) {
	if i := strings.LastIndexByte(s, '.'); i >= 0 && i+1 < len(s) {
		return s[:i+1], s[i+1:]
	}
	return "", s
}

// suffixSwap replaces the last dotted segment of identifiers by the table.
func suffixSwap(table map[string][]string) func(*stmt) []mutation {
	return func(st *stmt) []mutation {
		var out []mutation
		for i := 0; i < st.end; i++ {
			pre, last := lastSegment(st.toks[i].Text)
			for _, r := range table[last] {
				out = append(out, replaceTok(st, i, pre+r))
			}
		}
		return out
	}
}

func connectives(st *stmt) []mutation {
	var out []mutation
	for i := 0; i < st.end; i++ {
		n := st.binOp(i)
		if n == nil {
			continue
		}
		switch st.toks[i].Text {
		case "∧":
			out = append(out, replaceTok(st, i, "∨"))
		case "∨":
			out = append(out, replaceTok(st, i, "∧"))
		case "↔":
			out = append(out, replaceTok(st, i, "→"))
		case "→":
			if isPropShape(st, n.kids[0]) && isPropShape(st, n.kids[1]) {
				out = append(out, replaceTok(st, i, "↔"), replaceTok(st, i, "∧"))
			}
		}
	}
	return out
}

var functionTable = map[string][]string{
	"sin": {"cos"}, "cos": {"sin"}, "tan": {"sin"}, "sinh": {"cosh"}, "cosh": {"sinh"}, "arcsin": {"arccos"}, "arccos": {"arcsin"}, "arctan": {"tan"},
	"exp": {"log"}, "log": {"exp"}, "sqrt": {"log"}, "gcd": {"lcm"}, "lcm": {"gcd"}, "re": {"im"}, "im": {"re"}, "floor": {"ceil"}, "ceil": {"floor"},
	"natAbs": {"toNat"}, "toNat": {"natAbs"}, "totient": {"factorial"}, "factorial": {"totient"}, "conj": {"exp"}, "det": {"trace"}, "trace": {"det"},
	"ker": {"range"}, "range": {"ker"}, "abs": {"sqrt"}, "norm": {"abs"},
}

func functions(st *stmt) []mutation {
	out := suffixSwap(functionTable)(st)
	// Finset.range is a range, not a linear map's range.
	out = dropIf(st, out, func(i int) bool {
		t := st.toks[i].Text
		return strings.HasSuffix(t, "range") && t != "LinearMap.range" && t != ".range"
	})
	for i := 0; i < st.end; i++ {
		j := st.match[i]
		switch st.toks[i].Text {
		case "⌊":
			out = append(out, mutation{edits: []edit{{st.toks[i].Pos, st.toks[i].End, "⌈"}, {st.toks[j].Pos, st.toks[j].End, strings.Replace(st.toks[j].Text, "⌋", "⌉", 1)}}})
		case "⌈":
			out = append(out, mutation{edits: []edit{{st.toks[i].Pos, st.toks[i].End, "⌊"}, {st.toks[j].Pos, st.toks[j].End, strings.Replace(st.toks[j].Text, "⌉", "⌋", 1)}}})
		}
	}
	return out
}

// dropIf removes the single-edit mutations at tokens where bad holds.
func dropIf(st *stmt, ms []mutation, bad func(i int) bool) []mutation {
	out := ms[:0]
	for _, m := range ms {
		i := st.tokenAt(m.edits[0].lo)
		if i >= 0 && bad(i) {
			continue
		}
		out = append(out, m)
	}
	return out
}

func (st *stmt) tokenAt(pos int) int {
	for i, t := range st.toks {
		if t.Pos == pos {
			return i
		}
	}
	return -1
}

func isNumeral(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// numeralChanges returns k+1, and k-1 when k > 1 (0 → 1, 1 → 2).
func numeralChanges(s string) []string {
	k, err := strconv.ParseUint(s, 10, 62)
	if err != nil {
		return nil
	}
	out := []string{strconv.FormatUint(k+1, 10)}
	if k > 1 {
		out = append(out, strconv.FormatUint(k-1, 10))
	}
	return out
}

func isExponent(st *stmt, i int) bool {
	n := st.smallest(i, i+1)
	p := n.parent
	return p != nil && p.kind == "bin" && st.toks[p.op].Text == "^" && len(p.kids) == 2 && p.kids[1] == n
}

var rangeFuncs = map[string]bool{"Icc": true, "Ico": true, "Ioc": true, "Ioo": true, "range": true, "Ioi": true, "Ici": true, "Iio": true, "Iic": true, "uIcc": true}

// rangeArg reports whether token i is an argument of a range or interval.
func rangeArg(st *stmt, i int) bool {
	n := st.smallest(i, i+1)
	p := n.parent
	if p == nil || p.kind != "app" || p.kids[0] == n {
		return false
	}
	_, last := lastSegment(st.toks[p.kids[0].lo].Text)
	return rangeFuncs[last] && p.kids[0].hi == p.kids[0].lo+1
}

func exponents(st *stmt) []mutation {
	var out []mutation
	for i := 0; i < st.end; i++ {
		n := st.binOp(i)
		if n == nil || st.toks[i].Text != "^" {
			continue
		}
		e := n.kids[1]
		if e.hi != e.lo+1 {
			continue
		}
		t := st.toks[e.lo].Text
		if isNumeral(t) {
			for _, r := range numeralChanges(t) {
				out = append(out, replaceTok(st, e.lo, r))
			}
		} else if isName(t) {
			out = append(out, replaceTok(st, e.lo, "("+t+" + 1)"))
		}
	}
	return out
}

func constants(st *stmt) []mutation {
	var out []mutation
	for i := 0; i < st.end; i++ {
		if !isNumeral(st.toks[i].Text) || isExponent(st, i) || rangeArg(st, i) {
			continue
		}
		for _, r := range numeralChanges(st.toks[i].Text) {
			out = append(out, replaceTok(st, i, r))
		}
	}
	return out
}

var subscripts = []string{"₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"}

var indexNames = map[string]bool{"i": true, "j": true, "k": true, "n": true, "m": true}

func indices(st *stmt) []mutation {
	var out []mutation
	present := map[string]bool{}
	for i := 0; i < st.end; i++ {
		present[st.toks[i].Text] = true
	}
	for i := 0; i < st.end; i++ {
		t := st.toks[i].Text
		for k, s := range subscripts {
			if !strings.HasSuffix(t, s) || len(t) == len(s) {
				continue
			}
			base := strings.TrimSuffix(t, s)
			for d := -1; d <= 1; d += 2 {
				if k+d < 0 || k+d > 9 {
					continue
				}
				if other := base + subscripts[k+d]; present[other] {
					if n := st.smallest(i, i+1); n.parent != nil && n.parent.kind == "binder" {
						continue // a binder's own name
					}
					if st.hypothesisNameToken(i) {
						continue
					}
					out = append(out, replaceTok(st, i, other))
				}
			}
		}
		// a n → a (n + 1): an index argument of a function
		if indexNames[t] {
			n := st.smallest(i, i+1)
			if p := n.parent; p != nil && p.kind == "app" && p.kids[0] != n && p.kids[0].hi == p.kids[0].lo+1 && !rangeArg(st, i) {
				out = append(out, replaceTok(st, i, "("+t+" + 1)"))
			}
		}
	}
	return out
}

// hypothesisNameToken: token i names a binder.
func (st *stmt) hypothesisNameToken(i int) bool {
	for _, b := range st.binders {
		for _, j := range b.names {
			if j == i {
				return true
			}
		}
	}
	return false
}

var cardFuncs = map[string]bool{"card": true, "ncard": true, "encard": true, "orderOf": true, "finrank": true, "natCard": true, "index": true}

func mentionsCard(st *stmt, n *node) bool {
	for i := n.lo; i < n.hi; i++ {
		if _, last := lastSegment(st.toks[i].Text); cardFuncs[last] {
			return true
		}
	}
	return false
}

func cardinality(st *stmt) []mutation {
	var out []mutation
	for i := 0; i < st.end; i++ {
		// a relation between numbers: the notation table's homogeneous
		// Prop-valued rows (= ≠ < ≤ > ≥ ∣)
		n := st.binOp(i)
		if n == nil || !lean.Is(st.toks[i].Text, lean.Homogeneous|lean.PropValued) {
			continue
		}
		for side := 0; side < 2; side++ {
			a, b := n.kids[side], n.kids[1-side]
			if !mentionsCard(st, a) || b.hi != b.lo+1 || !isNumeral(st.toks[b.lo].Text) {
				continue
			}
			for _, r := range numeralChanges(st.toks[b.lo].Text) {
				out = append(out, replaceTok(st, b.lo, r))
			}
		}
	}
	return out
}

func calculus(st *stmt) []mutation {
	var out []mutation
	for i := 0; i < st.end; i++ {
		pre, last := lastSegment(st.toks[i].Text)
		switch last {
		case "deriv":
			out = append(out, replaceTok(st, i, pre+"iteratedDeriv 2"))
		case "iteratedDeriv":
			out = append(out, replaceTok(st, i, "deriv"))
		case "IntervalIntegrable":
			out = append(out, replaceTok(st, i, pre+"DifferentiableOn ℝ"))
		case "DifferentiableOn", "DifferentiableAt", "Differentiable":
			out = append(out, replaceTok(st, i, strings.Replace(st.toks[i].Text, "Differentiable", "Integrable", 1)))
		}
	}
	return out
}

func isZero(st *stmt, n *node) bool { return n.hi == n.lo+1 && st.toks[n.lo].Text == "0" }

// strictSwap is the notation table's strict or non-strict partner of an
// order token (<= is read as ≤).
func strictSwap(tok string) (string, bool) {
	n, ok := lean.InfixOp(tok)
	r := lean.PropsOf(n.Norm).Strict
	return r, ok && r != ""
}

func positivity(st *stmt) []mutation {
	var out []mutation
	for i := 0; i < st.end; i++ {
		n := st.binOp(i)
		r, ok := strictSwap(st.toks[i].Text)
		if !ok || n == nil {
			continue
		}
		if isZero(st, n.kids[0]) || isZero(st, n.kids[1]) {
			out = append(out, replaceTok(st, i, r))
		}
	}
	return out
}

func bounds(st *stmt) []mutation {
	var out []mutation
	for i := 0; i < st.end; i++ {
		n := st.binOp(i)
		r, ok := strictSwap(st.toks[i].Text)
		if !ok || n == nil {
			continue
		}
		if !isZero(st, n.kids[0]) && !isZero(st, n.kids[1]) {
			out = append(out, replaceTok(st, i, r))
		}
	}
	return out
}

func domains(st *stmt) []mutation {
	out := suffixSwap(map[string][]string{"Ioi": {"Ici"}, "Ici": {"Ioi"}, "Iio": {"Iic"}, "Iic": {"Iio"}})(st)
	for i := 0; i < st.end; i++ {
		n := st.opNode[i]
		if n == nil || st.toks[i].Text != "∈" || len(n.kids) != 2 || st.hypothesisOf(i) == nil {
			continue
		}
		if st.nodeText(n.kids[1]) != "" && !st.inConclusion(i) {
			out = append(out, replaceTok(st, i, "∉"))
		}
	}
	return out
}

var numberTypes = map[string]bool{"ℝ": true, "ℕ": true, "ℤ": true, "ℚ": true, "ℂ": true, "ℝ≥0": true, "NNReal": true, "ℕ+": true}

// numberVars returns the explicit or implicit variables of the theorem's
// binders by their type's text, in order.
func (st *stmt) numberVars() (names []string, typeOf map[string]string) {
	typeOf = map[string]string{}
	for _, b := range st.binders {
		if b.typ == nil || b.isProp || st.toks[b.n.lo].Text == "[" {
			continue
		}
		ty := st.nodeText(b.typ)
		if !numberTypes[ty] {
			continue
		}
		for _, j := range b.names {
			name := st.toks[j].Text
			if _, dup := typeOf[name]; !dup && isName(name) {
				names = append(names, name)
				typeOf[name] = ty
			}
		}
	}
	return names, typeOf
}

func constraintVariable(st *stmt) []mutation {
	names, typeOf := st.numberVars()
	var out []mutation
	for _, b := range st.binders {
		if !b.isProp {
			continue
		}
		for i := b.colon + 1; i < b.n.hi-1; i++ {
			t := st.toks[i].Text
			ty, ok := typeOf[t]
			if !ok {
				continue
			}
			for _, other := range names {
				if other != t && typeOf[other] == ty {
					out = append(out, replaceTok(st, i, other))
				}
			}
		}
	}
	return out
}

func rangeShift(st *stmt) []mutation {
	_, typeOf := st.numberVars()
	var out []mutation
	for i := 0; i < st.end; i++ {
		t := st.toks[i].Text
		if !rangeArg(st, i) {
			continue
		}
		if isNumeral(t) {
			for _, r := range numeralChanges(t) {
				out = append(out, replaceTok(st, i, r))
			}
			if t == "1" {
				out = append(out, replaceTok(st, i, "0"))
			}
		} else if isName(t) && typeOf[t] != "" {
			// Only a variable bound as a number: `range f` is Set.range of
			// a function, whose argument is no bound.
			out = append(out, replaceTok(st, i, "("+t+" + 1)"))
		}
	}
	return out
}

func rangeKind(st *stmt) []mutation {
	_, typeOf := st.numberVars()
	out := suffixSwap(map[string][]string{"Icc": {"Ico", "Ioc"}, "Ico": {"Icc"}, "Ioc": {"Icc"}, "Ioo": {"Icc"}})(st)
	for i := 0; i < st.end; i++ {
		pre, last := lastSegment(st.toks[i].Text)
		if last != "range" || pre == "LinearMap." || pre == "." {
			continue
		}
		n := st.smallest(i, i+1)
		if p := n.parent; p != nil && p.kind == "app" && p.kids[0] == n && len(p.kids) == 2 && numericArg(st, p.kids[1], typeOf) {
			out = append(out, replaceTok(st, i, pre+"Icc 1"))
		}
	}
	return out
}

// binOp returns the binary operation whose operator is token i, or nil.
func (st *stmt) binOp(i int) *node {
	if n := st.opNode[i]; n != nil && n.kind == "bin" && len(n.kids) == 2 {
		return n
	}
	return nil
}

// numericArg reports whether an argument is one token that is a numeral or
// a variable bound as a number (so `range n` is Finset.range, not Set.range
// of a function).
func numericArg(st *stmt, n *node, typeOf map[string]string) bool {
	if n.hi != n.lo+1 {
		return false
	}
	t := st.toks[n.lo].Text
	return isNumeral(t) || typeOf[t] != ""
}

// usedElsewhere reports whether the binder's names occur outside it.
func (st *stmt) usedElsewhere(b *binder) bool {
	for _, j := range b.names {
		name := st.toks[j].Text
		for i := 0; i < st.end; i++ {
			if (i < b.n.lo || i >= b.n.hi) && st.toks[i].Text == name {
				return true
			}
		}
	}
	return false
}

func dropHypothesis(st *stmt) []mutation {
	var out []mutation
	for k, b := range st.binders {
		if !b.isProp || st.usedElsewhere(b) {
			continue
		}
		// one conjunct of h : P ∧ Q
		if t := b.typ; t.kind == "bin" && st.toks[t.op].Text == "∧" && len(t.kids) == 2 {
			l, r := t.kids[0], t.kids[1]
			out = append(out, one(st.toks[l.lo].Pos, st.toks[r.lo].Pos, ""), one(st.toks[l.hi-1].End, st.toks[r.hi-1].End, ""))
		}
		if len(st.binders) < 2 && st.concl == nil {
			continue
		}
		lo, hi := st.toks[b.n.lo].Pos, st.toks[b.n.hi-1].End
		if k+1 < len(st.binders) {
			hi = st.toks[st.binders[k+1].n.lo].Pos // up to the next binder
		} else if b.n.lo > 0 {
			lo = st.toks[b.n.lo-1].End // from the end of the token before
		}
		m := one(lo, hi, "")
		m.loc = neighbours
		out = append(out, m)
	}
	return out
}

// neighbours is the location of a dropped binder: the binders on both
// sides of where it stood (or the one side there is), else the conclusion.
func neighbours(m *stmt, at int) string {
	var before, after *binder
	for _, b := range m.binders {
		if m.toks[b.n.hi-1].End <= at {
			before = b
		} else if after == nil && m.toks[b.n.lo].Pos >= at {
			after = b
		}
	}
	switch {
	case before != nil && after != nil:
		return m.src[m.toks[before.n.lo].Pos:m.toks[after.n.hi-1].End]
	case before != nil:
		return m.nodeText(before.n)
	case after != nil:
		return m.nodeText(after.n)
	case m.concl != nil:
		return m.nodeText(m.concl)
	}
	return ""
}

func addHypothesis(st *stmt) []mutation {
	names, typeOf := st.numberVars()
	if len(st.binders) == 0 {
		return nil
	}
	used := map[string]bool{}
	for _, t := range st.toks {
		used[t.Text] = true
	}
	last := st.binders[len(st.binders)-1]
	at := st.toks[last.n.hi-1].End
	var out []mutation
	for _, x := range names {
		cands := [][2]string{{"_pos", "0 < " + x}, {"_ne", x + " ≠ 1"}, {"_le", x + " ≤ 10"}}
		if typeOf[x] == "ℂ" {
			cands = [][2]string{{"_ne", x + " ≠ 1"}, {"_re", "0 < " + x + ".re"}}
		}
		for _, c := range cands {
			h := "h" + x + c[0]
			if used[h] || strings.Contains(st.src, c[1]) {
				continue
			}
			ins := " (" + h + " : " + c[1] + ")"
			m := one(at, at, ins)
			out = append(out, m)
		}
	}
	return out
}

// relFlip is the goal's relation made wrong: negated (= ≠, ∈ ∉, the
// notation table's Negation), an order turned around (its Converse), ⊆
// turned to ⊇, ↔ weakened to →; "" for any other token.
func relFlip(tok string) string {
	p := lean.PropsOf(tok)
	switch {
	case p.Negation != "":
		return p.Negation
	case p.Has&lean.Order != 0 || tok == "⊆":
		return p.Converse
	case tok == "↔":
		return "→"
	}
	return ""
}

func incorrectPremise(st *stmt) []mutation {
	var out []mutation
	for _, b := range st.binders {
		if !b.isProp {
			continue
		}
		for i := b.colon + 1; i < b.n.hi-1; i++ {
			n := st.binOp(i)
			if n == nil {
				continue
			}
			if r := lean.PropsOf(st.toks[i].Text).Negation; r != "" {
				out = append(out, replaceTok(st, i, r))
			}
		}
		t := b.typ
		if t.kind == "un" && st.toks[t.op].Text == "¬" {
			out = append(out, one(st.toks[t.lo].Pos, st.toks[t.kids[0].lo].Pos, ""))
		} else {
			out = append(out, mutation{edits: []edit{{st.toks[t.lo].Pos, st.toks[t.lo].Pos, "¬("}, {st.toks[t.hi-1].End, st.toks[t.hi-1].End, ")"}}})
		}
	}
	return out
}

func conclusion(st *stmt) []mutation {
	if st.concl == nil {
		return nil
	}
	var out []mutation
	// the goal's relation: the top binary relation, under the leading
	// quantifiers and implications
	n := st.concl
	for {
		switch {
		case (n.kind == "seq" || n.kind == "concl") && len(n.kids) == 1:
			n = n.kids[0]
			continue
		case n.kind == "quant" && len(n.kids) == 2:
			n = n.kids[1]
			continue
		case n.kind == "bin" && len(n.kids) == 2 && (st.toks[n.op].Text == "→" || st.toks[n.op].Text == "->"):
			n = n.kids[1]
			continue
		}
		break
	}
	if n.kind == "bin" {
		if r := relFlip(st.toks[n.op].Text); r != "" {
			out = append(out, replaceTok(st, n.op, r))
		}
	}
	if n.kind == "un" && st.toks[n.op].Text == "¬" {
		out = append(out, one(st.toks[n.lo].Pos, st.toks[n.kids[0].lo].Pos, ""))
	} else if n.hi > n.lo {
		out = append(out, mutation{edits: []edit{{st.toks[n.lo].Pos, st.toks[n.lo].Pos, "¬("}, {st.toks[n.hi-1].End, st.toks[n.hi-1].End, ")"}}})
	}
	return out
}

var realTypes = map[string]bool{"ℝ": true, "ℚ": true, "ℂ": true}

func truncation(st *stmt) []mutation {
	var out []mutation
	for i := 0; i < st.end; i++ {
		n := st.opNode[i]
		if n != nil && n.kind == "bin" && st.toks[i].Text == "/" && len(n.kids) == 2 {
			for _, k := range n.kids {
				// (e : ℝ) → e
				if k.kind == "group" && st.toks[k.lo].Text == "(" && k.hi-k.lo >= 5 && st.toks[k.hi-3].Text == ":" && realTypes[st.toks[k.hi-2].Text] {
					inner := st.text(k.lo+1, k.hi-3)
					if k.hi-3-(k.lo+1) > 1 {
						inner = "(" + inner + ")"
					}
					out = append(out, one(st.toks[k.lo].Pos, st.toks[k.hi-1].End, inner))
				}
				// ↑e → e
				if k.kind == "un" && st.toks[k.op].Text == "↑" {
					out = append(out, one(st.toks[k.lo].Pos, st.toks[k.kids[0].lo].Pos, ""))
				}
			}
		}
		if pre, last := lastSegment(st.toks[i].Text); last == "sqrt" && pre == "Real." {
			out = append(out, replaceTok(st, i, "Nat.sqrt"))
		}
	}
	return out
}

func precedence(st *stmt) []mutation {
	var out []mutation
	var walk func(n *node)
	walk = func(n *node) {
		for _, k := range n.kids {
			walk(k)
		}
		if n.kind != "group" || st.toks[n.lo].Text != "(" || len(n.kids) != 1 || n.kids[0].kind != "bin" {
			return
		}
		inner := n.kids[0]
		p := n.parent
		if p == nil {
			return
		}
		ip := infix[st.toks[inner.op].Text].prec
		needed := false
		switch p.kind {
		case "bin":
			pp := infix[st.toks[p.op].Text].prec
			needed = ip < pp || (ip == pp && len(p.kids) == 2 && p.kids[1] == n && !infix[st.toks[p.op].Text].right)
		case "app":
			needed = true
		}
		if needed && ip >= 50 {
			out = append(out, mutation{edits: []edit{{st.toks[n.lo].Pos, st.toks[n.lo].End, ""}, {st.toks[n.hi-1].Pos, st.toks[n.hi-1].End, ""}}})
		}
	}
	walk(st.root)
	return out
}
