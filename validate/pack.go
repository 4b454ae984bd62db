package validate

import (
	"archive/zip"
	"fmt"
	"io"
	"path"
	"strings"
	"time"
)

// WriteZip writes data as the single deflated entry name of a zip archive,
// the container the track's server wants.
func WriteZip(w io.Writer, name string, data []byte) error {
	name = path.Base(strings.ReplaceAll(name, "\\", "/"))
	if !strings.HasSuffix(strings.ToLower(name), ".jsonl") {
		name += ".jsonl"
	}
	zw := zip.NewWriter(w)
	hdr := &zip.FileHeader{Name: name, Method: zip.Deflate, Modified: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	hdr.SetMode(0o644)
	fw, err := zw.CreateHeader(hdr)
	if err != nil {
		return fmt.Errorf("zip entry %s: %w", name, err)
	}
	if _, err := fw.Write(data); err != nil {
		return fmt.Errorf("zip entry %s: %w", name, err)
	}
	return zw.Close()
}
