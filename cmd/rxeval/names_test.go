package main

import (
	"reflect"
	"testing"
)

func TestSystemNames(t *testing.T) {
	for _, c := range []struct{ in, want []string }{
		{[]string{"a/sysA.jsonl", "b/sysB.zip"}, []string{"sysA", "sysB"}},
		{[]string{"runs/v1/preds.jsonl", "runs/v2/preds.jsonl"}, []string{"v1/preds", "v2/preds"}},
		{[]string{"preds.jsonl", "preds.jsonl"}, []string{"preds", "preds#2"}},
		{[]string{"x.jsonl.zip"}, []string{"x"}},
	} {
		if got := systemNames(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("systemNames(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestPerSystemPath(t *testing.T) {
	for _, c := range []struct{ path, system, want string }{
		{"run.jsonl", "sysA", "run.sysA.jsonl"},
		{"out/run.per-sample.jsonl", "v1/preds", "out/run.per-sample.v1_preds.jsonl"},
		{"run", "a b#2", "run.a_b_2"},
		{"-", "sysA", "-"},
	} {
		if got := perSystemPath(c.path, c.system); got != c.want {
			t.Errorf("perSystemPath(%q, %q) = %q, want %q", c.path, c.system, got, c.want)
		}
	}
}
