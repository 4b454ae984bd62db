package main

// The one CLI convention (issue 32.4): every command that writes a report
// takes -o/--output FILE, --format text|json and -q/--quiet, declared by
// reportFlags.register (flags.go). What each of them writes, per command,
// is in this file, in one place; TestConvention walks every command's
// help and checks that the three are there.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/rxeval/rxeval/validate"
)

// The three flags' descriptions, one set per command.
var (
	fixUsage = reportUsage{
		output: "write the result to `FILE` (required; - for standard output)",
		format: "`FORMAT` of the report of what was repaired and what remains: text (on stderr) or json (one object on standard output)",
		quiet:  "list no repair, rewrite or remaining problem: the summary lines only",
	}
	packUsage = reportUsage{
		output: "write the zip to `FILE` (default: PRED with .zip; - for standard output)",
		format: "`FORMAT` of the report of what was packed: text, or json (one object on standard output; the rewrites and problems are in it, not on stderr)",
		quiet:  "list no rewrite and no problem: the summary lines only",
	}
	schemaUsage = reportUsage{
		output: "write to `FILE` instead of standard output",
		format: "`FORMAT` of --categories: text (a table) or json (an array of objects); the schema itself is JSON either way",
		quiet:  "accepted as by every command; schema prints nothing besides what it is asked for",
	}
	agreeReportUsage = reportUsage{
		output: "write the report to `FILE` instead of standard output",
		format: "output `FORMAT`: text or json",
		quiet:  "do not list the ids of the samples the runs disagree on (text; the counts stay)",
	}
	calibrateReportUsage = reportUsage{
		output: "write the report to `FILE` instead of standard output",
		format: "output `FORMAT`: text or json",
		quiet:  "no progress lines on stderr",
	}
	scoreReportUsage = reportUsage{
		output: "write the report to `FILE` instead of stdout",
		format: "output `FORMAT`: text or json",
		quiet:  "no progress lines on stderr",
	}
	reportPageUsage = reportUsage{
		output: "write the page to `FILE` ('-' for stdout; required)",
		format: "`FORMAT` of what was written: text (a line on stderr) or json (one object on standard output)",
		quiet:  "do not say what was written (warnings and errors are still said)",
	}
	synthReportUsage = reportUsage{
		output: "write the summary to `FILE` instead of stderr (text) or stdout (json)",
		format: "summary `FORMAT`: text (stderr) or json (stdout)",
		quiet:  "no summary, no progress (warnings are still said)",
	}
	synthPairsReportUsage = reportUsage{
		output: "write the pairs to `FILE` (required; - for standard output)",
		format: "summary `FORMAT`: text (stderr) or json (stdout)",
		quiet:  "no summary, no progress (warnings are still said)",
	}
)

// oneStdout refuses -o - with --format json: the command's output and its
// JSON report would be mixed on standard output.
func (r *reportFlags) oneStdout() error {
	if r.out == "-" && r.format == "json" {
		return usageError{fmt.Errorf("-o - and --format json would both write to standard output: give -o FILE")}
	}
	return nil
}

// listRewrites lists what Canonicalize changed, unless -q or --format json.
func (r *reportFlags) listRewrites(w io.Writer, name string, rewrites []validate.Rewrite) {
	if r.quiet || r.format == "json" {
		return
	}
	writeRewrites(w, name, rewrites)
}

// fixReport is fix's --format json report: what was repaired, what was
// rewritten, and the problems left in the file written (ids unchecked).
type fixReport struct {
	Input     string             `json:"input"`
	Output    string             `json:"output"`
	Repairs   []string           `json:"repairs"`
	Rewrites  []validate.Rewrite `json:"rewrites"`
	Remaining *remainingProblems `json:"remaining,omitempty"`
}

// remainingProblems are the problems fix leaves, as validate's JSON
// report gives them (the first --max-errors of each list; counts uncut).
type remainingProblems struct {
	Rows         int                `json:"rows"`
	Errors       []validate.Problem `json:"errors"`
	Warnings     []validate.Problem `json:"warnings"`
	ErrorCount   int                `json:"error_count"`
	WarningCount int                `json:"warning_count"`
}

// setRemaining records the problems of the file written.
func (f *fixReport) setRemaining(rep *validate.Report) {
	f.Remaining = &remainingProblems{Rows: rep.Rows, Errors: nonNil(rep.Errors), Warnings: nonNil(rep.Warnings), ErrorCount: rep.ErrorCount, WarningCount: rep.WarningCount}
}

// nonNil is s, or an empty slice: a JSON list is [], never null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// validationJSON is validate's JSON report of rep.
func validationJSON(rep *validate.Report, maxList int) (json.RawMessage, error) {
	var b bytes.Buffer
	if err := rep.WriteJSON(&b, maxList); err != nil {
		return nil, err
	}
	return json.RawMessage(bytes.TrimSpace(b.Bytes())), nil
}

// packReport is pack's --format json report.
type packReport struct {
	Input      string             `json:"input"`
	Output     string             `json:"output,omitempty"`
	Entry      string             `json:"entry,omitempty"`
	Rows       int                `json:"rows"`
	Bytes      int                `json:"bytes,omitempty"`
	Zipped     int                `json:"zipped_bytes,omitempty"`
	Packed     bool               `json:"packed"`
	Rewrites   []validate.Rewrite `json:"rewrites"`
	Validation json.RawMessage    `json:"validation,omitempty"`
}

// writtenReport is report's --format json report: the page written.
type writtenReport struct {
	Output  string `json:"output"`
	Samples int    `json:"samples"`
	Runs    int    `json:"runs"`
	Bytes   int    `json:"bytes"`
}

// set records what pack read, rewrote and found.
func (p *packReport) set(in string, rep *validate.Report, rewrites []validate.Rewrite, maxList int) error {
	v, err := validationJSON(rep, maxList)
	if err != nil {
		return err
	}
	*p = packReport{Input: in, Rows: rep.Rows, Rewrites: nonNil(rewrites), Validation: v}
	return nil
}

// packed records the zip written.
func (p *packReport) packed(out, entry string, size, zipped int) {
	p.Output, p.Entry, p.Bytes, p.Zipped, p.Packed = out, entry, size, zipped, true
}
