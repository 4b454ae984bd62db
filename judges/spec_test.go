package judges

import (
	"testing"
)

// TestParseSpec: every judge spec the CLI takes, and the ones it refuses.
func TestParseSpec(t *testing.T) {
	for _, tt := range []struct {
		spec, kind, model string
		ok                bool
	}{
		{"exact", "exact", "", true},
		{"offline", "offline", "", true},
		{"gted:0.8", "gted:0.8", "", true},
		{"bleu:0.45", "bleu:0.45", "", true},
		{"ollama:qwen2.5:7b", "ollama", "qwen2.5:7b", true},
		{"ollama-only:m", "ollama-only", "m", true},
		{"gted", "", "", false},    // no threshold
		{"ollama:", "", "", false}, // no model
		{"ollama", "", "", false},
		{"openai:m", "openai", "m", true},
		{"openai-only:m", "openai-only", "m", true},
		{"openai:", "", "", false},
		{"claude:m", "", "", false},
		{"olama:m", "", "", false},
	} {
		kind, model, err := ParseSpec(tt.spec)
		if (err == nil) != tt.ok || err == nil && (kind != tt.kind || model != tt.model) {
			t.Errorf("ParseSpec(%q) = %q, %q, %v; want %q, %q, ok=%v", tt.spec, kind, model, err, tt.kind, tt.model, tt.ok)
		}
	}
	// Offline builds what it names, and nothing for a similarity judge
	// without its threshold.
	if j, info, ok := Offline("gted:0.8"); !ok || j.Name() != "span+lean-ast+gted:0.8" || info["spec"] != "gted:0.8" {
		t.Errorf("Offline(gted:0.8) = %v, %v, %v", j, info, ok)
	}
	if _, _, ok := Offline("gted"); ok {
		t.Error("Offline(gted) without a threshold: ok")
	}
}
