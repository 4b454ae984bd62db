package synth

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges"
	"github.com/rxeval/rxeval/judges/lean"
	"github.com/rxeval/rxeval/schema"
	"github.com/rxeval/rxeval/validate"
)

var (
	fullOnce sync.Once
	fullSet  *Set
	fullErr  error
)

// full is the 7,030-sample set from the built-in source, seed 1, made once.
func full(t *testing.T) *Set {
	t.Helper()
	fullOnce.Do(func() { fullSet, fullErr = Generate(Builtin(), Options{N: 7030, Seed: 1, AlignedFrac: 0.25}) })
	if fullErr != nil {
		t.Fatal(fullErr)
	}
	return fullSet
}

func commonAffixes(a, b string) (int, int) {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	q := 0
	for q < len(a)-p && q < len(b)-p && a[len(a)-1-q] == b[len(b)-1-q] {
		q++
	}
	return p, q
}

func TestGuaranteesOnTheFullSet(t *testing.T) {
	t.Parallel()
	set := full(t)
	if len(set.Samples) != 7030 || set.Summary.Aligned != 1758 || set.Summary.Misaligned != 5272 || set.Summary.Short != 0 {
		t.Fatalf("made %d samples (%d aligned, %d misaligned, %d short), want 7030 = 1758 + 5272", len(set.Samples), set.Summary.Aligned, set.Summary.Misaligned, set.Summary.Short)
	}
	sources := map[string]string{}
	for _, s := range Builtin() {
		sources[s.Name] = s.Formal
	}
	seen := map[string]bool{}
	cats := map[string]int{}
	var pairs []eval.Pair
	for i, s := range set.Samples {
		if want := "dev_" + pad4(i+1); s.Idx != want {
			t.Fatalf("sample %d: id %q, want %q", i, s.Idx, want)
		}
		src, ok := sources[s.Source]
		if !ok {
			t.Fatalf("%s: unknown source %q", s.Idx, s.Source)
		}
		if s.Aligned {
			if s.Formal != src || s.Category != "" || s.Location != "" {
				t.Fatalf("%s: aligned sample is not its source: %+v", s.Idx, s)
			}
			continue
		}
		cats[s.Category]++
		if _, ok := schema.Index(s.Category); !ok {
			t.Fatalf("%s: category %q is not a canonical name", s.Idx, s.Category)
		}
		if s.Corrected != src {
			t.Fatalf("%s: corrected_statement is not the source statement byte for byte", s.Idx)
		}
		if s.Location == "" || !strings.Contains(s.Formal, s.Location) {
			t.Fatalf("%s: location %q is not a substring of the statement", s.Idx, s.Location)
		}
		if seen[s.Formal] {
			t.Fatalf("%s: duplicate misaligned statement", s.Idx)
		}
		seen[s.Formal] = true
		if _, err := lean.Parse(s.Formal); err != nil {
			t.Fatalf("%s: the misaligned statement does not parse: %v", s.Idx, err)
		}
		// the rest of the text keeps its bytes: one local change, or a
		// wrapping/unwrapping of a sub-term (¬(goal), dropped parentheses)
		p, q := commonAffixes(src, s.Formal)
		a, b := src[p:len(src)-q], s.Formal[p:len(s.Formal)-q]
		if (len(a) > 160 || len(b) > 160) && !strings.Contains(a, b) && !strings.Contains(b, strings.TrimSuffix(a, ")")) {
			t.Fatalf("%s (%s): the change spans %d bytes of the source, %d of the mutant:\n%q\n%q", s.Idx, s.Operator, len(a), len(b), a, b)
		}
		pairs = append(pairs, eval.Pair{Kind: eval.Correction, Idx: s.Idx, Gold: src, Pred: s.Formal})
	}
	ds, err := judges.LeanJudge{}.Judge(context.Background(), pairs)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range ds {
		if d.Verdict == eval.Equivalent {
			t.Errorf("%s: the lean-ast judge finds the mutant equivalent to its source", pairs[i].Idx)
		}
	}
	if len(cats) < 20 {
		t.Errorf("only %d categories made, want at least 20: %v", len(cats), cats)
	}
}

func pad4(i int) string {
	s := strings.Repeat("0", 4) + itoa(i)
	return s[len(s)-4:]
}

func itoa(i int) string {
	var b []byte
	for i > 0 || len(b) == 0 {
		b = append([]byte{byte('0' + i%10)}, b...)
		i /= 10
	}
	return string(b)
}

func TestFilesReadByTheRealReaders(t *testing.T) {
	set := full(t)
	var gold, inputs bytes.Buffer
	if err := WriteGold(&gold, set.Samples); err != nil {
		t.Fatal(err)
	}
	if err := WriteInputs(&inputs, set.Samples); err != nil {
		t.Fatal(err)
	}
	rows, shape, err := eval.ParseGold(gold.Bytes())
	if err != nil {
		t.Fatalf("gold reader: %v", err)
	}
	if len(rows) != 7030 || shape != eval.Labelled {
		t.Fatalf("gold reader: %d rows, shape %q", len(rows), shape)
	}
	ids, err := validate.IDsFromInputs(inputs.Bytes())
	if err != nil {
		t.Fatalf("inputs reader: %v", err)
	}
	if ids.Len() != 7030 {
		t.Fatalf("inputs reader: %d ids", ids.Len())
	}
}

func TestDeterministic(t *testing.T) {
	run := func(seed uint64, procs int) string {
		old := runtime.GOMAXPROCS(procs)
		defer runtime.GOMAXPROCS(old)
		set, err := Generate(Builtin(), Options{N: 600, Seed: seed, AlignedFrac: 0.25})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteGold(&b, set.Samples); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	a, b, c := run(7, 1), run(7, 2), run(8, 2)
	if a != b {
		t.Fatal("two runs with the same seed differ (1 CPU vs 2)")
	}
	if a == c {
		t.Fatal("seeds 7 and 8 give the same file")
	}
}

func TestOptions(t *testing.T) {
	srcs := Builtin()
	set, err := Generate(srcs, Options{N: 40, Seed: 1, AlignedFrac: 0.5, IDPrefix: "x_", Categories: []string{"Range Shift", "Missing Premise"}})
	if err != nil {
		t.Fatal(err)
	}
	n := map[string]int{}
	for _, s := range set.Samples {
		if !strings.HasPrefix(s.Idx, "x_") {
			t.Fatalf("id %q without the prefix", s.Idx)
		}
		if s.Aligned {
			n["aligned"]++
		} else {
			n[s.Category]++
		}
	}
	if n["aligned"] != 20 || n["Range Shift"] != 10 || n["Missing Premise"] != 10 {
		t.Fatalf("mix %v, want 20 aligned, 10 Range Shift, 10 Missing Premise", n)
	}
	for _, bad := range []Options{{N: 5, Categories: []string{"Auxiliary Construction Error"}}, {N: 5, Categories: []string{"Nonsense"}}, {N: 5, AlignedFrac: 2}} {
		if _, err := Generate(srcs, bad); err == nil {
			t.Errorf("Generate(%+v) accepted", bad)
		}
	}
	if _, err := Generate([]Source{{Informal: "x", Formal: "theorem t : (1 = "}}, Options{N: 5}); err == nil || !strings.Contains(err.Error(), "no usable source") {
		t.Errorf("a source set with no parsable statement: err %v", err)
	}
}

func TestReadSources(t *testing.T) {
	in := `{"name":"a","informal_statement":"I","formal_statement":"theorem a : 1 = 1 := sorry","header":"import Mathlib"}
{"idx":"b","nl":"N","formal_statement":"theorem b : 2 = 2 := sorry"}

{"informal_stmt":"S","formal_statement":"theorem c : 3 = 3 := sorry"}
{"informal_statement":"no formal"}
`
	srcs, skipped, err := ReadSources(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(srcs) != 3 || srcs[1].Name != "b" || srcs[1].Informal != "N" || srcs[2].Informal != "S" || srcs[0].Header != "import Mathlib" {
		t.Fatalf("sources %+v", srcs)
	}
	if len(skipped) != 1 || skipped[0].Line != 5 {
		t.Fatalf("skipped %+v, want line 5", skipped)
	}
	if _, _, err := ReadSources(strings.NewReader("{\"formal_statement\": 3}\n")); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Fatalf("a number as formal_statement: err %v", err)
	}
}
