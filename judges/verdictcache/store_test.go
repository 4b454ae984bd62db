package verdictcache

import (
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/rxeval/rxeval/eval"
)

func openTemp(t *testing.T) *Cache {
	t.Helper()
	c, err := Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// TestGetPut: a decided verdict is stored and read back with its judge and
// reason; an undecided one is never stored (a rerun must ask again); a
// missing key, a stored value that is not a verdict and an unknown verdict
// read as absent, never as a decision.
func TestGetPut(t *testing.T) {
	c := openTemp(t)
	p := eval.Pair{Kind: eval.Correction, Gold: "g", Pred: "p"}
	yes, no, und := Key("j", "d", "v", p), Key("j", "d", "v2", p), Key("j", "d", "v3", p)
	if err := c.Put(yes, eval.Decision{Verdict: eval.Equivalent, By: "ollama:m", Reason: "same"}); err != nil {
		t.Fatal(err)
	}
	c.Put(no, eval.Decision{Verdict: eval.NotEquivalent, By: "beq+", Reason: "differs"})
	c.Put(und, eval.Decision{Verdict: eval.Undecided, By: "x"})
	if d, ok := c.Get(yes); !ok || d.Verdict != eval.Equivalent || d.By != "ollama:m" || d.Reason != "same" {
		t.Errorf("Get(yes) = %+v, %v", d, ok)
	}
	if d, ok := c.Get(no); !ok || d.Verdict != eval.NotEquivalent || d.By != "beq+" {
		t.Errorf("Get(no) = %+v, %v", d, ok)
	}
	if _, ok := c.Get(und); ok {
		t.Error("an undecided verdict was stored")
	}
	if c.Len() != 2 {
		t.Errorf("Len = %d, want 2", c.Len())
	}
	c.db.Update(func(tx *bolt.Tx) error {
		tx.Bucket(bucket).Put([]byte("garbage"), []byte("{not json"))
		tx.Bucket(bucket).Put([]byte("unknown"), []byte(`{"verdict":"maybe","by":"x"}`))
		return nil
	})
	for _, k := range []string{"garbage", "unknown", "absent"} {
		if d, ok := c.Get([]byte(k)); ok {
			t.Errorf("Get(%s) = %+v, want absent", k, d)
		}
	}
}

// TestPutBatch: a batch stores every decided verdict in one transaction,
// skips the undecided ones, and refuses keys and decisions of different
// counts without storing anything.
func TestPutBatch(t *testing.T) {
	c := openTemp(t)
	keys := [][]byte{[]byte("a"), []byte("b"), []byte("c")}
	ds := []eval.Decision{{Verdict: eval.Equivalent, By: "j"}, {Verdict: eval.Undecided, By: "j"}, {Verdict: eval.NotEquivalent, By: "j"}}
	if err := c.PutBatch(keys[:2], ds); err == nil {
		t.Error("2 keys for 3 decisions: no error")
	}
	if c.Len() != 0 {
		t.Fatalf("a refused batch stored %d verdicts", c.Len())
	}
	if err := c.PutBatch(keys, ds); err != nil {
		t.Fatal(err)
	}
	if c.Len() != 2 {
		t.Errorf("Len = %d, want 2 (the undecided one skipped)", c.Len())
	}
	if d, ok := c.Get([]byte("c")); !ok || d.Verdict != eval.NotEquivalent {
		t.Errorf("Get(c) = %+v, %v", d, ok)
	}
	if _, ok := c.Get([]byte("b")); ok {
		t.Error("the undecided verdict of the batch was stored")
	}
}
