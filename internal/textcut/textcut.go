// Package textcut shortens texts for messages and pages without splitting
// a UTF-8 sequence.
package textcut

import "unicode/utf8"

// Prefix is the longest prefix of s of at most n bytes that ends on a rune
// boundary: s itself when it is no longer than n.
func Prefix(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if n < 0 {
		n = 0
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
