package study

import (
	"math"
	"testing"
)

func TestAgree(t *testing.T) {
	a := []byte(`{"idx":"1","verdict_ok":true,"category_ok":true,"localization":{"ok":true},"correction":{"ok":true},"joint_ok":true}
{"idx":"2","verdict_ok":true,"category_ok":false,"localization":{"ok":true},"correction":{"ok":false},"joint_ok":false}
{"idx":"3","verdict_ok":false,"category_ok":false,"localization":{"ok":false},"correction":{"ok":false},"joint_ok":false}
{"idx":"4","verdict_ok":true,"category_ok":true,"localization":{"ok":true},"correction":{"ok":true},"joint_ok":true}
`)
	oa, _, err := ReadOutcomes(a)
	if err != nil {
		t.Fatal(err)
	}
	// Identical files agree completely.
	same := Agree(oa, oa)
	for _, p := range same.SubTasks {
		if p.Agreement != 1 || p.Disagreements != 0 || p.Delta != 0 {
			t.Errorf("%s: %+v", p.SubTask, p)
		}
	}
	// B: the correction judge accepted sample 2 (so joint too), rejected 4.
	b := []byte(`{"idx":"1","verdict_ok":true,"category_ok":true,"localization":{"ok":true},"correction":{"ok":true},"joint_ok":true}
{"idx":"2","verdict_ok":true,"category_ok":false,"localization":{"ok":true},"correction":{"ok":true},"joint_ok":false}
{"idx":"3","verdict_ok":false,"category_ok":false,"localization":{"ok":false},"correction":{"ok":false},"joint_ok":false}
{"idx":"4","verdict_ok":true,"category_ok":true,"localization":{"ok":true},"correction":{"ok":false},"joint_ok":false}
{"idx":"5","verdict_ok":true,"category_ok":true,"localization":{"ok":true},"correction":{"ok":true},"joint_ok":true}
`)
	ob, _, _ := ReadOutcomes(b)
	r := Agree(oa, ob)
	if r.N != 4 || r.OnlyInB != 1 {
		t.Errorf("n %d only-in-b %d", r.N, r.OnlyInB)
	}
	corr := r.SubTasks[4]
	// By hand: both right {1}, A only {4}, B only {2}, both wrong {3}: agreement 0.5;
	// po = .5, pe = .5*.5 + .5*.5 = .5, kappa 0.
	if corr.SubTask != "correction" || corr.BothRight != 1 || corr.AOnly != 1 || corr.BOnly != 1 || corr.BothWrong != 1 || corr.Agreement != 0.5 || corr.Kappa == nil || *corr.Kappa != 0 {
		t.Errorf("correction %+v", corr)
	}
	if corr.Disagreements != 2 || corr.DisagreementsFirst[0] != "2" || corr.DisagreementsFirst[1] != "4" {
		t.Errorf("disagreements %+v", corr.DisagreementsFirst)
	}
	joint := r.SubTasks[0]
	// joint: A right on 1, 4; B right on 1: accuracy .5 -> .25.
	if math.Abs(joint.Delta+0.25) > 1e-12 || joint.AccuracyA != 0.5 {
		t.Errorf("joint %+v", joint)
	}
}
