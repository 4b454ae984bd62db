// Package report writes a self-contained HTML error-analysis page for one
// or several scored prediction files: headline figures with intervals and
// bounds, sub-task and per-category charts, the category confusion heat
// map, who decided stage two, a comparison of systems and a sample browser.
// The page embeds everything it needs (Apache ECharts, the data): it opens
// from disk with no network.
package report

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/template"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/klauspost/compress/gzip"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/internal/textcut"
	"github.com/rxeval/rxeval/schema"
)

// ECharts 5.6.0 (Apache-2.0, see assets/ECHARTS-LICENSE and NOTICE),
// dist/echarts.min.js from the npm package, gzipped to stay small in the
// repository; it is written into the page as plain script.
//
//go:embed assets/echarts.min.js.gz
var echartsGz []byte

// KaTeX 0.16.47 (MIT, see assets/KATEX-LICENSE), dist/katex.min.js with
// contrib/auto-render.min.js, and dist/katex.min.css with its woff2 fonts
// inlined as data URIs, from the npm package, gzipped: informal statements'
// LaTeX is rendered offline, with trust off (no \href, no \url links).
//
//go:embed assets/katex.min.js.gz
var katexJSGz []byte

//go:embed assets/katex.min.css.gz
var katexCSSGz []byte

//go:embed assets/page.html
var pageHTML string

//go:embed assets/app.js
var appJS string

//go:embed assets/style.css
var styleCSS string

var (
	echartsOnce sync.Once
	echartsJS   string
	echartsErr  error
)

var katexAssets = sync.OnceValues(func() ([2]string, error) {
	var out [2]string
	for i, gz := range [][]byte{katexJSGz, katexCSSGz} {
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			return out, err
		}
		b, err := io.ReadAll(zr)
		if err != nil {
			return out, err
		}
		out[i] = string(b)
	}
	return out, nil
})

func echarts() (string, error) {
	echartsOnce.Do(func() {
		zr, err := gzip.NewReader(bytes.NewReader(echartsGz))
		if err != nil {
			echartsErr = err
			return
		}
		b, err := io.ReadAll(zr)
		echartsJS, echartsErr = string(b), err
	})
	return echartsJS, echartsErr
}

var page = template.Must(template.New("page").Parse(pageHTML))

// policy is the page's content security policy. Scripts run only when
// they are the page's own three (ECharts, KaTeX, app.js), named by the
// SHA-256 of their text: no 'unsafe-inline', so an inline handler
// (onerror=...), a javascript: link or a script element that participant
// text ever got onto the page would not run (issue 34.1; the text is
// escaped besides). Styles stay inline (the page's CSS, KaTeX's, the
// charts' and the judge block's style attributes): CSS runs no script.
// Nothing is loaded from anywhere but the page (fonts and images from data:
// URIs), and the page can set no base URL and submit no form.
var policy = sync.OnceValues(func() (string, error) {
	js, err := echarts()
	if err != nil {
		return "", fmt.Errorf("report: embedded ECharts: %w", err)
	}
	kt, err := katexAssets()
	if err != nil {
		return "", fmt.Errorf("report: embedded KaTeX: %w", err)
	}
	return pagePolicy(js, kt[0], appJS), nil
})

// pagePolicy is the policy of a page whose scripts are those texts.
func pagePolicy(scripts ...string) string {
	var b strings.Builder
	b.WriteString("default-src 'none'; script-src")
	for _, s := range scripts {
		sum := sha256.Sum256([]byte(s))
		b.WriteString(" 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'")
	}
	b.WriteString("; script-src-attr 'none'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; base-uri 'none'; form-action 'none'")
	return b.String()
}

// Aligned is the heat map's label for "no category" (gold aligned, or a
// prediction without one); Other is a predicted name outside the 28.
const (
	Aligned = "aligned / none"
	Other   = "other (not one of the 28)"
)

// System is what the page shows of one scored file (everything but the
// samples, which travel compressed).
type System struct {
	Name        string                      `json:"name"`
	Pred        string                      `json:"predictions"`
	Gold        string                      `json:"gold"`
	GoldShape   eval.GoldShape              `json:"gold_shape"`
	Metrics     eval.Metrics                `json:"metrics"`
	CI          map[string][2]float64       `json:"ci"`
	Bounds      map[string][2]float64       `json:"bounds"`
	PerCategory map[string]eval.ClassCounts `json:"per_category"`
	// CategoryOrder is the per-category table's order: by support.
	CategoryOrder     []string       `json:"category_order"`
	UnknownCategoryFP int            `json:"unknown_category_fp"`
	Missing           int            `json:"missing"`
	StageTwo          eval.StageTwo  `json:"stage_two"`
	Judge             eval.JudgeInfo `json:"judge"`
	// Confusion counts samples by gold label (rows) and predicted label
	// (columns), both from Labels: [gold, predicted, count] for each
	// non-empty cell.
	Confusion [][3]int `json:"confusion"`
	// DecidedBy counts, per sub-task, what decided each sample's answer.
	DecidedBy map[string]map[string]int `json:"decided_by"`
}

// Data is the page's summary: systems, comparison and labels.
type Data struct {
	Systems    []System         `json:"systems"`
	Comparison *eval.Comparison `json:"comparison"`
	Labels     []string         `json:"labels"` // the heat map's axes
	SubTasks   []string         `json:"sub_tasks"`
	N          int              `json:"n"`
	Version    string           `json:"rxeval_version,omitempty"`
	// JudgeDepth is how deep the page walks a judge block (MaxJudgeDepth).
	JudgeDepth int `json:"judge_depth"`
}

// sample is one sample in the page, with every system's answer.
type sample struct {
	Idx      string   `json:"id"`
	Informal string   `json:"inf,omitempty"`
	Formal   string   `json:"fs,omitempty"`
	Gold     answer   `json:"g"`
	Preds    []answer `json:"p"`
}

// answer is a gold label or a system's prediction and outcome. OK is a bit
// set: 1 verdict, 2 category, 4 localization, 8 correction, 16 joint.
type answer struct {
	Misaligned bool `json:"m"`
	// Verdict is a predicted verdict as written when it is neither class
	// (not written as the rules write it, e.g. "Aligned").
	Verdict    string  `json:"v,omitempty"`
	Category   string  `json:"c,omitempty"`
	Segment    *string `json:"s,omitempty"`
	Correction *edit   `json:"x,omitempty"`
	Missing    bool    `json:"miss,omitempty"`
	OK         int     `json:"ok,omitempty"`
	LocBy      string  `json:"lb,omitempty"`
	CorrBy     string  `json:"cb,omitempty"`
	LocWhy     string  `json:"lr,omitempty"`
	CorrWhy    string  `json:"cr,omitempty"`
}

// Labels returns the heat map's axes: the 28 categories in the taxonomy's
// order, then Aligned and Other.
func Labels() []string {
	l := make([]string, 0, len(schema.Categories)+2)
	for _, c := range schema.Categories {
		l = append(l, c.Name)
	}
	return append(l, Aligned, Other)
}

// Build derives the page's summary from scored documents (one gold file:
// the same samples in the same order).
func Build(docs []eval.Document, cmp *eval.Comparison) (*Data, error) {
	if len(docs) == 0 {
		return nil, fmt.Errorf("report: no scored file")
	}
	labels := Labels()
	index := make(map[string]int, len(labels))
	for i, l := range labels {
		index[l] = i
	}
	d := &Data{Comparison: cmp, Labels: labels, SubTasks: eval.SubTasks, N: len(docs[0].Outcomes), Version: docs[0].Version, JudgeDepth: MaxJudgeDepth}
	for k, doc := range docs {
		if len(doc.Outcomes) != d.N {
			return nil, fmt.Errorf("report: %s has %d samples, %s has %d", doc.Pred, len(doc.Outcomes), docs[0].Pred, d.N)
		}
		name := doc.System
		if name == "" {
			name = doc.Pred
		}
		s := System{Name: name, Pred: doc.Pred, Gold: doc.Gold, GoldShape: doc.GoldShape, Metrics: doc.Metrics, CI: doc.CI, Bounds: doc.Bounds,
			PerCategory: doc.PerCategory, CategoryOrder: eval.CategoryOrder(doc.PerCategory), UnknownCategoryFP: doc.UnknownCategoryFP,
			Missing: doc.Missing, StageTwo: doc.StageTwo, Judge: boundJudge(doc.Judge),
			DecidedBy: map[string]map[string]int{"localization": {}, "correction": {}}}
		cells := map[[2]int]int{}
		for i := range doc.Outcomes {
			o := &doc.Outcomes[i]
			if o.Idx != docs[0].Outcomes[i].Idx {
				return nil, fmt.Errorf("report: sample %d is %s in %s but %s in %s", i+1, o.Idx, doc.Pred, docs[0].Outcomes[i].Idx, docs[0].Pred)
			}
			g := index[Aligned]
			if o.GoldMisaligned {
				if j, ok := index[o.GoldCategory]; ok {
					g = j
				} else {
					g = index[Other]
				}
			}
			p := index[Aligned]
			if o.PredCategory != "" && !o.Missing {
				if j, ok := index[o.PredCategory]; ok {
					p = j
				} else {
					p = index[Other]
				}
			}
			cells[[2]int{g, p}]++
			s.DecidedBy["localization"][by(o.Localization)]++
			s.DecidedBy["correction"][by(o.Correction)]++
		}
		for c, n := range cells {
			s.Confusion = append(s.Confusion, [3]int{c[0], c[1], n})
		}
		sort.Slice(s.Confusion, func(i, j int) bool {
			a, b := s.Confusion[i], s.Confusion[j]
			return a[0] < b[0] || a[0] == b[0] && a[1] < b[1]
		})
		d.Systems = append(d.Systems, s)
		_ = k
	}
	return d, nil
}

// MaxJudgeDepth is how many levels of maps and lists the page shows of a
// judge block (its top-level entries are level 0). rxeval's own run
// records nest two; a hand-edited one nested 5,000 deep overflowed the
// page's stack when it drew the block. What lies deeper is shown as
// TooDeep, both in the data the page gets and by the page itself.
const MaxJudgeDepth = 10

// TooDeep stands in the judge block for a map or list nested deeper than
// MaxJudgeDepth.
const TooDeep = "nested too deep"

// boundJudge is j with every map or list nested deeper than MaxJudgeDepth
// replaced by TooDeep: a copy (j is left as it is), walked no deeper than
// the bound.
func boundJudge(j eval.JudgeInfo) eval.JudgeInfo {
	if j == nil {
		return nil
	}
	out := make(eval.JudgeInfo, len(j))
	for k, v := range j {
		out[k] = boundValue(v, 0)
	}
	return out
}

// boundValue is boundJudge for a value at depth d. Only what a decoded
// run record holds (map[string]any, []any) nests without bound; the typed
// values a run of this rxeval puts there are its own and shallow.
func boundValue(v any, d int) any {
	switch x := v.(type) {
	case map[string]any:
		if d >= MaxJudgeDepth {
			return TooDeep
		}
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = boundValue(e, d+1)
		}
		return m
	case []any:
		if d >= MaxJudgeDepth {
			return TooDeep
		}
		l := make([]any, len(x))
		for i, e := range x {
			l[i] = boundValue(e, d+1)
		}
		return l
	}
	return v
}

func by(f eval.FieldOutcome) string {
	if f.Undecided {
		return "undecided"
	}
	return f.By
}

// edit is a text written as a change of the sample's formal statement: its
// first P and last S UTF-16 code units (JavaScript's string indices) around
// M. Corrections share most of their text with the statement, so the page
// carries only what differs.
type edit struct {
	P int    `json:"p,omitempty"`
	S int    `json:"s,omitempty"`
	M string `json:"m,omitempty"`
}

// toEdit writes t as an edit of base (nil stays nil).
func toEdit(base string, t *string) *edit {
	if t == nil {
		return nil
	}
	s := *t
	p := 0 // common prefix, in bytes, at a rune boundary
	for p < len(s) && p < len(base) && s[p] == base[p] {
		p++
	}
	for p > 0 && p < len(s) && !utf8.RuneStart(s[p]) {
		p--
	}
	q := 0 // common suffix after the prefix
	for q < len(s)-p && q < len(base)-p && s[len(s)-1-q] == base[len(base)-1-q] {
		q++
	}
	for q > 0 && !utf8.RuneStart(s[len(s)-q]) {
		q--
	}
	return &edit{P: utf16Len(s[:p]), S: utf16Len(s[len(s)-q:]), M: s[p : len(s)-q]}
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// maxText is the most bytes of one text (a statement, a segment, a
// correction, a reason) the page shows: ten times the longest text of the
// real test inputs. A longer text is clipped with a note saying how much is
// left out, so a hostile 200 MB answer neither bloats the page nor the
// memory it takes to write it.
const maxText = 64 << 10

// clip returns s cut to maxText bytes at a rune boundary, with a note of
// how many bytes are not shown.
func clip(s string) string {
	if len(s) <= maxText {
		return s
	}
	head := textcut.Prefix(s, maxText)
	return head + fmt.Sprintf(" … [%d more bytes not shown]", len(s)-len(head))
}

// clipPtr is clip for an optional text.
func clipPtr(s *string) *string {
	if s == nil || len(*s) <= maxText {
		return s
	}
	c := clip(*s)
	return &c
}

func samples(docs []eval.Document) []sample {
	n := len(docs[0].Outcomes)
	out := make([]sample, n)
	for i := range out {
		o0 := &docs[0].Outcomes[i]
		formal := clip(o0.Formal)
		s := sample{Idx: clip(o0.Idx), Informal: clip(o0.Informal), Formal: formal,
			Gold:  answer{Misaligned: o0.GoldMisaligned, Category: clip(o0.GoldCategory), Segment: clipPtr(o0.GoldSegment), Correction: toEdit(formal, clipPtr(o0.GoldCorrection))},
			Preds: make([]answer, len(docs))}
		for k, doc := range docs {
			o := &doc.Outcomes[i]
			if s.Formal == "" {
				s.Formal, s.Informal = clip(o.Formal), clip(o.Informal)
			}
			a := answer{Misaligned: o.PredMisaligned, Verdict: clip(o.PredVerdictAsWritten), Category: clip(o.PredCategory), Segment: clipPtr(o.PredSegment), Correction: toEdit(s.Formal, clipPtr(o.PredCorrection)), Missing: o.Missing,
				LocBy: by(o.Localization), CorrBy: by(o.Correction), LocWhy: clip(o.Localization.Reason), CorrWhy: clip(o.Correction.Reason)}
			for bit, ok := range []bool{o.VerdictOK, o.CategoryOK, o.Localization.OK, o.Correction.OK, o.Joint} {
				if ok {
					a.OK |= 1 << bit
				}
			}
			s.Preds[k] = a
		}
		out[i] = s
	}
	return out
}

// chunkSize is the number of samples in one compressed chunk of the page.
const chunkSize = 1000

// encodeSamples writes the samples, the bulk of the page, as gzipped JSON
// arrays in base64, chunkSize samples each, compressed in parallel; the
// browser inflates them (DecompressionStream) and joins them in order.
// Each worker streams its samples through one reused gzip writer, so no
// chunk's JSON is ever held whole.
func encodeSamples(all []sample) ([]string, error) {
	n := (len(all) + chunkSize - 1) / chunkSize
	out := make([]string, n)
	errs := make([]error, n)
	next := make(chan int, n)
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for range min(n, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var gz bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&gz, gzip.BestSpeed)
			var buf []byte
			for i := range next {
				gz.Reset()
				zw.Reset(&gz)
				part := all[i*chunkSize : min(len(all), (i+1)*chunkSize)]
				buf = append(buf[:0], '[')
				for k := range part {
					if k > 0 {
						buf = append(buf, ',')
					}
					buf = part[k].appendJSON(buf)
					if k == len(part)-1 {
						buf = append(buf, ']')
					}
					if len(buf) >= 64<<10 || k == len(part)-1 {
						if _, errs[i] = zw.Write(buf); errs[i] != nil {
							break
						}
						buf = buf[:0]
					}
				}
				if errs[i] == nil {
					errs[i] = zw.Close()
				}
				out[i] = base64.StdEncoding.EncodeToString(gz.Bytes())
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// headSize is how many samples the page carries uncompressed, to list at
// once: the first page of the default view (wrong on any sub-task, first
// system), so a static screenshot or a printout shows them.
const headSize = 50

// head encodes the samples the page lists before the rest are inflated:
// the first headSize wrong on joint for the first system, as a JSON array
// of [index, sample] pairs, safe in a script element.
func head(all []sample) string {
	b := []byte{'['}
	n := 0
	for i := range all {
		if n == headSize {
			break
		}
		if all[i].Preds[0].OK&16 != 0 {
			continue
		}
		if n > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, ',')
		b = all[i].appendJSON(b)
		b = append(b, ']')
		n++
	}
	b = append(b, ']')
	// The sample encoder does not escape HTML (the chunks travel in
	// base64); here the JSON sits in the page, so <, > and & (only ever
	// inside strings) become \u escapes and no text can close the element.
	var out strings.Builder
	out.Grow(len(b))
	for _, c := range b {
		switch c {
		case '<':
			out.WriteString(`\u003c`)
		case '>':
			out.WriteString(`\u003e`)
		case '&':
			out.WriteString(`\u0026`)
		default:
			out.WriteByte(c)
		}
	}
	return out.String()
}

// Write writes the page for docs (one or several systems scored against
// the same gold) and their comparison (nil for one system).
func Write(w io.Writer, docs []eval.Document, cmp *eval.Comparison) error {
	data, err := Build(docs, cmp)
	if err != nil {
		return err
	}
	summary, err := json.Marshal(data) // escapes <, > and &: safe in a script element
	if err != nil {
		return err
	}
	all := samples(docs)
	chunks, err := encodeSamples(all)
	if err != nil {
		return err
	}
	js, err := echarts()
	if err != nil {
		return fmt.Errorf("report: embedded ECharts: %w", err)
	}
	kt, err := katexAssets()
	if err != nil {
		return fmt.Errorf("report: embedded KaTeX: %w", err)
	}
	csp, err := policy()
	if err != nil {
		return err
	}
	title := "rxeval report"
	if len(docs) == 1 {
		title += ": " + data.Systems[0].Name
	} else {
		names := make([]string, len(data.Systems))
		for i, s := range data.Systems {
			names[i] = s.Name
		}
		title += ": " + strings.Join(names, " vs ")
	}
	first := head(all)
	if g, ok := w.(interface{ Grow(int) }); ok {
		size := len(first) + len(js) + len(kt[0]) + len(kt[1]) + len(summary) + len(styleCSS) + len(appJS) + len(pageHTML) + len(csp)
		for _, c := range chunks {
			size += len(c) + 1
		}
		g.Grow(size)
	}
	return page.Execute(w, map[string]any{
		"Title":    template.HTMLEscapeString(title),
		"Policy":   csp,
		"CSS":      styleCSS,
		"ECharts":  js,
		"KaTeX":    kt[0],
		"KaTeXCSS": kt[1],
		"App":      appJS,
		"Summary":  string(summary),
		"Samples":  strings.Join(chunks, "\n"),
		"Head":     first,
	})
}
