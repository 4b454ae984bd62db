package lean

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// adversarialPair is one record of testdata/adversarial.txt.
type adversarialPair struct {
	line           int
	class, why     string
	a, b           string
	wantEquivalent bool
	mustDecide     bool // "decided: yes": lean-ast must decide the pair, both ways
	// limit: the statements coincide for a reason beyond what the rules
	// read (a bound another hypothesis implies, a vacuous premise, a sum's
	// zero term): lean-ast may judge them "not equivalent", a stated limit
	// of docs/judges.md, counted and logged rather than failed.
	limit string
}

func readAdversarial(t *testing.T) []adversarialPair {
	t.Helper()
	data, err := os.ReadFile("testdata/adversarial.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []adversarialPair
	cur, start := map[string]string{}, 0
	flush := func() {
		if len(cur) == 0 {
			return
		}
		for _, k := range []string{"class", "why", "a", "b", "want"} {
			if cur[k] == "" {
				t.Fatalf("adversarial.txt:%d: record without %q", start, k)
			}
		}
		if w := cur["want"]; w != "equivalent" && w != "not_equivalent" {
			t.Fatalf("adversarial.txt:%d: want %q", start, w)
		}
		if d := cur["decided"]; d != "" && d != "yes" {
			t.Fatalf("adversarial.txt:%d: decided %q (only \"yes\")", start, d)
		}
		if cur["limit"] != "" && (cur["want"] != "equivalent" || cur["decided"] != "") {
			t.Fatalf("adversarial.txt:%d: a limit is an equivalent pair lean-ast may reject, not one it must decide", start)
		}
		out = append(out, adversarialPair{start, cur["class"], cur["why"], cur["a"], cur["b"], cur["want"] == "equivalent", cur["decided"] == "yes", cur["limit"]})
		cur = map[string]string{}
	}
	for i, l := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(l, "#"):
		case strings.TrimSpace(l) == "":
			flush()
		default:
			k, v, ok := strings.Cut(l, ": ")
			if !ok {
				t.Fatalf("adversarial.txt:%d: %q is not 'key: value'", i+1, l)
			}
			if len(cur) == 0 {
				start = i + 1
			}
			if k == "a" || k == "b" {
				v = strings.ReplaceAll(v, `\n`, "\n") // a statement of several lines
			}
			cur[k] = v
		}
	}
	flush()
	return out
}

// TestAdversarial: on pairs written to attack it (a wrong parse, a near
// miss, values that coincide, texts that are not Lean 4), lean-ast never
// decides against the label, in either order; it may leave a pair
// undecided. The coverage per class is logged.
func TestAdversarial(t *testing.T) {
	if n := len(readAdversarial(t)); n < 60 {
		t.Fatalf("%d pairs, want at least 60", n)
	}
	type tally struct{ n, decided int }
	limits := 0
	byClass := map[string]*tally{}
	var classes []string
	for _, jp := range judgedIn(t, "adversarial") {
		p := jp.adv
		if byClass[p.class] == nil {
			byClass[p.class] = &tally{}
			classes = append(classes, p.class)
		}
		tl := byClass[p.class]
		for i, v := range []Verdict{jp.ab, jp.ba} {
			a, b := p.a, p.b
			if i == 1 {
				a, b = b, a
			}
			tl.n++
			if v.Result == Undecided {
				if p.mustDecide {
					t.Errorf("adversarial.txt:%d (%s): undecided, and the record says lean-ast decides it\n  a: %s\n  b: %s\n  lean-ast: %s", p.line, p.class, a, b, v.Why)
				}
				continue
			}
			tl.decided++
			if p.limit != "" && v.Result == Different {
				limits++
				continue
			}
			if (v.Result == Same) != p.wantEquivalent {
				t.Errorf("adversarial.txt:%d (%s): decided %v, want %v\n  a: %s\n  b: %s\n  lean-ast: %s\n  why: %s",
					p.line, p.class, v.Result == Same, p.wantEquivalent, a, b, v.Why, p.why)
			}
		}
	}
	var sum []string
	for _, c := range classes {
		sum = append(sum, fmt.Sprintf("%s %d/%d", c, byClass[c].decided, byClass[c].n))
	}
	t.Logf("decided (both orders): %s", strings.Join(sum, ", "))
	t.Logf("%d ordered pairs marked limit (equivalent for a reason the rules do not read) judged not equivalent", limits)
}
