package validate

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// DefaultMaxSize is the default limit on the bytes of a prediction file,
// and on the uncompressed size of a zip entry.
const DefaultMaxSize = 256 << 20

// maxRatio is the compression ratio above which a large zip entry is taken
// for a bomb, once it inflates past ratioMinBytes. Real prediction files
// compress 5-20x, but a valid one can compress far more (7,030 rows of
// which a few hold a long repeated correction: 9 MB at 300:1), so the ratio
// is not held against an entry under 32 MiB: the official file is a few MB,
// and the absolute limit (--max-size, DefaultMaxSize) bounds every entry
// whatever its ratio.
const (
	maxRatio      = 200
	ratioMinBytes = 32 << 20
)

// ZipBombRatio and ZipBombMinBytes are the zip-bomb rule (maxRatio,
// ratioMinBytes) for the writer of a zip (rxeval pack), which says in
// advance that the zip it writes will be refused.
const (
	ZipBombRatio    = maxRatio
	ZipBombMinBytes = ratioMinBytes
)

// packHint is the way to a valid zip, the hint of the zip problems.
const packHint = "rxeval pack FILE.jsonl -o submission.zip makes a valid zip (one .jsonl, at the top)"

// nameList is names quoted, the first five, then a count.
func nameList(names []string) string {
	var q []string
	for _, n := range names[:min(5, len(names))] {
		q = append(q, strconv.Quote(clip(n)))
	}
	if len(names) > 5 {
		q = append(q, fmt.Sprintf("and %d more", len(names)-5))
	}
	return strings.Join(q, ", ")
}

// hintedError is an error with advice for the user (Hint, which the
// command prints after it).
type hintedError struct {
	err  error
	hint string
}

func (e hintedError) Error() string { return e.err.Error() }
func (e hintedError) Unwrap() error { return e.err }
func (e hintedError) Hint() string  { return e.hint }

// ZipRatio is the compression ratio of a zip entry as the zip-bomb rule
// reads it: its inflated size over its compressed size (the entry's, not
// the whole zip's), rounded down; an empty compressed size counts as 1.
// validate and pack both compute it here, so that they print one figure.
func ZipRatio(uncompressed, compressed uint64) uint64 {
	return uncompressed / max(compressed, 1)
}

// EntryRatio is ZipRatio of the first entry of a zip (pack's own, of one
// entry); ok is false if data is no zip or holds no entry.
func EntryRatio(data []byte) (ratio uint64, ok bool) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil || len(zr.File) == 0 {
		return 0, false
	}
	f := zr.File[0]
	return ZipRatio(f.UncompressedSize64, f.CompressedSize64), true
}

// Source is the JSONL bytes of one prediction file, read from disk or from
// the single .jsonl entry of a zip.
type Source struct {
	// Name is what messages call the file: the path, or "a.zip!/b.jsonl".
	Name string
	Data []byte
	// Problems found in the container. If any is an error, Data is nil.
	Problems []Problem
	unmap    func() error
}

// Close releases the source's memory where it was obtained by a release
// function (none is, since files are no longer mapped: kept for callers and
// for sources that may be again). Data must not be used after; reports
// from Validate stay valid.
func (s *Source) Close() error {
	if s == nil || s.unmap == nil {
		return nil
	}
	err := s.unmap()
	s.unmap, s.Data = nil, nil
	return err
}

// WriteProblems prints the container's problems, one per line.
func (s *Source) WriteProblems(w io.Writer) {
	for _, p := range s.Problems {
		fmt.Fprintf(w, "%s: %s\n", TermSafe(s.Name), TermSafe(p.String()))
	}
}

// ReadSource reads a .jsonl file (into memory: a file changed on disk
// afterwards changes nothing) or the one .jsonl entry of a .zip file
// (by its content or its .zip name). maxSize <= 0 means DefaultMaxSize.
// The returned error is an I/O error (missing or unreadable file, corrupt
// zip); problems with the file's contents are in Source.Problems.
//
// "-" reads standard input. A file over maxSize is a problem of the input
// (CodeTooLarge), as a zip entry over it is. Pipes, FIFOs and devices are
// read in chunks up to the limit, never more: /dev/zero costs maxSize, not a
// growing buffer's multiples. A FIFO is opened without blocking, so one
// with no writer reads as empty instead of hanging.
func ReadSource(name string, maxSize int64) (*Source, error) {
	if maxSize <= 0 {
		maxSize = DefaultMaxSize
	}
	var f *os.File
	if name == "-" {
		f, name = os.Stdin, StdinName
	} else {
		var err error
		if f, err = os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0); err != nil {
			return nil, err
		}
		defer f.Close()
	}
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s: is a directory", name)
	}
	if st.Size() > maxSize {
		return tooLarge(name, fmt.Sprintf("the file has %d bytes, over the limit of %d", st.Size(), maxSize)), nil
	}
	// The file is read into memory, never mapped: a mapped file that is
	// truncated while in use (predictions regenerated with '>' during a
	// long judge run) faults with SIGBUS on the next access, anywhere in
	// the program (issue 18.3). Reading costs about 1 ms per 7 MB more.
	data, over, err := readLimited(f, st.Size(), maxSize)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if over {
		return tooLarge(name, fmt.Sprintf("the input goes past the limit of %d bytes", maxSize)), nil
	}
	if looksZip(name, data) {
		return ReadZip(name, data, maxSize)
	}
	return &Source{Name: name, Data: data}, nil
}

// StdinName is what messages call standard input.
const StdinName = "<stdin>"

func tooLarge(name, msg string) *Source {
	return &Source{Name: name, Problems: []Problem{{Code: CodeTooLarge, Message: msg, Hint: "raise the limit with --max-size"}}}
}

// readLimited reads r to its end or to limit+1 bytes. A known size gets one
// allocation; an unknown one (a pipe, a device) is read in chunks and put
// together once, so the peak is twice the data, never a doubling buffer's
// slack; past the limit it stops and reports over, keeping nothing.
func readLimited(r io.Reader, size, limit int64) (data []byte, over bool, err error) {
	if size > 0 {
		buf := bytes.NewBuffer(make([]byte, 0, size+bytes.MinRead))
		_, err = buf.ReadFrom(io.LimitReader(r, limit+1))
		return buf.Bytes(), int64(buf.Len()) > limit, err
	}
	const chunk = 1 << 20
	var chunks [][]byte
	var total int64
	for {
		c := make([]byte, chunk)
		n, rerr := io.ReadFull(r, c)
		total += int64(n)
		if total > limit {
			return nil, true, nil
		}
		chunks = append(chunks, c[:n])
		if rerr == io.EOF || rerr == io.ErrUnexpectedEOF {
			break
		}
		if rerr != nil {
			return nil, false, rerr
		}
	}
	if len(chunks) == 1 {
		return chunks[0], false, nil
	}
	return bytes.Join(chunks, nil), false, nil
}

// IsZip reports whether data starts like a zip archive.
func IsZip(data []byte) bool {
	return bytes.HasPrefix(data, []byte("PK\x03\x04")) || bytes.HasPrefix(data, []byte("PK\x05\x06"))
}

// looksZip reports whether a file is to be read as a zip: by its content or
// its name.
func looksZip(name string, data []byte) bool {
	return IsZip(data) || strings.EqualFold(path.Ext(name), ".zip")
}

// ReadZip extracts the single .jsonl entry of a zip archive held in data,
// never inflating more than maxSize bytes.
func ReadZip(name string, data []byte, maxSize int64) (*Source, error) {
	return readZip(name, data, maxSize, true, nil)
}

// ReadWrittenZip is ReadZip without the zip-bomb ratio check, for a zip
// this process has just written (rxeval pack reads back what it wrote):
// a writer has no bomb to fear, and a genuine file can deflate past the
// ratio. Every other check holds.
func ReadWrittenZip(name string, data []byte, maxSize int64) (*Source, error) {
	return readZip(name, data, maxSize, false, nil)
}

// ReadBackZip is ReadZip (ReadWrittenZip without checkRatio) of a zip
// whose entry should hold want, for its writer (rxeval pack): the entry is
// compared with want as it inflates, never held whole beside it (a second
// copy of a 120 MB file, issue 34.9). An entry that differs is an error;
// one that reads back the same gives a Source whose Data is want.
func ReadBackZip(name string, data, want []byte, maxSize int64, checkRatio bool) (*Source, error) {
	if want == nil {
		want = []byte{}
	}
	return readZip(name, data, maxSize, checkRatio, want)
}

// readZip reads the zip; with want non-nil, its entry is compared with
// want instead of kept (ReadBackZip).
func readZip(name string, data []byte, maxSize int64, checkRatio bool, want []byte) (*Source, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, hintedError{fmt.Errorf("%s: unreadable zip: %w", name, err), "is it a zip? " + packHint}
	}
	src := &Source{Name: name}
	// Entry problems are kept in detail for the first few entries of each
	// kind, then counted: a zip of 200,000 bad entries is one short report.
	const maxEntryProblems = 10
	perCode := map[Code]int{}
	fail := func(code Code, msg, hint string) {
		if perCode[code]++; perCode[code] <= maxEntryProblems {
			src.Problems = append(src.Problems, Problem{Code: code, Message: msg, Hint: hint})
		}
	}
	defer func() {
		for _, code := range slices.Sorted(maps.Keys(perCode)) {
			if n := perCode[code]; n > maxEntryProblems {
				src.Problems = append(src.Problems, Problem{Code: code, Message: fmt.Sprintf("... and %d more entries like the above", n-maxEntryProblems)})
			}
		}
	}()
	var candidates []*zip.File
	for _, f := range zr.File {
		// A backslash is a Windows-made zip's path separator (the zip
		// format wants "/"): the path is read with "/" in its place.
		n := strings.ReplaceAll(f.Name, "\\", "/")
		if why := unsafeZipPath(f.Name); why != "" {
			fail(CodeZipUnsafe, fmt.Sprintf("entry %q has %s: unzipping it would write outside the folder it is unzipped in", f.Name, why), packHint)
			continue
		}
		switch {
		case f.Mode()&fs.ModeSymlink != 0:
			fail(CodeZipSymlink, fmt.Sprintf("entry %q is a symbolic link", f.Name), "")
			continue
		case f.FileInfo().IsDir() || strings.HasSuffix(n, "/"):
			continue
		case strings.HasPrefix(n, "__MACOSX/") || strings.HasPrefix(path.Base(n), "._") || path.Base(n) == ".DS_Store":
			fail(CodeZipIgnored, fmt.Sprintf("entry %q ignored (macOS metadata)", f.Name), "")
			continue
		}
		candidates = append(candidates, f)
	}
	if hasError(src.Problems) {
		return src, nil
	}
	switch {
	case len(candidates) == 0:
		fail(CodeZipEntries, "the zip holds no file; it must hold exactly one .jsonl", packHint)
		return src, nil
	case len(candidates) > 1:
		var jsonl, other []string
		for _, f := range candidates {
			if strings.HasSuffix(strings.ToLower(f.Name), ".jsonl") {
				jsonl = append(jsonl, f.Name)
			} else {
				other = append(other, f.Name)
			}
		}
		msg := ""
		switch len(jsonl) {
		case 1:
			msg = fmt.Sprintf("the zip holds %q and %s (%s); the rules ask for a zip holding a single .jsonl file and nothing else", clip(jsonl[0]), plural(len(other), "other file"), nameList(other))
		case 0:
			msg = fmt.Sprintf("the zip holds %s (%s) and no .jsonl; the rules ask for a zip holding a single .jsonl file", plural(len(other), "file"), nameList(other))
		default:
			msg = fmt.Sprintf("the zip holds %d .jsonl files (%s); the rules ask for a zip holding a single .jsonl file", len(jsonl), nameList(jsonl))
			if len(other) > 0 {
				msg += fmt.Sprintf(" and nothing else (it also holds %s)", nameList(other))
			}
		}
		fail(CodeZipEntries, msg, packHint)
		return src, nil
	}
	f := candidates[0]
	src.Name = name + "!/" + f.Name
	slashed := strings.ReplaceAll(f.Name, "\\", "/")
	inFolder := strings.Contains(path.Clean(strings.Trim(slashed, "/")), "/") // ./preds.jsonl is at the top
	if inFolder || slashed != f.Name {
		// The rules do not forbid it, but say less than a participant
		// might assume: say what they say.
		msg := fmt.Sprintf("the .jsonl is inside a folder (%q); the track's rules ask for \"a .zip containing a single .jsonl file\" and say nothing of folders", clip(f.Name))
		switch {
		case slashed != f.Name && inFolder:
			msg = fmt.Sprintf("entry %q has a backslash path separator (a Windows-made zip), where zip wants \"/\": accepted, read as %q, a .jsonl in a folder (the rules say nothing of folders)", clip(f.Name), clip(slashed))
		case slashed != f.Name:
			msg = fmt.Sprintf("entry %q has a backslash path separator (a Windows-made zip; zip wants \"/\"): read as %q, at the top of the zip", clip(f.Name), clip(path.Clean(slashed)))
		}
		hint := "to be safe, put it at the top of the zip: rxeval pack FILE.jsonl -o submission.zip does"
		if !inFolder {
			hint = "to be safe, name it without the backslash: rxeval pack FILE.jsonl -o submission.zip does"
		}
		src.Problems = append(src.Problems, Problem{Code: CodeZipLayout,
			Message: msg,
			Hint:    hint})
	}
	if !strings.HasSuffix(strings.ToLower(f.Name), ".jsonl") {
		fail(CodeZipEntries, fmt.Sprintf("the zip's only entry %q is not a .jsonl file; the rules ask for a zip holding a single .jsonl file", f.Name), "if it is JSON Lines, name it .jsonl: "+packHint)
		return src, nil
	}
	if f.Flags&0x1 != 0 {
		fail(CodeZipEncrypted, fmt.Sprintf("entry %q is encrypted", f.Name), "")
		return src, nil
	}
	if f.UncompressedSize64 > uint64(maxSize) {
		fail(CodeZipTooLarge, fmt.Sprintf("entry %q inflates to %d bytes, limit %d", f.Name, f.UncompressedSize64, maxSize), "raise the limit with --max-size")
		return src, nil
	}
	if r := ZipRatio(f.UncompressedSize64, f.CompressedSize64); checkRatio && f.UncompressedSize64 > ratioMinBytes && r > maxRatio {
		fail(CodeZipBomb, fmt.Sprintf("entry %q inflates %d bytes at a compression ratio of %d:1, past rxeval's own zip-bomb limit (over %d:1 past %d MiB; other readers may refuse it too)", f.Name, f.UncompressedSize64, r, maxRatio, ratioMinBytes>>20),
			"check the .jsonl itself (rxeval validate FILE.jsonl); if it is padded with white space between values, compact it (jq -c . FILE.jsonl) and pack that")
		return src, nil
	}
	rc, err := f.Open()
	if errors.Is(err, zip.ErrAlgorithm) {
		// A problem of the archive, like an encrypted entry (exit 1).
		method := map[uint16]string{12: "bzip2", 14: "LZMA", 93: "zstd", 95: "xz", 98: "PPMd"}[f.Method]
		if method == "" {
			method = fmt.Sprintf("method %d", f.Method)
		}
		fail(CodeZipMethod, fmt.Sprintf("entry %q is compressed with %s, which zip readers need not support (only stored and deflate are)", f.Name, method), "re-create the archive with deflate (zip -Z deflate), or let rxeval pack make it")
		return src, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", src.Name, err)
	}
	defer rc.Close()
	if want != nil {
		if err := sameBytes(rc, want); err != nil {
			return nil, fmt.Errorf("%s: %w", src.Name, err)
		}
		src.Data = want
		return src, nil
	}
	data, over, err := inflateLimited(rc, f.UncompressedSize64, maxSize)
	if err != nil {
		return nil, fmt.Errorf("%s: inflating: %w", src.Name, err)
	}
	if over {
		fail(CodeZipTooLarge, fmt.Sprintf("entry %q inflates past the limit of %d bytes", f.Name, maxSize), "raise the limit with --max-size")
		return src, nil
	}
	src.Data = data
	return src, nil
}

// inflateLimited reads an entry's inflated bytes, at most maxSize: past it,
// over and nothing kept, whatever the entry's header declared (declared
// only sizes the first allocation). archive/zip also refuses to read past
// the declared size; this limit does not count on it.
func inflateLimited(r io.Reader, declared uint64, maxSize int64) (data []byte, over bool, err error) {
	buf := bytes.NewBuffer(make([]byte, 0, min(declared, uint64(maxSize))))
	n, err := io.Copy(buf, io.LimitReader(r, maxSize+1))
	if err != nil {
		return nil, false, err
	}
	if n > maxSize {
		return nil, true, nil
	}
	return buf.Bytes(), false, nil
}

// sameBytes reads r to its end in pieces and says where it first differs
// from want.
func sameBytes(r io.Reader, want []byte) error {
	buf := make([]byte, 64<<10)
	off := 0
	for {
		n, err := r.Read(buf)
		if n > 0 {
			if off+n > len(want) {
				return fmt.Errorf("the entry holds more than the %d bytes packed", len(want))
			}
			if i := firstDiff(buf[:n], want[off:off+n]); i >= 0 {
				return fmt.Errorf("the entry differs from the bytes packed at byte %d", off+i)
			}
			off += n
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("inflating: %w", err)
		}
	}
	if off != len(want) {
		return fmt.Errorf("the entry holds %d bytes, not the %d packed", off, len(want))
	}
	return nil
}

// firstDiff is the first index where a and b (of one length) differ, or -1.
func firstDiff(a, b []byte) int {
	if bytes.Equal(a, b) {
		return -1
	}
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

// unsafeZipPath says why an entry's path could write outside the folder
// it is extracted to ("" when it cannot): an absolute path (starting with
// "/", a backslash or a drive letter such as "C:") or a ".." part. A
// backslash elsewhere is a Windows-made zip's path separator, so ".." is
// looked for between backslashes too.
func unsafeZipPath(n string) string {
	switch {
	case n == "":
		return "an empty path"
	case strings.HasPrefix(n, "/"):
		return `an absolute path (it starts with "/")`
	case strings.HasPrefix(n, "\\"):
		return `an absolute path (it starts with a backslash, a Windows path separator: the root of a drive)`
	case len(n) >= 2 && n[1] == ':' && ('a' <= n[0] && n[0] <= 'z' || 'A' <= n[0] && n[0] <= 'Z'):
		return fmt.Sprintf("an absolute path (it starts with the drive letter %q)", n[:2])
	}
	for _, part := range strings.Split(strings.ReplaceAll(n, "\\", "/"), "/") {
		if part == ".." {
			if strings.Contains(n, "\\") {
				return `a parent-relative path (".."), with backslash path separators (a Windows-made zip)`
			}
			return `a parent-relative path ("..")`
		}
	}
	return ""
}

func hasError(ps []Problem) bool {
	for _, p := range ps {
		if !p.Code.warning() {
			return true
		}
	}
	return false
}
