package validate

import (
	"errors"
	"strings"
	"testing"
)

// TestZipMessages: each zip problem says the rule and what breaks it,
// naming the files, and has a hint (newcomer report 13: a zip of
// preds.jsonl and README.txt was told it "must hold exactly one .jsonl",
// which it did; ".\preds.jsonl" was called "a .jsonl in a folder";
// zip_entries, zip_unsafe_path and a file that is no zip had no hint).
func TestZipMessages(t *testing.T) {
	good := []byte(`{"idx":"formalrx_0001","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":null}` + "\n")
	for _, tt := range []struct {
		name    string
		entries []zipEntry
		code    Code
		want    []string
		not     string
	}{
		{"a .jsonl and a README", []zipEntry{{name: "preds.jsonl", body: good}, {name: "README.txt", body: []byte("hi")}}, CodeZipEntries,
			[]string{"preds.jsonl", "README.txt", "nothing else"}, "must hold exactly one .jsonl"},
		{"two .jsonl", []zipEntry{{name: "a.jsonl", body: good}, {name: "b.jsonl", body: good}}, CodeZipEntries, []string{"2 .jsonl files", "a.jsonl", "b.jsonl"}, ""},
		{"no .jsonl", []zipEntry{{name: "preds.json", body: good}}, CodeZipEntries, []string{"preds.json"}, ""},
		{"absolute", []zipEntry{{name: "/preds.jsonl", body: good}}, CodeZipUnsafe, []string{"/preds.jsonl"}, ""},
		{"parent", []zipEntry{{name: "../preds.jsonl", body: good}}, CodeZipUnsafe, []string{".."}, ""},
		{"dot backslash is at the top", []zipEntry{{name: `.\preds.jsonl`, body: good}}, CodeZipLayout, []string{"backslash", "preds.jsonl"}, "folder"},
		{"dot slash is at the top", []zipEntry{{name: `./preds.jsonl`, body: good}}, "", nil, ""},
	} {
		src, err := ReadZip("s.zip", makeZip(t, tt.entries...), 1<<20)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var p *Problem
		for i := range src.Problems {
			if src.Problems[i].Code == tt.code {
				p = &src.Problems[i]
			}
		}
		if tt.code == "" {
			if len(src.Problems) > 0 {
				t.Errorf("%s: problems %+v, want none", tt.name, src.Problems)
			}
			continue
		}
		if p == nil {
			t.Errorf("%s: no %s in %+v", tt.name, tt.code, src.Problems)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(p.Message, w) {
				t.Errorf("%s: %q does not say %q", tt.name, p.Message, w)
			}
		}
		if tt.not != "" && strings.Contains(p.Message, tt.not) {
			t.Errorf("%s: %q says %q", tt.name, p.Message, tt.not)
		}
		if !strings.Contains(p.Hint, "rxeval pack") {
			t.Errorf("%s: hint %q, want one naming rxeval pack", tt.name, p.Hint)
		}
	}
	_, err := ReadZip("s.zip", []byte("this is not a zip"), 1<<20)
	var h interface{ Hint() string }
	if err == nil || !errors.As(err, &h) || !strings.Contains(h.Hint(), "rxeval pack") {
		t.Errorf("not a zip: %v, want an error with a hint naming rxeval pack", err)
	}
}
