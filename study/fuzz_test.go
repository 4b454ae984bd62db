package study

import "testing"

// FuzzReadLabels and FuzzReadOutcomes: untrusted files never panic the
// readers, and what they accept is complete.
func FuzzReadLabels(f *testing.F) {
	f.Add([]byte(`{"reference":"a","candidate":"b","label":true}`))
	f.Add([]byte(`[{"name":"x","FL (Label)":"a","sub_questions":[{"FL (Prediction)":"b","Human_Evaluation":false}]}]`))
	f.Add([]byte(`[{"FL (Label)":"a","sub_questions":[]}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		pairs, _, err := ReadLabels(data)
		if err == nil && len(pairs) == 0 {
			t.Fatal("no error and no pairs")
		}
	})
}

func FuzzReadOutcomes(f *testing.F) {
	f.Add([]byte(`{"idx":"1","verdict_ok":true,"category_ok":true,"localization":{"ok":true},"correction":{"ok":false},"joint_ok":false}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, order, err := ReadOutcomes(data)
		if err == nil && (len(m) == 0 || len(m) != len(order)) {
			t.Fatal("inconsistent result")
		}
		if err == nil {
			Agree(m, m)
		}
	})
}
