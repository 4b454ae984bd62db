// Package rxeval holds what the rxeval command embeds: the bundled example
// (five official test inputs, example gold labels and predictions).
package rxeval

import "embed"

// Example holds testdata/example/{inputs,gold,predictions}.jsonl.
//
//go:embed testdata/example/inputs.jsonl testdata/example/gold.jsonl testdata/example/predictions.jsonl
var Example embed.FS
