package synth

import (
	"context"
	"github.com/rxeval/rxeval/internal/fixtures"
	"strings"
	"testing"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges"
	"github.com/rxeval/rxeval/judges/lean"
)

// FuzzOperators runs every operator on a statement (seeded with the
// ProofNet statements and the GTED miniF2F references of ../testdata) and
// checks what Generate promises of each mutant it keeps, and that the
// benchmark pairs made from it are sound: no panic, a location inside the
// mutant, a mutant that parses and that the lean-ast judge does not find
// equivalent either way round, equivalent candidates that parse,
// localization fragments inside their statement.
func FuzzOperators(f *testing.F) {
	for _, s := range Builtin() {
		f.Add(s.Formal)
	}
	for _, r := range fixtures.GTED(f) {
		f.Add(r.Label)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if _, err := lean.Parse(src); err != nil {
			return
		}
		st, err := parseStmt(src)
		if err != nil {
			return
		}
		ps := newParsedSource(Source{Name: "fuzz", Formal: src}, st)
		var samples []Sample
		for _, op := range Operators {
			ms := op.find(st)
			if len(ms) > 2 {
				ms = ms[:2]
			}
			for _, m := range ms {
				r := check(&ps, m)
				if r.why != "" {
					continue
				}
				if !strings.Contains(r.mutant, r.loc) || strings.TrimSpace(r.loc) == "" {
					t.Fatalf("%s: location %q not in %q", op.Name, r.loc, r.mutant)
				}
				if _, err := lean.Parse(r.mutant); err != nil {
					t.Fatalf("%s: kept a mutant that does not parse: %q", op.Name, r.mutant)
				}
				d, _ := judges.LeanJudge{}.Judge(context.Background(), []eval.Pair{{Kind: eval.Correction, Gold: r.mutant, Pred: src}})
				if d[0].Verdict == eval.Equivalent {
					t.Fatalf("%s: the judge finds mutant and source equivalent (mutant as gold): %q", op.Name, r.mutant)
				}
				samples = append(samples, Sample{Idx: "f", Formal: r.mutant, Category: op.Category, Location: r.loc, Corrected: src, lo: r.lo, hi: r.hi, custom: m.loc != nil})
			}
		}
		for _, p := range Pairs(samples) {
			switch {
			case p.Task == "correction" && p.Label:
				if _, err := lean.Parse(p.Candidate); err != nil {
					t.Fatalf("%s: an equivalent candidate does not parse: %v\n%s", p.Kind, err, p.Candidate)
				}
			case p.Task == "localization" && p.Kind != "respaced":
				if !strings.Contains(p.Statement, p.Candidate) || !strings.Contains(p.Statement, p.Reference) {
					t.Fatalf("%s: a localization fragment is not in its statement: %q / %q", p.Kind, p.Reference, p.Candidate)
				}
			}
		}
	})
}
