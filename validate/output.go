package validate

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/rxeval/rxeval/internal/termsafe"
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
	_, err := fmt.Fprintf(w, "%s: %s: %s, %s, %s\n", TermSafe(r.File), state, plural(r.Rows, "row"), plural(r.ErrorCount, "error"), plural(r.WarningCount, "warning"))
	return err
}

// TermSafe escapes what a terminal would act on in a participant's string
// (an id, a value, a file name): termsafe.Escape.
func TermSafe(s string) string { return termsafe.Escape(s) }

func (r *Report) writeList(w io.Writer, ps []Problem, total int, prefix string, maxList int, noun string) {
	if maxList <= 0 || maxList > len(ps) {
		maxList = len(ps)
	}
	for i, p := range ps {
		if i == maxList {
			break
		}
		loc := TermSafe(r.File)
		if p.Line > 0 {
			loc += fmt.Sprintf(":%d", p.Line)
		}
		loc += ": "
		if p.Idx != "" {
			loc += TermSafe(p.Idx) + ": "
		}
		if p.Field != "" {
			loc += TermSafe(p.Field) + ": "
		}
		fmt.Fprintf(w, "%s%s%s [%s]\n", loc, prefix, TermSafe(p.Message), p.Code)
		if p.Hint != "" {
			fmt.Fprintf(w, "\thint: %s\n", TermSafe(p.Hint))
		}
	}
	if total > maxList {
		// Named for every command that lists problems (score, pack and fix
		// have no flag for the cut; validate has --max-errors).
		fmt.Fprintf(w, "%s: ... %s not listed (listing cut at %d; rxeval validate --max-errors 0 lists all)\n", TermSafe(r.File), plural(total-maxList, "more "+noun), maxList)
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

// UnreadableReport is the report of a file that could not be read (err),
// for --format json: the report's shape, one error of code unreadable.
func UnreadableReport(name string, err error) *Report {
	p := Problem{Code: CodeUnreadable, Message: err.Error()}
	var h interface{ Hint() string }
	if errors.As(err, &h) {
		p.Hint = h.Hint()
	}
	return &Report{File: name, Errors: []Problem{p}, ErrorCount: 1, errorCodes: map[Code]int{CodeUnreadable: 1}, Warnings: []Problem{},
		Missing: IDSummary{Examples: []string{}}, Duplicate: IDSummary{Examples: []string{}}, Unknown: IDSummary{Examples: []string{}}}
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
