package validate

import (
	"bytes"
	"strings"
	"testing"
)

// TestTextOutputTerminalSafe: participant strings (ids, field values, the
// file name) reach a terminal escaped: no ESC, other control character or
// bidi override can move the cursor or erase earlier lines (issue 18.10:
// an id holding "\u001b[2K\r\u001b[1A" erased error lines in hook output).
func TestTextOutputTerminalSafe(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	evil := "\x1b[2K\r\x1b[1Aformalrx_0001\u202e\x07"
	rows := `{"idx":"\u001b[2K\r\u001b[1Aformalrx_0001\u202e\u0007","verdict":"Aligned\u001b[31m","error_category":null,"error_segment":null,"corrected_statement":null}` + "\n"
	rep := v.Validate(&Source{Name: "p\x1b[1A.jsonl", Data: []byte(rows)}, Options{Expected: mustIDs(t, "formalrx_0001")})
	var b bytes.Buffer
	rep.WriteText(&b, 0, false)
	out := b.String()
	for _, r := range out {
		if r == '\n' || r == '\t' {
			continue
		}
		if r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 {
			t.Fatalf("control character %U reached the text output:\n%q", r, out)
		}
	}
	if !strings.Contains(out, `\x1b[2K\r\x1b[1Aformalrx_0001\u202e\a`) {
		t.Errorf("the id is not shown escaped:\n%s", out)
	}
	_ = evil
}
