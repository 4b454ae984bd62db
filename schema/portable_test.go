package schema

import (
	"encoding/json"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/xeipuuv/gojsonschema"
)

// schemaPatterns is every "pattern" of the printed schema.
func schemaPatterns(t *testing.T) []string {
	var walk func(v any) []string
	walk = func(v any) (out []string) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if s, ok := x.(string); ok && k == "pattern" {
					out = append(out, s)
				} else {
					out = append(out, walk(x)...)
				}
			}
		case []any:
			for _, x := range v {
				out = append(out, walk(x)...)
			}
		}
		return out
	}
	var doc any
	if err := json.Unmarshal(PredictionJSON(), &doc); err != nil {
		t.Fatal(err)
	}
	ps := walk(doc)
	if len(ps) == 0 {
		t.Fatal("no pattern found")
	}
	return ps
}

// TestSchemaPatternsArePortable: the schema is printed "for use in other
// tools", so its patterns keep to what ECMA-262 (JavaScript, the regex
// dialect JSON Schema names) and RE2 (gojsonschema) both read the same:
// no inline flags such as (?i:...) (Node's new RegExp throws "Invalid
// group"), no \A, \z, \Z, possessive quantifiers, lookbehind or named
// groups. With node on the PATH every pattern is also compiled by it.
func TestSchemaPatternsArePortable(t *testing.T) {
	bad := regexp.MustCompile(`\(\?[a-zA-Z<=!P]|\\[AzZ]|[*+?}]\+`)
	for _, p := range schemaPatterns(t) {
		if m := bad.FindString(p); m != "" {
			t.Errorf("pattern %q uses %q, outside the ECMA-262 subset", p, m)
		}
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not on the PATH: the patterns are not compiled by JavaScript (the syntax check above ran)")
	}
	for _, p := range schemaPatterns(t) {
		out, err := exec.Command(node, "-e", "new RegExp(process.argv[1], 'u')", p).CombinedOutput()
		if err != nil {
			t.Errorf("node refuses pattern %q: %v\n%s", p, err, out)
		}
	}
}

// TestVerdictPatternUnchanged: the portable verdict patterns accept and
// refuse exactly what the case-insensitive ones did under gojsonschema
// (Go's (?i) folds ſ U+017F to s, so "miſaligned" was accepted).
func TestVerdictPatternUnchanged(t *testing.T) {
	s, err := Prediction()
	if err != nil {
		t.Fatal(err)
	}
	was := regexp.MustCompile(`^\s*(?i:aligned|misaligned)\s*$`)
	for _, v := range []string{"aligned", "misaligned", "Aligned", "MISALIGNED", " aligned\t", "\nmisAligned\r\n", "miſaligned", "MIſALIGNED",
		"", "align", "mis-aligned", "misaligned.", "aligned\u00a0", "\valigned", "\u2003aligned", "\u00a0aligned", "alıgned", "aligned misaligned", "ALIGNEDx"} {
		row := `{"idx":"a","verdict":` + strings.TrimSpace(string(mustJSON(v))) + `,"error_category":null,"error_segment":null,"corrected_statement":null}`
		res, err := s.Validate(gojsonschema.NewStringLoader(row))
		if err != nil {
			t.Fatal(err)
		}
		if res.Valid() != was.MatchString(v) {
			t.Errorf("verdict %q: schema valid %v, the (?i) pattern said %v", v, res.Valid(), was.MatchString(v))
		}
	}
}

func mustJSON(v any) []byte { b, _ := json.Marshal(v); return b }
