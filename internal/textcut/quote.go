package textcut

import (
	"fmt"
	"strconv"
)

// QuoteMax is how many bytes of a value Quote shows: a 10 MB id or
// category in a message is named by its start and its length.
const QuoteMax = 200

// Quote quotes s as %q does, cut to its first QuoteMax bytes (at a rune
// boundary) and its length when it is longer.
func Quote(s string) string {
	if len(s) <= QuoteMax {
		return strconv.Quote(s)
	}
	return fmt.Sprintf("%q... (%d bytes in all)", Prefix(s, QuoteMax), len(s))
}
