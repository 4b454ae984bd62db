package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCROnlyAuxFiles: CR-only line ends in the --ids, --inputs and --gold
// files are found by the check prediction files get, and said with the
// file's name and a way out, instead of blaming the predictions (newcomer
// report 13: "1 of 1 expected ids is missing (first: "formalrx_0001\rformalrx_0002...")",
// "invalid character '{' after top-level value"). A lone CR between two
// rows of an LF prediction file is named too, and a file ending "\n\r" is
// not called CRLF.
func TestCROnlyAuxFiles(t *testing.T) {
	dir := t.TempDir()
	mac := func(name, src string) string {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(strings.ReplaceAll(string(data), "\n", "\r")), 0o644)
		return p
	}
	ids := filepath.Join(dir, "ids.txt")
	os.WriteFile(ids, []byte("formalrx_0001\nformalrx_0002\nformalrx_0003\nformalrx_0004\nformalrx_0005\n"), 0o644)
	macIDs := mac("ids_cr.txt", ids)
	macInputs := mac("inputs_cr.jsonl", exInputs)
	macGold := mac("gold_cr.jsonl", exGold)
	for _, tt := range []struct {
		args []string
		name string
	}{
		{[]string{"validate", "--ids", macIDs, exPreds}, "ids_cr.txt"},
		{[]string{"validate", "--inputs", macInputs, exPreds}, "inputs_cr.jsonl"},
		{[]string{"score", "--gold", exGold, "--inputs", macInputs, exPreds}, "inputs_cr.jsonl"},
		{[]string{"score", "--gold", macGold, exPreds}, "gold_cr.jsonl"},
	} {
		stdout, stderr, code := runCLI(tt.args...)
		out := stdout + stderr
		if code != exitProblems {
			t.Errorf("%v: exit %d, want %d\n%s", tt.args, code, exitProblems, out)
		}
		if !strings.Contains(out, tt.name+": the ") || !strings.Contains(out, "CR-only line endings") || !strings.Contains(out, `tr '\r' '\n'`) {
			t.Errorf("%v: want the file named, CR-only line endings and the tr hint:\n%s", tt.args, out)
		}
		if strings.Contains(out, "missing_id") || strings.Contains(out, "after top-level value") {
			t.Errorf("%v: the predictions are blamed:\n%s", tt.args, out)
		}
	}

	// A lone CR between two rows of an LF prediction file.
	preds, _ := os.ReadFile(exPreds)
	mixed := filepath.Join(dir, "mixcr.jsonl")
	os.WriteFile(mixed, []byte(strings.Replace(string(preds), "\n", "\r", 2)), 0o644)
	stdout, _, code := runCLI("validate", "--ids", ids, mixed)
	if code != exitProblems || !strings.Contains(stdout, "a lone CR") || !strings.Contains(stdout, "[cr_line_ends]") || strings.Contains(stdout, "after top-level value") {
		t.Errorf("LF file with a lone CR between rows: exit %d\n%s", code, stdout)
	}
	// A file ending "\n\r": a lone CR, not CRLF.
	trail := filepath.Join(dir, "trailcr.jsonl")
	os.WriteFile(trail, append(preds, '\r'), 0o644)
	stdout, _, code = runCLI("validate", "--ids", ids, trail)
	if code != exitOK || strings.Contains(stdout, "CRLF") || !strings.Contains(stdout, "a lone CR") {
		t.Errorf(`file ending "\n\r": exit %d\n%s`, code, stdout)
	}
}

// TestWrongFileAsGold: the test inputs given as --gold are recognised as
// validate recognises them (wrong_file_kind), with the hint to pass them
// as --inputs; predictions and inputs swapped give the real error alone,
// not first a note about gold samples without a formal_statement.
func TestWrongFileAsGold(t *testing.T) {
	_, stderr, code := runCLI("score", "--gold", exInputs, exPreds)
	if code != exitProblems || !strings.Contains(stderr, "[wrong_file_kind]") || !strings.Contains(stderr, "--inputs") || strings.Contains(stderr, `""`) {
		t.Errorf("inputs as gold: exit %d\n%s", code, stderr)
	}
	_, stderr, code = runCLI("score", "--gold", exPreds, exInputs)
	if code != exitProblems || !strings.Contains(stderr, "[wrong_file_kind]") || strings.Contains(stderr, "formal_statement") {
		t.Errorf("swapped: exit %d\n%s", code, stderr)
	}
}

// TestValidateJSONUnreadable: with --format json, a file that cannot be
// read is still a JSON document (the report's shape: file, valid false, one
// error of code "unreadable"), and the exit stays 2; the other files are
// validated as before.
func TestValidateJSONUnreadable(t *testing.T) {
	dir := t.TempDir()
	nofile := filepath.Join(dir, "nofile.jsonl")
	stdout, stderr, code := runCLI("validate", "--format", "json", "--inputs", exInputs, nofile, exPreds)
	if code != exitUsage {
		t.Errorf("exit %d, want %d\n%s", code, exitUsage, stderr)
	}
	dec := json.NewDecoder(strings.NewReader(stdout))
	var docs []map[string]any
	for dec.More() {
		var d map[string]any
		if err := dec.Decode(&d); err != nil {
			t.Fatalf("stdout is not JSON documents: %v\n%s", err, stdout)
		}
		docs = append(docs, d)
	}
	if len(docs) != 2 || docs[0]["file"] != nofile || docs[0]["valid"] != false || docs[1]["valid"] != true {
		t.Fatalf("want 2 documents, the first the unreadable file:\n%s", stdout)
	}
	errs, _ := docs[0]["errors"].([]any)
	if len(errs) != 1 || errs[0].(map[string]any)["code"] != "unreadable" || !strings.Contains(errs[0].(map[string]any)["message"].(string), "no such file") {
		t.Errorf("the unreadable file's errors: %v", docs[0]["errors"])
	}
}
