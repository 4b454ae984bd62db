package main

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/rxeval/rxeval/validate"
	"github.com/spf13/pflag"
)

func init() {
	register(&command{
		name:    "pack",
		summary: "validate a prediction file and write the .zip the track wants",
		usage: `Usage: rxeval pack [flags] PRED.jsonl [-o submission.zip]

Writes the bytes fix writes: a byte order mark removed (at the start of the
file or of a later line), CRLF and CR-only line ends made LF, each change
said on stderr. Rewrites verdicts and categories written in a spelling the
rules do not use ("Aligned", a code such as "S2.4", a known misspelling) to
the canonical strings, listing each rewrite on stderr, validates the result,
then writes a zip holding it as the single deflated entry. An invalid file is not packed
unless --force; nor is one whose zip validate and score would take for a
zip bomb (past 32 MiB at over 200:1: rows padded with spaces), unless
--force (the message says how to compact it instead).

Examples:
  rxeval pack predictions.jsonl
  rxeval pack --inputs FormalRx_Test.jsonl predictions.jsonl -o submission.zip
  rxeval pack --force predictions.jsonl -o anyway.zip

Exit code 0: packed; 1: the file has problems (nothing written); 2: usage or
I/O error.

Flags:
`,
		run: runPack,
	})
}

// packOptions are pack's flags and argument.
type packOptions struct {
	reportFlags
	force, lenient bool
	ids            idFlags
	in             string
	maxErrors      int
	report         packReport // --format json
}

func (o *packOptions) addFlags(fs *pflag.FlagSet) {
	o.reportFlags.register(fs, packUsage)
	fs.BoolVar(&o.force, "force", false, "pack even if the file is invalid")
	fs.BoolVar(&o.lenient, "lenient", false, "pack rows the server accepts but penalises (a filled field on an aligned row, a category outside the 28); they stay listed as warnings")
	o.ids.register(fs)
	maxErrorsVar(fs, &o.maxErrors)
}

// check refuses bad usage and names the zip (PRED with .zip by default).
func (o *packOptions) check(args []string) error {
	if len(args) != 1 {
		return usageError{fmt.Errorf("want exactly one prediction file, got %d", len(args))}
	}
	o.in = args[0]
	if err := o.oneStdout(); err != nil {
		return err
	}
	if o.out == "" && o.in == "-" {
		return usageError{fmt.Errorf("reading standard input: name the zip with -o FILE (- for standard output)")}
	}
	if o.out == "" {
		o.out = strings.TrimSuffix(o.in, filepath.Ext(o.in)) + ".zip"
	}
	outs := []namedPath{{"--output", o.out}}
	if err := checkPaths([]namedPath{{"PRED", o.in}, {"--inputs", o.ids.inputs}, {"--ids", o.ids.ids}}, outs); err != nil {
		return err
	}
	return checkWritable(outs)
}

func runPack(e *env, args []string) error {
	c := commands["pack"]
	fs := newFlagSet(c)
	var o packOptions
	o.addFlags(fs)
	if err := c.parse(fs, args); err != nil {
		return err
	}
	if err := o.check(fs.Args()); err != nil {
		return err
	}
	src, data, rep, err := o.validated(e)
	if err == nil {
		defer src.Close()
		err = o.writeZip(e, src, data, rep)
	}
	if o.format == "json" && o.report.Input != "" {
		if werr := writeJSON(e.stdout, o.report); werr != nil {
			return werr
		}
	}
	return err
}

// validated reads the file, rewrites non-canonical spellings and
// validates the result; a file the server would reject or penalise is not
// packed unless --force or --lenient says so.
func (o *packOptions) validated(e *env) (*validate.Source, []byte, *validate.Report, error) {
	exp, err := o.ids.expected()
	if err != nil {
		return nil, nil, nil, err
	}
	src, err := validate.ReadSource(o.in, o.ids.maxSize)
	if err != nil {
		return nil, nil, nil, err
	}
	v, err := validate.New()
	if err != nil {
		src.Close()
		return nil, nil, nil, err
	}
	// The bytes fix writes: no byte order mark, LF line ends (each change
	// said), then the canonical spellings. Each copy is dropped once the
	// next replaces it.
	readable := src.Data != nil
	data, rewrites := o.canonicalBytes(e, src)
	rep := v.Validate(&validate.Source{Name: src.Name, Data: data, Problems: src.Problems}, validate.Options{Expected: exp, MaxDetails: o.maxErrors, Lenient: o.lenient})
	if (!rep.Valid || rep.WarningCount > 0) && o.format == "text" {
		rep.WriteText(e.stderr, o.maxErrors, o.quiet)
	}
	if err := o.report.set(o.in, rep, rewrites, o.maxErrors); err != nil {
		src.Close()
		return nil, nil, nil, err
	}
	fail := func(msg string) (*validate.Source, []byte, *validate.Report, error) {
		src.Close()
		return nil, nil, nil, problemsError{msg}
	}
	if !rep.Valid && !o.force {
		if !rep.Rejected() {
			return fail(fmt.Sprintf("%s: the server would accept it but score the rows above as wrong; nothing written (--lenient packs it anyway)", o.in))
		}
		return fail(fmt.Sprintf("%s would be rejected by the track's server (%s); nothing written (--force packs it anyway)", o.in, strings.Join(rep.ErrorCounts(true), ", ")))
	}
	if !readable {
		return fail(fmt.Sprintf("%s holds no readable .jsonl; nothing written", o.in))
	}
	return src, data, rep, nil
}

// canonicalBytes is the bytes pack writes of src (whose Data it drops):
// repaired as fix repairs them, canonical spellings, each change said.
func (o *packOptions) canonicalBytes(e *env, src *validate.Source) ([]byte, []validate.Rewrite) {
	repaired, notes := validate.RepairBytes(src.Data)
	for _, n := range notes {
		fmt.Fprintf(e.stderr, "%s: %s\n", validate.TermSafe(src.Name), n)
	}
	dropInput(&src.Data, repaired)
	data, rewrites := validate.Canonicalize(repaired)
	dropInput(&repaired, data)
	o.listRewrites(e.stderr, src.Name, rewrites)
	return data, rewrites
}

// writeZip writes the one-entry zip, checks that it reads back the same,
// and says so.
func (o *packOptions) writeZip(e *env, src *validate.Source, data []byte, rep *validate.Report) error {
	// Room for the zip at the 5:1 that prediction files deflate to at
	// least: no doubling buffer's copies of it.
	var buf bytes.Buffer
	buf.Grow(len(data)/5 + 4096)
	entry := filepath.Base(o.in)
	if o.in == "-" {
		entry = "predictions.jsonl"
	}
	if i := strings.LastIndex(src.Name, "!/"); i >= 0 {
		entry = src.Name[i+2:]
	}
	if err := validate.WriteZip(&buf, entry, data); err != nil {
		return err
	}
	// Read back as validate and score read it, the entry compared with
	// data as it inflates; a zip they would refuse only for its ratio (a
	// genuine file that deflates past 200:1) is read back without that
	// check, and written with --force.
	back, err := validate.ReadBackZip(o.out, buf.Bytes(), data, int64(len(data))+1, true)
	bomb := err == nil && back.Data == nil && onlyBomb(back.Problems)
	if bomb {
		if !o.force {
			return o.bombRefusal(data, buf.Bytes())
		}
		back, err = validate.ReadBackZip(o.out, buf.Bytes(), data, int64(len(data))+1, false)
	}
	switch {
	case err != nil:
		return fmt.Errorf("internal error: the zip does not read back: %w", err)
	case back.Data == nil:
		// Refused as validate and score would refuse it: say why, and
		// write nothing.
		var why []string
		for _, p := range back.Problems {
			why = append(why, p.String())
		}
		return problemsError{fmt.Sprintf("%s: nothing written: validate and score would refuse the zip: %s", o.out, strings.Join(why, "; "))}
	}
	if bomb {
		fmt.Fprintf(e.stderr, "rxeval pack: warning: %s: packed with --force, though its entry inflates %s to %d:1, past the zip-bomb limit (over %d:1 past %d MiB): rxeval validate and score refuse the zip (zip_bomb), and other readers may; check the file itself with rxeval validate %s\n",
			o.out, mib(len(data)), entryRatio(buf.Bytes()), validate.ZipBombRatio, validate.ZipBombMinBytes>>20, o.in)
	}
	if err := writeOut(e.stdout, o.out, buf.Bytes()); err != nil {
		return err
	}
	summary := e.stdout
	if o.out == "-" {
		summary = e.stderr // standard output carries the zip
	}
	o.report.packed(o.out, entry, len(data), buf.Len())
	if o.format == "text" {
		fmt.Fprintf(summary, "%s: %s packed as %s (%d bytes, zipped to %d)\n", o.out, countOf(rep.Rows, "row"), back.Name, len(data), buf.Len())
	}
	return nil
}

// entryRatio is the ratio of the zip's entry as validate computes it.
func entryRatio(zipped []byte) uint64 {
	r, _ := validate.EntryRatio(zipped)
	return r
}

// onlyBomb reports whether the zip-bomb ratio is all that refused a zip.
func onlyBomb(ps []validate.Problem) bool {
	for _, p := range ps {
		if p.Code != validate.CodeZipBomb {
			return false
		}
	}
	return len(ps) > 0
}

// bombRefusal is pack's refusal of a zip that validate and score would take
// for a bomb (past 32 MiB at over 200:1): a genuine file can be that
// compressible (rows padded with spaces), so it says what to do.
func (o *packOptions) bombRefusal(data, zipped []byte) error {
	msg := fmt.Sprintf("%s: nothing written: %s inflates %s at %d:1, past the zip-bomb limit (over %d:1 past %d MiB), so rxeval validate and score would refuse the zip (zip_bomb)",
		o.out, o.in, mib(len(data)), entryRatio(zipped), validate.ZipBombRatio, validate.ZipBombMinBytes>>20)
	var hint string
	if ws := spaceBetweenValues(data); len(data)-ws <= validate.ZipBombMinBytes {
		hint = fmt.Sprintf("%s of it is white space between JSON values: compact it, one object a line (jq -c . %s > COMPACT.jsonl), and pack that; or pack it as it is with --force (then check it with rxeval validate %s, not the zip)", mib(ws), o.in, o.in)
	} else {
		hint = fmt.Sprintf("pack it as it is with --force (then check it with rxeval validate %s, not the zip), or make its texts shorter", o.in)
	}
	return withHint{problemsError{msg}, hint}
}

// spaceBetweenValues counts the blanks (space, tab, CR) outside JSON
// strings: what compacting each line would remove.
func spaceBetweenValues(data []byte) int {
	n, inString, escaped := 0, false, false
	for _, c := range data {
		switch {
		case escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case c == '\n':
			inString = false // a broken line does not run into the next
		case !inString && (c == ' ' || c == '\t' || c == '\r'):
			n++
		}
	}
	return n
}

// mib is a size in MiB, one decimal.
func mib(n int) string {
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// writeFileAtomic writes data to name through a temporary file and a rename,
// so an interrupted run never leaves half a file. Errors name the file the
// user asked for, never the temporary one. A name that is not a regular
// file (/dev/null, a FIFO, a terminal) is written to directly: a rename
// would replace the device with a file.
func writeFileAtomic(name string, data []byte) error {
	return writeFileAtomicWith(name, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// writeFileAtomicWith is writeFileAtomic of what write writes, streamed
// through a buffer rather than held whole in memory (a per-sample file
// carries every text of the predictions: a copy was one more 120 MB
// correction, issue 34.9).
func writeFileAtomicWith(name string, write func(io.Writer) error) error {
	fail := func(err error) error {
		var pe *fs.PathError
		var le *os.LinkError
		switch {
		case errors.As(err, &pe):
			err = pe.Err
		case errors.As(err, &le):
			err = le.Err
		}
		return &fs.PathError{Op: "write", Path: name, Err: err}
	}
	writeTo := func(f *os.File) error {
		bw := bufio.NewWriterSize(f, 64<<10)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	}
	if st, err := os.Stat(name); err == nil && !st.Mode().IsRegular() {
		f, err := openOutputDevice(name, st)
		if err != nil {
			return fail(err)
		}
		if err := writeTo(f); err != nil {
			f.Close()
			return fail(err)
		}
		if err := f.Close(); err != nil {
			return fail(err)
		}
		return nil
	}
	tmp, err := createTemp(name)
	if err != nil {
		return fail(err)
	}
	defer os.Remove(tmp.Name())
	if err := writeTo(tmp); err != nil {
		tmp.Close()
		return fail(err)
	}
	// The mode: a replaced file keeps its own; a new one has what the
	// user's umask gives (the temporary file was created 0666 &^ umask).
	if st, err := os.Stat(name); err == nil {
		if err := tmp.Chmod(st.Mode().Perm()); err != nil {
			tmp.Close()
			return fail(err)
		}
	}
	if err := tmp.Close(); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		return fail(err)
	}
	return nil
}

// createTemp creates a new temporary file beside name with mode 0666, which
// the kernel narrows by the umask (os.CreateTemp would make it 0600).
func createTemp(name string) (*os.File, error) {
	for try := 0; ; try++ {
		var rnd [6]byte
		rand.Read(rnd[:])
		path := filepath.Join(filepath.Dir(name), "."+filepath.Base(name)+"."+hex.EncodeToString(rnd[:]))
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if err == nil || !errors.Is(err, fs.ErrExist) || try == 9 {
			return f, err
		}
	}
}
