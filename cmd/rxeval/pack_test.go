package main

import (
	"archive/zip"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPackCompressible: a valid file that deflates far (the same row 7,030
// times but for the id, or rows with long repeated text: 9 MB at 300:1)
// packs, and the zip
// validates (it failed with "internal error: the zip does not read back
// (<nil>)": read back, it was taken for a zip bomb).
func TestPackCompressible(t *testing.T) {
	dir := t.TempDir()
	var many strings.Builder
	for i := 1; i <= 7030; i++ {
		many.WriteString(`{"idx": "formalrx_` + fmt.Sprintf("%04d", i) + `", "verdict": "aligned", "error_category": null, "error_segment": null, "corrected_statement": null}` + "\n")
	}
	long := strings.Repeat("x ", 512<<10)
	var longRows strings.Builder
	for i := 1; i <= 7030; i++ {
		if i <= 8 {
			longRows.WriteString(`{"idx": "formalrx_` + fmt.Sprintf("%04d", i) + `", "verdict": "misaligned", "error_category": "Missing Premise", "error_segment": "x", "corrected_statement": "theorem t : ` + long + `"}` + "\n")
			continue
		}
		longRows.WriteString(`{"idx": "formalrx_` + fmt.Sprintf("%04d", i) + `", "verdict": "aligned", "error_category": null, "error_segment": null, "corrected_statement": null}` + "\n")
	}
	for name, body := range map[string]string{"many.jsonl": many.String(), "long.jsonl": longRows.String()} {
		in := filepath.Join(dir, name)
		if err := os.WriteFile(in, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		out := strings.TrimSuffix(in, ".jsonl") + ".zip"
		stdout, stderr, code := runCLI("pack", in, "-o", out)
		if code != 0 {
			t.Errorf("%s: pack exit %d, want 0\n%s%s", name, code, stdout, stderr)
			continue
		}
		for _, cmd := range []string{"validate"} {
			stdout, stderr, code := runCLI(cmd, out)
			if code != 0 || strings.Contains(stdout+stderr, "zip_bomb") {
				t.Errorf("%s: %s of the packed zip: exit %d\n%s%s", name, cmd, code, stdout, stderr)
			}
		}
	}
}

// TestPackRefusedReadBack: a zip that validate would refuse as it reads
// back (past 32 MiB at over 200:1, a bomb's ratio) is not written, and the
// message says why, not "internal error ... (<nil>)".
func TestPackRefusedReadBack(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "spaces.jsonl")
	if err := os.WriteFile(in, []byte(strings.Repeat(" ", 40<<20)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "spaces.zip")
	_, stderr, code := runCLI("pack", "--force", in, "-o", out)
	if code != exitProblems {
		t.Errorf("exit %d, want %d\n%s", code, exitProblems, stderr)
	}
	if !strings.Contains(stderr, "zip_bomb: entry") || !strings.Contains(stderr, "nothing written") || strings.Contains(stderr, "<nil>") || strings.Contains(stderr, "internal error") {
		t.Errorf("the message does not say why:\n%s", stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("%s written", out)
	}
}

// TestPackWindowsZip: a zip made on Windows, its .jsonl in a folder written
// with a backslash separator, is read (not called absolute) and packed with
// the .jsonl at the top.
func TestPackWindowsZip(t *testing.T) {
	dir := t.TempDir()
	rows, err := os.ReadFile("../../testdata/bad/valid.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create(`out\preds.jsonl`)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(rows)
	zw.Close()
	in, out, ids := filepath.Join(dir, "win.zip"), filepath.Join(dir, "sub.zip"), filepath.Join(dir, "ids.txt")
	os.WriteFile(in, buf.Bytes(), 0o644)
	os.WriteFile(ids, []byte("formalrx_0001\nformalrx_0002\nformalrx_0003\n"), 0o644)
	stdout, stderr, code := runCLI("pack", "--ids", ids, in, "-o", out)
	if code != exitOK || !strings.Contains(stderr, "backslash path separator (a Windows-made zip)") || strings.Contains(stderr, "absolute") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "sub.zip!/preds.jsonl") {
		t.Errorf("the .jsonl is not at the top of the packed zip:\n%s", stdout)
	}
}
