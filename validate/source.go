package validate

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
)

// DefaultMaxSize is the default limit on the bytes of a prediction file,
// and on the uncompressed size of a zip entry.
const DefaultMaxSize = 256 << 20

// maxRatio is the compression ratio above which a large zip entry is taken
// for a bomb. Real prediction files compress 5-20x.
const (
	maxRatio      = 200
	ratioMinBytes = 1 << 20
)

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

// Close releases the memory of a mapped file. Data must not be used after;
// reports from Validate stay valid.
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
		fmt.Fprintf(w, "%s: %s\n", s.Name, p)
	}
}

// ErrTooLarge is returned when a file passes the size limit.
var ErrTooLarge = errors.New("file too large")

// ReadSource reads a .jsonl file (mapped into memory where it can be: call
// Close when done) or the one .jsonl entry of a .zip file
// (by its content or its .zip name). maxSize <= 0 means DefaultMaxSize.
// The returned error is an I/O error (missing or unreadable file, corrupt
// zip); problems with the file's contents are in Source.Problems.
func ReadSource(name string, maxSize int64) (*Source, error) {
	if maxSize <= 0 {
		maxSize = DefaultMaxSize
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s: is a directory", name)
	}
	if st.Size() > maxSize {
		return nil, fmt.Errorf("%s: %w: %d bytes, limit %d (raise it with --max-size)", name, ErrTooLarge, st.Size(), maxSize)
	}
	if st.Mode().IsRegular() {
		if data, unmap, ok := mapFile(f, st.Size()); ok {
			if looksZip(name, data) {
				defer unmap()
				return ReadZip(name, data, maxSize)
			}
			return &Source{Name: name, Data: data, unmap: unmap}, nil
		}
	}
	// One allocation of the file's size (io.ReadAll's doubling costs ~5x
	// here, mostly in page faults).
	buf := bytes.NewBuffer(make([]byte, 0, st.Size()+bytes.MinRead))
	_, err = buf.ReadFrom(io.LimitReader(f, maxSize+1))
	data := buf.Bytes()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if int64(len(data)) > maxSize {
		return nil, fmt.Errorf("%s: %w: limit %d bytes", name, ErrTooLarge, maxSize)
	}
	if looksZip(name, data) {
		return ReadZip(name, data, maxSize)
	}
	return &Source{Name: name, Data: data}, nil
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
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("%s: unreadable zip: %w", name, err)
	}
	src := &Source{Name: name}
	fail := func(code Code, msg, hint string) {
		src.Problems = append(src.Problems, Problem{Code: code, Message: msg, Hint: hint})
	}
	var candidates []*zip.File
	for _, f := range zr.File {
		n := f.Name
		switch {
		case unsafeZipPath(n):
			fail(CodeZipUnsafe, fmt.Sprintf("entry %q has an absolute or parent-relative path", n), "")
			continue
		case f.Mode()&fs.ModeSymlink != 0:
			fail(CodeZipSymlink, fmt.Sprintf("entry %q is a symbolic link", n), "")
			continue
		case f.FileInfo().IsDir() || strings.HasSuffix(n, "/"):
			continue
		case strings.HasPrefix(n, "__MACOSX/") || strings.HasPrefix(path.Base(n), "._") || path.Base(n) == ".DS_Store":
			src.Problems = append(src.Problems, Problem{Code: CodeZipIgnored, Message: fmt.Sprintf("entry %q ignored (macOS metadata)", n)})
			continue
		}
		candidates = append(candidates, f)
	}
	if hasError(src.Problems) {
		return src, nil
	}
	switch {
	case len(candidates) == 0:
		fail(CodeZipEntries, "the zip holds no file; it must hold exactly one .jsonl", "create it with: rxeval pack PRED.jsonl -o submission.zip")
		return src, nil
	case len(candidates) > 1:
		names := make([]string, 0, len(candidates))
		for _, f := range candidates {
			names = append(names, f.Name)
		}
		fail(CodeZipEntries, fmt.Sprintf("the zip holds %d files (%s); it must hold exactly one .jsonl", len(candidates), strings.Join(names, ", ")), "")
		return src, nil
	}
	f := candidates[0]
	src.Name = name + "!/" + f.Name
	if !strings.HasSuffix(strings.ToLower(f.Name), ".jsonl") {
		fail(CodeZipEntries, fmt.Sprintf("the zip's only entry %q is not a .jsonl file", f.Name), "")
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
	if f.UncompressedSize64 > ratioMinBytes && f.CompressedSize64 > 0 && f.UncompressedSize64/f.CompressedSize64 > maxRatio {
		fail(CodeZipBomb, fmt.Sprintf("entry %q has a compression ratio of %d:1 (limit %d:1)", f.Name, f.UncompressedSize64/f.CompressedSize64, maxRatio), "")
		return src, nil
	}
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", src.Name, err)
	}
	defer rc.Close()
	buf := bytes.NewBuffer(make([]byte, 0, min(f.UncompressedSize64, uint64(maxSize))))
	n, err := io.Copy(buf, io.LimitReader(rc, maxSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: inflating: %w", src.Name, err)
	}
	if n > maxSize {
		fail(CodeZipTooLarge, fmt.Sprintf("entry %q inflates past the limit of %d bytes", f.Name, maxSize), "raise the limit with --max-size")
		return src, nil
	}
	src.Data = buf.Bytes()
	return src, nil
}

func unsafeZipPath(n string) bool {
	if n == "" || strings.HasPrefix(n, "/") || strings.HasPrefix(n, "\\") || strings.Contains(n, "\\") {
		return true
	}
	if len(n) >= 2 && n[1] == ':' {
		return true
	}
	for _, part := range strings.Split(n, "/") {
		if part == ".." {
			return true
		}
	}
	return false
}

func hasError(ps []Problem) bool {
	for _, p := range ps {
		if !p.Code.warning() {
			return true
		}
	}
	return false
}
