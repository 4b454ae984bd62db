package study

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/rxeval/rxeval/internal/fixtures"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges"
	"github.com/rxeval/rxeval/judges/lean"
)

var update = flag.Bool("update", false, "rewrite the generated tables of docs/judges.md and docs/notation.md")

// The figures of docs/judges.md are measured here, on the data under
// testdata/, and compared with the page: TestJudgesDoc fails when a judge
// changes and the page does not (-update rewrites the tables).

// tally counts a judge's verdicts against what the pair is known to be.
type tally struct {
	name                     string
	eqRight, eqWrong         int // judged equivalent: rightly, wrongly
	neRight, neWrong         int // judged not equivalent
	undecided, total, truthy int
}

func (t *tally) add(v eval.Verdict, equivalent bool) {
	t.total++
	if equivalent {
		t.truthy++
	}
	switch {
	case v == eval.Equivalent && equivalent:
		t.eqRight++
	case v == eval.Equivalent:
		t.eqWrong++
	case v == eval.NotEquivalent && !equivalent:
		t.neRight++
	case v == eval.NotEquivalent:
		t.neWrong++
	default:
		t.undecided++
	}
}

func frac(a, b int) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%d/%d (%.1f%%)", a, b, 100*float64(a)/float64(b))
}

// row: judge, decided (coverage), equivalent right/judged, not equivalent
// right/judged, undecided.
func (t *tally) row() string {
	dec := t.eqRight + t.eqWrong + t.neRight + t.neWrong
	return fmt.Sprintf("| `%s` | %s | %s | %s | %d |", t.name, frac(dec, t.total), frac(t.eqRight, t.eqRight+t.eqWrong), frac(t.neRight, t.neRight+t.neWrong), t.undecided)
}

const tableHead = "| judge | decided (coverage) | judged equivalent: right (precision) | judged not equivalent: right (precision) | undecided |\n|---|---|---|---|---|\n"

// stageOne is the scoring protocol's stage one: equal strings are
// equivalent; everything else is left to stage two.
type stageOne struct{}

func (stageOne) Name() string { return "exact" }
func (stageOne) Judge(_ context.Context, pairs []eval.Pair) ([]eval.Decision, error) {
	out := make([]eval.Decision, len(pairs))
	for i, p := range pairs {
		if p.Gold == p.Pred {
			out[i].Verdict = eval.Equivalent
		}
	}
	return out, nil
}

// correctionJudges are the judges measured on correction pairs, the
// similarity thresholds those rxeval study calibrate --sweep picks on the
// miniF2F pairs.
func correctionJudges(t *testing.T, pairs []LabeledPair) []eval.Judge {
	out := []eval.Judge{stageOne{}, judges.LeanJudge{}}
	for _, m := range []string{"gted", "bleu"} {
		r, err := Calibrate(context.Background(), pairs, m, Options{Sweep: true})
		if err != nil {
			t.Fatal(err)
		}
		// the chain rxeval score --judge gted:θ runs, at the swept θ itself
		// (printed to 4 places)
		out = append(out, named{fmt.Sprintf("span+lean-ast+%s:%.4f", m, *r.Threshold),
			judges.Chain{Judges: []eval.Judge{judges.SpanJudge{}, judges.LeanJudge{}, judges.SimilarityJudge{Metric: m, Threshold: *r.Threshold}}}})
	}
	return out
}

// named renames a judge for the tables.
type named struct {
	name string
	j    eval.Judge
}

func (n named) Name() string { return n.name }
func (n named) Judge(ctx context.Context, pairs []eval.Pair) ([]eval.Decision, error) {
	return n.j.Judge(ctx, pairs)
}

func measure(t *testing.T, js []eval.Judge, pairs []eval.Pair, truth []bool) string {
	var b strings.Builder
	b.WriteString(tableHead)
	for _, j := range js {
		ds, err := j.Judge(context.Background(), pairs)
		if err != nil {
			t.Fatal(err)
		}
		tl := &tally{name: j.Name()}
		for i, d := range ds {
			tl.add(d.Verdict, truth[i])
		}
		b.WriteString(tl.row() + "\n")
	}
	return b.String()
}

func miniF2F(t *testing.T) []LabeledPair {
	data, err := os.ReadFile(fixtures.Path(t, fixtures.GTEDFile))
	if err != nil {
		t.Fatal(err)
	}
	pairs, _, err := ReadLabels(data)
	if err != nil || len(pairs) != 205 {
		t.Fatalf("%d pairs, %v", len(pairs), err)
	}
	return pairs
}

// proofNetStatements are the ProofNet statements less the two the source
// cut off mid-binder (judges/lean's tests leave them out too).
func proofNetStatements(t *testing.T) []string {
	var out []string
	for _, r := range fixtures.ProofNet(t) {
		if r.Name != "Ireland_Rosen_exercise_2_4" && r.Name != "Ireland_Rosen_exercise_4_11" {
			out = append(out, r.Formal)
		}
	}
	return out
}

type tok struct {
	text     string
	pos, end int
}

// positions finds the Lean tokens of s in s, in order (nil when a token
// cannot be found where expected).
func positions(s string) []tok {
	toks, err := lean.Tokens(s)
	if err != nil {
		return nil
	}
	var out []tok
	at := 0
	for _, x := range toks {
		i := strings.Index(s[at:], x)
		if i < 0 || strings.TrimSpace(s[at:at+i]) != "" && !strings.Contains(s[at:at+i], "-") {
			return nil
		}
		out = append(out, tok{x, at + i, at + i + len(x)})
		at += i + len(x)
	}
	return out
}

// oneTokenMutants are the near misses of judges/lean's
// TestOneTokenChangesNeverEquivalent: one numeral, relation, connective,
// arithmetic operator or number type of a real statement changed, up to a
// theorem's proof.
func oneTokenMutants(t *testing.T, statements []string) (orig, mutant []string) {
	swaps := map[string]string{"<": "≤", "≤": "<", ">": "≥", "≥": ">", "=": "≠", "≠": "=", "∈": "∉", "⊆": "⊂", "∧": "∨", "∨": "∧", "+": "-", "-": "+", "*": "/", "/": "*",
		"ℝ": "ℚ", "ℚ": "ℝ", "ℕ": "ℤ", "ℤ": "ℕ", "ℂ": "ℝ"}
	for _, s := range statements {
		toks := positions(s)
		if toks == nil {
			if _, err := lean.Tokens(s); errors.Is(err, lean.ErrNotModelled) {
				continue // outside lean-ast's closed world, as in judges/lean
			}
			t.Fatalf("cannot place the tokens of %q", s)
		}
		theorem := toks[0].text == "theorem" || toks[0].text == "lemma" || toks[0].text == "example"
		depth := 0
	tokens:
		for _, tk := range toks {
			switch tk.text {
			case "(", "{", "[", "⦃", "⟨":
				depth++
			case ")", "}", "]", "⦄", "⟩":
				depth--
			case ":=":
				if theorem && depth == 0 {
					break tokens
				}
			}
			with, ok := swaps[tk.text]
			if n, err := strconv.Atoi(tk.text); err == nil && tk.text[0] >= '0' && tk.text[0] <= '9' {
				with, ok = strconv.Itoa(n+1), true
			}
			if !ok {
				continue
			}
			orig = append(orig, s)
			mutant = append(mutant, s[:tk.pos]+with+s[tk.end:])
		}
	}
	return orig, mutant
}

// binderSwaps swaps adjacent top-level "( ... )" binder groups of a
// theorem whose names occur nowhere else: independent hypotheses, so each
// swap is an equivalence. It also returns, for localization, each such
// group with its right neighbour (disjoint fragments of one statement).
func binderSwaps(statements []string) (orig, swapped []string, groups [][3]string) {
	for _, s := range statements {
		if !strings.HasPrefix(s, "theorem") && !strings.HasPrefix(s, "lemma") {
			continue
		}
		toks := positions(s)
		uses := map[string]int{}
		for _, tk := range toks {
			head, _, _ := strings.Cut(tk.text, ".")
			uses[head]++
		}
		type group struct {
			lo, hi int
			names  []string
		}
		var gs []group
		depth, start := 0, -1
		for i, tk := range toks {
			if depth == 0 && tk.text == ":" {
				break
			}
			switch tk.text {
			case "(", "{", "[", "⦃":
				if depth == 0 && tk.text == "(" {
					start = i
				}
				depth++
			case ")", "}", "]", "⦄":
				depth--
				if depth == 0 && start >= 0 {
					g := group{lo: toks[start].pos, hi: tk.end}
					for j := start + 1; j < i && toks[j].text != ":"; j++ {
						g.names = append(g.names, toks[j].text)
					}
					gs = append(gs, g)
					start = -1
				}
			}
		}
		unused := func(ns []string) bool {
			for _, n := range ns {
				if uses[n] != 1 {
					return false
				}
			}
			return len(ns) > 0
		}
		for g := 0; g+1 < len(gs); g++ {
			a, b := gs[g], gs[g+1]
			if !unused(a.names) || !unused(b.names) || strings.TrimSpace(s[a.hi:b.lo]) != "" {
				continue
			}
			orig = append(orig, s)
			swapped = append(swapped, s[:a.lo]+s[b.lo:b.hi]+s[a.hi:b.lo]+s[a.lo:a.hi]+s[b.hi:])
			groups = append(groups, [3]string{s, s[a.lo:a.hi], s[b.lo:b.hi]})
		}
	}
	return orig, swapped, groups
}

// respace writes a fragment's tokens with other spacing.
func respace(s string) string {
	toks, err := lean.Tokens(s)
	if err != nil {
		return s
	}
	return strings.Join(toks, "  ")
}

func TestJudgesDoc(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the judges on ~11,000 pairs (about 25 s on 2 cores)")
	}
	labelled := miniF2F(t)
	cj := correctionJudges(t, labelled)
	tables := map[string]string{}

	// 0. lean-ast's reason codes.
	var codes strings.Builder
	codes.WriteString("| code | outcome | meaning |\n|---|---|---|\n")
	for _, c := range lean.Codes() {
		outcome := map[lean.Result]string{lean.Same: "equivalent", lean.Different: "not equivalent", lean.Undecided: "undecided"}[c.Result]
		fmt.Fprintf(&codes, "| `%s` | %s | %s |\n", c.Code, outcome, c.Meaning)
	}
	tables["codes"] = codes.String()

	// 1. The 205 human-labelled miniF2F pairs.
	var pairs []eval.Pair
	var truth []bool
	for _, p := range labelled {
		pairs = append(pairs, eval.Pair{Kind: eval.Correction, Idx: p.Name, Gold: p.Reference, Pred: p.Candidate})
		truth = append(truth, p.Label)
	}
	tables["minif2f"] = measure(t, cj, pairs, truth)

	// 2. One-token mutants of every real statement: never equivalent.
	statements := proofNetStatements(t)
	for _, p := range labelled {
		statements = append(statements, p.Reference, p.Candidate)
	}
	orig, mutant := oneTokenMutants(t, statements)
	pairs, truth = nil, nil
	for i := range orig {
		pairs = append(pairs, eval.Pair{Kind: eval.Correction, Gold: orig[i], Pred: mutant[i]})
		truth = append(truth, false)
	}
	tables["mutants"] = fmt.Sprintf("%d one-token mutants of %d statements (372 ProofNet, 205 miniF2F references, 205 predictions; the 1 ProofNet statement outside lean-ast's closed world makes none).\n\n", len(orig), len(statements)) + measure(t, cj, pairs, truth)

	// 3. Swapped independent hypotheses: always equivalent.
	o, sw, groups := binderSwaps(statements)
	pairs, truth = nil, nil
	for i := range o {
		pairs = append(pairs, eval.Pair{Kind: eval.Correction, Gold: o[i], Pred: sw[i]})
		truth = append(truth, true)
	}
	tables["swaps"] = fmt.Sprintf("%d swaps of two adjacent independent hypotheses.\n\n", len(o)) + measure(t, cj, pairs, truth)

	// 4. Localization: a hypothesis against itself respaced (the same
	// location) and against its neighbour (a different one).
	pairs, truth = nil, nil
	for _, g := range groups {
		pairs = append(pairs, eval.Pair{Kind: eval.Localization, FormalStatement: g[0], Gold: g[1], Pred: respace(g[1])})
		truth = append(truth, true)
		pairs = append(pairs, eval.Pair{Kind: eval.Localization, FormalStatement: g[0], Gold: g[1], Pred: g[2]})
		truth = append(truth, false)
	}
	tables["span"] = fmt.Sprintf("%d localization pairs: each hypothesis of the swaps above against itself respaced (%d, the same location) and against its neighbour (%d, disjoint).\n\n", len(pairs), len(groups), len(groups)) +
		measure(t, []eval.Judge{judges.SpanJudge{}}, pairs, truth)

	if !testing.Short() {
		tables["contentfree"] = contentFreeTable(t)
	}
	var nt strings.Builder
	nt.WriteString("| token | precedence | associativity | declaration | where | read in the source |\n|---|---|---|---|---|---|\n")
	for _, n := range lean.Infixes {
		assoc := map[byte]string{'l': "left", 'r': "right", 'n': "none"}[n.Assoc]
		checked := "yes"
		if !n.Checked {
			checked = "to check"
		}
		fmt.Fprintf(&nt, "| `%s` | %d | %s | `%s` | %s | %s |\n", strings.ReplaceAll(n.Token, "|", "\\|"), n.Prec, assoc, strings.ReplaceAll(n.Decl, "|", "\\|"), n.Source, checked)
	}
	tables["notation"] = nt.String()
	var ft strings.Builder
	ft.WriteString("| token | kind | lean-ast reads | declaration | where | read in the source |\n|---|---|---|---|---|---|\n")
	code := func(s string) string {
		s = strings.ReplaceAll(s, "|", "\\|")
		if strings.Contains(s, "`") {
			return "`` " + s + " ``"
		}
		return "`" + s + "`"
	}
	for _, f := range lean.Forms {
		read := "yes"
		if !f.Read {
			read = "no"
		}
		fmt.Fprintf(&ft, "| %s | %s | %s | %s | %s | %s |\n", code(f.Token), f.Kind, strings.ReplaceAll(f.Reads, "|", "\\|"), code(f.Decl), f.Source, read)
	}
	tables["forms"] = ft.String()
	var pt strings.Builder
	pt.WriteString("| column | what lean-ast does with it |\n|---|---|\n")
	columns := propColumns(t)
	for _, c := range columns {
		fmt.Fprintf(&pt, "| %s | %s |\n", c[0], c[1])
	}
	pt.WriteString("\n| token | columns | converse | negation | strict partner | on sets | 𝓝[op] x is nhdsWithin x | the declarations behind them |\n|---|---|---|---|---|---|---|---|\n")
	cell := func(s string) string {
		if s == "" {
			return ""
		}
		return code(s)
	}
	for _, n := range lean.Infixes {
		p := n.Props
		if p == nil {
			continue
		}
		var cols []string
		for i, c := range columns {
			if p.Has&(1<<i) != 0 {
				cols = append(cols, c[0])
			}
		}
		why := p.Why
		if p.GluedElsewhere != "" {
			why = strings.TrimPrefix(why+"; ", "; ") + "also declared glued to [: " + p.GluedElsewhere
		}
		fmt.Fprintf(&pt, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", code(n.Token), strings.Join(cols, ", "), cell(p.Converse), cell(p.Negation), cell(p.Strict), cell(p.OnSets), cell(p.Nhds), strings.ReplaceAll(why, "|", "\\|"))
	}
	tables["properties"] = pt.String()

	// The judges' figures go to docs/judges.md, lean-ast's notation tables to
	// docs/notation.md.
	for _, doc := range []struct {
		path   string
		tables []string
	}{
		{"../docs/judges.md", []string{"codes", "minif2f", "mutants", "swaps", "span", "contentfree"}},
		{"../docs/notation.md", []string{"notation", "properties", "forms"}},
	} {
		writeTables(t, doc.path, doc.tables, tables)
	}
}

// writeTables compares each named table with the block between its
// markers in the file at path, and rewrites the blocks with -update.
func writeTables(t *testing.T, path string, names []string, tables map[string]string) {
	t.Helper()
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	for _, name := range names {
		if _, ok := tables[name]; !ok {
			continue // a table measured only without -short
		}
		begin, end := "<!-- generated: "+name+" -->\n", "<!-- end: "+name+" -->"
		i, j := strings.Index(text, begin), strings.Index(text, end)
		if i < 0 || j < i {
			t.Fatalf("%s: no %q ... %q", path, begin, end)
		}
		i += len(begin)
		if text[i:j] != tables[name] {
			if *update {
				text = text[:i] + tables[name] + text[j:]
				continue
			}
			t.Errorf("%s: table %s is out of date (go test ./study -run TestJudgesDoc -update); want:\n%s", path, name, tables[name])
		}
	}
	if *update && text != string(doc) {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// propColumns reads lean-ast's property columns, the constants of type
// lean.Prop in bit order, with what each comment says lean-ast does.
func propColumns(t *testing.T) (out [][2]string) {
	f, err := parser.ParseFile(token.NewFileSet(), "../judges/lean/notation.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST && fmt.Sprint(g.Specs[0].(*ast.ValueSpec).Type) == "Prop" {
			for _, s := range g.Specs {
				v := s.(*ast.ValueSpec)
				out = append(out, [2]string{v.Names[0].Name, strings.TrimSpace(v.Comment.Text())})
			}
		}
	}
	if len(out) == 0 || lean.LetterSafe != 1<<(len(out)-1) {
		t.Fatalf("read the columns %v of judges/lean/notation.go", out)
	}
	return out
}
