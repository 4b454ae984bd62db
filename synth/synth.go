// Package synth makes labelled FormalRx dev sets and judge benchmarks from
// aligned (informal, formal) pairs by injecting one error of a chosen SCI
// category into the formal statement. Operators work on Lean tokens, so the
// rest of the statement keeps its bytes; the gold error location is the
// smallest enclosing sub-term of the change, written as in the misaligned
// statement; the gold correction is the source statement, byte for byte.
//
// Every mutant parses, is not found equivalent to its source by the
// lean-ast judge, and differs from every other mutant: Generate checks each
// one when it makes it and tries another mutation when a check fails.
package synth

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/rxeval/rxeval/judges/lean"
	"github.com/rxeval/rxeval/schema"
)

// Options tune Generate.
type Options struct {
	N           int     // samples to make
	Seed        uint64  // the same seed and sources give byte-identical output
	AlignedFrac float64 // fraction of aligned samples
	// Categories to draw misaligned samples from, uniformly (canonical
	// names). Empty: every category an operator can make from the sources.
	Categories []string
	IDPrefix   string // ids are IDPrefix + a zero-padded number from 1
	// Progress, if set, is called now and then with the samples made.
	Progress func(done, total int)
}

// Sample is one generated row with its gold diagnosis.
type Sample struct {
	Idx      string
	Source   string // the source's name
	Header   string
	Informal string
	Formal   string // the (possibly misaligned) statement
	Aligned  bool
	Category string // "" when aligned
	Operator string
	// Location is the gold error_location, a substring of Formal.
	Location string
	// Corrected is the gold corrected_statement: the source statement.
	Corrected string
	// the bytes of Formal the mutation wrote
	lo, hi int
	custom bool // the location is not the smallest sub-term (a dropped hypothesis)
}

// Summary says what Generate made and what it could not.
type Summary struct {
	Sources    int             `json:"sources"`
	Unusable   []SkippedSource `json:"unusable_sources,omitempty"`
	Samples    int             `json:"samples"`
	Aligned    int             `json:"aligned"`
	Misaligned int             `json:"misaligned"`
	// ByCategory counts misaligned samples by category, in taxonomy order.
	ByCategory []CategoryCount `json:"by_category"`
	// Rejected counts candidate mutations thrown away, by reason.
	Rejected map[string]int `json:"rejected"`
	// Short is the number of requested samples that could not be made
	// (every category ran out of distinct mutations).
	Short int `json:"short,omitempty"`
	// AlignedReuse is how many aligned samples repeat a source already
	// used as an aligned sample (more aligned samples than sources).
	AlignedReuse int `json:"aligned_reuse,omitempty"`
	// AlignedSources is how many distinct sources the aligned samples
	// use, and AlignedMaxUses how often the most used one appears.
	AlignedSources int `json:"aligned_sources"`
	AlignedMaxUses int `json:"aligned_max_uses"`
	// Requested is the number of samples asked for; Samples is smaller
	// when too few misaligned samples could be made (see Warnings).
	Requested int `json:"requested"`
	// Warnings say what differs from what was asked.
	Warnings []string `json:"warnings,omitempty"`
}

// CategoryCount is one category's line of a Summary.
type CategoryCount struct {
	Category   string `json:"category"`
	Code       string `json:"code"`
	Made       int    `json:"made"`
	Quota      int    `json:"quota"`
	Candidates int    `json:"candidates"`
}

// Set is the output of Generate.
type Set struct {
	Samples []Sample
	Summary Summary
}

type parsedSource struct {
	Source
	st *stmt
	// norm is the statement's tree as lean-ast normalizes it: a candidate
	// with the same tree is equivalent (lean.Compare's Same), read once per
	// source rather than once per candidate.
	norm *lean.Node
}

// newParsedSource returns s with its sub-terms st and its normalized tree.
func newParsedSource(s Source, st *stmt) parsedSource {
	return parsedSource{Source: s, st: st, norm: lean.Normalize(st.tree)}
}

type candidate struct {
	src int
	op  *Operator
	m   mutation
}

// MakeableCategories returns the categories some operator can make, in
// taxonomy order.
func MakeableCategories() []string {
	var out []string
	for _, c := range schema.Categories {
		for _, op := range Operators {
			if op.Category == c.Name {
				out = append(out, c.Name)
				break
			}
		}
	}
	return out
}

// usable parses the sources; statements the Lean parser cannot read are
// reported, not used.
func usable(srcs []Source) ([]parsedSource, []SkippedSource) {
	var ok []parsedSource
	var bad []SkippedSource
	for i, s := range srcs {
		line := s.Line
		if line == 0 {
			line = i + 1
		}
		if _, err := lean.Parse(s.Formal); err != nil {
			bad = append(bad, SkippedSource{Line: line, Name: s.Name, Reason: "the Lean parser cannot read the statement: " + err.Error()})
			continue
		}
		st, err := parseStmt(s.Formal)
		if err != nil {
			bad = append(bad, SkippedSource{Line: line, Name: s.Name, Reason: "cannot split the statement into sub-terms: " + err.Error()})
			continue
		}
		ok = append(ok, newParsedSource(s, st))
	}
	return ok, bad
}

// checker enforces the guarantees on every mutant.
type checker struct {
	seen     map[string]bool
	rejected map[string]int
}

// accept applies m to source s and returns the mutant and its gold
// location, or ok false with the reason counted.
// checked is a candidate mutation after the checks that do not depend on
// the other samples: why is empty when it passed them.
type checked struct {
	mutant, loc string
	lo, hi      int
	why         string
}

// check applies m to source s and runs the guarantees that need no other
// sample: the mutant changes the text, parses, is not equivalent by the
// lean-ast judge, and has a location. It is safe for concurrent use.
func check(s *parsedSource, m mutation) checked {
	mutant, lo, hi := m.apply(s.Formal)
	reject := func(why string) checked { return checked{why: why} }
	if mutant == s.Formal {
		return reject("no change")
	}
	mst, err := parseStmt(mutant)
	if err != nil {
		return reject("does not parse")
	}
	// lean-ast's "equivalent" (lean.Compare's Same, the judge's
	// Equivalent) is equal normalized trees.
	if s.norm != nil && lean.Equal(lean.Normalize(mst.tree), s.norm) {
		return reject("equivalent (lean-ast)")
	}
	var loc string
	if m.loc != nil {
		loc = m.loc(mst, lo)
	} else {
		loc = locate(mst, lo, hi)
	}
	if strings.TrimSpace(loc) == "" || !strings.Contains(mutant, loc) {
		return reject("no location")
	}
	return checked{mutant: mutant, loc: loc, lo: lo, hi: hi}
}

// accept takes a checked candidate unless it failed a check or duplicates
// a sample already made; it counts the reason of a rejection.
func (c *checker) accept(r checked) bool {
	switch {
	case r.why != "":
		c.rejected[r.why]++
	case c.seen[r.mutant]:
		c.rejected["duplicate"]++
	default:
		c.seen[r.mutant] = true
		return true
	}
	return false
}

// checkAll checks cands[lo:hi] on all CPUs, into out.
func checkAll(ps []parsedSource, cands []candidate, out []*checked, lo, hi int) {
	workers := min(runtime.GOMAXPROCS(0), hi-lo)
	if workers <= 1 {
		for i := lo; i < hi; i++ {
			r := check(&ps[cands[i].src], cands[i].m)
			out[i] = &r
		}
		return
	}
	var wg sync.WaitGroup
	var next atomic.Int64
	next.Store(int64(lo))
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= hi {
					return
				}
				r := check(&ps[cands[i].src], cands[i].m)
				out[i] = &r
			}
		}()
	}
	wg.Wait()
}

// locate returns the smallest sub-term of m holding the bytes [lo, hi)
// that an edit wrote (for a pure deletion, the tokens on both sides),
// grown past a lone token or a bracketed group (to the application or
// operation it is part of) and until it occurs once in the statement.
func locate(m *stmt, lo, hi int) string {
	n, _ := locateNode(m, lo, hi)
	if n == nil {
		return ""
	}
	return m.nodeText(n)
}

// locateNode returns the gold location's node and the smallest node
// holding the change (nil, nil when there is none).
func locateNode(m *stmt, lo, hi int) (gold, smallest *node) {
	tlo, thi := -1, -1
	for i, t := range m.toks[:m.end] {
		if t.End > lo && t.Pos < hi {
			if tlo < 0 {
				tlo = i
			}
			thi = i + 1
		}
	}
	if tlo < 0 { // nothing written: the tokens around the point
		for i, t := range m.toks[:m.end] {
			if t.End <= lo {
				tlo = i
			}
			if t.Pos >= lo && thi < 0 {
				thi = i + 1
			}
		}
		if tlo < 0 {
			tlo = max(thi-1, 0)
		}
		if thi < 0 {
			thi = tlo + 1
		}
	}
	if thi > m.end {
		thi = m.end
	}
	if tlo >= thi {
		return nil, nil
	}
	n := m.smallest(tlo, thi)
	smallest = n
	grow := func(n *node) bool { return n.parent != nil && n.parent.kind != "stmt" }
	for (n.hi-n.lo == 1 || n.kind == "seq" || n.kind == "group") && grow(n) {
		n = n.parent
	}
	for (strings.Count(m.src, m.nodeText(n)) > 1 || !wellCut(m, n)) && grow(n) {
		n = n.parent
	}
	if !wellCut(m, n) {
		return nil, nil
	}
	return n, smallest
}

// wellCut: the node starts where a term can start and ends where one can
// end (the tree builder may make odd nodes of tokens it does not know,
// such as the ₗ of ×ₗ).
func wellCut(m *stmt, n *node) bool {
	first, last := m.toks[n.lo].Text, m.toks[n.hi-1].Text
	_, opens := openers[first]
	startOK := isName(first) && !postfixOps[first] || opens || binderHeads[first] ||
		first == "¬" || first == "↑" || first == "-" || first == "|" || first == "‖" || first == "√" || first == "if"
	endOK := isName(last) || closerSet[last] || postfixOps[last] || last == "|" || last == "‖"
	if _, isOp := infix[last]; isOp {
		endOK = false
	}
	return startOK && endOK && !isModifierTok(first)
}

// isModifierTok: a lone subscript or modifier letter (the tail of ×ₗ, →ₗ).
func isModifierTok(s string) bool {
	r := []rune(s)
	return len(r) == 1 && (r[0] == 'ₗ' || r[0] >= 0x2080 && r[0] <= 0x209C || r[0] >= 0x1D2C && r[0] <= 0x1DBF)
}

// Generate makes opts.N samples from the sources.
func Generate(srcs []Source, opts Options) (*Set, error) {
	if opts.N < 0 {
		return nil, fmt.Errorf("n must be at least 0, not %d", opts.N)
	}
	if opts.AlignedFrac < 0 || opts.AlignedFrac > 1 || math.IsNaN(opts.AlignedFrac) {
		return nil, fmt.Errorf("aligned fraction must be in [0, 1], not %v", opts.AlignedFrac)
	}
	if opts.IDPrefix == "" {
		opts.IDPrefix = "dev_"
	}
	ps, bad := usable(srcs)
	set := &Set{Summary: Summary{Sources: len(srcs), Unusable: bad, Rejected: map[string]int{}}}
	if len(ps) == 0 {
		return nil, fmt.Errorf("no usable source statement (%d given, %d the Lean parser cannot read)", len(srcs), len(bad))
	}
	rng := rand.New(rand.NewPCG(opts.Seed, 0x7278_6576_616c))

	// candidates by category, in a fixed order
	byCat := map[string][]candidate{}
	for i := range ps {
		for _, op := range Operators {
			for _, m := range op.find(ps[i].st) {
				byCat[op.Category] = append(byCat[op.Category], candidate{i, op, m})
			}
		}
	}
	cats := opts.Categories
	if len(cats) == 0 {
		for _, c := range MakeableCategories() {
			if len(byCat[c]) > 0 {
				cats = append(cats, c)
			}
		}
	} else {
		for _, c := range cats {
			if _, ok := schema.Index(c); !ok {
				return nil, &CategoryError{fmt.Sprintf("unknown category %q", c)}
			}
			if why, ok := Unmakeable[c]; ok {
				return nil, &CategoryError{fmt.Sprintf("category %q cannot be made: %s", c, why)}
			}
			if len(byCat[c]) == 0 {
				return nil, &CategoryError{fmt.Sprintf("category %q: no source statement offers a place for its operators", c)}
			}
		}
	}
	nAligned := int(math.Round(float64(opts.N) * opts.AlignedFrac))
	nMis := opts.N - nAligned
	if len(cats) == 0 && nMis > 0 {
		return nil, &CategoryError{"no category can be made from these sources"}
	}
	for _, c := range cats {
		list := byCat[c]
		rng.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
	}
	// Every category gets nMis / len(cats) samples, and the remainder goes
	// one each to categories drawn at random: with a small --n (10 makes 7
	// misaligned samples of 27 categories) the categories made are a
	// uniform draw, not the first ones of the table.
	quota := make([]int, len(cats))
	turn := rng.Perm(len(cats)) // also the order in which shortfalls are made up
	for i, k := range turn {
		quota[k] = nMis / len(cats)
		if i < nMis%len(cats) {
			quota[k]++
		}
	}
	chk := &checker{seen: map[string]bool{}, rejected: set.Summary.Rejected}
	for _, p := range ps {
		chk.seen[p.Formal] = true // a mutant equal to another source is no error
	}
	cursor := make([]int, len(cats))
	made := make([]int, len(cats))
	var samples []Sample
	progress := func() {
		if opts.Progress != nil && len(samples)%500 == 0 {
			opts.Progress(len(samples), opts.N)
		}
	}
	// Candidates are checked ahead in parallel batches and taken in order,
	// so the output does not depend on the number of CPUs.
	results := make([][]*checked, len(cats))
	for k := range cats {
		results[k] = make([]*checked, len(byCat[cats[k]]))
	}
	checkedTo := make([]int, len(cats))
	// next makes one sample of category k, or reports that it ran out.
	next := func(k int) bool {
		list := byCat[cats[k]]
		for cursor[k] < len(list) {
			if cursor[k] >= checkedTo[k] {
				ahead := max(quota[k]-made[k], 16) + 8
				hi := min(len(list), cursor[k]+ahead)
				checkAll(ps, list, results[k], cursor[k], hi)
				checkedTo[k] = hi
			}
			c, r := list[cursor[k]], results[k][cursor[k]]
			results[k][cursor[k]] = nil
			cursor[k]++
			if !chk.accept(*r) {
				continue
			}
			s := &ps[c.src]
			samples = append(samples, Sample{Source: s.Name, Header: s.Header, Informal: s.Informal, Formal: r.mutant,
				Category: c.op.Category, Operator: c.op.Name, Location: r.loc, Corrected: s.Formal, lo: r.lo, hi: r.hi, custom: c.m.loc != nil})
			made[k]++
			progress()
			return true
		}
		return false
	}
	short := 0
	for k := range cats {
		for made[k] < quota[k] {
			if !next(k) {
				short += quota[k] - made[k]
				break
			}
		}
	}
	// what a category could not make goes to the others, in turn (in the
	// drawn order, so that no category is favoured by its place in the
	// table)
	for short > 0 {
		progressed := false
		for _, k := range turn {
			if short > 0 && next(k) {
				short--
				progressed = true
			}
		}
		if !progressed {
			break
		}
	}
	set.Summary.Short = short
	set.Summary.Requested = opts.N
	if short > 0 {
		// Keep the aligned fraction: fewer misaligned samples, fewer
		// aligned ones too.
		mis := nMis - short
		keep := nAligned
		if opts.AlignedFrac < 1 {
			keep = min(nAligned, int(math.Round(float64(mis)*opts.AlignedFrac/(1-opts.AlignedFrac))))
		}
		w := fmt.Sprintf("asked for %d samples, made %d (%d aligned, %d misaligned): only %d of the %d misaligned samples asked for could be made (every category ran out of distinct mutations)",
			opts.N, mis+keep, keep, mis, mis, nMis)
		if keep < nAligned {
			w += fmt.Sprintf(", so %d aligned samples instead of %d keep the aligned fraction %g", keep, nAligned, opts.AlignedFrac)
		}
		set.Summary.Warnings = append(set.Summary.Warnings, w)
		nAligned = keep
	}
	if len(samples)+nAligned == 0 {
		return nil, fmt.Errorf("no sample could be made: every candidate mutation was rejected")
	}
	order := rng.Perm(len(ps))
	for i := 0; i < nAligned; i++ {
		s := ps[order[i%len(ps)]]
		if i >= len(ps) {
			set.Summary.AlignedReuse++
		}
		samples = append(samples, Sample{Source: s.Name, Header: s.Header, Informal: s.Informal, Formal: s.Formal, Aligned: true})
		progress()
	}
	rng.Shuffle(len(samples), func(i, j int) { samples[i], samples[j] = samples[j], samples[i] })
	width := max(4, len(fmt.Sprint(len(samples))))
	for i := range samples {
		samples[i].Idx = fmt.Sprintf("%s%0*d", opts.IDPrefix, width, i+1)
	}
	set.Samples = samples
	if nAligned > 0 {
		set.Summary.AlignedSources = min(nAligned, len(ps))
		set.Summary.AlignedMaxUses = (nAligned + len(ps) - 1) / len(ps)
	}
	set.Summary.Samples = len(samples)
	set.Summary.Aligned = nAligned
	set.Summary.Misaligned = len(samples) - nAligned
	for k, c := range cats {
		cat, _ := schema.Lookup(c)
		set.Summary.ByCategory = append(set.Summary.ByCategory, CategoryCount{Category: c, Code: cat.Code, Made: made[k], Quota: quota[k], Candidates: len(byCat[c])})
	}
	if opts.Progress != nil {
		opts.Progress(len(samples), opts.N)
	}
	return set, nil
}

// CategoryError says that the categories asked for cannot be made: one is
// unknown or never made by synth, no source offers a place for it, or no
// category at all can be made from the sources. It is an error in what
// was asked, which callers report as such.
type CategoryError struct{ msg string }

func (e *CategoryError) Error() string { return e.msg }
