package judges

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges/lean"
)

// Spec names a judge on the command line.
const SpecHelp = "exact (stage one only), offline (deterministic judges; the default), gted:THRESHOLD or bleu:THRESHOLD (deterministic first, then the similarity), ollama:MODEL (deterministic first, then the model on Ollama), ollama-only:MODEL (every pair to the model), openai:MODEL and openai-only:MODEL (the same on OpenAI-compatible servers, with --judge-url)"

// Offline returns the judge for a spec that needs no server: "exact" or
// "offline". ok is false for other specs.
func Offline(spec string) (eval.Judge, eval.JudgeInfo, bool) {
	switch spec {
	case "exact":
		return eval.ExactJudge{}, eval.JudgeInfo{"chain": "exact", "spec": spec, "note": "stage one only: pairs that do not match exactly are wrong"}, true
	case "offline", "":
		c := Deterministic()
		return c, eval.JudgeInfo{"chain": c.Name(), "spec": "offline", "versions": map[string]string{"span": SpanVersion, "lean-ast": lean.Version},
			"note": "deterministic judges only; pairs they leave undecided are scored wrong"}, true
	}
	if sj, ok, err := similaritySpec(spec); ok && err == nil {
		c := Chain{Judges: []eval.Judge{SpanJudge{}, LeanJudge{}, sj}}
		return c, eval.JudgeInfo{"chain": c.Name(), "spec": spec, "versions": map[string]string{"span": SpanVersion, "lean-ast": lean.Version},
			"note": "deterministic judges first; correction pairs they leave undecided go to the similarity threshold, localization pairs stay undecided (scored wrong)"}, true
	}
	return nil, nil, false
}

// ParseSpec splits "ollama:MODEL", "ollama-only:MODEL", "openai:MODEL"
// and "openai-only:MODEL".
func ParseSpec(spec string) (kind, model string, err error) {
	if _, _, ok := Offline(spec); ok {
		return spec, "", nil
	}
	if _, ok, err := similaritySpec(spec); ok {
		return spec, "", err
	}
	kind, model, found := strings.Cut(spec, ":")
	if !found || model == "" || !slices.Contains([]string{"ollama", "ollama-only", "openai", "openai-only"}, kind) {
		return "", "", fmt.Errorf("unknown judge %q; want %s", spec, SpecHelp)
	}
	return kind, model, nil
}
