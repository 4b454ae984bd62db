package lean

import (
	"errors"
	"github.com/rxeval/rxeval/internal/fixtures"
	"strings"
	"testing"
)

// TestFormalRxStatements: the 240 sampled official test statements
// (Mathlib-style: category theory, measure theory, geometry, local
// notations) are each either read, and then equivalent to a re-spaced copy
// with its binders renamed, or left undecided with the construct named.
// Never "not equivalent": that would be a wrong reading.
func TestFormalRxStatements(t *testing.T) {
	var same, closedWorld, unparsed, refused, undecided, n int
	constructs := map[string]int{}
	for _, r := range fixtures.FormalRx(t) {
		n++
		s := r.Formal
		if _, err := lex(s); err != nil {
			if !errors.Is(err, ErrNotModelled) || !strings.Contains(err.Error(), " at byte ") {
				t.Errorf("%s: lexer error without the construct and its byte: %v", r.Idx, err)
			}
			closedWorld++
			if i := strings.Index(err.Error(), "("); i > 0 {
				constructs[err.Error()[len("not modelled: "):i-1]]++
			}
			continue
		}
		if _, err := Parse(s); err != nil {
			var pe *ParseError
			switch {
			case errors.As(err, &pe):
				unparsed++
			case errors.Is(err, ErrNotModelled) && strings.Contains(err.Error(), "byte "):
				refused++ // a construct the parser reads but does not model
			default:
				t.Errorf("%s: parse error without a byte: %v", r.Idx, err)
			}
			continue
		}
		switch got, why := Compare(s, respaceAndRename(t, s)); got {
		case Same:
			same++
		case Different:
			t.Errorf("%s: judged not equivalent to its re-spaced, renamed copy (%s):\n%s", r.Idx, why, s)
		default:
			t.Logf("%s undecided: %s", r.Idx, why)
			undecided++
		}
	}
	t.Logf("%d statements: %d equivalent to their copy, %d undecided after parsing, %d not parsed, %d refused by the parser, %d outside the closed world %v",
		n, same, undecided, unparsed, refused, closedWorld, constructs)
	// The coverage measured when the closed world was introduced; a change
	// that lowers it must say why here and in docs/judges.md.
	if n != 240 || same < 233 {
		t.Errorf("%d statements, %d equivalent to their copy; want 240 and at least 233 (97 %%)", n, same)
	}
}
