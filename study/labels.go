package study

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"github.com/rxeval/rxeval/internal/jsonmsg"
)

// LabeledPair is a reference statement, a candidate and a human verdict
// (true: the candidate is a correct formalization, i.e. equivalent).
type LabeledPair struct {
	Name      string `json:"name,omitempty"`
	Reference string `json:"reference"`
	Candidate string `json:"candidate"`
	Label     bool   `json:"label"`
	// Task is "correction" (the default: two statements) or
	// "localization" (two error fragments of Statement).
	Task      string `json:"task,omitempty"`
	Kind      string `json:"kind,omitempty"` // how the candidate was made, for per-kind figures
	Statement string `json:"statement,omitempty"`
}

// Task names.
const (
	TaskCorrection   = "correction"
	TaskLocalization = "localization"
)

// ReadLabels reads the GTED human-evaluation JSON (an array of problems
// with "FL (Label)", sub_questions[0]["FL (Prediction)"] and
// "Human_Evaluation") or a JSONL of {"reference","candidate","label"},
// with optional "name", "task" ("correction" or "localization"), "kind"
// and "statement" (required for localization: the formal statement both
// fragments are in), as 'rxeval synth pairs' writes.
func ReadLabels(data []byte) ([]LabeledPair, string, error) {
	t := bytes.TrimSpace(data)
	if len(t) > 0 && t[0] == '[' {
		var rows []struct {
			Name  string  `json:"name"`
			Label *string `json:"FL (Label)"`
			Sub   []struct {
				Pred  *string `json:"FL (Prediction)"`
				Human *bool   `json:"Human_Evaluation"`
			} `json:"sub_questions"`
		}
		if err := json.Unmarshal(t, &rows); err != nil {
			return nil, "", fmt.Errorf("GTED human-evaluation JSON: %s", jsonmsg.Describe(err))
		}
		out := make([]LabeledPair, 0, len(rows))
		for i, r := range rows {
			if r.Label == nil || len(r.Sub) == 0 || r.Sub[0].Pred == nil || r.Sub[0].Human == nil {
				return nil, "", fmt.Errorf("problem %d (%s): want \"FL (Label)\" and sub_questions[0] with \"FL (Prediction)\" and \"Human_Evaluation\"", i+1, r.Name)
			}
			out = append(out, LabeledPair{Name: r.Name, Reference: *r.Label, Candidate: *r.Sub[0].Pred, Label: *r.Sub[0].Human})
		}
		if len(out) == 0 {
			return nil, "", fmt.Errorf("no labelled pairs")
		}
		return out, "gted-human-evaluation", nil
	}
	var out []LabeledPair
	for n, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var r struct {
			Name      string  `json:"name"`
			Reference *string `json:"reference"`
			Candidate *string `json:"candidate"`
			Label     *bool   `json:"label"`
			Task      string  `json:"task"`
			Kind      string  `json:"kind"`
			Statement string  `json:"statement"`
		}
		if err := json.Unmarshal(line, &r); err != nil {
			return nil, "", fmt.Errorf("line %d: %s", n+1, jsonmsg.Describe(err))
		}
		if r.Reference == nil || r.Candidate == nil || r.Label == nil {
			return nil, "", fmt.Errorf("line %d: want \"reference\", \"candidate\" (strings) and \"label\" (boolean)", n+1)
		}
		switch r.Task {
		case "", TaskCorrection:
		case TaskLocalization:
			if r.Statement == "" {
				return nil, "", fmt.Errorf("line %d: statement: a localization pair needs the \"statement\" its fragments are in", n+1)
			}
		default:
			return nil, "", fmt.Errorf("line %d: task: %q is neither \"correction\" nor \"localization\"", n+1, r.Task)
		}
		out = append(out, LabeledPair{Name: r.Name, Reference: *r.Reference, Candidate: *r.Candidate, Label: *r.Label, Task: r.Task, Kind: r.Kind, Statement: r.Statement})
	}
	if len(out) == 0 {
		return nil, "", fmt.Errorf("no labelled pairs")
	}
	return out, "jsonl", nil
}

// Fingerprint identifies a labelled set by its names, texts and labels.
func Fingerprint(pairs []LabeledPair) string {
	h := sha256.New()
	for _, p := range pairs {
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00%v\x00", p.Name, p.Reference, p.Candidate, p.Label)
		if p.Task != "" || p.Kind != "" || p.Statement != "" {
			fmt.Fprintf(h, "%s\x00%s\x00%s\x00", p.Task, p.Kind, p.Statement)
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// PublishedRow is a baseline's row in a seed paper's table.
type PublishedRow struct {
	Metric string `json:"metric"`
	Figures
}

// miniF2FFingerprint is the 205 miniF2F pairs of testdata/gted (the GTED paper's human labels).
const miniF2FFingerprint = "b9ce1c5aa3916d6b"

// Published returns the rows the GTED paper (Table 2) published on the
// same 205 miniF2F pairs, when pairs are that set.
func Published(pairs []LabeledPair) (source string, rows []PublishedRow) {
	if Fingerprint(pairs) != miniF2FFingerprint {
		return "", nil
	}
	row := func(m string, tp, tn, fp, fn int) PublishedRow {
		return PublishedRow{m, Confusion{TP: tp, TN: tn, FP: fp, FN: fn}.Figures()}
	}
	return "the GTED paper (Liu et al.), Table 2, miniF2F", []PublishedRow{
		row("Identity Match", 14, 83, 0, 108),
		row("Typecheck", 122, 0, 83, 0),
		row("BLEU", 79, 61, 22, 43),
		row("Majority Voting", 66, 74, 9, 56),
		row("Definitional Equality", 44, 83, 0, 78),
		row("BEq", 57, 82, 1, 65),
		row("GTED", 71, 74, 9, 51),
	}
}
