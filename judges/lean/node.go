package lean

// Node is a node of a statement's tree: its kind (the children of each
// kind are below), a value (an operator, a name, a numeral), its children,
// and the bytes [Lo, Hi) of the statement text it was read from. Parse
// sets the span of every node it builds; a node a notation or a binder
// expands into has the span of the text it expands (a binder's pi node
// runs from the binder to the end of the body), and a type not written
// (∀ x, …) is an empty span. The passes after Parse (desugar, normalize)
// keep or drop spans as they copy nodes: Equal and String ignore them.
type Node struct {
	V string
	C []*Node
	// Lo and Hi are int32 (statements are far shorter than 2 GB: MaxBytes)
	// so that a Node is 56 bytes, not 72.
	Lo, Hi int32
	K      Kind
	// Inst marks an instance-implicit binder ([C], [inst : C]), whose V
	// is its name or empty: a later binder's instances may depend on it,
	// so it is never moved. Trees print it as "[" before V.
	Inst bool
}

// with is n over other children (its kind, value and flags kept).
func (n *Node) with(kids []*Node) *Node {
	return &Node{K: n.K, V: n.V, Inst: n.Inst, C: kids, Lo: n.Lo, Hi: n.Hi}
}

// Kind is what a Node is. Its String is the name trees print (Node.String,
// the golden trees of testdata/normalize), so that a kind's name is in one
// place: kind_string.go is generated from the comments below
// (go generate ./judges/lean).
type Kind uint8

//go:generate go run golang.org/x/tools/cmd/stringer@v0.39.0 -type Kind -linecomment

// The kinds of node. Children, by kind: app (function, arguments...); bin
// (V = operator; two operands); un, post (V = operator; operand); pi, ex,
// exu, lam, setof, sigma, subtype, let (V = bound name; type, body; let
// has the value between them); evently, frequently (V = bound name; type,
// filter, body); pattern (V = the number of names a tuple pattern binds;
// nested lam nodes binding them, left to right, over the body); sep (V = name; set, predicate); big (V = operator;
// bound name, domain kind, domain, body); ascr (term, type); paren (kept
// around operators of unknown precedence); tuple, anon, setlit, list, abs,
// norm, floor, ceil and their ℕ forms, coe, ite (their parts); id, num,
// str, hole, bv (leaves); theorem, decl, decls, defn, command, tokens
// (declarations, and what lean-ast keeps opaque).
const (
	KindInvalid      Kind = iota // invalid
	KindAbs                      // abs
	KindAnon                     // anon
	KindApp                      // app
	KindAscription               // ascr
	KindBig                      // big
	KindBinary                   // bin
	KindBracket                  // bracket
	KindBoundVar                 // bv
	KindCeil                     // ceil
	KindCeilNat                  // ceil₊
	KindCoe                      // coe
	KindCommand                  // command
	KindDecl                     // decl
	KindDecls                    // decls
	KindDefn                     // defn
	KindEventually               // evently
	KindExists                   // ex
	KindExistsUnique             // exu
	KindField                    // field
	KindFilter                   // filter
	KindFloor                    // floor
	KindFloorNat                 // floor₊
	KindFrequently               // frequently
	KindHole                     // hole
	KindID                       // id
	KindImage                    // image
	KindInner                    // inner
	KindIte                      // ite
	KindLambda                   // lam
	KindLet                      // let
	KindList                     // list
	KindNorm                     // norm
	KindNum                      // num
	KindOptParam                 // optparam
	KindParen                    // paren
	KindPattern                  // pattern
	KindPi                       // pi
	KindPostfix                  // post
	KindProj                     // proj
	KindSep                      // sep
	KindSetLit                   // setlit
	KindSetOf                    // setof
	KindSigma                    // sigma
	KindStr                      // str
	KindStruct                   // struct
	KindSubtype                  // subtype
	KindTheorem                  // theorem
	KindTokens                   // tokens
	KindTuple                    // tuple
	KindUnary                    // un
	KindWith                     // with
)
