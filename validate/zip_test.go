package validate

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type zipEntry struct {
	name   string
	body   []byte
	mode   fs.FileMode
	flags  uint16
	store  bool
	method uint16 // if set, a method the reader does not know (bzip2 ...)
}

// nopWriteCloser labels raw bytes with a compression method in a test zip.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

func makeZip(t testing.TB, entries ...zipEntry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate}
		if e.store {
			h.Method = zip.Store
		}
		if e.method != 0 {
			h.Method = e.method
			zw.RegisterCompressor(e.method, func(w io.Writer) (io.WriteCloser, error) { return nopWriteCloser{w}, nil })
		}
		if e.mode != 0 {
			h.SetMode(e.mode)
		}
		h.Flags |= e.flags
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(e.body); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func validRows(t testing.TB) []byte {
	b, err := os.ReadFile("../testdata/bad/valid.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestZip(t *testing.T) {
	good := validRows(t)
	bomb := bytes.Repeat([]byte{' '}, 64<<20)
	// Three valid rows with 600 KB corrected statements: 1.8 MB that
	// deflates over 500:1, a real file, not a bomb.
	long := strings.Repeat("a", 600<<10)
	var compressible []byte
	for i, v := range []string{"aligned", "misaligned", "misaligned"} {
		row := `{"idx": "formalrx_000` + string(rune('1'+i)) + `", "verdict": "aligned", "error_category": null, "error_segment": null, "corrected_statement": null}` + "\n"
		if v == "misaligned" {
			row = `{"idx": "formalrx_000` + string(rune('1'+i)) + `", "verdict": "misaligned", "error_category": "Missing Premise", "error_segment": "x", "corrected_statement": "` + long + `"}` + "\n"
		}
		compressible = append(compressible, row...)
	}
	tests := []struct {
		name    string
		zip     []byte
		maxSize int64
		codes   string // error codes
		warns   string
		inName  string // Source.Name suffix when the entry is read
	}{
		{name: "one jsonl", zip: makeZip(t, zipEntry{name: "preds.jsonl", body: good}), inName: "!/preds.jsonl"},
		{name: "stored, in a folder", zip: makeZip(t, zipEntry{name: "out/", mode: fs.ModeDir | 0o755}, zipEntry{name: "out/preds.jsonl", body: good, store: true}), inName: "!/out/preds.jsonl", warns: "zip_layout"},
		{name: "macos metadata", zip: makeZip(t, zipEntry{name: "preds.jsonl", body: good}, zipEntry{name: "__MACOSX/._preds.jsonl", body: []byte("x")}), warns: "zip_ignored_entry"},
		{name: "two files", zip: makeZip(t, zipEntry{name: "a.jsonl", body: good}, zipEntry{name: "b.jsonl", body: good}), codes: "zip_entries"},
		{name: "jsonl and readme", zip: makeZip(t, zipEntry{name: "a.jsonl", body: good}, zipEntry{name: "README.txt", body: []byte("hi")}), codes: "zip_entries"},
		{name: "empty zip", zip: makeZip(t), codes: "zip_entries"},
		{name: "only a directory", zip: makeZip(t, zipEntry{name: "d/", mode: fs.ModeDir | 0o755}), codes: "zip_entries"},
		{name: "not jsonl", zip: makeZip(t, zipEntry{name: "preds.json", body: good}), codes: "zip_entries"},
		{name: "parent path", zip: makeZip(t, zipEntry{name: "../evil.jsonl", body: good}), codes: "zip_unsafe_path"},
		{name: "nested parent path", zip: makeZip(t, zipEntry{name: "a/../../evil.jsonl", body: good}), codes: "zip_unsafe_path"},
		{name: "absolute path", zip: makeZip(t, zipEntry{name: "/etc/evil.jsonl", body: good}), codes: "zip_unsafe_path"},
		{name: "backslash path", zip: makeZip(t, zipEntry{name: `..\evil.jsonl`, body: good}), codes: "zip_unsafe_path"},
		{name: "symlink", zip: makeZip(t, zipEntry{name: "preds.jsonl", body: []byte("/etc/passwd"), mode: fs.ModeSymlink | 0o777}), codes: "zip_symlink"},
		{name: "encrypted", zip: makeZip(t, zipEntry{name: "preds.jsonl", body: good, flags: 0x1}), codes: "zip_encrypted"},
		{name: "compressible rows under the ratio threshold", zip: makeZip(t, zipEntry{name: "preds.jsonl", body: compressible}), inName: "!/preds.jsonl"},
		{name: "bomb", zip: makeZip(t, zipEntry{name: "preds.jsonl", body: bomb}), codes: "zip_bomb"},
		{name: "bzip2 entry", zip: makeZip(t, zipEntry{name: "preds.jsonl", body: good, method: 12}), codes: "zip_method"},
		{name: "lzma entry", zip: makeZip(t, zipEntry{name: "preds.jsonl", body: good, method: 14}), codes: "zip_method"},
		{name: "over the limit", zip: makeZip(t, zipEntry{name: "preds.jsonl", body: good}), maxSize: 100, codes: "zip_too_large"},
	}
	v := newValidator(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			max := tt.maxSize
			if max == 0 {
				max = DefaultMaxSize
			}
			src, err := ReadZip("sub.zip", tt.zip, max)
			if err != nil {
				t.Fatal(err)
			}
			rep := v.Validate(src, Options{Expected: threeIDs(t)})
			errs, warns := codes(rep)
			if got := strings.Join(errs, ","); got != tt.codes {
				t.Errorf("errors = %q, want %q (%v)", got, tt.codes, rep.Errors)
			}
			if got := strings.Join(warns, ","); got != tt.warns {
				t.Errorf("warnings = %q, want %q", got, tt.warns)
			}
			if tt.codes != "" && src.Data != nil {
				t.Errorf("a refused zip must not be inflated (%d bytes read)", len(src.Data))
			}
			if tt.inName != "" && !strings.HasSuffix(src.Name, tt.inName) {
				t.Errorf("name = %q, want suffix %q", src.Name, tt.inName)
			}
		})
	}
}

// lyingZip is a zip whose only entry holds 1 MiB of "a" but whose
// central directory claims 10 bytes.
func lyingZip(t *testing.T) []byte {
	z := makeZip(t, zipEntry{name: "p.jsonl", body: bytes.Repeat([]byte("a"), 1<<20)})
	// The central header's uncompressed size: 4 bytes at offset 24.
	i := bytes.LastIndex(z, []byte("PK\x01\x02"))
	copy(z[i+24:], []byte{10, 0, 0, 0})
	return z
}

// TestZipLyingSize: an entry whose header under-states its size is never
// inflated past rxeval's limit. archive/zip stops at the declared size by
// itself, so rxeval's own limit is exercised on the entry's raw deflate
// stream, inflated without any size check, as ReadZip would read it from a
// zip reader that trusted the header.
func TestZipLyingSize(t *testing.T) {
	z := lyingZip(t)
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	f := zr.File[0]
	if f.UncompressedSize64 != 10 {
		t.Fatalf("the patched header declares %d bytes, want 10", f.UncompressedSize64)
	}
	for _, tt := range []struct {
		limit int64
		over  bool
	}{
		{1000, true},
		{1<<20 - 1, true}, // one byte short
		{1 << 20, false},  // exactly the entry
	} {
		raw, err := f.OpenRaw()
		if err != nil {
			t.Fatal(err)
		}
		fr := flate.NewReader(raw)
		data, over, err := inflateLimited(fr, f.UncompressedSize64, tt.limit)
		fr.Close()
		switch {
		case err != nil:
			t.Errorf("limit %d: %v", tt.limit, err)
		case over != tt.over:
			t.Errorf("limit %d: over = %v, want %v", tt.limit, over, tt.over)
		case over && data != nil:
			t.Errorf("limit %d: over, yet %d bytes kept", tt.limit, len(data))
		case !over && len(data) != 1<<20:
			t.Errorf("limit %d: %d bytes, want %d", tt.limit, len(data), 1<<20)
		}
	}
	// Through ReadZip the lie is a corrupt zip (an I/O error, exit 2), and
	// nothing is returned.
	src, err := ReadZip("lie.zip", z, 1000)
	if err == nil || !strings.Contains(err.Error(), "inflating") || src != nil {
		t.Errorf("ReadZip of a lying entry: %v, %+v; want an inflating error and nothing", err, src)
	}
}

// TestZipDeclaredSizeOverLimit: an entry that declares more than the limit
// is refused from its header, before any inflating: its deflate stream is
// garbage here, which inflating would report as an error.
func TestZipDeclaredSizeOverLimit(t *testing.T) {
	z := makeZip(t, zipEntry{name: "p.jsonl", body: bytes.Repeat([]byte("b"), 5000)})
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	off, err := zr.File[0].DataOffset()
	if err != nil {
		t.Fatal(err)
	}
	for i := off; i < off+int64(zr.File[0].CompressedSize64); i++ {
		z[i] = 0xff // not a deflate block
	}
	if _, err := ReadZip("garbage.zip", z, 10000); err == nil {
		t.Fatal("under the limit, the garbage stream inflated without error: the test proves nothing")
	}
	for _, limit := range []int64{4999, 1} {
		src, err := ReadZip("garbage.zip", z, limit)
		if err != nil || src.Data != nil || len(src.Problems) != 1 || src.Problems[0].Code != CodeZipTooLarge {
			t.Errorf("limit %d: %v %+v, want zip_too_large from the header alone", limit, err, src)
		}
	}
	// At the limit exactly the header is no reason to refuse: inflating
	// starts (and fails on the garbage).
	if _, err := ReadZip("garbage.zip", z, 5000); err == nil || !strings.Contains(err.Error(), "inflating") {
		t.Errorf("limit 5000 = the declared size: %v, want an inflating error", err)
	}
}

func TestReadSourceErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadSource(filepath.Join(dir, "nope.jsonl"), 0); err == nil {
		t.Error("missing file: no error")
	}
	bad := filepath.Join(dir, "bad.zip")
	os.WriteFile(bad, []byte("PK\x03\x04 this is not a zip"), 0o644)
	if _, err := ReadSource(bad, 0); err == nil || !strings.Contains(err.Error(), "unreadable zip") {
		t.Errorf("corrupt zip: %v", err)
	}
	big := filepath.Join(dir, "big.jsonl")
	os.WriteFile(big, make([]byte, 2000), 0o644)
	// Over the limit: a problem of the input, as for a zip entry (the same
	// exit code), not an I/O error; a pipe over the limit likewise.
	if src, err := ReadSource(big, 1000); err != nil || src.Data != nil || len(src.Problems) != 1 || src.Problems[0].Code != CodeTooLarge {
		t.Errorf("file over the limit: %v %+v", err, src)
	}
	if data, over, err := readLimited(bytes.NewReader(make([]byte, 3<<20)), 0, 2<<20); err != nil || !over || data != nil {
		t.Errorf("pipe over the limit: over=%v err=%v", over, err)
	}
	if data, over, err := readLimited(bytes.NewReader(make([]byte, 3<<20+5)), 0, 4<<20); err != nil || over || len(data) != 3<<20+5 {
		t.Errorf("pipe under the limit: %d bytes, over=%v err=%v", len(data), over, err)
	}
	if _, err := ReadSource(dir, 0); err == nil {
		t.Error("directory: no error")
	}
}

// TestLongLine validates a single 10 MB line.
func TestLongLine(t *testing.T) {
	long := strings.Repeat("x", 10<<20)
	line := `{"idx":"formalrx_0001","verdict":"misaligned","error_category":"Range Error","error_segment":"x","corrected_statement":"` + long + `"}`
	data := []byte(line + "\n" + line[:len(line)-2] + "\n")
	rep := newValidator(t).Validate(&Source{Name: "long.jsonl", Data: data}, Options{Expected: threeIDs(t), KeepRows: true})
	errs, _ := codes(rep)
	if got := strings.Join(errs, ","); got != "missing_id,not_json" {
		t.Errorf("errors = %q", got)
	}
	if len(rep.Parsed) != 1 || len(rep.Parsed[0].Corrected.S) != 10<<20 {
		t.Errorf("the long row was not read whole")
	}
}

// TestZipPathKinds: a backslash in an entry's path is a Windows-made zip's
// path separator, not an absolute path: `dir\preds.jsonl` is read (a .jsonl
// in a folder, warned as such), and the message says what it is. A path is
// absolute when it starts with "/", a backslash or a drive letter; one with a
// ".." part is parent-relative, whatever its separator. Neither is read.
func TestZipPathKinds(t *testing.T) {
	good := validRows(t)
	v := newValidator(t)
	for _, tt := range []struct {
		name   string
		code   Code   // the one problem's code
		says   string // in its message
		nots   string // not in its message
		isRead bool
	}{
		{`dir\preds.jsonl`, CodeZipLayout, `backslash path separator (a Windows-made zip)`, "absolute", true},
		{`a\b\preds.jsonl`, CodeZipLayout, `read as "a/b/preds.jsonl"`, "absolute", true},
		{`..\evil.jsonl`, CodeZipUnsafe, `parent-relative path ("..")`, "absolute", false},
		{`dir\..\..\evil.jsonl`, CodeZipUnsafe, `backslash path separators (a Windows-made zip)`, "absolute", false},
		{`/etc/evil.jsonl`, CodeZipUnsafe, `absolute path (it starts with "/")`, "parent", false},
		{`\evil.jsonl`, CodeZipUnsafe, `absolute path (it starts with a backslash`, "parent", false},
		{`C:\evil.jsonl`, CodeZipUnsafe, `absolute path (it starts with the drive letter "C:")`, "parent", false},
		{`c:evil.jsonl`, CodeZipUnsafe, `drive letter "c:"`, "parent", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src, err := ReadZip("sub.zip", makeZip(t, zipEntry{name: tt.name, body: good}), DefaultMaxSize)
			if err != nil {
				t.Fatal(err)
			}
			if (src.Data != nil) != tt.isRead {
				t.Errorf("read = %v, want %v", src.Data != nil, tt.isRead)
			}
			if len(src.Problems) != 1 {
				t.Fatalf("problems %v, want one %s", src.Problems, tt.code)
			}
			p := src.Problems[0]
			if p.Code != tt.code || !strings.Contains(p.Message, tt.says) || strings.Contains(p.Message, tt.nots) {
				t.Errorf("got %s: %s\nwant %s saying %q, not %q", p.Code, p.Message, tt.code, tt.says, tt.nots)
			}
			if tt.isRead {
				rep := v.Validate(src, Options{Expected: threeIDs(t)})
				if !rep.Valid || rep.WarningCount != 1 {
					t.Errorf("valid %v, %d warnings; want valid with the zip_layout warning: %v %v", rep.Valid, rep.WarningCount, rep.Errors, rep.Warnings)
				}
			}
		})
	}
}
