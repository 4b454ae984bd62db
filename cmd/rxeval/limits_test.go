package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// peakEnv names the file where the test binary, run as a measuring parent,
// writes the peak RSS of the command it ran. Measuring from this process
// would not do: Go starts children with CLONE_VM, and Linux carries the
// parent's high-water RSS into the child's ru_maxrss at exec, so the test's
// own ~60 MB of inputs would be charged to rxeval. A small intermediate
// process has a small high-water mark of its own.
const peakEnv = "RXEVAL_TEST_PEAK_OUT"

// runMeasured runs args as a child with this process's stdio, writes the
// child's peak RSS in bytes to out, and returns its exit code.
func runMeasured(out string, args []string) int {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 125
	}
	cmd.Wait()
	peak := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10 // KiB on Linux
	if err := os.WriteFile(out, []byte(strconv.FormatInt(peak, 10)), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 125
	}
	return cmd.ProcessState.ExitCode()
}

func readPeak(t *testing.T, file string) int64 {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("no peak RSS measured: %v", err)
	}
	n, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		t.Fatalf("peak RSS file: %v", err)
	}
	return n
}

// hostileRun is one whole-process run of the real binary on a hostile input.
type hostileRun struct {
	name    string
	args    []string
	input   int64 // bytes of the largest input (0: unbounded, e.g. /dev/zero)
	code    int   // expected exit code
	maxOut  int   // bound on stdout+stderr bytes
	contain string
}

// TestHostileInputs runs rxeval on inputs built to exhaust memory, output
// or time, and checks each exits with the documented code, within time, with
// peak memory under 2x the largest input + 64 MB (the limit, for an
// unbounded input), and with output bounded whatever the input's size.
// docs/robustness.md records the same table, measured with /usr/bin/time -v.
func TestHostileInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("writes ~60 MB of files and runs the binary a dozen times")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	newlines := write("newlines.jsonl", bytes.Repeat([]byte("\n"), 20<<20))
	xs := write("xs.jsonl", bytes.Repeat([]byte("x\n"), 4<<20))
	longID := write("longid.jsonl", []byte(`{"idx":"`+strings.Repeat("a", 10<<20)+`","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":null}`+"\n"))
	valid := write("ok.jsonl", []byte(`{"idx":"d1","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":null}`+"\n"))
	ids := write("ids.txt", []byte("d1\n"))
	// A row with a 32 MB extra field, an array of 16 M numbers or one
	// string, and one whose correction is a 32 MB array: the validator's
	// slow path held up to eight copies of such a row and boxed every
	// element of the array (a 100 MB row took 0.9 GB, its 100 MB array 7 GB).
	rowWith := func(name, fields string) string {
		return write(name, []byte(`{"idx":"d1","verdict":"aligned","error_category":null,"error_segment":null,`+fields+"}\n"))
	}
	bigArray := "[" + strings.Repeat("1,", 16<<20) + "1]"
	extraArray := rowWith("extra-array.jsonl", `"corrected_statement":null,"conf":`+bigArray)
	extraString := rowWith("extra-string.jsonl", `"corrected_statement":null,"conf":"`+strings.Repeat("y", 32<<20)+`"`)
	fieldArray := rowWith("field-array.jsonl", `"corrected_statement":`+bigArray)
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	for i := range 50000 {
		zw.Create(fmt.Sprintf("../entry%06d.jsonl", i))
	}
	zw.Close()
	manyZip := write("many.zip", zb.Bytes())
	fifo := filepath.Join(dir, "fifo.jsonl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	// A correction of 10^6 terms '1 + 1 + …' (4 MB) and one of 20,000
	// hypotheses (issue 18.2, 18.4: a stack overflow, then 108 s at 160 KB):
	// the offline judges leave them undecided as too large to compare.
	exGoldB, _ := os.ReadFile("../../testdata/example/gold.jsonl")
	exPredB, _ := os.ReadFile("../../testdata/example/predictions.jsonl")
	deep := "theorem t : " + strings.Repeat("1 + ", 1_000_000) + "1 = 0"
	var hyps strings.Builder
	hyps.WriteString("theorem t ")
	for i := range 20_000 {
		fmt.Fprintf(&hyps, "(h%d : p = q) ", i)
	}
	hyps.WriteString(": True")
	bigCorr := func(name, corr string) string {
		var b bytes.Buffer
		for _, line := range bytes.Split(bytes.TrimSpace(exPredB), []byte("\n")) {
			var row map[string]any
			json.Unmarshal(line, &row)
			if row["verdict"] == "misaligned" {
				row["corrected_statement"] = corr
			}
			l, _ := json.Marshal(row)
			b.Write(append(l, '\n'))
		}
		return write(name, b.Bytes())
	}
	exGold := write("gold.jsonl", exGoldB)
	deepPred, hypPred := bigCorr("deep.jsonl", deep), bigCorr("hyps.jsonl", hyps.String())
	runs := []hostileRun{
		{"a 4 MB deep correction", []string{"score", "--gold", exGold, deepPred}, 4 << 20, 0, 16 << 10, "lower bound"},
		{"20,000 hypotheses", []string{"score", "--gold", exGold, hypPred}, 1 << 20, 0, 16 << 10, "lower bound"},
		{"20 MB of newlines", []string{"validate", "--ids", ids, newlines}, 20 << 20, 1, 4 << 10, "empty_file"},
		{"4M lines of x", []string{"validate", "--ids", ids, xs}, 8 << 20, 1, 16 << 10, "more errors not listed"},
		{"20 MB of newlines as gold", []string{"score", "--gold", newlines, "--judge", "exact", valid}, 20 << 20, 1, 4 << 10, "no rows"},
		{"--inputs /dev/zero", []string{"validate", "--inputs", "/dev/zero", valid}, 0, 1, 4 << 10, "past the limit"},
		{"/dev/zero as predictions", []string{"validate", "--ids", ids, "/dev/zero"}, 0, 1, 4 << 10, "too_large"},
		{"a 10 MB id", []string{"validate", "--ids", ids, longID}, 10 << 20, 1, 8 << 10, "bytes in all"},
		{"a 32 MB array in an extra field", []string{"validate", "--ids", ids, extraArray}, 32 << 20, 0, 4 << 10, "extra_field"},
		{"a 32 MB string in an extra field", []string{"validate", "--ids", ids, extraString}, 32 << 20, 0, 4 << 10, "extra_field"},
		{"a 32 MB array as a correction", []string{"validate", "--ids", ids, fieldArray}, 32 << 20, 1, 4 << 10, "got an array [wrong_type]"},
		{"a zip of 50,000 entries", []string{"validate", "--ids", ids, manyZip}, int64(zb.Len()), 1, 8 << 10, "more entries like the above"},
		{"a FIFO with no writer", []string{"validate", "--ids", ids, fifo}, 0, 1, 4 << 10, "empty_file"},
	}
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			peakFile := filepath.Join(t.TempDir(), "peak")
			cmd := exec.Command(os.Args[0], append([]string{bin}, r.args...)...)
			cmd.Env = append(os.Environ(), peakEnv+"="+peakFile)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			start := time.Now()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				cmd.Process.Kill()
				t.Fatalf("still running after 30 s")
			}
			elapsed := time.Since(start)
			code := cmd.ProcessState.ExitCode()
			rss := readPeak(t, peakFile)
			limit := 2*r.input + 64<<20
			if r.input == 0 {
				limit = 2*256<<20 + 64<<20 // the default --max-size
			}
			t.Logf("%-28s exit %d  %6.0f ms  peak %4d MB  output %d bytes", r.name, code, float64(elapsed.Microseconds())/1000, rss>>20, out.Len())
			if code != r.code {
				t.Errorf("exit %d, want %d\n%.2000s", code, r.code, out.String())
			}
			if rss > limit {
				t.Errorf("peak memory %d MB, over %d MB", rss>>20, limit>>20)
			}
			if out.Len() > r.maxOut {
				t.Errorf("%d bytes of output, over %d", out.Len(), r.maxOut)
			}
			if !strings.Contains(out.String(), r.contain) {
				t.Errorf("output does not say %q:\n%.2000s", r.contain, out.String())
			}
		})
	}
}
