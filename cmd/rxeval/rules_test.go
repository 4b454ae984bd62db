package main

// Tests that pin the CLI's rules (the README's exit-code table, the
// commands' --help) one by one (issue 19); docs/testing.md maps the rules
// to them.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// perfectPredictions writes the example gold as a prediction file that
// stage one accepts whole (no stage-two pair) and returns its path.
func perfectPredictions(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile("../../testdata/example/gold.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var raw struct {
			Idx string            `json:"idx"`
			D   map[string]string `json:"diagnosis"`
		}
		if err := json.Unmarshal(sc.Bytes(), &raw); err != nil {
			t.Fatal(err)
		}
		null := func(s string) *string {
			if s == "N/A" {
				return nil
			}
			return &s
		}
		row := map[string]any{"idx": raw.Idx, "verdict": strings.ToLower(raw.D["aligned"]),
			"error_category": null(raw.D["error_type"]), "error_segment": null(raw.D["error_location"]), "corrected_statement": null(raw.D["corrected_statement"])}
		b, _ := json.Marshal(row)
		out.Write(append(b, '\n'))
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSeveralFilesUndecidedExit: with several prediction files, exit 4
// counts the undecided pairs of every file, wherever the file is in the
// list: --undecided fail exits 4 when any file leaves a pair undecided,
// and a judge failure on any file's pairs exits 4 unless
// --allow-undecided. Undecided pairs under the default policy exit 0.
func TestSeveralFilesUndecidedExit(t *testing.T) {
	dir := t.TempDir()
	gold, inputs := "../../testdata/example/gold.jsonl", "../../testdata/example/inputs.jsonl"
	undecided := "../../testdata/example/predictions.jsonl" // 5 pairs the exact judge leaves
	perfect, perfect2 := perfectPredictions(t, dir, "perfect.jsonl"), perfectPredictions(t, dir, "perfect2.jsonl")
	if _, stderr, code := runCLI("score", "--gold", gold, "--judge", "exact", "--undecided", "fail", perfect); code != exitOK {
		t.Fatalf("the perfect file alone: exit %d\n%s", code, stderr)
	}
	exact := []string{"score", "--gold", gold, "--judge", "exact", "--bootstrap", "20"}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--undecided", "fail", undecided, perfect}, exitInexact, "5 stage-two pairs are undecided"},
		{[]string{"--undecided", "fail", perfect, undecided}, exitInexact, "5 stage-two pairs are undecided"},
		{[]string{"--undecided", "fail", perfect, undecided, perfect2}, exitInexact, "5 stage-two pairs are undecided"},
		{[]string{"--undecided", "fail", undecided, perfect, "../../testdata/example/predictions_b.jsonl"}, exitInexact, ""},
		{[]string{"--undecided", "fail", perfect, perfect2}, exitOK, ""},
		{[]string{undecided, perfect}, exitOK, ""},
		{[]string{"--undecided", "right", perfect, undecided}, exitOK, ""},
	} {
		stdout, stderr, code := runCLI(append(exact, c.args...)...)
		if code != c.code || !strings.Contains(stderr, c.msg) {
			t.Errorf("%v: exit %d (want %d), stderr %q (want %q)", c.args, code, c.code, stderr, c.msg)
		}
		if !strings.Contains(stdout, "== comparison of") {
			t.Errorf("%v: no comparison report:\n%s", c.args, stdout)
		}
	}
	// Two copies of the file: each file's pairs count (the memo asks the
	// judge once, but each report has its 5).
	cp := filepath.Join(dir, "copy.jsonl")
	data, _ := os.ReadFile(undecided)
	os.WriteFile(cp, data, 0o644)
	if _, stderr, code := runCLI(append(exact, "--undecided", "fail", undecided, cp)...); code != exitInexact || !strings.Contains(stderr, "10 stage-two pairs are undecided") {
		t.Errorf("two files of 5 undecided pairs: exit %d, stderr %q", code, stderr)
	}

	// A judge failure on the one pair the offline judges leave (in the
	// undecided file only), first or last in the list.
	srv, _ := fakeJudgeServer(t, func(int64, string) int { return 500 })
	model := []string{"score", "--gold", gold, "--inputs", inputs, "--judge", "ollama:m", "--ollama-host", srv.URL, "--no-cache", "--retries", "0", "--max-failures", "5", "--bootstrap", "20"}
	for _, files := range [][]string{{undecided, perfect}, {perfect, undecided}} {
		_, stderr, code := runCLI(append(model, files...)...)
		if code != exitInexact || !strings.Contains(stderr, "the judge failed on 1 stage-two pairs") {
			t.Errorf("judge failure, files %v: exit %d, stderr %q", files, code, stderr)
		}
		if _, stderr, code := runCLI(append(append(model, "--allow-undecided"), files...)...); code != exitOK {
			t.Errorf("judge failure with --allow-undecided, files %v: exit %d, stderr %q", files, code, stderr)
		}
	}
}

// TestPackOutputNamesAnInput: pack refuses (exit 2, nothing written) an
// -o that names one of its inputs: the prediction file, the --inputs file,
// the --ids file, by the same path or another name of the same file.
func TestPackOutputNamesAnInput(t *testing.T) {
	dir := t.TempDir()
	pred := filepath.Join(dir, "p.jsonl")
	data, _ := os.ReadFile("../../testdata/example/predictions.jsonl")
	ins, _ := os.ReadFile("../../testdata/example/inputs.jsonl")
	ids := filepath.Join(dir, "ids.txt")
	inputs := filepath.Join(dir, "in.jsonl")
	link := filepath.Join(dir, "ids-link.txt")
	for p, b := range map[string][]byte{pred: data, ids: []byte("formalrx_0001\nformalrx_0002\nformalrx_0003\nformalrx_0004\nformalrx_0005\n"), inputs: ins} {
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(ids, link); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		what string
	}{
		{[]string{"--ids", ids, "-o", ids}, "--ids"},
		{[]string{"--ids", ids, "-o", link}, "--ids"},
		{[]string{"--ids", link, "-o", filepath.Join(dir, ".", "ids.txt")}, "--ids"},
		{[]string{"--inputs", inputs, "-o", inputs}, "--inputs"},
		{[]string{"--inputs", inputs, "--output", filepath.Join(dir, "sub", "..", "in.jsonl")}, "--inputs"},
		{[]string{"-o", pred}, "PRED"},
	} {
		before := map[string]string{}
		for _, p := range []string{pred, ids, inputs} {
			b, _ := os.ReadFile(p)
			before[p] = string(b)
		}
		_, stderr, code := runCLI(append(append([]string{"pack"}, c.args...), pred)...)
		if code != exitUsage || !strings.Contains(stderr, "is also "+c.what+": refusing to overwrite an input") {
			t.Errorf("pack %v: exit %d, stderr %q", c.args, code, stderr)
		}
		for p, b := range before {
			if now, _ := os.ReadFile(p); string(now) != b {
				t.Errorf("pack %v changed %s", c.args, p)
			}
		}
	}
	// Any other output is written.
	out := filepath.Join(dir, "sub.zip")
	if _, stderr, code := runCLI("pack", "--ids", ids, "-o", out, pred); code != exitOK {
		t.Errorf("pack to a new file: exit %d, %s", code, stderr)
	}
}

// TestSynthSeedZeroSameBytes: `rxeval synth --seed 0` is a fixed seed like
// any other: two runs write the same bytes, and other bytes than seed 1.
func TestSynthSeedZeroSameBytes(t *testing.T) {
	dir := t.TempDir()
	gen := func(seed, name string) string {
		gold := filepath.Join(dir, name+".gold.jsonl")
		in := filepath.Join(dir, name+".in.jsonl")
		if _, stderr, code := runCLI("synth", "--n", "30", "--seed", seed, "-q", "--gold-out", gold, "--inputs-out", in); code != exitOK {
			t.Fatalf("synth --seed %s: exit %d, %s", seed, code, stderr)
		}
		g, _ := os.ReadFile(gold)
		i, _ := os.ReadFile(in)
		return string(g) + string(i)
	}
	a, b, one := gen("0", "a"), gen("0", "b"), gen("1", "c")
	if a != b {
		t.Error("synth --seed 0: two runs differ")
	}
	if a == one {
		t.Error("synth --seed 0 and --seed 1 write the same files")
	}
}
