package judges

import (
	"strings"
	"testing"
)

// TestParseSpec: every judge spec the CLI takes, and the ones it refuses,
// with the reason; score and study parse them here and nowhere else.
func TestParseSpec(t *testing.T) {
	th := func(v float64) *float64 { return &v }
	for _, tt := range []struct {
		spec, kind, model string
		threshold         *float64
		err               string
	}{
		{"exact", "exact", "", nil, ""},
		{"offline", "offline", "", nil, ""},
		{"beq+", "beq+", "", nil, ""},
		{"gted:0.8", "gted", "", th(0.8), ""},
		{"bleu:0.45", "bleu", "", th(0.45), ""},
		{"gted:0", "gted", "", th(0), ""},
		{"gted:1", "gted", "", th(1), ""},
		{"gted", "gted", "", nil, ""}, // study sweeps for it; Offline refuses it
		{"ollama:qwen2.5:7b", "ollama", "qwen2.5:7b", nil, ""},
		{"ollama-only:m", "ollama-only", "m", nil, ""},
		{"openai:m", "openai", "m", nil, ""},
		{"openai-only:m", "openai-only", "m", nil, ""},
		{"gted:-0.01", "", "", nil, "want a number in [0, 1]"},
		{"bleu:1.01", "", "", nil, "want a number in [0, 1]"},
		{"gted:x", "", "", nil, "want a number in [0, 1]"},
		{"gted:NaN", "", "", nil, "want a number in [0, 1]"},
		{"exact:0.5", "", "", nil, "judge exact takes no threshold"},
		{"ollama:", "", "", nil, "unknown judge"},
		{"ollama", "", "", nil, "unknown judge"},
		{"openai:", "", "", nil, "unknown judge"},
		{"claude:m", "", "", nil, "unknown judge"},
		{"olama:m", "", "", nil, "unknown judge"},
	} {
		s, err := ParseSpec(tt.spec)
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseSpec(%q): %v, want an error saying %q", tt.spec, err, tt.err)
			}
		case err != nil || s.Kind != tt.kind || s.Model != tt.model || (s.Threshold == nil) != (tt.threshold == nil) || s.Threshold != nil && *s.Threshold != *tt.threshold || s.String() != tt.spec:
			t.Errorf("ParseSpec(%q) = %+v, %v; want kind %q, model %q, threshold %v", tt.spec, s, err, tt.kind, tt.model, tt.threshold)
		}
	}
	// Offline builds what it names, and nothing for a similarity judge
	// without its threshold (saying why), or for a judge on a server.
	gted, _ := ParseSpec("gted:0.8")
	if j, info, ok, err := Offline(gted); !ok || err != nil || j.Name() != "span+lean-ast+gted:0.8" || info["spec"] != "gted:0.8" {
		t.Errorf("Offline(gted:0.8) = %v, %v, %v, %v", j, info, ok, err)
	}
	bare, _ := ParseSpec("gted")
	if _, _, ok, err := Offline(bare); ok || err == nil || !strings.Contains(err.Error(), "judge gted needs a threshold (gted:0.8)") {
		t.Errorf("Offline(gted) = %v, %v", ok, err)
	}
	m, _ := ParseSpec("ollama:m")
	if _, _, ok, err := Offline(m); ok || err != nil {
		t.Errorf("Offline(ollama:m) = %v, %v", ok, err)
	}
	if !m.NeedsServer() || gted.NeedsServer() {
		t.Error("NeedsServer")
	}
}
