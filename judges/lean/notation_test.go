package lean

import (
	"fmt"
	"go/ast"
	goparser "go/parser"
	gotoken "go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestNotationTable: every row of the one notation table parses as its
// declaration says: against + (65), a higher precedence groups first and a
// lower one last; against itself, left or right by its associativity. And
// the precedence in each row is the number its cited declaration gives.
func TestNotationTable(t *testing.T) {
	declPrec := regexp.MustCompile(`^(?:@\[[^\]]*\] )?(?:(?:scoped(?:\[\w+\])?|local) )?(?:infix[lr]?|notation|prefix|postfix):(\d+)`)
	parse := func(src string) *Node {
		t.Helper()
		st, err := Parse("theorem t : " + src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		return st.Tree
	}
	for _, n := range Infixes {
		if m := declPrec.FindStringSubmatch(n.Decl); m != nil {
			if p, _ := strconv.Atoi(m[1]); p != n.Prec {
				t.Errorf("%s: precedence %d, but its declaration says %d: %s", n.Token, n.Prec, p, n.Decl)
			}
		}
		if n.GluedBracket() || n.Token == "≡" || n.Token == ".." || n.Token == "$" {
			continue // take a bracketed argument or are not free-standing infixes
		}
		op := " " + n.Token + " "
		if n.Assoc == 'n' && n.Prec == 65 {
			// neither left nor right: a +ᵥ b + c is refused, not guessed
			if _, err := Parse("theorem t : a" + op + "b + c"); err == nil || !strings.Contains(err.Error(), "not associative") {
				t.Errorf("%q is read as neither left nor right associative at 65, yet a%sb + c gives %v", n.Token, op, err)
			}
			continue
		}
		got := parse("a" + op + "b + c")
		var want *Node
		switch {
		case n.Prec > 65 || n.Prec == 65 && n.Assoc == 'l':
			want = parse("(a" + op + "b) + c")
		case n.Prec < 65:
			want = parse("a" + op + "(b + c)")
		default:
			continue
		}
		if !Equal(Normalize(got), Normalize(want)) {
			t.Errorf("%q: a%sb + c read as %v, want %v", n.Token, op, got, want)
		}
		switch n.Assoc {
		case 'l':
			if g, w := parse("a"+op+"b"+op+"c"), parse("(a"+op+"b)"+op+"c"); !Equal(Normalize(g), Normalize(w)) {
				t.Errorf("%q is infixl, yet a%sb%sc is %v", n.Token, op, op, g)
			}
		case 'r':
			if g, w := parse("a"+op+"b"+op+"c"), parse("a"+op+"(b"+op+"c)"); !Equal(Normalize(g), Normalize(w)) {
				t.Errorf("%q is infixr, yet a%sb%sc is %v", n.Token, op, op, g)
			}
		}
	}
}

// TestNotationRowsChecked: every row was read in its source, and its
// associativity is the one its cited declaration gives: infixl is left,
// infixr right, infix neither; a notation:P whose right operand is read at
// P-1 (G " ⧸ " H:34 at 35) is right-associative. (Before the rows were
// read, ⧸ was taken for infixl:35: A ⧸ B ⧸ C read as (A ⧸ B) ⧸ C, where
// Lean reads A ⧸ (B ⧸ C).)
func TestNotationRowsChecked(t *testing.T) {
	kind := regexp.MustCompile(`^(?:@\[[^\]]*\] )?(?:(?:scoped(?:\[\w+\])?|local) )?(infixl|infixr|infix|notation):(\d+)`)
	rightArg := regexp.MustCompile(`" [A-Za-z₀-₉]+:(\d+) =>`)
	for _, n := range Infixes {
		if !n.Checked {
			t.Errorf("%q: not read in its source (%s)", n.Token, n.Source)
		}
		m := kind.FindStringSubmatch(n.Decl)
		if m == nil {
			continue // a parser or notation3 declaration, cited in words
		}
		want := map[string]byte{"infixl": 'l', "infixr": 'r', "infix": 'n'}[m[1]]
		if m[1] == "notation" {
			prec, _ := strconv.Atoi(m[2])
			want = 'n'
			if r := rightArg.FindStringSubmatch(n.Decl); r != nil {
				if q, _ := strconv.Atoi(r[1]); q < prec {
					want = 'r'
				}
			}
			if n.Assoc == 'r' && want == 'n' && n.Prec == 25 {
				want = 'r' // M " →ₗ[" R "] " M₂:0: the right operand at 0
			}
		}
		if n.Token == "+ᵥ" {
			want = 'n' // infixl:65 in earlier Mathlib: read as neither (notation.go)
		}
		if n.Assoc != want {
			t.Errorf("%q: associativity %c, but its declaration says %c: %s", n.Token, n.Assoc, want, n.Decl)
		}
	}
	st, err := Parse("theorem t : A ⧸ B ⧸ C")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Parse("theorem t : A ⧸ (B ⧸ C)")
	if !Equal(Normalize(st.Tree), Normalize(want.Tree)) {
		t.Errorf("A ⧸ B ⧸ C read as %v", st.Tree)
	}
}

// TestFormsCoverParser: every prefix, postfix, binder, big operator and
// symbol the parser reads has its row in Forms, and every row names its
// declaration: the one table of what lean-ast knows besides the infixes.
func TestFormsCoverParser(t *testing.T) {
	rows := map[string]Form{}
	for _, f := range Forms {
		if f.Decl == "" || f.Source == "" || f.Reads == "" {
			t.Errorf("row %q: declaration, source and reading are all required", f.Token)
		}
		if f.Prec != 0 && !strings.Contains(f.Reads, "at "+strconv.Itoa(f.Prec)) {
			t.Errorf("row %q: the parser reads it at %d, its reading says %q", f.Token, f.Prec, f.Reads)
		}
		for _, lex := range strings.Fields(f.Lex) {
			if lex != f.Token && !strings.Contains(f.Decl, `"`+lex) {
				t.Errorf("row %q: the lexer's token %q is not its declaration's (%s)", f.Token, lex, f.Decl)
			}
		}
		rows[f.Token] = f
	}
	var tokens []string
	for k := range postfix {
		tokens = append(tokens, k)
	}
	for k := range quantifiers {
		tokens = append(tokens, k)
	}
	for k, atom := range atomSymbols {
		if atom {
			tokens = append(tokens, k)
		}
	}
	tokens = append(tokens, "-", "¬", "↑", "√", "#", "⋃₀", "⋂₀", "|", "‖", "⌊", "⌈", "⟪", "⁅", "𝓝[", "𝓝[≤]", "[MOD", "=ᶠ[", "xs[i]", "R[X]", "‖₊", "![", "(↑)", "𝓝ˢ")
	for _, tok := range tokens {
		if _, ok := rows[tok]; !ok {
			t.Errorf("the parser reads %q, which has no row in Forms", tok)
		}
	}
	for k := range atomConstants {
		if r := rows[k]; !strings.Contains(r.Reads, atomConstants[k]) {
			t.Errorf("row %q says it reads %q; the parser reads %s", k, r.Reads, atomConstants[k])
		}
	}
	// Each prefix reads the way its row says: an application is no
	// argument of a max-precedence prefix, and is of a lower one.
	for _, tt := range []struct{ a, b string }{
		{"theorem t : √x⁻¹ = 1", "theorem t : √(x⁻¹) = 1"},
		{"theorem t : ↑f x = 1", "theorem t : (↑f) x = 1"},
		{"theorem t : #s = 1", "theorem t : #(s) = 1"},
		{"theorem t : -x ^ 2 = 1", "theorem t : -(x ^ 2) = 1"},
		{"theorem t : ¬a = b", "theorem t : ¬(a = b)"},
		{"theorem t : ⋃₀ s ∩ t = u", "theorem t : (⋃₀ s) ∩ t = u"},
		{"theorem t : f ![a, b + 1] = 0", "theorem t : f (Matrix.vecCons a (Matrix.vecCons (b + 1) Matrix.vecEmpty)) = 0"},
		{"theorem t : ‖x‖ₑ + ‖y‖₊ = 0", "theorem t : enorm x + nnnorm y = 0"},
		{"theorem t (s : Set X) : s ∈ 𝓝ˢ s", "theorem t (s : Set X) : s ∈ nhdsSet s"},
		{"theorem t : Prime (X : ℕ⟦X⟧)", "theorem t : Prime (X : (ℕ⟦X⟧))"},
		{"theorem t : f R⟦X⟧ = 0", "theorem t : f (R⟦X⟧) = 0"},
	} {
		// read under a header that opens the scoped notations' namespaces
		a, b := Prepare(tt.a), Prepare(tt.b)
		for _, p := range []*Prepared{a, b} {
			p.InHeaderOpens(HeaderOpens("open Topology PowerSeries Finset"))
		}
		if v := Decide(a, b); v.Result != Same {
			t.Errorf("%s vs %s: %v (%s)", tt.a, tt.b, v.Result, v.Why)
		}
	}
}

// TestGluedRows: a row whose declaration glues "[" to its token takes the
// bracket's term, and one whose declaration reads its right side at 0
// (M " →L[" R "] " M₂) takes every operator after it, as Lean does; a token
// Mathlib also declares with "[" glued on as another notation (⊗ₜ[) and the
// longer list relations (<+: <:+ <:+:) are not read as the shorter token.
func TestGluedRows(t *testing.T) {
	for _, tt := range []struct{ a, b string }{
		{"theorem t : E →L[R] F → G", "theorem t : E →L[R] (F → G)"},
		{"theorem t : E ≃ₗᵢ[R] F → G", "theorem t : E ≃ₗᵢ[R] (F → G)"},
		{"theorem t : E →SL[σ] F ↔ p", "theorem t : E →SL[σ] (F ↔ p)"},
		{"theorem t : f =O[l] g ↔ p", "theorem t : (f =O[l] g) ↔ p"},
		{"theorem t : v ⬝ᵥ M *ᵥ w = 0", "theorem t : v ⬝ᵥ (M *ᵥ w) = 0"},
		{"theorem t : m ⊗ₜ n + p = 0", "theorem t : (m ⊗ₜ n) + p = 0"},
	} {
		if r, why := Compare(tt.a, tt.b); r != Same {
			t.Errorf("%s vs %s: %v (%s)", tt.a, tt.b, r, why)
		}
	}
	for _, src := range []string{"theorem t : m ⊗ₜ[R] n = 0", "theorem t : A ⊗ B = C", "theorem t : f =O l", "theorem t : E →SL F"} {
		if _, err := Parse(src); err == nil {
			t.Errorf("%s: read, want refused", src)
		}
	}
	for src, tok := range map[string]string{"theorem t : l₁ <+: l₂": "<+:", "theorem t : l₁ <:+ l₂": "<:+", "theorem t : l₁ <:+: l₂": "<:+:", "theorem t : l₁ <+ l₂": "<+"} {
		st, err := Parse(src)
		if err != nil || st.Tree.K != KindBinary || st.Tree.V != tok {
			t.Errorf("%s: %v %v, want the relation %s", src, st, err, tok)
		}
	}
}

// TestNoOperatorMapsOutsideTheTable: a property of an operator is a column
// of the notation table, not a map of its own. It fails on a map literal,
// in the non-test code of lean-ast, similarity, synth and the span judge,
// with an infix token of the table as a key. synth's Operators are exempt:
// their tables are which confusions the injector makes, no claim about Lean.
func TestNoOperatorMapsOutsideTheTable(t *testing.T) {
	tokens := map[string]bool{}
	for _, n := range Infixes {
		tokens[n.Token], tokens[n.Norm] = true, true
	}
	var files []string
	for _, glob := range []string{"*.go", "../similarity/*.go", "../../synth/*.go", "../span.go"} {
		m, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	seen := 0
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") || path == "notation.go" {
			continue
		}
		f, err := goparser.ParseFile(gotoken.NewFileSet(), path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		seen++
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && path == "../../synth/ops.go" && len(g.Specs) == 1 {
				if v, ok := g.Specs[0].(*ast.ValueSpec); ok && v.Names[0].Name == "Operators" {
					continue
				}
			}
			ast.Inspect(d, func(x ast.Node) bool {
				lit, ok := x.(*ast.CompositeLit)
				if !ok {
					return true
				}
				if _, isMap := lit.Type.(*ast.MapType); !isMap {
					return true
				}
				for _, e := range lit.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						if b, ok := kv.Key.(*ast.BasicLit); ok && b.Kind == gotoken.STRING {
							if s, _ := strconv.Unquote(b.Value); tokens[s] {
								t.Errorf("%s: a map keyed by the operator %q: make it a column of the notation table (notation.go) and query it", path, s)
							}
						}
					}
				}
				return true
			})
		}
	}
	if seen < 30 {
		t.Fatalf("read %d files: the globs no longer find the packages", seen)
	}
}

// TestPropertyColumns: each column is named once; a row's property
// columns sit on the spelling trees use (an ASCII row is read as its Norm
// row); and every claim a row makes is cited in its Why by the column's
// name (LetterSafe, a fact of the lexer's, needs none).
func TestPropertyColumns(t *testing.T) {
	f, err := goparser.ParseFile(gotoken.NewFileSet(), "notation.go", nil, goparser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var columns []string // the Prop constants, bit by bit (docs/notation.md reads their comments alike)
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == gotoken.CONST && fmt.Sprint(g.Specs[0].(*ast.ValueSpec).Type) == "Prop" {
			for _, s := range g.Specs {
				if v := s.(*ast.ValueSpec); v.Comment == nil {
					t.Errorf("column %s says nothing of what lean-ast does with it", v.Names[0])
				} else {
					columns = append(columns, v.Names[0].Name)
				}
			}
		}
	}
	if len(columns) == 0 || Symmetric != 1 || LetterSafe != 1<<(len(columns)-1) {
		t.Fatalf("read the columns %v: Symmetric first, LetterSafe last", columns)
	}
	for _, n := range Infixes {
		p := n.Props
		if p == nil {
			continue
		}
		if n.Token != n.Norm {
			t.Errorf("%s: columns on a spelling trees do not use (its Norm is %s)", n.Token, n.Norm)
		}
		why := strings.ToLower(p.Why)
		if p.Has&Derived != 0 && (p.Negation == "") == (p.Converse == "") {
			t.Errorf("%s: derived, so declared as the negation or the converse of another row: exactly one of them", n.Token)
		}
		for i, c := range columns {
			if p.Has&(1<<i) != 0 && c != "LetterSafe" && !strings.Contains(p.Why, c) {
				t.Errorf("%s: column %s without its declaration in Why (%s)", n.Token, c, p.Why)
			}
		}
		for name, v := range map[string]string{"converse": p.Converse, "negation": p.Negation, "strict": p.Strict, "onsets": p.OnSets, "nhds": p.Nhds} {
			if v != "" && !strings.Contains(why, name) {
				t.Errorf("%s: %s %s without its declaration in Why (%s)", n.Token, name, v, p.Why)
			}
		}
	}
}
