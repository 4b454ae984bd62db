package validate

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTruncatedWhileRead: a prediction file emptied (`: > p.jsonl`) after
// ReadSource returned, as a user regenerating predictions during a long
// score run does, must not crash the process (issue 18.3: a mapped file
// ended in SIGBUS, "fatal error: fault", and no report). The read runs in a
// child process, since a fault would kill the test binary.
func TestTruncatedWhileRead(t *testing.T) {
	if f := os.Getenv("RXEVAL_TRUNCATE_CHILD"); f != "" {
		src, err := ReadSource(f, 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(f, 0); err != nil {
			t.Fatal(err)
		}
		v, err := New()
		if err != nil {
			t.Fatal(err)
		}
		rep := v.Validate(src, Options{Expected: mustIDs(t, "dev_0001")})
		if rep.Rows != 20000 {
			t.Fatalf("%d rows, want the 20000 read before the truncation", rep.Rows)
		}
		os.Stdout.WriteString("child done\n")
		return
	}
	p := filepath.Join(t.TempDir(), "p.jsonl")
	row := `{"idx":"dev_0001","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":null}` + "\n"
	if err := os.WriteFile(p, []byte(strings.Repeat(row, 20000)), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestTruncatedWhileRead$", "-test.v")
	cmd.Env = append(os.Environ(), "RXEVAL_TRUNCATE_CHILD="+p)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "child done") {
		t.Fatalf("child: %v\n%.2000s", err, out)
	}
}

func mustIDs(t *testing.T, ids ...string) *IDSet {
	t.Helper()
	s, err := NewIDSet(ids)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
