// Package verdictcache keeps judge verdicts that cost time (a model's, or
// Lean's) durably in one bbolt file, keyed by the judge, its version and
// the pair's texts, so that a rerun asks only about new pairs.
package verdictcache

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/rxeval/rxeval/eval"
	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// Cache stores judge verdicts durably (one bbolt transaction per verdict),
// so a run killed halfway keeps every verdict it got and a rerun asks the
// model only for the rest.
type Cache struct {
	db   *bolt.DB
	path string
}

var bucket = []byte("verdicts-v1")

// DefaultPath is the verdict cache under the user's cache directory.
func DefaultPath() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "rxeval", "verdicts.db"), nil
}

// ErrLocked means another rxeval holds the cache file.
var ErrLocked = errors.New("the verdict cache is in use by another rxeval")

// ErrCorrupt means the cache file is not a readable bbolt database.
var ErrCorrupt = errors.New("the verdict cache is corrupt")

// Open opens (creating) the cache file at path. A corrupt file gives
// ErrCorrupt, never a crash: bbolt panics (or faults on a truncated
// mapping) when it meets a bad page, so the open and a walk over every page
// the cache will read run where such a panic is caught.
func Open(path string) (*Cache, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("verdict cache: %w", err)
	}
	if st, err := os.Stat(path); err == nil {
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("verdict cache %s %w", path, ErrNotRegular)
		}
		if st.Size() > 0 && !looksBolt(path) {
			return nil, fmt.Errorf("%s: %w: %w", path, ErrCorrupt, ErrNotCache)
		}
	}
	db, err := openChecked(path)
	if err != nil {
		return nil, err
	}
	if err := db.Update(func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(bucket)
		return err
	}); err != nil {
		db.Close()
		return nil, fmt.Errorf("verdict cache %s: %w", path, err)
	}
	return &Cache{db: db, path: path}, nil
}

// openChecked opens the database and reads every bucket and key once, so
// that the pages later reads touch are known to be sound.
func openChecked(path string) (db *bolt.DB, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			// The database may be half open; its file is released when the
			// process ends, which follows this error.
			db, err = nil, fmt.Errorf("%s: %w (%v)", path, ErrCorrupt, r)
		}
	}()
	db, err = bolt.Open(path, 0o644, &bolt.Options{Timeout: 2 * time.Second})
	if err != nil {
		switch {
		case errors.Is(err, berrors.ErrTimeout):
			return nil, fmt.Errorf("%s: %w", path, ErrLocked)
		case errors.As(err, new(*fs.PathError)):
			return nil, fmt.Errorf("verdict cache %s: %w", path, err)
		}
		// Invalid meta pages, bad checksums, a file too small: bbolt's
		// errors other than I/O are all about the file's contents.
		return nil, fmt.Errorf("%s: %w (%v)", path, ErrCorrupt, err)
	}
	err = db.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(_ []byte, b *bolt.Bucket) error { return walk(b) })
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w (%v)", path, ErrCorrupt, err)
	}
	return db, nil
}

// walk reads every key and value of a bucket and its sub-buckets.
func walk(b *bolt.Bucket) error {
	c := b.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if v == nil {
			if sub := b.Bucket(k); sub != nil {
				if err := walk(sub); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// Close closes the cache file.
func (c *Cache) Close() error {
	if c == nil {
		return nil
	}
	return c.db.Close()
}

// Path is the cache file.
func (c *Cache) Path() string { return c.path }

// Key identifies a verdict: the judge, the model's digest, the prompt
// version, the kind and the exact texts the model saw, then extra: what
// else can change the verdict (a model judge's sampling options and the
// versions its prompt depends on). Each part is length-prefixed; with no
// extra the key is the one caches written before extra existed hold, and
// a key with extra never equals one without (old entries simply miss).
func Key(judge, digest, promptVersion string, p eval.Pair, extra ...string) []byte {
	h := sha256.New()
	for _, s := range []string{judge, digest, promptVersion, p.Kind.String(), p.Informal, p.FormalStatement, p.Gold, p.Pred} {
		fmt.Fprintf(h, "%d:%s", len(s), s)
	}
	for _, s := range extra {
		fmt.Fprintf(h, "+%d:%s", len(s), s)
	}
	return []byte(hex.EncodeToString(h.Sum(nil)))
}

type cachedVerdict struct {
	Verdict string    `json:"verdict"`
	Reason  string    `json:"reason"`
	By      string    `json:"by"`
	At      time.Time `json:"at"`
}

// Get returns a stored decision.
func (c *Cache) Get(key []byte) (eval.Decision, bool) {
	var d eval.Decision
	found := false
	c.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucket).Get(key)
		if v == nil {
			return nil
		}
		var cv cachedVerdict
		if json.Unmarshal(v, &cv) != nil {
			return nil
		}
		switch cv.Verdict {
		case "equivalent":
			d.Verdict = eval.Equivalent
		case "not_equivalent":
			d.Verdict = eval.NotEquivalent
		default:
			return nil
		}
		d.By, d.Reason, found = cv.By, cv.Reason, true
		return nil
	})
	return d, found
}

// Put stores a decided verdict and syncs it to disk before returning.
func (c *Cache) Put(key []byte, d eval.Decision) error {
	if d.Verdict == eval.Undecided {
		return nil
	}
	v, err := json.Marshal(cachedVerdict{Verdict: d.Verdict.String(), Reason: d.Reason, By: d.By, At: time.Now().UTC()})
	if err != nil {
		return err
	}
	return c.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucket).Put(key, v) })
}

// PutBatch stores decided verdicts in one transaction (an import, a
// benchmark's fill): unlike Put, not one sync per verdict.
func (c *Cache) PutBatch(keys [][]byte, ds []eval.Decision) error {
	if len(keys) != len(ds) {
		return fmt.Errorf("%d keys for %d decisions", len(keys), len(ds))
	}
	return c.db.Update(func(tx *bolt.Tx) error {
		bk := tx.Bucket(bucket)
		for i, d := range ds {
			if d.Verdict == eval.Undecided {
				continue
			}
			v, err := json.Marshal(cachedVerdict{Verdict: d.Verdict.String(), Reason: d.Reason, By: d.By, At: time.Now().UTC()})
			if err != nil {
				return err
			}
			if err := bk.Put(keys[i], v); err != nil {
				return err
			}
		}
		return nil
	})
}

// Len counts the stored verdicts.
func (c *Cache) Len() int {
	n := 0
	c.db.View(func(tx *bolt.Tx) error {
		n = tx.Bucket(bucket).Stats().KeyN
		return nil
	})
	return n
}

// ErrNotRegular is a cache path that names a device, a directory or a FIFO.
var ErrNotRegular = errors.New("is not a regular file")

// ErrNotCache is a file that does not start like a verdict cache (a bbolt
// database): some other file, or a cache damaged beyond recognition. It
// comes with ErrCorrupt; rxeval never writes to such a file.
var ErrNotCache = errors.New("it does not start like one (another file, or a cache damaged beyond recognition)")

// looksBolt reports whether a file starts like a bbolt database: its first
// meta page holds bbolt's magic number after the page header.
func looksBolt(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return true // let bbolt say what is wrong
	}
	defer f.Close()
	var head [20]byte
	if _, err := io.ReadFull(f, head[:]); err != nil {
		return false
	}
	return binary.LittleEndian.Uint32(head[16:20]) == 0xED0CDAED
}
