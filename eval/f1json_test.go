package eval

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestUndefinedF1IsNull: a class with no TP, FP or FN has no F1: JSON
// says null (text says "-"), never 0, which a reader recomputing the macro
// mean would count (issue 20.1). A defined F1 of 0 stays 0.
func TestUndefinedF1IsNull(t *testing.T) {
	for _, tt := range []struct {
		c    ClassCounts
		want string
	}{
		{ClassCounts{}, `"f1":null`},
		{ClassCounts{PredictedForOther: 2}, `"f1":null`},
		{ClassCounts{FN: 1, Support: 1}, `"f1":0`},
		{ClassCounts{TP: 1, FP: 1, Support: 1, F1: 2.0 / 3}, `"f1":0.6666666666666666`},
	} {
		b, err := json.Marshal(tt.c)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), tt.want) {
			t.Errorf("%+v: %s, want %s", tt.c, b, tt.want)
		}
		var back map[string]any
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"tp", "fp", "fn", "support", "predicted_for_other"} {
			if _, ok := back[k]; !ok {
				t.Errorf("%s missing from %s", k, b)
			}
		}
	}
}
