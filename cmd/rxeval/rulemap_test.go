package main

// TestRulesMap keeps docs/testing.md, the map from every rule to the tests
// that pin it, from drifting (issue 19). See docs/testing.md for the rules
// of the map itself.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// ruleSentence is one rule as a source states it.
type ruleSentence struct {
	source, text string
}

// mapRow is one row of docs/testing.md's table.
type mapRow struct {
	line          int
	source, key   string
	tests, reason string // tests, or the reason there is none ("-- why")
	used          bool
}

var spaces = regexp.MustCompile(`\s+`)

func normSentence(s string) string { return strings.TrimSpace(spaces.ReplaceAllString(s, " ")) }

// splitSentences cuts prose at a '.', '!' or '?' followed by white space
// and a capital letter, a '*', a '`', a '"', a '(' or a '-' (so "e.g. x",
// "2.0", "..." and `Diff. Confusion` in backquotes stay whole).
func splitSentences(text string) []string {
	text = normSentence(text)
	var out []string
	start, code := 0, false
	for i := 0; i+2 < len(text); i++ {
		if text[i] == '`' {
			code = !code
		}
		if code || !strings.ContainsRune(".!?", rune(text[i])) || text[i+1] != ' ' || i > 0 && text[i-1] == '.' {
			continue // inside `code`, not an end, or an ellipsis
		}
		c := text[i+2]
		if c >= 'A' && c <= 'Z' || strings.ContainsRune("*`\"(-", rune(c)) {
			out = append(out, strings.TrimSpace(text[start:i+1]))
			start = i + 2
		}
	}
	if rest := strings.TrimSpace(text[start:]); rest != "" {
		out = append(out, rest)
	}
	return out
}

// categoryRow is a row of the 28 categories' table: data, pinned as a
// whole by the schema tests (one row of the map covers the table).
var categoryRow = regexp.MustCompile(`^\| [SCI][0-9](\.[0-9])? \|`)

// rulesMDSentences returns the sentences of docs/rules.md: prose, list
// items and table rows (a table row is one rule, its cells joined), but
// headings, table headers and the category table's rows.
func rulesMDSentences(t *testing.T) []ruleSentence {
	data, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []ruleSentence
	var para []string
	flush := func() {
		if len(para) > 0 {
			for _, s := range splitSentences(strings.Join(para, " ")) {
				out = append(out, ruleSentence{"rules.md", s})
			}
			para = nil
		}
	}
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		tl := strings.TrimSpace(l)
		switch {
		case tl == "" || strings.HasPrefix(tl, "#"):
			flush()
		case strings.HasPrefix(tl, "|"):
			flush()
			next := ""
			if i+1 < len(lines) {
				next = strings.TrimSpace(lines[i+1])
			}
			if strings.HasPrefix(tl, "|---") || strings.HasPrefix(next, "|---") || categoryRow.MatchString(tl) {
				continue // a separator, a header, a category
			}
			cells := strings.Split(strings.Trim(tl, "|"), " | ")
			out = append(out, ruleSentence{"rules.md", "table: " + normSentence(strings.Join(cells, " / "))})
		case strings.HasPrefix(tl, "- ") || regexp.MustCompile(`^[0-9]+\. `).MatchString(tl):
			flush() // a list item starts a paragraph of its own
			para = append(para, tl[strings.Index(tl, " ")+1:])
		default:
			para = append(para, tl)
		}
	}
	flush()
	return out
}

// readmeExitSentences returns the rows of the README's exit-code table as
// "N: meaning".
func readmeExitSentences(t *testing.T) []ruleSentence {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(data), "### Exit codes\n")
	if !ok {
		t.Fatal("README.md has no '### Exit codes' section")
	}
	var out []ruleSentence
	row := regexp.MustCompile(`^\| ([0-9]+) \| (.*) \|$`)
	for _, l := range strings.Split(table, "\n") {
		if strings.HasPrefix(l, "#") {
			break
		}
		if m := row.FindStringSubmatch(l); m != nil {
			out = append(out, ruleSentence{"README exit codes", m[1] + ": " + normSentence(m[2])})
		}
	}
	if len(out) == 0 {
		t.Fatal("README.md's exit-code table has no rows")
	}
	return out
}

// helpSentences returns, for every command, the sentences of its --help
// prose and one "--flag: description" per flag.
func helpSentences(t *testing.T) []ruleSentence {
	var out []ruleSentence
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	flagLine := regexp.MustCompile(`^\s+(?:-[a-zA-Z], )?(--[a-z0-9-]+)(?: [a-zA-Z_|]+)?\s{2,}(.*)$`)
	for _, n := range names {
		var o, e bytes.Buffer
		run([]string{n, "--help"}, &o, &e)
		src := "help " + n
		prose, flags, _ := strings.Cut(o.String(), "\nFlags:\n")
		var para []string
		inExamples := false
		for _, l := range strings.Split(prose, "\n") {
			// Usage lines and the examples block are not rules.
			switch {
			case l == "Examples:":
				inExamples = true
				continue
			case inExamples && strings.TrimSpace(l) == "":
				inExamples = false
				continue
			case inExamples, strings.HasPrefix(l, "Usage:"), strings.HasPrefix(l, "  rxeval "):
				continue
			}
			para = append(para, l)
		}
		for _, s := range splitSentences(strings.Join(para, " ")) {
			out = append(out, ruleSentence{src, s})
		}
		var last *ruleSentence
		for _, l := range strings.Split(flags, "\n") {
			if m := flagLine.FindStringSubmatch(l); m != nil {
				out = append(out, ruleSentence{src, m[1] + ": " + normSentence(m[2])})
				last = &out[len(out)-1]
			} else if strings.TrimSpace(l) != "" && last != nil {
				last.text += " " + normSentence(l) // a wrapped description
			}
		}
	}
	return out
}

// testFuncs returns every test function of the module as "dir.TestName"
// (dir relative to the module root, "." at the root), found by parsing the
// *_test.go files, and every testscript as "script:NAME.txtar".
func testFuncs(t *testing.T) map[string]bool {
	root := "../.."
	have := map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir, _ := filepath.Rel(root, filepath.Dir(path))
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv == nil && regexp.MustCompile(`^(Test|Fuzz|Benchmark)`).MatchString(fn.Name.Name) {
				have[filepath.ToSlash(dir)+"."+fn.Name.Name] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	scripts, _ := filepath.Glob("../../testdata/script/*.txtar")
	for _, s := range scripts {
		have["script:"+filepath.Base(s)] = true
	}
	return have
}

// readMap reads docs/testing.md's table rows: | source | "key" | tests |.
func readMap(t *testing.T) []*mapRow {
	data, err := os.ReadFile("../../docs/testing.md")
	if err != nil {
		t.Fatal(err)
	}
	rowRe := regexp.MustCompile(`^\| ([^|]+?) \| "((?:[^"\\]|\\.)*)" \| (.*) \|$`)
	var rows []*mapRow
	for i, l := range strings.Split(string(data), "\n") {
		m := rowRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		key := strings.NewReplacer(`\|`, "|", `\"`, `"`).Replace(m[2])
		r := &mapRow{line: i + 1, source: m[1], key: normSentence(key)}
		if why, ok := strings.CutPrefix(strings.TrimSpace(m[3]), "--"); ok {
			r.reason = strings.TrimSpace(why)
		} else {
			r.tests = m[3]
		}
		rows = append(rows, r)
	}
	if len(rows) == 0 {
		t.Fatal("docs/testing.md has no rows")
	}
	return rows
}

// TestRulesMap: every sentence of docs/rules.md, of every --help and every row of the
// README's exit-code table has a row in docs/testing.md naming the tests
// that pin it (or saying why it states no rule); every row names tests
// that exist and a sentence that exists. Help texts: rows must name
// existing tests and sentences; sentences without a row are listed (-v).
func TestRulesMap(t *testing.T) {
	have := testFuncs(t)
	rows := readMap(t)
	var sentences []ruleSentence
	sentences = append(sentences, rulesMDSentences(t)...)
	sentences = append(sentences, readmeExitSentences(t)...)
	sentences = append(sentences, helpSentences(t)...)
	var missing []string
	for _, s := range sentences {
		// The longest key of the source that starts the sentence.
		var best *mapRow
		for _, r := range rows {
			if r.source == s.source && strings.HasPrefix(s.text, r.key) && (best == nil || len(r.key) > len(best.key)) {
				best = r
			}
		}
		if best != nil {
			best.used = true
			continue
		}
		short := s.text
		if w := strings.Fields(short); len(w) > 10 {
			short = strings.Join(w[:10], " ")
		}
		line := fmt.Sprintf("| %s | %q | TODO |", s.source, strings.ReplaceAll(short, "|", `\|`))
		missing = append(missing, line)
	}
	if len(missing) > 0 {
		t.Errorf("%d rules have no row in docs/testing.md; add these, with the tests that pin each:\n%s", len(missing), strings.Join(missing, "\n"))
	}
	testRef := regexp.MustCompile(`^(script:[a-z0-9_-]+\.txtar|[a-z0-9_./]+\.(Test|Fuzz)[A-Za-z0-9_]+)(/\S+)?$`)
	for _, r := range rows {
		if !r.used {
			t.Errorf("docs/testing.md:%d: %s %q starts no sentence of its source (reworded or removed? update the row)", r.line, r.source, r.key)
		}
		if r.reason != "" {
			continue
		}
		refs := strings.Split(r.tests, ",")
		if strings.TrimSpace(r.tests) == "" {
			t.Errorf("docs/testing.md:%d: no test named (write '-- why' when the sentence states no rule)", r.line)
		}
		for _, ref := range refs {
			ref = strings.Trim(strings.TrimSpace(ref), "`")
			m := testRef.FindStringSubmatch(ref)
			if m == nil {
				t.Errorf("docs/testing.md:%d: %q is not dir.TestName or script:NAME.txtar", r.line, ref)
				continue
			}
			if !have[m[1]] {
				t.Errorf("docs/testing.md:%d: no test %s", r.line, m[1])
			}
		}
	}
	// The test's own parsing: a sentence it knows must be found.
	if !slices.ContainsFunc(sentences, func(s ruleSentence) bool {
		return s.source == "rules.md" && strings.HasPrefix(s.text, "**Strings are compared as written.** A verdict")
	}) {
		t.Error("the sentence splitter lost '**Strings are compared as written.** A verdict' of docs/rules.md")
	}
}
