// Package termsafe escapes what a terminal would act on in a string that
// came from outside (a participant's file, a server's answer).
package termsafe

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Escape escapes what a terminal would act on in a participant's string
// (an id, a value, a file name): C0 and C1 control characters but tab, DEL,
// and the bidirectional overrides and isolates, written as Go escapes
// (\x1b, \r, \u202e), and each byte that is not UTF-8 as \xff. Everything
// else is kept as is.
func Escape(s string) string {
	unsafe := func(r rune) bool {
		return r < 0x20 && r != '\t' || r == 0x7f || r >= 0x80 && r < 0xa0 || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c
	}
	if !strings.ContainsFunc(s, unsafe) && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		if r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD") {
			fmt.Fprintf(&b, `\x%02x`, s[i]) // a byte that is not UTF-8, quoted as %q does
			continue
		}
		if unsafe(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
