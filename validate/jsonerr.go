package validate

import "github.com/rxeval/rxeval/internal/jsonmsg"

// DescribeJSONError says in words what encoding/json found wrong with one
// line, naming the field where it knows it, never a Go type ("cannot
// unmarshal number into Go struct field .idx of type string").
func DescribeJSONError(err error) string { return jsonmsg.Describe(err) }
