package jsonmsg

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDescribe: the messages name the JSON field in the line's own terms
// (no embedded Go struct's name) and never a Go type.
func TestDescribe(t *testing.T) {
	type Inner struct {
		OK bool `json:"verdict_ok"`
	}
	type line struct {
		Inner
		Label bool   `json:"label"`
		Idx   string `json:"idx"`
		Loc   struct {
			OK bool `json:"ok"`
		} `json:"localization"`
	}
	for _, c := range []struct{ in, want string }{
		{`{"verdict_ok": "yes"}`, `field "verdict_ok": want true or false, got a string`},
		{`{"label": 1}`, `field "label": want true or false, got a number`},
		{`{"idx": 5}`, `field "idx": want a string, got a number`},
		{`{"localization": {"ok": "no"}}`, `field "localization.ok": want true or false, got a string`},
		{`{"idx": "a"`, `not valid JSON: the line ends before the object is closed`},
	} {
		var l line
		got := Describe(json.Unmarshal([]byte(c.in), &l))
		if got != c.want || strings.Contains(got, "Go ") {
			t.Errorf("%s: %q, want %q", c.in, got, c.want)
		}
	}
}
