package schema

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/rxeval/rxeval/internal/editdist"
)

// Category is one of the 28 SCI error categories.
type Category struct {
	Code  string // e.g. "S2.4"
	Name  string // the canonical string a prediction carries
	Group string // e.g. "Mathematical Object"
	// Alternates are spellings accepted without a warning (the disputed
	// strings of SPEC.md).
	Alternates []string
	// Spellings are further known spellings, accepted with a warning.
	Spellings []string
}

// Categories is the SCI taxonomy in the order of the track's figure.
var Categories = []Category{
	{Code: "S1.1", Name: "Quantifier Strengthening", Group: "Logical Structure"},
	{Code: "S1.2", Name: "Quantifier Weakening", Group: "Logical Structure"},
	{Code: "S1.3", Name: "Logical Connective Misuse", Group: "Logical Structure", Spellings: []string{"Logical Connective Error", "Connective Misuse"}},
	{Code: "S2.1", Name: "Object Type Error", Group: "Mathematical Object", Spellings: []string{"Type Error"}},
	{Code: "S2.2", Name: "Function Confusion", Group: "Mathematical Object", Spellings: []string{"Function Error"}},
	{Code: "S2.3", Name: "Operator Confusion", Group: "Mathematical Object", Spellings: []string{"Operator Error"}},
	{Code: "S2.4", Name: "Exponent/Power Error", Group: "Mathematical Object", Spellings: []string{"Exponent Error", "Power Error", "Exponent or Power Error"}},
	{Code: "S2.5", Name: "Coefficient/Constant Error", Group: "Mathematical Object", Spellings: []string{"Coefficient Error", "Constant Error", "Coefficient or Constant Error"}},
	{Code: "S2.6", Name: "Index/Subscript Error", Group: "Mathematical Object", Spellings: []string{"Index Error", "Subscript Error"}},
	{Code: "S2.7", Name: "Partial Order Errors", Group: "Mathematical Object", Alternates: []string{"(Partial) Order Error"}, Spellings: []string{"Partial Order Error", "Order Error"}},
	{Code: "S3.1", Name: "Infinity Misinterpretation", Group: "Mathematical Concept", Spellings: []string{"Infinity Error"}},
	{Code: "S3.2", Name: "Extremum Concept Error", Group: "Mathematical Concept", Spellings: []string{"Extremum Error"}},
	{Code: "S3.3", Name: "Cardinality Error", Group: "Mathematical Concept"},
	{Code: "S3.4", Name: "Integration/Differentiation Confusion", Group: "Mathematical Concept", Alternates: []string{"Integration/Diff. Confusion"}, Spellings: []string{"Integration/Differentiation Error"}},
	{Code: "S3.5", Name: "Geometric Relationship/Object Error", Group: "Mathematical Concept", Alternates: []string{"Geometric Error"}, Spellings: []string{"Geometric Relationship Error", "Geometric Object Error"}},
	{Code: "C1.1", Name: "Positivity Constraint Error", Group: "Variable Constraint", Spellings: []string{"Positivity Error"}},
	{Code: "C1.2", Name: "Bound Constraint Error", Group: "Variable Constraint", Spellings: []string{"Bound Error"}},
	{Code: "C1.3", Name: "Domain Constraint Error", Group: "Variable Constraint", Spellings: []string{"Domain Error"}},
	{Code: "C1.4", Name: "Variable Constraint Error", Group: "Variable Constraint"},
	{Code: "C2.1", Name: "Range Shift", Group: "Range"},
	{Code: "C2.2", Name: "Range Error", Group: "Range"},
	{Code: "C3.1", Name: "Missing Premise", Group: "Premise"},
	{Code: "C3.2", Name: "Redundant Premise", Group: "Premise"},
	{Code: "C3.3", Name: "Incorrect Premise", Group: "Premise", Spellings: []string{"Wrong Premise"}},
	{Code: "C4", Name: "Conclusion Error", Group: "Conclusion", Spellings: []string{"Incorrect Conclusion", "Wrong Conclusion"}},
	{Code: "C5", Name: "Auxiliary Construction Error", Group: "Auxiliary Construction", Spellings: []string{"Auxiliary Definition Error"}},
	{Code: "I1", Name: "Truncation Error", Group: "Implementation", Spellings: []string{"Truncating Arithmetic Error"}},
	{Code: "I2", Name: "Operator Precedence Error", Group: "Implementation", Spellings: []string{"Precedence Error"}},
}

// Match says how a string named a category.
type Match int

const (
	// NoMatch: the string names no category.
	NoMatch Match = iota
	// Canonical: the canonical name, exactly.
	Canonical
	// Alternate: a disputed spelling accepted without a warning.
	Alternate
	// Normalized: a code, a known spelling or a variant in case, spacing or
	// punctuation; accepted with a warning.
	Normalized
)

var (
	exact   = map[string]int{} // canonical names and alternates, as written
	loose   = map[string]int{} // key(s) of every name, alternate, spelling and code
	groups  = map[string]string{}
	indexOf = map[string]int{} // canonical name -> index
)

func init() {
	for i, c := range Categories {
		indexOf[c.Name] = i
		exact[c.Name] = i
		loose[key(c.Name)] = i
		loose[key(c.Code)] = i
		for _, a := range c.Alternates {
			exact[a] = i
			loose[key(a)] = i
		}
		for _, s := range c.Spellings {
			loose[key(s)] = i
		}
	}
	for _, c := range Categories {
		if _, leaf := loose[key(c.Group)]; !leaf {
			groups[key(c.Group)] = c.Group
		}
	}
	groups[key("Semantic")] = "Semantic"
	groups[key("Constraint")] = "Constraint"
}

// key folds a spelling: lower case, letters and digits only.
func key(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// stripCode removes a leading code such as "S2.4 " or "C4: " from s and
// returns the rest, and the code's index if the code is known.
func stripCode(s string) (string, int, bool) {
	t := strings.TrimSpace(s)
	fields := strings.FieldsFunc(t, func(r rune) bool { return r == ' ' || r == ':' || r == '-' || r == '(' || r == ')' || r == '–' })
	if len(fields) < 2 {
		return s, 0, false
	}
	i, ok := loose[key(fields[0])]
	if !ok || key(fields[0]) != key(Categories[i].Code) {
		return s, 0, false
	}
	rest := strings.TrimLeft(t[strings.Index(t, fields[0])+len(fields[0]):], " :-–()")
	return rest, i, true
}

// Lookup finds the category a string names. It accepts the canonical name,
// the disputed alternates, the code, known spellings, and case, spacing and
// punctuation variants, and says which kind of match it was.
func Lookup(s string) (Category, Match) {
	if i, ok := exact[s]; ok {
		if s == Categories[i].Name {
			return Categories[i], Canonical
		}
		return Categories[i], Alternate
	}
	if i, ok := loose[key(s)]; ok {
		return Categories[i], Normalized
	}
	if rest, i, ok := stripCode(s); ok {
		if j, ok := loose[key(rest)]; ok && i == j {
			return Categories[i], Normalized
		}
	}
	return Category{}, NoMatch
}

// Index returns the position of a canonical category name in Categories.
func Index(name string) (int, bool) {
	i, ok := indexOf[name]
	return i, ok
}

// IsGroup reports whether s names a group of categories rather than a leaf
// category, and returns the group's name.
func IsGroup(s string) (string, bool) {
	g, ok := groups[key(s)]
	return g, ok
}

// CategoryHint is the advice for a category that names none of the 28
// (Lookup's NoMatch), as the prediction and gold readers give it: name a
// leaf for a group, "did you mean" the closest name; "" when none is close.
func CategoryHint(s string) string {
	if g, ok := IsGroup(s); ok {
		return fmt.Sprintf("%q is a group of categories; name one leaf category", g)
	}
	if c, ok := Suggest(s); ok {
		return fmt.Sprintf("did you mean %q?", c)
	}
	return ""
}

// Suggest returns the canonical name closest to s, if one is close enough to
// be worth a "did you mean".
func Suggest(s string) (string, bool) {
	k := key(s)
	if k == "" {
		return "", false
	}
	best, bestD := "", 1<<30
	for lk, i := range loose {
		if d := editdist.Levenshtein(k, lk); d < bestD || (d == bestD && Categories[i].Name < best) {
			best, bestD = Categories[i].Name, d
		}
	}
	if bestD <= max(2, len([]rune(k))/3) {
		return best, true
	}
	return "", false
}
