package validate

import (
	"encoding/json"
	"fmt"
	"io"
)

// WriteText prints the report in compiler style, errors then warnings, each
// list cut at maxList entries (0: no cut), then a one-line summary. With
// quiet only the summary is printed.
func (r *Report) WriteText(w io.Writer, maxList int, quiet bool) error {
	if !quiet {
		r.writeList(w, r.Errors, r.ErrorCount, "", maxList, "error")
		r.writeList(w, r.Warnings, r.WarningCount, "warning: ", maxList, "warning")
	}
	state := "valid"
	if !r.Valid {
		state = "invalid"
	}
	_, err := fmt.Fprintf(w, "%s: %s: %d rows, %s, %s\n", r.File, state, r.Rows, plural(r.ErrorCount, "error"), plural(r.WarningCount, "warning"))
	return err
}

func (r *Report) writeList(w io.Writer, ps []Problem, total int, prefix string, maxList int, noun string) {
	if maxList <= 0 || maxList > len(ps) {
		maxList = len(ps)
	}
	for i, p := range ps {
		if i == maxList {
			break
		}
		loc := r.File
		if p.Line > 0 {
			loc += fmt.Sprintf(":%d", p.Line)
		}
		loc += ": "
		if p.Idx != "" {
			loc += p.Idx + ": "
		}
		if p.Field != "" {
			loc += p.Field + ": "
		}
		fmt.Fprintf(w, "%s%s%s [%s]\n", loc, prefix, p.Message, p.Code)
		if p.Hint != "" {
			fmt.Fprintf(w, "\thint: %s\n", p.Hint)
		}
	}
	if total > maxList {
		fmt.Fprintf(w, "%s: ... %s not listed (--max-errors %d)\n", r.File, plural(total-maxList, "more "+noun), maxList)
	}
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// jsonReport is the --format json document of one file.
type jsonReport struct {
	*Report
	Truncated bool `json:"truncated"`
}

// WriteJSON prints the report as one JSON document, the lists cut at
// maxList entries (0: no cut); the counts are never cut.
func (r *Report) WriteJSON(w io.Writer, maxList int) error {
	cp := *r
	jr := jsonReport{Report: &cp}
	if maxList > 0 {
		cp.Errors = cp.Errors[:min(maxList, len(cp.Errors))]
		cp.Warnings = cp.Warnings[:min(maxList, len(cp.Warnings))]
	}
	jr.Truncated = cp.Truncated()
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(jr)
}
