package lean

import (
	"errors"
)

// Code names the rule or precondition behind a Verdict, in a few stable
// words: what tests, the verdict golden (testdata/verdicts.golden) and
// per-sample files pin, where the sentence (Verdict.Why) may be reworded.
type Code string

// The codes of a decision.
const (
	CodeEqualAsWritten  Code = "equal-as-written"
	CodeEqualNormalized Code = "equal-normalized"
	CodeEqualTokens     Code = "equal-tokens"
	CodeWitness         Code = "witness"
)

// The codes of an undecided pair: the statement was not read.
const (
	CodeTooLarge      Code = "too-large"
	CodeClosedWorld   Code = "closed-world"
	CodeSyntax        Code = "syntax"
	CodeRefused       Code = "refused"
	CodeSyntaxExtends Code = "syntax-extends"
	CodeImageScope    Code = "image-scope"
	CodeShadowsGlobal Code = "shadows-global"
	CodeBinderForm    Code = "binder-form"
)

// The codes of an undecided pair whose statements were read: a rewrite's
// precondition failed, or no rule decides.
const (
	CodeNamespace       Code = "namespace"
	CodeScopedNotation  Code = "scoped-notation"
	CodeUntypedBinder   Code = "untyped-binder"
	CodeNamesMayResolve Code = "names-may-resolve"
	CodeDecidable       Code = "decidable"
	CodeProofUsed       Code = "proof-used"
	CodeTreesDiffer     Code = "trees-differ"
	CodeNoWitness       Code = "no-witness"
	CodeNumeralUnread   Code = "numeral-unread"
	CodeNumeralSpelling Code = "numeral-spelling"
	CodeMayBeSame       Code = "may-be-same"
	CodeBeforeTheorem   Code = "before-theorem"
	CodeHeaderInstances Code = "header-instances"
)

// CodeInfo says what a Code means: the outcome it comes with and the rule
// or precondition behind it, in a phrase (docs/judges.md lists them).
type CodeInfo struct {
	Code    Code
	Result  Result
	Meaning string
}

// Codes lists every code, in the order docs/judges.md gives them.
func Codes() []CodeInfo { return codes }

var codes = []CodeInfo{
	{CodeEqualAsWritten, Same, "equal trees, nothing moved but bound names and parentheses"},
	{CodeEqualNormalized, Same, "equal after the rewrites, every precondition held"},
	{CodeEqualTokens, Same, "the same token sequence, where an open line may extend the grammar"},
	{CodeWitness, Different, "values where one proposition holds and the other does not"},
	{CodeTooLarge, Undecided, "over MaxBytes"},
	{CodeClosedWorld, Undecided, "a token or character lean-ast does not model"},
	{CodeSyntax, Undecided, "not Lean 4 syntax lean-ast reads"},
	{CodeRefused, Undecided, "a construct read but not modelled"},
	{CodeSyntaxExtends, Undecided, "the statement declares syntax (notation, infix, macro, syntax, elab ...), or opens a namespace and the tokens differ"},
	{CodeImageScope, Undecided, "an image set-builder rebinding an outer name"},
	{CodeShadowsGlobal, Undecided, "a binder named as a global lean-ast reads"},
	{CodeBinderForm, Undecided, "a typed binder form lean-ast would scope wrongly"},
	{CodeNamespace, Undecided, "the theorems open different namespaces"},
	{CodeScopedNotation, Undecided, "scoped notation (n !, π, R[X]) whose namespace nothing opens, used on one side only"},
	{CodeUntypedBinder, Undecided, "trees differ where parts using one name of inferred type kept their order"},
	{CodeNamesMayResolve, Undecided, "names may not be Mathlib's: only trees equal as written are decided"},
	{CodeDecidable, Undecided, "trees differ where an instance-decided construct kept its order"},
	{CodeProofUsed, Undecided, "trees differ where a used proof's type (or an ascribed or argument proposition) kept its order"},
	{CodeTreesDiffer, Undecided, "the trees differ in more than one numeral or operator"},
	{CodeNoWitness, Undecided, "one numeral or operator apart, and no values found where one holds and the other not"},
	{CodeNumeralUnread, Undecided, "a numeral whose value is not read"},
	{CodeNumeralSpelling, Undecided, "one value written two ways at an unknown type"},
	{CodeMayBeSame, Undecided, "two operators that coincide at some types"},
	{CodeBeforeTheorem, Undecided, "a declaration before the theorem may change the difference"},
	{CodeHeaderInstances, Undecided, "the header declares instances"},
}

// parseCode is the code of Parse's error, "" for nil.
func parseCode(err error) Code {
	var pe *ParseError
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrTooLarge):
		return CodeTooLarge
	case errors.As(err, &pe):
		return CodeSyntax
	case errors.Is(err, errSyntaxExtends):
		return CodeSyntaxExtends
	case errors.As(err, new(lexedError)):
		return CodeClosedWorld
	case errors.Is(err, ErrNotModelled):
		return CodeRefused
	}
	return CodeSyntax
}
