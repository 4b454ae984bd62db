package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hostilePerSample scores the example into a per-sample file and returns
// its lines decoded, for a test to edit; write writes edited lines back
// as a file in dir.
func hostilePerSample(t *testing.T, dir string) (lines []map[string]any, write func(name string, lines []map[string]any) string) {
	t.Helper()
	ps := filepath.Join(dir, "ps.jsonl")
	if _, stderr, code := runCLI("score", "--gold", exGold, "--inputs", exInputs, "--judge", "exact", "--per-sample", ps, "-q", exPreds); code != exitOK {
		t.Fatalf("score: exit %d\n%s", code, stderr)
	}
	data, err := os.ReadFile(ps)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, m)
	}
	write = func(name string, lines []map[string]any) string {
		t.Helper()
		var b strings.Builder
		for _, m := range lines {
			l, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			b.Write(l)
			b.WriteByte('\n')
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	return lines, write
}

// copyLines is a deep copy of per-sample lines, to edit one copy.
func copyLines(t *testing.T, lines []map[string]any) []map[string]any {
	t.Helper()
	out := make([]map[string]any, len(lines))
	for i, m := range lines {
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &out[i]); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestReportWarningEscapesChains: the warning that two runs were judged by
// different chains writes the chains the run records name with terminal
// escapes escaped, as the gold warning beside it does (atk34 row 43: an
// OSC title and a clear-screen sequence in a chain reached the terminal
// raw), and cut to their first bytes and length when long.
func TestReportWarningEscapesChains(t *testing.T) {
	dir := t.TempDir()
	lines, write := hostilePerSample(t, dir)
	a, b := copyLines(t, lines), copyLines(t, lines)
	a[0]["run"].(map[string]any)["judge"].(map[string]any)["chain"] = "span+lean-ast+\x1b]0;pwned\x07\x1b[2Jjudge"
	a[0]["run"].(map[string]any)["gold"] = "\x1b[31mgold"
	a[0]["run"].(map[string]any)["gold_sha256"] = "\x1b[2Jdifferent"
	b[0]["run"].(map[string]any)["judge"].(map[string]any)["chain"] = "span+" + strings.Repeat("j", 10<<20)
	fa, fb := write("esc\x1b[1mA.jsonl", a), write("escB.jsonl", b)
	_, stderr, code := runCLI("report", "-o", filepath.Join(dir, "r.html"), fa, fb)
	if code != exitOK {
		t.Fatalf("exit %d, want 0 (warnings, not errors)\n%.400q", code, stderr)
	}
	if strings.ContainsAny(stderr, "\x1b\x07") {
		t.Errorf("stderr holds a raw terminal escape:\n%q", stderr)
	}
	for _, want := range []string{`was judged by span+lean-ast+\x1b]0;pwned\a\x1b[2Jjudge`, `esc\x1b[1mA.jsonl`, "not comparable", `gold \x1b[31mgold`, "bytes in all"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr does not say %q:\n%.400q", want, stderr)
		}
	}
	if len(stderr) > 4<<10 {
		t.Errorf("a 10 MB chain gave %d bytes of stderr, want it cut", len(stderr))
	}
}

// TestReportRefusalCutsLongValues: a per-sample file refused for a 10 MB
// value (a category, a judge name, an id) is named by its file, line and
// field and the value by its first 200 bytes and its length, not written
// out whole (atk34 row 44: 10 MB of stderr; docs/robustness.md).
func TestReportRefusalCutsLongValues(t *testing.T) {
	dir := t.TempDir()
	lines, write := hostilePerSample(t, dir)
	huge := "\x1b[31m" + strings.Repeat("C", 10<<20)
	first := func(m map[string]any) bool {
		return m["gold_misaligned"] == true && m["pred_misaligned"] == true && m["category_ok"] == true
	}
	var mis int // a line where gold and prediction are misaligned alike
	for i, m := range lines {
		if first(m) {
			mis = i
			break
		}
	}
	for _, tt := range []struct {
		name  string
		edit  func(l []map[string]any)
		field string
	}{
		{"gold category", func(l []map[string]any) { l[mis]["gold_category"] = huge }, `field "gold_category"`},
		{"judge name", func(l []map[string]any) { l[mis]["localization"].(map[string]any)["by"] = huge }, `field "localization.by"`},
		{"predicted category", func(l []map[string]any) { l[mis]["pred_category"] = huge }, `field "category_ok"`},
		{"id of a field missing", func(l []map[string]any) { l[mis]["idx"] = huge; delete(l[mis], "joint_ok") }, `field "joint_ok"`},
		{"duplicate id", func(l []map[string]any) { l[1]["idx"], l[2]["idx"] = huge, huge }, "duplicate id"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l := copyLines(t, lines)
			tt.edit(l)
			p := write("bad.jsonl", l)
			for _, args := range [][]string{{"report", "-o", filepath.Join(dir, "r.html"), p}, {"study", "agree", p, p}} {
				_, stderr, code := runCLI(args...)
				if code != exitProblems {
					t.Errorf("%s: exit %d, want %d\n%.400q", args[0], code, exitProblems, stderr)
				}
				if len(stderr) > 4<<10 {
					t.Errorf("%s: %d bytes of stderr for a 10 MB value, want it cut:\n%.400q", args[0], len(stderr), stderr)
				}
				for _, want := range []string{p + ": line ", tt.field, `"\x1b[31mCCC`, "bytes in all)"} {
					if !strings.Contains(stderr, want) {
						t.Errorf("%s: stderr does not say %q:\n%.400q", args[0], want, stderr)
					}
				}
				if strings.Contains(stderr, "\x1b") {
					t.Errorf("%s: stderr holds a raw escape", args[0])
				}
			}
		})
	}
	// Two runs of different samples: the sample named, cut.
	other := copyLines(t, lines)
	other[3]["idx"] = huge
	_, stderr, code := runCLI("report", "-o", filepath.Join(dir, "r.html"), write("a.jsonl", lines), write("b.jsonl", other))
	if code != exitProblems || len(stderr) > 4<<10 || !strings.Contains(stderr, "is not in") || !strings.Contains(stderr, "bytes in all)") || strings.Contains(stderr, "\x1b") {
		t.Errorf("runs of different samples, one id 10 MB: exit %d, %d bytes of stderr:\n%.400q", code, len(stderr), stderr)
	}
}
