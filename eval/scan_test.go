package eval

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// TestScannerObject: the fast gold scanner accepts the shapes gold rows
// have (strings, null, booleans, one nested object, empty objects) and ends
// after the object; it says no to the rest (ParseGold then falls back on
// encoding/json, so a scanner that says no too often is only slower: this
// test is what notices).
func TestScannerObject(t *testing.T) {
	for _, tt := range []struct {
		in   string
		ok   bool
		want string // the keys and values set, sorted
	}{
		{`{}`, true, ""},
		{` { } `, true, ""},
		{`{"idx":"a"}`, true, `idx="a"`},
		{`{"idx": "a", "x": null, "b": true, "c": false}`, true, `b="\x00true" c="\x00false" idx="a" x=null`},
		{`{"idx":"a","diagnosis":{"aligned":"Aligned","error_type":null}}`, true,
			`diagnosis.aligned="Aligned" diagnosis.error_type=null diagnosis="\x00object" idx="a"`},
		{`{"d":{}}`, true, `d="\x00object"`},
		{`{"a":{"b":{}}}`, false, ""}, // nested twice
		{`{"a":1}`, false, ""},        // numbers are encoding/json's
		{`{"a":"x"`, false, ""},
		{`{"a.b":"x"}`, false, ""}, // a dotted key would collide with nested ones
	} {
		var got []string
		sc := &scanner{s: tt.in}
		ok := sc.object("", 0, func(k string, f field) bool {
			v := fmt.Sprintf("%q", f.s)
			if f.null {
				v = "null"
			}
			got = append(got, k+"="+v)
			return true
		})
		if ok != tt.ok {
			t.Errorf("%s: ok = %v, want %v", tt.in, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		sc.ws()
		if sc.p != len(tt.in) {
			t.Errorf("%s: stopped at byte %d of %d", tt.in, sc.p, len(tt.in))
		}
		sort.Strings(got)
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("%s: set %s, want %s", tt.in, g, tt.want)
		}
	}
}

// TestChainLegend names each judge of a chain once, and only those.
func TestChainLegend(t *testing.T) {
	for chain, want := range map[string][]string{
		"exact":                  {"exact:"},
		"span+lean-ast":          {"span:", "lean-ast:"},
		"span+lean-ast+ollama:m": {"span:", "lean-ast:", "ollama:m:"},
		"gted:0.8":               {"gted:"},
		"bleu:0.4":               {"bleu:"},
		"unknown":                nil,
	} {
		got := chainLegend(chain)
		for _, w := range want {
			if strings.Count(got, w) != 1 {
				t.Errorf("chainLegend(%q) = %q: %q not once", chain, got, w)
			}
		}
		if n := strings.Count(got, ";") + 1; len(want) > 0 && n != len(want) || len(want) == 0 && got != "" {
			t.Errorf("chainLegend(%q) = %q, want %d parts", chain, got, len(want))
		}
	}
}
