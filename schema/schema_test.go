package schema

import (
	"encoding/json"
	"testing"
)

func TestTaxonomyShape(t *testing.T) {
	if len(Categories) != 28 {
		t.Fatalf("%d categories, want 28", len(Categories))
	}
	codes, names := map[string]bool{}, map[string]bool{}
	groups := map[string]int{}
	for _, c := range Categories {
		if codes[c.Code] || names[c.Name] {
			t.Errorf("duplicate %s %q", c.Code, c.Name)
		}
		codes[c.Code], names[c.Name] = true, true
		groups[c.Group]++
	}
	// The SPEC's table: 3+7+5 semantic, 4+2+3+1+1 constraint, 2 implementation.
	want := map[string]int{"Logical Structure": 3, "Mathematical Object": 7, "Mathematical Concept": 5, "Variable Constraint": 4, "Range": 2, "Premise": 3, "Conclusion": 1, "Auxiliary Construction": 1, "Implementation": 2}
	for g, n := range want {
		if groups[g] != n {
			t.Errorf("group %q has %d categories, want %d", g, groups[g], n)
		}
	}
}

// TestSpellingsAreUnambiguous: no key (folded spelling or code) names two
// categories.
func TestSpellingsAreUnambiguous(t *testing.T) {
	owner := map[string]string{}
	for _, c := range Categories {
		all := append([]string{c.Name, c.Code}, c.Alternates...)
		all = append(all, c.Spellings...)
		for _, s := range all {
			if o, ok := owner[key(s)]; ok && o != c.Name {
				t.Errorf("%q names both %q and %q", s, o, c.Name)
			}
			owner[key(s)] = c.Name
		}
	}
}

func TestLookup(t *testing.T) {
	tests := []struct {
		in    string
		name  string
		match Match
	}{
		{"Exponent/Power Error", "Exponent/Power Error", Canonical},
		{"Partial Order Errors", "Partial Order Errors", Canonical},
		{"(Partial) Order Error", "Partial Order Errors", Alternate},
		{"Integration/Diff. Confusion", "Integration/Differentiation Confusion", Alternate},
		{"Geometric Error", "Geometric Relationship/Object Error", Alternate},
		{"S2.4", "Exponent/Power Error", Normalized},
		{"c4", "Conclusion Error", Normalized},
		{"I2", "Operator Precedence Error", Normalized},
		{"exponent/power error", "Exponent/Power Error", Normalized},
		{"  Missing   Premise ", "Missing Premise", Normalized},
		{"missing_premise", "Missing Premise", Normalized},
		{"S2.4 Exponent/Power Error", "Exponent/Power Error", Normalized},
		{"C3.1: Missing Premise", "Missing Premise", Normalized},
		{"Variable Constraint Error", "Variable Constraint Error", Canonical},
		{"Range Error", "Range Error", Canonical},
		{"Partial Order Error", "Partial Order Errors", Normalized},
		{"S2.4 Missing Premise", "", NoMatch}, // code and name disagree
		{"Logical Structure", "", NoMatch},
		{"Exponent Eror", "", NoMatch},
		{"", "", NoMatch},
		{"N/A", "", NoMatch},
	}
	for _, tt := range tests {
		c, m := Lookup(tt.in)
		if m != tt.match || c.Name != tt.name {
			t.Errorf("Lookup(%q) = %q, %v; want %q, %v", tt.in, c.Name, m, tt.name, tt.match)
		}
	}
}

func TestGroupsAndSuggestions(t *testing.T) {
	if g, ok := IsGroup("logical structure"); !ok || g != "Logical Structure" {
		t.Errorf("IsGroup(logical structure) = %q, %v", g, ok)
	}
	if _, ok := IsGroup("Range Error"); ok {
		t.Error("Range Error is a leaf, not a group")
	}
	for in, want := range map[string]string{"Exponent Eror": "Exponent/Power Error", "Quantifer Weakening": "Quantifier Weakening", "Truncation Eror": "Truncation Error"} {
		if got, ok := Suggest(in); !ok || got != want {
			t.Errorf("Suggest(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	if got, ok := Suggest("banana bread"); ok {
		t.Errorf("Suggest(banana bread) = %q", got)
	}
}

func TestSchemaCompiles(t *testing.T) {
	s, err := Prediction()
	if err != nil || s == nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(PredictionJSON(), &doc); err != nil {
		t.Fatal(err)
	}
	req, _ := doc["required"].([]any)
	if len(req) != len(Fields) {
		t.Errorf("schema requires %v, Fields is %v", req, Fields)
	}
}
