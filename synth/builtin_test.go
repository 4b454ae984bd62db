package synth

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite data/proofnet_lean4.jsonl and docs/synth.md from the code")

// builtinCopy filters testdata's ProofNet file into the embedded copy: the
// informal statement without its proof, rows without one left out.
func builtinCopy(t *testing.T) []byte {
	t.Helper()
	f, err := os.Open("../testdata/proofnet_lean4/proofnet_lean4.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var r struct {
			Name            string  `json:"name"`
			Header          string  `json:"header"`
			FormalStatement string  `json:"formal_statement"`
			InformalStmt    *string `json:"informal_stmt"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		if r.InformalStmt == nil {
			continue
		}
		inf, _, _ := strings.Cut(*r.InformalStmt, "\\begin{proof}")
		if err := enc.Encode(Source{Name: r.Name, Header: r.Header, Informal: strings.TrimSpace(inf), Formal: r.FormalStatement}); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes()
}

func TestBuiltinIsTestdataCopy(t *testing.T) {
	want := builtinCopy(t)
	if *update {
		if err := os.WriteFile("data/proofnet_lean4.jsonl", want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(builtin, want) {
		t.Fatal("data/proofnet_lean4.jsonl differs from the filtered ../testdata copy; run go test ./synth -run TestBuiltinIsTestdataCopy -update")
	}
	if n := len(Builtin()); n != 371 {
		t.Fatalf("Builtin() = %d sources, want 371 (374 ProofNet rows, 3 without an informal statement)", n)
	}
}
