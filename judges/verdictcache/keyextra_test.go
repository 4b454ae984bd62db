package verdictcache

import (
	"testing"

	"github.com/rxeval/rxeval/eval"
)

// TestKeyExtra: the extra parts of a key (a model judge's options) each
// change it, unambiguously; with none the key is the one of caches written
// before them, so that those entries stay readable by the judges that do
// not use extra parts (BEq+).
func TestKeyExtra(t *testing.T) {
	p := eval.Pair{Kind: eval.Correction, Gold: "g", Pred: "p"}
	plain := string(Key("j", "d", "v", p))
	if plain != "54ac84b53f918c56c1a8d7f98134c8f439e9a74b2f68149c1896ca3d1ab74c86" { // the key before extra parts existed
		t.Fatalf("key %q", plain)
	}
	seen := map[string]string{plain: "none"}
	for name, extra := range map[string][]string{"empty": {""}, "a": {"a"}, "b": {"b"}, "a,b": {"a", "b"}, "ab": {"ab"}, "a,,b": {"a", "", "b"}} {
		k := string(Key("j", "d", "v", p, extra...))
		if other, ok := seen[k]; ok {
			t.Errorf("extra %s gives the key of %s", name, other)
		}
		seen[k] = name
	}
	if k := string(Key("j", "d", "v", p, "a")); k != string(Key("j", "d", "v", p, "a")) {
		t.Error("a key is not stable")
	}
}
