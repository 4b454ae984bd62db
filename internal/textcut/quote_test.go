package textcut

import (
	"strings"
	"testing"
)

func TestQuote(t *testing.T) {
	if got := Quote("a\x1b\"b"); got != `"a\x1b\"b"` {
		t.Errorf("Quote of a short value = %s, want it quoted whole", got)
	}
	long := "é" + strings.Repeat("C", 10<<20)
	got := Quote(long)
	want := `"é` + strings.Repeat("C", QuoteMax-2) + `"... (10485762 bytes in all)`
	if got != want {
		t.Errorf("Quote of a 10 MB value = %.300s (%d bytes), want %.300s", got, len(got), want)
	}
}
