package validate

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// threeIDs is the expected set of the corpus under testdata/bad.
func threeIDs(t testing.TB) *IDSet {
	s, err := NewIDSet([]string{"formalrx_0001", "formalrx_0002", "formalrx_0003"})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func newValidator(t testing.TB) *Validator {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func codes(r *Report) (errs, warns []string) {
	set := func(ps []Problem) []string {
		m := map[string]bool{}
		for _, p := range ps {
			m[string(p.Code)] = true
		}
		out := make([]string, 0, len(m))
		for c := range m {
			out = append(out, c)
		}
		sort.Strings(out)
		return out
	}
	return set(r.Errors), set(r.Warnings)
}

// TestCorpus validates every malformed file under testdata/bad and checks
// the codes it reports, whether the server would reject it, and the exact
// text output against a golden file.
func TestCorpus(t *testing.T) {
	tests := []struct {
		file     string
		errs     string // sorted error codes, comma-separated
		warns    string
		rejected bool
	}{
		{"truncated.jsonl", "missing_id,not_json", "", true},
		{"wrong_type_idx.jsonl", "missing_id,wrong_type", "", true},
		{"wrong_type_category.jsonl", "wrong_type", "", true},
		{"wrong_type_segment_array.jsonl", "wrong_type", "", true},
		{"wrong_type_corrected_object.jsonl", "wrong_type", "", true},
		{"verdict_bool.jsonl", "bad_verdict", "", true},
		{"verdict_na.jsonl", "bad_verdict", "", true},
		{"verdict_number.jsonl", "bad_verdict", "", true},
		{"verdict_other.jsonl", "bad_verdict", "", true},
		{"idx_na.jsonl", "missing_id,unknown_id", "", true},
		{"idx_null.jsonl", "missing_id,wrong_type", "", true},
		{"idx_empty.jsonl", "empty_id,missing_id", "", true},
		{"na_on_misaligned.jsonl", "", "null_on_misaligned", false},
		{"null_on_misaligned.jsonl", "", "null_on_misaligned", false},
		{"bom.jsonl", "", "bom", false},
		{"bom_middle.jsonl", "missing_id,not_json", "", true}, // named with its line, not "invalid character 'ï'"
		{"crlf.jsonl", "", "crlf", false},
		{"cr_only.jsonl", "cr_line_ends", "", true}, // one line to a reader: said once, not "CRLF" nor a parse error
		{"nul_in_string.jsonl", "missing_id,not_json", "", true},
		{"nul_between_lines.jsonl", "missing_id,not_json", "", true},
		{"duplicate_id.jsonl", "duplicate_id", "", true},
		{"unpadded_id.jsonl", "missing_id,unknown_id", "", true},
		{"uppercase_id.jsonl", "missing_id,unknown_id", "", true},
		{"unknown_id.jsonl", "unknown_id", "", true},
		{"gold_field_names.jsonl", "missing_field", "", true},
		{"gold_shape.jsonl", "wrong_file_kind", "", true},
		{"inputs_file.jsonl", "wrong_file_kind", "", true},
		{"per_sample.jsonl", "wrong_file_kind", "", true},
		{"json_array.jsonl", "not_jsonl", "", true},
		{"json_array_line.jsonl", "not_jsonl", "", true},
		{"gzip.jsonl", "not_jsonl", "", true},
		{"verdict_capitalised.jsonl", "verdict_case", "", false},
		{"verdict_upper_spaces.jsonl", "verdict_case", "", false},
		{"filled_on_aligned.jsonl", "filled_on_aligned", "", false},
		{"empty_string_on_aligned.jsonl", "filled_on_aligned", "", false},
		{"empty_string_on_misaligned.jsonl", "", "empty_string", false},
		{"unknown_category.jsonl", "unknown_category", "", false},
		{"group_as_category.jsonl", "unknown_category", "", false},
		{"code_as_category.jsonl", "noncanonical_category", "", false},
		{"lowercase_category.jsonl", "noncanonical_category", "", false},
		{"disputed_spelling.jsonl", "", "", false},
		{"extra_field.jsonl", "", "extra_field", false},
		{"missing_field.jsonl", "missing_field", "", true},
		{"missing_everything.jsonl", "missing_field,missing_id", "", true},
		{"array_line.jsonl", "missing_id,not_object", "", true},
		{"scalar_line.jsonl", "missing_id,not_object", "", true},
		{"trailing_garbage.jsonl", "missing_id,not_json", "", true},
		{"two_objects_one_line.jsonl", "missing_id,not_json", "", true},
		{"blank_line_middle.jsonl", "", "blank_line", false},
		{"trailing_blank_lines.jsonl", "", "", false},
		{"invalid_utf8.jsonl", "missing_id,not_utf8", "", true},
		{"empty_file.jsonl", "empty_file,missing_id", "", true},
		{"only_blank_lines.jsonl", "empty_file,missing_id", "", true},
		{"duplicate_key.jsonl", "", "duplicate_key", false},
		{"single_quotes.jsonl", "missing_id,not_json", "", true},
		{"raw_tab_in_string.jsonl", "missing_id,not_json", "", true},
		{"pretty_printed.jsonl", "not_jsonl", "", true},
		{"missing_rows.jsonl", "missing_id", "", true},
		{"python_repr.jsonl", "missing_id,not_json", "", true},
		{"valid.jsonl", "", "", false},
	}
	files, _ := filepath.Glob("../testdata/bad/*.jsonl")
	if len(files) != len(tests) {
		t.Errorf("corpus has %d files, table has %d rows", len(files), len(tests))
	}
	v := newValidator(t)
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join("../testdata/bad", tt.file)
			// The fast and the exhaustive path must print the same text: the
			// golden file is compared (or, with -update, written) once, from
			// the fast path, after the two were found equal.
			var outs [2][]byte
			for i, exhaustive := range []bool{false, true} {
				src, err := ReadSource(path, 0)
				if err != nil {
					t.Fatal(err)
				}
				rep := v.Validate(src, Options{Expected: threeIDs(t), Exhaustive: exhaustive})
				errs, warns := codes(rep)
				if got := strings.Join(errs, ","); got != tt.errs {
					t.Errorf("exhaustive=%v: error codes = %q, want %q", exhaustive, got, tt.errs)
				}
				if got := strings.Join(warns, ","); got != tt.warns {
					t.Errorf("exhaustive=%v: warning codes = %q, want %q", exhaustive, got, tt.warns)
				}
				if rep.Rejected() != tt.rejected {
					t.Errorf("Rejected() = %v, want %v", rep.Rejected(), tt.rejected)
				}
				if rep.Valid != (tt.errs == "") {
					t.Errorf("Valid = %v with errors %q", rep.Valid, tt.errs)
				}
				var buf bytes.Buffer
				rep.WriteText(&buf, 0, false)
				outs[i] = buf.Bytes()
			}
			if !bytes.Equal(outs[0], outs[1]) {
				t.Fatalf("the fast and the exhaustive path print different reports:\n--- fast\n%s\n--- exhaustive\n%s", outs[0], outs[1])
			}
			golden(t, strings.TrimSuffix(path, ".jsonl")+".golden", outs[0])
		})
	}
}

// golden compares got with the golden file, or rewrites it with -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s:\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// TestLenientNoncanonical: a verdict or category that names the right thing
// in the wrong spelling is an error by default, a warning with Lenient, and
// never a reason for the server to reject the file.
func TestLenientNoncanonical(t *testing.T) {
	v := newValidator(t)
	for _, f := range []string{"verdict_capitalised.jsonl", "verdict_upper_spaces.jsonl", "code_as_category.jsonl", "lowercase_category.jsonl"} {
		for _, lenient := range []bool{false, true} {
			src, err := ReadSource(filepath.Join("../testdata/bad", f), 0)
			if err != nil {
				t.Fatal(err)
			}
			rep := v.Validate(src, Options{Expected: threeIDs(t), Lenient: lenient})
			if rep.Valid != lenient || rep.Rejected() {
				t.Errorf("%s lenient=%v: valid=%v rejected=%v errors=%v", f, lenient, rep.Valid, rep.Rejected(), rep.Errors)
			}
		}
	}
}

func TestStrictTurnsWarningsIntoErrors(t *testing.T) {
	v := newValidator(t)
	src, err := ReadSource("../testdata/bad/crlf.jsonl", 0)
	if err != nil {
		t.Fatal(err)
	}
	rep := v.Validate(src, Options{Expected: threeIDs(t), Strict: true})
	if rep.Valid || len(rep.Warnings) != 0 || len(rep.Errors) != 1 || rep.Errors[0].Code != CodeCRLF {
		t.Errorf("strict: valid=%v errors=%v warnings=%v", rep.Valid, rep.Errors, rep.Warnings)
	}
}

func TestIDSummaries(t *testing.T) {
	v := newValidator(t)
	data := []byte(`{"idx":"formalrx_0002","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":null}
{"idx":"formalrx_0002","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":null}
{"idx":"formalrx_1","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":null}
`)
	rep := v.Validate(&Source{Name: "x.jsonl", Data: data}, Options{KeepRows: true})
	if rep.Missing.Count != OfficialCount-1 || rep.Missing.Examples[0] != "formalrx_0001" || len(rep.Missing.Examples) != maxExamples {
		t.Errorf("missing = %+v", rep.Missing)
	}
	if rep.Duplicate.Count != 1 || rep.Unknown.Count != 1 || rep.Unknown.Examples[0] != "formalrx_1" {
		t.Errorf("duplicate = %+v unknown = %+v", rep.Duplicate, rep.Unknown)
	}
	var hint string
	for _, p := range rep.Errors {
		if p.Code == CodeUnknownID {
			hint = p.Hint
		}
	}
	if !strings.Contains(hint, `"formalrx_0001"`) {
		t.Errorf("unknown id hint = %q", hint)
	}
	if len(rep.Parsed) != 2 {
		t.Errorf("parsed %d rows, want 2 (first occurrence of each id)", len(rep.Parsed))
	}
}

func TestGoldenJSON(t *testing.T) {
	v := newValidator(t)
	for _, name := range []string{"unpadded_id", "filled_on_aligned", "valid"} {
		src, err := ReadSource("../testdata/bad/"+name+".jsonl", 0)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := v.Validate(src, Options{Expected: threeIDs(t)}).WriteJSON(&buf, 0); err != nil {
			t.Fatal(err)
		}
		golden(t, "../testdata/bad/"+name+".json.golden", buf.Bytes())
	}
}

func TestMaxListCapsListingNotCounts(t *testing.T) {
	v := newValidator(t)
	src, _ := ReadSource("../testdata/bad/missing_rows.jsonl", 0)
	rep := v.Validate(src, Options{})
	var buf bytes.Buffer
	rep.WriteText(&buf, 1, false)
	out := buf.String()
	if !strings.Contains(out, "7029 of 7030 expected ids are missing") || !strings.Contains(out, "1 error,") {
		t.Errorf("output:\n%s", out)
	}
	ids := slices.Collect(func(yield func(string) bool) {
		for _, p := range rep.Errors {
			yield(string(p.Code))
		}
	})
	if len(ids) != 1 {
		t.Errorf("errors = %v", ids)
	}
}

// TestInputsWarnings: with a test-inputs file, a segment that is not in the
// formal statement and a correction that changes nothing are warned about.
func TestInputsWarnings(t *testing.T) {
	inputs := []byte(`{"idx":"formalrx_0001","formal_statement":"theorem t : x ^ 2 = 1 := by sorry"}
{"idx":"formalrx_0002","formal_statement":"theorem u : y = 2 := by sorry"}
`)
	exp, err := IDsFromInputs(inputs)
	if err != nil {
		t.Fatal(err)
	}
	data := []byte(`{"idx":"formalrx_0001","verdict":"misaligned","error_category":"Exponent/Power Error","error_segment":"x ^ 3","corrected_statement":"theorem t : x ^ 3 = 1 := by sorry"}
{"idx":"formalrx_0002","verdict":"misaligned","error_category":"Conclusion Error","error_segment":"y = 2","corrected_statement":"theorem u : y = 2 := by sorry"}
`)
	rep := newValidator(t).Validate(&Source{Name: "p.jsonl", Data: data}, Options{Expected: exp})
	errs, warns := codes(rep)
	if len(errs) != 0 || strings.Join(warns, ",") != "segment_not_in_statement,unchanged_correction" {
		t.Errorf("errors %v warnings %v", errs, warns)
	}
	if rep.Warnings[0].Line != 1 || rep.Warnings[1].Line != 2 {
		t.Errorf("lines: %+v", rep.Warnings)
	}
}
