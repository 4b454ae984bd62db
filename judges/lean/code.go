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
	CodeEqualAsWritten  Code = "equal-as-written" // equal trees, nothing moved but bound names and parentheses
	CodeEqualNormalized Code = "equal-normalized" // equal after the rewrites, every precondition held
	CodeEqualTokens     Code = "equal-tokens"     // the same token sequence, under a grammar lean-ast may not know
	CodeWitness         Code = "witness"          // values where one proposition holds and the other does not
)

// The codes of an undecided pair: the statement was not read.
const (
	CodeTooLarge      Code = "too-large"      // over MaxBytes
	CodeClosedWorld   Code = "closed-world"   // a token or character lean-ast does not model
	CodeSyntax        Code = "syntax"         // not Lean 4 syntax lean-ast reads
	CodeRefused       Code = "refused"        // a construct read but not modelled
	CodeSyntaxExtends Code = "syntax-extends" // the statement declares notation, a macro or syntax
	CodeImageScope    Code = "image-scope"    // an image set-builder rebinding an outer name
	CodeShadowsGlobal Code = "shadows-global" // a binder named as a global lean-ast reads
	CodeBinderForm    Code = "binder-form"    // a typed binder form lean-ast would scope wrongly
)

// The codes of an undecided pair whose statements were read: a rewrite's
// precondition failed, or no rule decides.
const (
	CodeNamespace       Code = "namespace"         // the theorems open different namespaces
	CodeUntypedBinder   Code = "untyped-binder"    // a binder without a type used in other terms or orders
	CodeNamesMayResolve Code = "names-may-resolve" // names may not be Mathlib's: only trees equal as written
	CodeDeclReordered   Code = "decl-reordered"    // a declaration before the theorem equal only after reordering
	CodeDecidable       Code = "decidable"         // an instance-decided construct whose shape moved
	CodeProofUsed       Code = "proof-used"        // a proof used as a term whose type was reordered
	CodeTreesDiffer     Code = "trees-differ"      // the trees differ in more than one numeral or operator
	CodeNoWitness       Code = "no-witness"        // one difference, and no witness found
	CodeNumeralUnread   Code = "numeral-unread"    // a numeral whose value is not read
	CodeNumeralSpelling Code = "numeral-spelling"  // one value written two ways at an unknown type
	CodeMayBeSame       Code = "may-be-same"       // two operators that coincide at some types
	CodeBeforeTheorem   Code = "before-theorem"    // a declaration before the theorem may change the difference
	CodeHeaderInstances Code = "header-instances"  // the header declares instances
)

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
