package judges

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges/lean"
)

// Spec names a judge on the command line.
const SpecHelp = "exact (stage one only), offline (deterministic judges; the default), gted:THRESHOLD or bleu:THRESHOLD (deterministic first, then the similarity), ollama:MODEL (deterministic first, then the model on Ollama), ollama-only:MODEL (every pair to the model), openai:MODEL and openai-only:MODEL (the same on OpenAI-compatible servers, with --judge-url)"

// Spec is a judge as the command line names it, parsed in one place for
// score and study: "exact", "offline", "gted:θ" and "bleu:θ" (θ may be
// left out where study's --sweep picks it), "beq+" (Lean's BEq+ alone,
// with --lean-repl), and the model judges "ollama:MODEL",
// "ollama-only:MODEL", "openai:MODEL", "openai-only:MODEL".
type Spec struct {
	Kind      string   // exact, offline, gted, bleu, beq+, ollama, ollama-only, openai, openai-only
	Model     string   // the model, for the model kinds
	Threshold *float64 // gted and bleu: the threshold, when given
	text      string
}

// String returns the spec as it was written.
func (s Spec) String() string { return s.text }

// Similarity reports whether the spec is a threshold judge (gted, bleu).
func (s Spec) Similarity() bool { return s.Kind == "gted" || s.Kind == "bleu" }

// NeedsServer reports whether the judge runs on a server or a process
// rxeval starts (a model, or the Lean REPL for beq+).
func (s Spec) NeedsServer() bool { return s.Model != "" || s.Kind == "beq+" }

// ParseSpec reads a judge spec.
func ParseSpec(spec string) (Spec, error) {
	s := Spec{text: spec}
	kind, arg, found := strings.Cut(spec, ":")
	switch kind {
	case "exact", "offline", "beq+":
		if found {
			return s, fmt.Errorf("judge %s takes no threshold", kind)
		}
		s.Kind = kind
		return s, nil
	case "gted", "bleu":
		s.Kind = kind
		if !found {
			return s, nil
		}
		v, err := strconv.ParseFloat(arg, 64)
		if err != nil || !(v >= 0 && v <= 1) { // NaN too
			return s, fmt.Errorf("%s threshold %q: want a number in [0, 1]", kind, arg)
		}
		s.Threshold = &v
		return s, nil
	case "ollama", "ollama-only", "openai", "openai-only":
		if arg != "" {
			s.Kind, s.Model = kind, arg
			return s, nil
		}
	}
	return s, fmt.Errorf("unknown judge %q; want %s", spec, SpecHelp)
}

// Offline returns the judge for a spec that needs no server: exact,
// offline, or a similarity judge with its threshold. ok is false for other
// specs, and err says why a similarity judge without a threshold cannot be
// built.
func Offline(spec Spec) (j eval.Judge, info eval.JudgeInfo, ok bool, err error) {
	switch {
	case spec.Kind == "exact":
		return eval.ExactJudge{}, eval.JudgeInfo{"chain": "exact", "spec": spec.String(), "note": "stage one only: pairs that do not match exactly are wrong"}, true, nil
	case spec.Kind == "offline":
		c := Deterministic()
		return c, eval.JudgeInfo{"chain": c.Name(), "spec": "offline", "versions": map[string]string{"span": SpanVersion, "lean-ast": lean.Version},
			"note": "deterministic judges only; pairs they leave undecided are scored wrong"}, true, nil
	case spec.Similarity() && spec.Threshold == nil:
		return nil, nil, false, fmt.Errorf("judge %s needs a threshold (%s:0.8); choose it with rxeval study calibrate --sweep", spec.Kind, spec.Kind)
	case spec.Similarity():
		c := Chain{Judges: []eval.Judge{SpanJudge{}, LeanJudge{}, SimilarityJudge{Metric: spec.Kind, Threshold: *spec.Threshold}}}
		return c, eval.JudgeInfo{"chain": c.Name(), "spec": spec.String(), "versions": map[string]string{"span": SpanVersion, "lean-ast": lean.Version},
			"note": "deterministic judges first; correction pairs they leave undecided go to the similarity threshold, localization pairs stay undecided (scored wrong)"}, true, nil
	}
	return nil, nil, false, nil
}
