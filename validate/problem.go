// Package validate checks FormalRx prediction files: the JSON Schema of every
// row, plus the rules a schema cannot express (every expected id exactly
// once, category names, the zip container). It knows nothing about flags or
// exit codes.
package validate

import (
	"fmt"
	"github.com/rxeval/rxeval/internal/textcut"
	"strings"
)

// Code is a stable identifier for a kind of problem, for scripts to act on.
type Code string

// Problem codes. Errors make a file invalid; warnings do not (unless the
// caller asks for strictness).
const (
	// Reading and framing.
	CodeNotUTF8   Code = "not_utf8"
	CodeNotJSON   Code = "not_json"
	CodeNotObject Code = "not_object"
	CodeBOM       Code = "bom"
	CodeCRLF      Code = "crlf"
	// CodeCROnly: line ends that are a CR without LF (classic Mac OS), so
	// that the whole file reads as one line.
	CodeCROnly    Code = "cr_line_ends"
	CodeBlankLine Code = "blank_line"
	// CodeUnreadable: a file that cannot be read at all (missing, no
	// permission, a corrupt zip): in --format json only, where every file
	// gets its document; the exit code stays 2 (an I/O error).
	CodeUnreadable Code = "unreadable"
	CodeEmptyFile  Code = "empty_file"
	CodeTooLarge   Code = "too_large"
	// CodeNotJSONL: the whole file is something else (a JSON array,
	// pretty-printed JSON, compressed or binary); said once, not per line.
	CodeNotJSONL Code = "not_jsonl"
	// CodeWrongFileKind: test inputs, gold labels or a per-sample report
	// given as predictions.
	CodeWrongFileKind Code = "wrong_file_kind"

	// Schema.
	CodeMissingField    Code = "missing_field"
	CodeWrongType       Code = "wrong_type"
	CodeBadVerdict      Code = "bad_verdict"
	CodeEmptyID         Code = "empty_id"
	CodeFilledOnAligned Code = "filled_on_aligned"
	CodeSchema          Code = "schema"

	// Rules checked in Go.
	CodeMissingID            Code = "missing_id"
	CodeDuplicateID          Code = "duplicate_id"
	CodeUnknownID            Code = "unknown_id"
	CodeUnknownCategory      Code = "unknown_category"
	CodeNoncanonicalCategory Code = "noncanonical_category"
	CodeVerdictCase          Code = "verdict_case"
	CodeNullOnMisaligned     Code = "null_on_misaligned"
	CodeEmptyString          Code = "empty_string"
	CodeExtraField           Code = "extra_field"
	CodeDuplicateKey         Code = "duplicate_key"
	CodeSegmentNotFound      Code = "segment_not_in_statement"
	CodeUnchangedCorrection  Code = "unchanged_correction"
	// CodeCorrectionNoCompile: Lean (through the user's REPL, --lean-repl)
	// rejects the corrected_statement under its sample's header.
	CodeCorrectionNoCompile Code = "correction_does_not_compile"

	// Zip container.
	CodeZipEntries   Code = "zip_entries"
	CodeZipUnsafe    Code = "zip_unsafe_path"
	CodeZipSymlink   Code = "zip_symlink"
	CodeZipEncrypted Code = "zip_encrypted"
	CodeZipTooLarge  Code = "zip_too_large"
	CodeZipBomb      Code = "zip_bomb"
	CodeZipMethod    Code = "zip_method"
	CodeZipLayout    Code = "zip_layout"
	CodeZipIgnored   Code = "zip_ignored_entry"
)

// Rejected reports whether the official server would refuse a file with this
// problem, as opposed to scoring it with a penalty or merely warning.
func (c Code) Rejected() bool {
	return !c.Penalised() && !c.warning()
}

// Penalised reports whether the code is about a row the official server
// accepts and scores as wrong for a sub-task: a filled field on an aligned
// row, a category outside the 28, a verdict or category not written as the
// rules write it. An error by default (it costs points), a warning with
// Lenient.
func (c Code) Penalised() bool {
	switch c {
	case CodeFilledOnAligned, CodeUnknownCategory, CodeNoncanonicalCategory, CodeVerdictCase:
		return true
	}
	return false
}

// warning reports whether the code is a warning by default.
func (c Code) warning() bool {
	switch c {
	case CodeBOM, CodeCRLF, CodeBlankLine,
		CodeNullOnMisaligned, CodeEmptyString, CodeExtraField, CodeDuplicateKey,
		CodeSegmentNotFound, CodeUnchangedCorrection, CodeZipIgnored, CodeCorrectionNoCompile, CodeZipLayout:
		return true
	}
	return false
}

// Problem is one thing wrong with a file. Line is 1-based; 0 means the
// problem is about the whole file.
type Problem struct {
	Line    int    `json:"line"`
	Idx     string `json:"idx,omitempty"`
	Field   string `json:"field,omitempty"`
	Code    Code   `json:"code"`
	Message string `json:"message"`
	Hint    string `json:"hint,omitempty"`
}

// maxText bounds the idx, message and hint a problem keeps: a 10 MB id is
// named by its start and its length, once.
const maxText = 200

// clipped returns p with long texts cut (copied, so that a cut text does
// not keep a large string alive).
func (p Problem) clipped() Problem {
	p.Idx, p.Message, p.Hint = clip(p.Idx), clip(p.Message), clip(p.Hint)
	return p
}

// clip cuts s to about maxText bytes on a rune boundary, saying how long
// it was.
func clip(s string) string {
	if len(s) <= maxText {
		return s
	}
	return strings.Clone(textcut.Prefix(s, maxText)) + fmt.Sprintf("... (%d bytes in all)", len(s))
}

func (p Problem) String() string {
	s := fmt.Sprintf("%s: %s", p.Code, p.Message)
	if p.Hint != "" {
		s += " (" + p.Hint + ")"
	}
	return s
}
