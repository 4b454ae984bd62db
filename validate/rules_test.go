package validate

// Tests that pin the validation rules of docs/rules.md and of `rxeval
// validate --help` one by one (issue 19); docs/testing.md maps the rules to
// them. Each runs the fast path and the schema path (Exhaustive) alike.

import (
	"bytes"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// validateBytes validates data against ids 0001..0003, both ways.
func validateBytes(t *testing.T, data string, opts Options) []*Report {
	t.Helper()
	v := newValidator(t)
	if opts.Expected == nil {
		opts.Expected = threeIDs(t)
	}
	var out []*Report
	for _, ex := range []bool{false, true} {
		o := opts
		o.Exhaustive, o.KeepRows = ex, true
		out = append(out, v.Validate(&Source{Name: "t.jsonl", Data: []byte(data)}, o))
	}
	return out
}

// problemsOf lists "line field code" of every problem of a report.
func problemsOf(r *Report) []string {
	var out []string
	for _, ps := range [][]Problem{r.Errors, r.Warnings} {
		for _, p := range ps {
			out = append(out, fmt.Sprintf("%d %s %s", p.Line, p.Field, p.Code))
		}
	}
	return out
}

const (
	rowAligned = `{"idx": "formalrx_0001", "verdict": "aligned", "error_category": null, "error_segment": null, "corrected_statement": null}`
	rowThree   = `{"idx": "formalrx_0003", "verdict": "misaligned", "error_category": "Missing Premise", "error_segment": "(x : ℕ)", "corrected_statement": "theorem u (x : ℕ) (h : 0 < x) : x ≥ 1 := by sorry"}`
)

// TestWhitespaceOnlyFields: on a misaligned row, a field that is empty or
// only white space (spaces, tabs, newlines, CRLF) is the
// empty-string warning, that sub-task scoring 0; a field with text around
// its spaces is not. The row stays valid (a warning, not an error).
// "White space" is Unicode's (strings.TrimSpace): U+00A0 and U+3000 too.
func TestWhitespaceOnlyFields(t *testing.T) {
	for _, blank := range []string{``, ` `, `   `, `\t`, `\n`, ` \r\n `, `\u00a0`, `\u3000`} {
		row := fmt.Sprintf(`{"idx": "formalrx_0002", "verdict": "misaligned", "error_category": "Missing Premise", "error_segment": "%s", "corrected_statement": "%s"}`, blank, blank)
		for k, rep := range validateBytes(t, rowAligned+"\n"+row+"\n"+rowThree+"\n", Options{}) {
			got := problemsOf(rep)
			want := []string{"2 error_segment empty_string", "2 corrected_statement empty_string"}
			if !slices.Equal(got, want) || !rep.Valid {
				t.Errorf("%q (exhaustive=%v): problems %v, want %v", blank, k == 1, got, want)
			}
		}
	}
	for _, filled := range []string{` x `, `\tx`, `.`} {
		row := fmt.Sprintf(`{"idx": "formalrx_0002", "verdict": "misaligned", "error_category": "Missing Premise", "error_segment": "%s", "corrected_statement": "%s"}`, filled, filled)
		for _, rep := range validateBytes(t, rowAligned+"\n"+row+"\n"+rowThree+"\n", Options{}) {
			if got := problemsOf(rep); len(got) != 0 {
				t.Errorf("%q: problems %v, want none", filled, got)
			}
		}
	}
	// A white-space category is no category: empty_string, and not one of
	// the 28.
	row := `{"idx": "formalrx_0002", "verdict": "misaligned", "error_category": "  ", "error_segment": "x", "corrected_statement": "y"}`
	for _, rep := range validateBytes(t, rowAligned+"\n"+row+"\n"+rowThree+"\n", Options{}) {
		got := problemsOf(rep)
		if !slices.Contains(got, "2 error_category empty_string") || slices.Contains(got, "2 error_segment empty_string") {
			t.Errorf("white-space category: %v", got)
		}
		for _, r := range rep.Parsed {
			if r.Idx == "formalrx_0002" && r.CategoryName != "" {
				t.Errorf("white-space category read as %q", r.CategoryName)
			}
		}
	}
}

// TestCanonicalSpellingAsWritten: the server compares strings as written.
// A category is the category only when written exactly as the rules write
// it (or as one of the three disputed alternates): a stray space, another
// case, a code, doubled spaces are errors (penalised: the row is scored
// with a wrong category), warnings with Lenient, and the row's category
// counts as none of the 28. The same for a verdict.
func TestCanonicalSpellingAsWritten(t *testing.T) {
	rowWith := func(verdict, cat string) string {
		return fmt.Sprintf(`{"idx": "formalrx_0002", "verdict": %q, "error_category": %q, "error_segment": "x", "corrected_statement": "y"}`, verdict, cat)
	}
	for _, c := range []struct {
		verdict, cat string
		code         Code   // "" when the row is canonical
		counts       string // the category the row counts as
	}{
		{"misaligned", "Missing Premise", "", "Missing Premise"},
		{"misaligned", "(Partial) Order Error", "", "Partial Order Errors"},
		{"misaligned", "Integration/Diff. Confusion", "", "Integration/Differentiation Confusion"},
		{"misaligned", "Geometric Error", "", "Geometric Relationship/Object Error"},
		{"misaligned", "Missing Premise ", CodeNoncanonicalCategory, ""},
		{"misaligned", " Missing Premise", CodeNoncanonicalCategory, ""},
		{"misaligned", "Missing  Premise", CodeNoncanonicalCategory, ""},
		{"misaligned", "Missing\tPremise", CodeNoncanonicalCategory, ""},
		{"misaligned", "missing premise", CodeNoncanonicalCategory, ""},
		{"misaligned", "MISSING PREMISE", CodeNoncanonicalCategory, ""},
		{"misaligned", "C3.1", CodeNoncanonicalCategory, ""},
		{"misaligned", "C3.1 Missing Premise", CodeNoncanonicalCategory, ""},
		{"misaligned", "Geometric Error ", CodeNoncanonicalCategory, ""},
		{"misaligned", "Missing Premise!", CodeNoncanonicalCategory, ""},
		{"misaligned", "Missing Premis", CodeUnknownCategory, ""},
		{"Misaligned", "Missing Premise", CodeVerdictCase, "Missing Premise"},
		{"misaligned ", "Missing Premise", CodeVerdictCase, "Missing Premise"},
		{" misaligned", "Missing Premise", CodeVerdictCase, "Missing Premise"},
	} {
		data := rowAligned + "\n" + rowWith(c.verdict, c.cat) + "\n" + rowThree + "\n"
		for _, lenient := range []bool{false, true} {
			for k, rep := range validateBytes(t, data, Options{Lenient: lenient}) {
				name := fmt.Sprintf("%q %q lenient=%v exhaustive=%v", c.verdict, c.cat, lenient, k == 1)
				var codes []Code
				for _, p := range append(rep.Errors, rep.Warnings...) {
					codes = append(codes, p.Code)
				}
				switch {
				case c.code == "":
					if len(codes) != 0 || !rep.Valid {
						t.Errorf("%s: problems %v", name, codes)
					}
				case !slices.Equal(codes, []Code{c.code}):
					t.Errorf("%s: problems %v, want [%s]", name, codes, c.code)
				case rep.Valid != lenient || rep.Rejected():
					t.Errorf("%s: valid=%v rejected=%v: a penalised spelling is an error, a warning with --lenient, never a refusal", name, rep.Valid, rep.Rejected())
				}
				var row *Row
				for i := range rep.Parsed {
					if rep.Parsed[i].Idx == "formalrx_0002" {
						row = &rep.Parsed[i]
					}
				}
				if row == nil {
					t.Errorf("%s: row not kept", name)
					continue
				}
				if row.CategoryName != c.counts {
					t.Errorf("%s: counts as category %q, want %q", name, row.CategoryName, c.counts)
				}
				if wantCanon := c.code != CodeVerdictCase; row.VerdictCanonical() != wantCanon {
					t.Errorf("%s: verdict canonical = %v", name, row.VerdictCanonical())
				}
			}
		}
	}
}

// TestZipEntriesIgnoredOrCounted: in a submission zip, directories are
// skipped silently, macOS metadata (anything under __MACOSX/, a base name
// starting with "._", a base name .DS_Store) is skipped with a warning,
// and every other entry is counted: the zip must hold exactly one, a
// .jsonl.
func TestZipEntriesIgnoredOrCounted(t *testing.T) {
	rows := validRows(t)
	dir := zipEntry{name: "sub/", mode: fs.ModeDir | 0o755}
	for _, c := range []struct {
		name    string
		extra   []zipEntry
		ignored int  // zip_ignored_entry warnings
		ok      bool // the .jsonl is read
	}{
		{"alone", nil, 0, true},
		{"a directory", []zipEntry{dir}, 0, true},
		{"__MACOSX tree", []zipEntry{{name: "__MACOSX/"}, {name: "__MACOSX/._p.jsonl", body: []byte("x")}, {name: "__MACOSX/sub/x.jsonl", body: []byte("x")}}, 2, true},
		{"AppleDouble in a folder", []zipEntry{{name: "sub/._p.jsonl", body: []byte("x")}}, 1, true},
		{".DS_Store anywhere", []zipEntry{{name: ".DS_Store", body: []byte("x")}, {name: "sub/.DS_Store", body: []byte("x")}}, 2, true},
		{"README counted", []zipEntry{{name: "README.txt", body: []byte("x")}}, 0, false},
		{"a second jsonl counted", []zipEntry{{name: "other.jsonl", body: rows}}, 0, false},
		{"a hidden file that is not AppleDouble is counted", []zipEntry{{name: ".hidden", body: []byte("x")}}, 0, false},
		{"MACOSX without underscores is counted", []zipEntry{{name: "MACOSX/x", body: []byte("x")}}, 0, false},
		{"__MACOSX not at the top is counted", []zipEntry{{name: "sub/__MACOSX/x", body: []byte("x")}}, 0, false},
		{"a name containing ._ is counted", []zipEntry{{name: "a._b", body: []byte("x")}}, 0, false},
		{"DS_Store as an extension is counted", []zipEntry{{name: "x.DS_Store", body: []byte("x")}}, 0, false},
	} {
		entries := append([]zipEntry{{name: "preds.jsonl", body: rows}}, c.extra...)
		src, err := ReadZip("s.zip", makeZip(t, entries...), 1<<20)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		ignored, entriesErr := 0, 0
		for _, p := range src.Problems {
			switch p.Code {
			case CodeZipIgnored:
				ignored++
			case CodeZipEntries:
				entriesErr++
			default:
				t.Errorf("%s: unexpected %s", c.name, p)
			}
		}
		if ignored != c.ignored || (src.Data != nil) != c.ok || (entriesErr == 0) != c.ok {
			t.Errorf("%s: %d ignored (want %d), read=%v (want %v), problems %v", c.name, ignored, c.ignored, src.Data != nil, c.ok, src.Problems)
		}
		if c.ok && (string(src.Data) != string(rows) || src.Name != "s.zip!/preds.jsonl") {
			t.Errorf("%s: read %s, %d bytes", c.name, src.Name, len(src.Data))
		}
	}
	// The ignored entry is a warning: the zip stays valid.
	src, _ := ReadZip("s.zip", makeZip(t, zipEntry{name: "preds.jsonl", body: rows}, zipEntry{name: "__MACOSX/._preds.jsonl", body: []byte("x")}), 1<<20)
	rep := newValidator(t).Validate(src, Options{Expected: threeIDs(t)})
	if !rep.Valid || rep.WarningCount != 1 || rep.Warnings[0].Code != CodeZipIgnored {
		t.Errorf("zip with metadata: valid=%v warnings %v errors %v", rep.Valid, rep.Warnings, rep.Errors)
	}
}

// TestIDsListReading: an --ids file is one id a line; a byte order mark
// (on any line), white space around an id and CRLF endings are dropped; blank lines and
// lines whose first non-blank character is # are skipped; anything else on
// a line is part of the id (a # after an id is no comment); order is kept;
// a repeated id, or no id at all, is an error.
func TestIDsListReading(t *testing.T) {
	s, err := IDsFromList(strings.NewReader("\ufeffformalrx_0003\r\n  formalrx_0001\t\n\n   \n# a comment\n\t# indented comment\nformalrx_0002 # not a comment\nformalrx_0004"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"formalrx_0003", "formalrx_0001", "formalrx_0002 # not a comment", "formalrx_0004"}
	if !slices.Equal(s.IDs(), want) {
		t.Errorf("ids = %q, want %q", s.IDs(), want)
	}
	if p, ok := s.Pos("formalrx_0001"); !ok || p != 1 {
		t.Errorf("position of formalrx_0001 = %d %v", p, ok)
	}
	// A byte order mark is dropped on any line (files joined with cat),
	// and a comment is skipped whatever its encoding.
	s, err = IDsFromList(strings.NewReader("a\n\ufeffb\n# \xff comment\n"))
	if err != nil || !slices.Equal(s.IDs(), []string{"a", "b"}) {
		t.Errorf("BOM on line 2: %q %v", s.IDs(), err)
	}
	for _, c := range []struct{ in, want string }{
		{"a\nb\n a \n", `line 3: id "a" listed twice (first on line 1)`},
		{"", "no ids found"},
		{"# only\n\n  \n", "no ids found"},
		// a line that is not UTF-8 is refused, the id quoted: its bytes
		// never reach a terminal raw
		{"formalrx_0001\nbad\xff\xfeid\x1b[31mred\n", `line 2: id "bad\xff\xfeid\x1b[31mred" is not valid UTF-8 (a prediction's idx never is: prediction files must be UTF-8)`},
	} {
		if _, err := IDsFromList(strings.NewReader(c.in)); err == nil || err.Error() != c.want {
			t.Errorf("%q: err = %v, want %q", c.in, err, c.want)
		}
	}
}

// TestIDsAsWritten: an idx written with a lone UTF-16 surrogate escape
// ("\ud800"), which JSON readers decode to U+FFFD, is shown as written in
// the unknown_id and duplicate_id problems; other ids are quoted with %q.
func TestIDsAsWritten(t *testing.T) {
	row := func(idx string) string {
		return `{"idx":"` + idx + `","verdict":"aligned","error_category":null,"error_segment":null,"corrected_statement":null}`
	}
	data := strings.Join([]string{row("formalrx_0001"), row(`\ud800x`), row(`\ud800x`), row(`\uDFFF`), row(`\ufffd`), row("\ufffd!"), row(`\ud83d\ude00`)}, "\n") + "\n"
	rep := newValidator(t).Validate(&Source{Name: "p.jsonl", Data: []byte(data)}, Options{Expected: mustIDs(t, "formalrx_0001")})
	var got []string
	for _, p := range rep.Errors {
		if p.Code == CodeUnknownID || p.Code == CodeDuplicateID {
			got = append(got, fmt.Sprintf("%d|%s|%s", p.Line, p.Idx, p.Message))
		}
	}
	const note = " (shown as written: it holds a lone UTF-16 surrogate, which JSON readers replace with U+FFFD)"
	want := []string{
		`2|\ud800x|id "\ud800x" is not an expected test id` + note,
		`3|\ud800x|id "\ud800x" already appeared on line 2` + note,
		`4|\uDFFF|id "\uDFFF" is not an expected test id` + note,
		"5|\ufffd|id \"\ufffd\" already appeared on line 4", // U+FFFD written as such: itself (decoded, line 4's id is the same)
		"6|\ufffd!|id \"\ufffd!\" is not an expected test id",
		"7|\U0001F600|id \"\U0001F600\" is not an expected test id", // a valid pair: the character
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var b bytes.Buffer
	rep.WriteText(&b, 0, false)
	if !strings.Contains(b.String(), "p.jsonl:2: \\ud800x: idx: id \"\\ud800x\" is not") {
		t.Errorf("text output:\n%s", b.String())
	}
}

// TestTermSafeInvalidUTF8: a byte that is not UTF-8 reaches the terminal
// as \xff (as %q writes it), never raw and never as U+FFFD; a real U+FFFD
// stays.
func TestTermSafeInvalidUTF8(t *testing.T) {
	for in, want := range map[string]string{
		"bad\xff\xfeid":  `bad\xff\xfeid`,
		"a\ufffdb":       "a\ufffdb",
		"\xe2\x82":       `\xe2\x82`,
		"ok\x1b[31m\xc0": `ok\x1b[31m\xc0`,
	} {
		if got := TermSafe(in); got != want {
			t.Errorf("TermSafe(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestMaxDetailsKeepsWholeFileProblems: MaxDetails (--max-errors) cuts the
// details of line problems past the first N of each severity, never the
// counts, and never the problems about the whole file: those without a
// line (missing ids, the zip's entries), the byte order mark and the CRLF
// line endings.
func TestMaxDetailsKeepsWholeFileProblems(t *testing.T) {
	body := "\xef\xbb\xbfnot json\r\n\n\nalso not json\n[1]\n" + rowAligned + "\n"
	zipped := makeZip(t, zipEntry{name: "__MACOSX/._p.jsonl", body: []byte("x")}, zipEntry{name: "p.jsonl", body: []byte(body)})
	src, err := ReadZip("s.zip", zipped, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	rep := newValidator(t).Validate(src, Options{Expected: threeIDs(t), MaxDetails: 1})
	var errs, warns []Code
	for _, p := range rep.Errors {
		errs = append(errs, p.Code)
	}
	for _, p := range rep.Warnings {
		warns = append(warns, p.Code)
	}
	// Errors: line 1 not_json, line 4 not_json, line 5 not_object, missing
	// ids: the first line error and the missing ids kept (sorted by line).
	if want := []Code{CodeMissingID, CodeNotJSON}; !slices.Equal(errs, want) || rep.ErrorCount != 4 {
		t.Errorf("errors %v (%d), want %v (4)", errs, rep.ErrorCount, want)
	}
	// Warnings: the zip entry, BOM, two blank lines, CRLF: the blank lines
	// cut, the others kept.
	if want := []Code{CodeZipIgnored, CodeBOM, CodeCRLF}; !slices.Equal(warns, want) || rep.WarningCount != 5 {
		t.Errorf("warnings %v (%d), want %v (5)", warns, rep.WarningCount, want)
	}
	if !rep.Truncated() {
		t.Error("not marked truncated")
	}
	// MaxDetails 0 keeps all.
	rep = newValidator(t).Validate(src, Options{Expected: threeIDs(t)})
	if len(rep.Errors) != 4 || len(rep.Warnings) != 5 || rep.Truncated() {
		t.Errorf("no cut: %d errors, %d warnings", len(rep.Errors), len(rep.Warnings))
	}
}

// TestQuotedIDs: ids listed in a message are quoted where they would read
// ambiguously (a space, a #, a comma, an invisible or control character).
func TestQuotedIDs(t *testing.T) {
	got := quotedIDs([]string{"formalrx_0001", "a # b", "x,y", "\ufeffid", "tab\tid", ""})
	want := []string{"formalrx_0001", `"a # b"`, `"x,y"`, `"\ufeffid"`, `"tab\tid"`, `""`}
	if !slices.Equal(got, want) {
		t.Errorf("quotedIDs = %q, want %q", got, want)
	}
}

// TestCapitalisedAlignedIsNoAlignedRow: one reading of "Aligned" with
// filled fields. The server compares verdicts as written, so the row is no
// aligned row in the rules' sense: it is a verdict_case error, and its
// filled fields are not also "must be null on an aligned row" (validate
// said both: "scores as a wrong verdict" and three filled_on_aligned).
// Once fix writes "aligned", the filled fields are that error.
func TestCapitalisedAlignedIsNoAlignedRow(t *testing.T) {
	rowWith := func(verdict, cat string) string {
		return fmt.Sprintf(`{"idx": "formalrx_0002", "verdict": %q, "error_category": %q, "error_segment": "x", "corrected_statement": "y"}`, verdict, cat)
	}
	for _, c := range []struct {
		verdict string
		want    []Code
	}{
		{"Aligned", []Code{CodeVerdictCase}},
		{" aligned", []Code{CodeVerdictCase}},
		{"ALIGNED", []Code{CodeVerdictCase}},
		{"aligned", []Code{CodeFilledOnAligned, CodeFilledOnAligned, CodeFilledOnAligned}},
	} {
		data := rowAligned + "\n" + rowWith(c.verdict, "Missing Premise") + "\n" + rowThree + "\n"
		for k, rep := range validateBytes(t, data, Options{}) {
			var codes []Code
			for _, p := range append(rep.Errors, rep.Warnings...) {
				codes = append(codes, p.Code)
			}
			if !slices.Equal(codes, c.want) {
				t.Errorf("%q exhaustive=%v: problems %v, want %v", c.verdict, k == 1, codes, c.want)
			}
		}
	}
}

// TestIDHintSuggestsOnlyMissingIDs: "formalrx_1" beside a formalrx_0001
// already used is not "did you mean formalrx_0001" (newcomer report 13,
// where formalrx_0003 was the id missing); the hint names what is missing.
func TestIDHintSuggestsOnlyMissingIDs(t *testing.T) {
	row := func(id string) string {
		return `{"idx": "` + id + `", "verdict": "aligned", "error_category": null, "error_segment": null, "corrected_statement": null}`
	}
	hintOf := func(rep *Report) string {
		for _, p := range rep.Errors {
			if p.Code == CodeUnknownID {
				return p.Hint
			}
		}
		return "(no unknown_id)"
	}
	for k, rep := range validateBytes(t, row("formalrx_0001")+"\n"+row("formalrx_1")+"\n"+row("formalrx_0002")+"\n", Options{}) {
		if h := hintOf(rep); strings.Contains(h, `did you mean "formalrx_0001"`) || !strings.Contains(h, "formalrx_0003") {
			t.Errorf("exhaustive=%v: used id suggested: %q", k == 1, h)
		}
	}
	// Used later in the file: not suggested either.
	for k, rep := range validateBytes(t, row("formalrx_1")+"\n"+row("formalrx_0001")+"\n"+row("formalrx_0002")+"\n", Options{}) {
		if h := hintOf(rep); strings.Contains(h, `did you mean "formalrx_0001"`) {
			t.Errorf("exhaustive=%v, used later: %q", k == 1, h)
		}
	}
	// Missing: suggested.
	for k, rep := range validateBytes(t, row("formalrx_1")+"\n"+row("formalrx_0002")+"\n"+row("formalrx_0003")+"\n", Options{}) {
		if h := hintOf(rep); !strings.Contains(h, `did you mean "formalrx_0001"`) {
			t.Errorf("exhaustive=%v, missing: %q", k == 1, h)
		}
	}
}

// TestIDHintLookalike: an id that differs from a missing expected id only
// in Unicode normalization (é as one code point or as e plus an accent),
// surrounding white space or an invisible character looked the same as the
// expected id in the message, with no hint: the hint names the expected
// id, both written with escapes so that the difference shows.
func TestIDHintLookalike(t *testing.T) {
	row := func(id string) string {
		return `{"idx": ` + strconv.Quote(id) + `, "verdict": "aligned", "error_category": null, "error_segment": null, "corrected_statement": null}`
	}
	cases := []struct{ expected, written, want string }{
		{"s_\u00e9", "s_e\u0301", `the expected id "s_\u00e9" differs from "s_e\u0301" only in white space, invisible characters or Unicode normalization`},
		{"s_e\u0301", "s_\u00e9", `the expected id "s_e\u0301" differs from "s_\u00e9"`},
		{"s_1 ", "s_1", `the expected id "s_1 " differs from "s_1"`},
		{"s_1", "s_1\u200b", `the expected id "s_1" differs from "s_1\u200b"`},
		{"s_1", "\ufeffs_1", `the expected id "s_1" differs from "\ufeffs_1"`},
	}
	for _, c := range cases {
		set, err := NewIDSet([]string{c.expected, "other"})
		if err != nil {
			t.Fatal(err)
		}
		for k, rep := range validateBytes(t, row(c.written)+"\n"+row("other")+"\n", Options{Expected: set}) {
			hint := "(no unknown_id)"
			for _, p := range rep.Errors {
				if p.Code == CodeUnknownID {
					hint = p.Hint
				}
			}
			if !strings.Contains(hint, c.want) {
				t.Errorf("expected %+q, written %+q, exhaustive=%v: hint %q, want %q", c.expected, c.written, k == 1, hint, c.want)
			}
		}
	}
	// An expected id already used is not suggested.
	set, _ := NewIDSet([]string{"s_1", "other"})
	for _, rep := range validateBytes(t, row("s_1")+"\n"+row("s_1 ")+"\n"+row("other")+"\n", Options{Expected: set}) {
		for _, p := range rep.Errors {
			if p.Code == CodeUnknownID && strings.Contains(p.Hint, "expected id") {
				t.Errorf("used id suggested: %q", p.Hint)
			}
		}
	}
}
