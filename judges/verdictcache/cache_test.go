package verdictcache

import (
	"errors"
	bolt "go.etcd.io/bbolt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/rxeval/rxeval/eval"
)

// goodCache writes a cache with n verdicts and returns its bytes.
func goodCache(t *testing.T, n int) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "good.db")
	c, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		p := eval.Pair{Kind: eval.Correction, Gold: "g", Pred: string(rune('a' + i%26)), Idx: "x", Informal: string(make([]byte, i%300))}
		if err := c.Put(Key("j", "d", "v", p), eval.Decision{Verdict: eval.Equivalent, By: "j", Reason: "because"}); err != nil {
			t.Fatal(err)
		}
	}
	c.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCorruptCache: every kind of damaged cache file opens cleanly or fails
// with ErrCorrupt; none panics or faults (a panic or SIGBUS would
// kill this test binary).
func TestCorruptCache(t *testing.T) {
	good := goodCache(t, 400)
	const page = 4096
	cases := map[string][]byte{
		"garbage":       []byte("this is not a bbolt file at all, just text\n"),
		"empty":         {},
		"truncated":     good[:len(good)/2],
		"one page":      good[:page],
		"last page cut": good[:len(good)-page],
		"cut mid-page":  good[:len(good)-page/2],
	}
	zeroPage := func(n int) []byte {
		b := append([]byte(nil), good...)
		if (n+1)*page <= len(b) {
			clear(b[n*page : (n+1)*page])
		}
		return b
	}
	cases["meta pages zeroed"] = zeroPage(0)
	cases["freelist page zeroed"] = zeroPage(2)
	cases["root page zeroed"] = zeroPage(3)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 40 {
		b := append([]byte(nil), good...)
		for range 1 + i%8 {
			b[2*page+rng.IntN(len(b)-2*page)] = byte(rng.IntN(256))
		}
		cases["random bytes "+string(rune('a'+i%26))+string(rune('0'+i/26))] = b
	}
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "v.db")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			c, err := Open(path)
			if err != nil {
				t.Log(err)
				if !errors.Is(err, ErrCorrupt) {
					t.Fatalf("err = %v, want ErrCorrupt", err)
				}
				return
			}
			c.Close()
		})
	}
	// A sound file still opens and keeps its verdicts.
	path := filepath.Join(t.TempDir(), "v.db")
	os.WriteFile(path, good, 0o644)
	c, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if c.Len() != 400 {
		t.Errorf("Len = %d, want 400", c.Len())
	}
}

// TestCacheKeyParts: every part of a cache key matters, the kind alone
// included (a localization verdict must never answer a correction pair).
func TestCacheKeyParts(t *testing.T) {
	base := eval.Pair{Kind: eval.Correction, Informal: "i", FormalStatement: "s", Gold: "g", Pred: "p"}
	k := string(Key("j", "d", "v", base))
	variants := map[string][]byte{}
	kind := base
	kind.Kind = eval.Localization
	variants["kind"] = Key("j", "d", "v", kind)
	variants["judge"] = Key("j2", "d", "v", base)
	variants["digest"] = Key("j", "d2", "v", base)
	variants["prompt version"] = Key("j", "d", "v2", base)
	for name, mod := range map[string]func(*eval.Pair){
		"informal": func(p *eval.Pair) { p.Informal = "i2" }, "statement": func(p *eval.Pair) { p.FormalStatement = "s2" },
		"gold": func(p *eval.Pair) { p.Gold = "g2" }, "pred": func(p *eval.Pair) { p.Pred = "p2" },
		"boundary": func(p *eval.Pair) { p.Gold, p.Pred = "gp", "" },
	} {
		p := base
		mod(&p)
		variants[name] = Key("j", "d", "v", p)
	}
	for name, v := range variants {
		if string(v) == k {
			t.Errorf("the key does not change with the %s", name)
		}
	}
}

// TestDefaultPath is under the user cache directory.
func TestDefaultPath(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", "/tmp/xdg-test")
	if p, err := DefaultPath(); err != nil || p != filepath.Join("/tmp/xdg-test", "rxeval", "verdicts.db") {
		t.Errorf("%q, %v", p, err)
	}
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "")
	if p, err := DefaultPath(); err == nil {
		t.Errorf("no cache directory: %q without error", p)
	}
}

// TestOpenWalksNestedBuckets: the walk that proves every page sound goes
// into nested buckets (rxeval writes none, but a bbolt file may have
// them) and a sound file with them opens.
func TestOpenWalksNestedBuckets(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nested.db")
	db, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error {
		outer, err := tx.CreateBucketIfNotExists([]byte("outer"))
		if err != nil {
			return err
		}
		inner, err := outer.CreateBucketIfNotExists([]byte("inner"))
		if err != nil {
			return err
		}
		return inner.Put([]byte("k"), []byte("v"))
	}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	c, err := Open(path)
	if err != nil {
		t.Fatalf("a sound file with a nested bucket: %v", err)
	}
	c.Close()
}
