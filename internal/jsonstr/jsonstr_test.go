package jsonstr

import (
	"encoding/json"
	"testing"
)

// FuzzScanAgreesWithEncodingJSON: whatever Scan accepts, encoding/json
// decodes to the same string.
func FuzzScanAgreesWithEncodingJSON(f *testing.F) {
	for _, s := range []string{`"plain"`, `"a\nb\t\"c\"\\\/"`, `"\u00e9\ud835\udd5c"`, `"\ud800x"`, `"\udc00\ud800"`, `"ℝ ≤ 𝕜"`, `"\u12"`, `"bad\x01"`, "\"\xff\"", `"\ud83d\ude00"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, next, ok := Scan(in, 0, nil)
		if !ok {
			return
		}
		var want string
		if err := json.Unmarshal([]byte(in[:next]), &want); err != nil {
			t.Fatalf("Scan accepted %q, encoding/json: %v", in[:next], err)
		}
		if got != want {
			t.Fatalf("Scan(%q) = %q, encoding/json %q", in[:next], got, want)
		}
	})
}

func TestScan(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{`"abc" rest`, "abc", true},
		{`"a\nb"`, "a\nb", true},
		{`"\u00e9"`, "é", true},
		{`"\ud835\udd5c"`, "𝕜", true},
		{`"\ud800"`, "\uFFFD", true},
		{`"unterminated`, "", false},
		{"\"tab\there\"", "", false},
		{"\"\xff\"", "", false},
		{`"\x"`, "", false},
	}
	for _, tt := range tests {
		got, _, ok := Scan(tt.in, 0, nil)
		if ok != tt.ok || got != tt.want {
			t.Errorf("Scan(%q) = %q, %v", tt.in, got, ok)
		}
	}
}
