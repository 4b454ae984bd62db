package main

import (
	"bytes"
	"fmt"

	"github.com/rxeval/rxeval/schema"
	"github.com/spf13/pflag"
)

func init() {
	register(&command{
		name:    "schema",
		summary: "print the JSON Schema of a prediction row (and the 28 categories with --categories)",
		usage: `Usage: rxeval schema [--categories] [flags]

Prints the JSON Schema (draft 7) that every prediction row is checked
against, for use in other tools; with --categories, the 28 SCI categories
(code, canonical name, group, spellings accepted without a warning; with
--format json, also the spellings accepted with a warning).

Examples:
  rxeval schema > prediction.schema.json
  rxeval schema --categories
  rxeval schema --categories --format json -o categories.json

Exit code 0: printed; 2: usage or I/O error.

Flags:
`,
		run: runSchema,
	})
}

// schemaOptions are schema's flags.
type schemaOptions struct {
	reportFlags
	categories bool
}

func (o *schemaOptions) addFlags(fs *pflag.FlagSet) {
	fs.BoolVar(&o.categories, "categories", false, "print the 28 categories instead")
	o.reportFlags.register(fs, schemaUsage)
}

func runSchema(e *env, args []string) error {
	c := commands["schema"]
	fs := newFlagSet(c)
	var o schemaOptions
	o.addFlags(fs)
	if err := c.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usageError{fmt.Errorf("schema takes no arguments")}
	}
	outs := []namedPath{{"--output", o.out}}
	if err := checkPaths(nil, outs); err != nil {
		return err
	}
	if err := checkWritable(outs); err != nil {
		return err
	}
	var buf bytes.Buffer
	switch {
	case !o.categories:
		buf.Write(schema.PredictionJSON())
	case o.format == "json":
		if err := writeJSON(&buf, categoriesJSON()); err != nil {
			return err
		}
	default:
		for _, c := range schema.Categories {
			fmt.Fprintf(&buf, "%-5s %-40s %-24s", c.Code, c.Name, c.Group)
			for _, a := range c.Alternates {
				fmt.Fprintf(&buf, " %q", a)
			}
			fmt.Fprintln(&buf)
		}
	}
	return writeOut(e.stdout, o.out, buf.Bytes())
}

// categoryJSON is one category of schema --categories --format json.
type categoryJSON struct {
	Code       string   `json:"code"`
	Name       string   `json:"name"`
	Group      string   `json:"group"`
	Alternates []string `json:"alternates"` // accepted without a warning
	Spellings  []string `json:"spellings"`  // accepted with a warning
}

func categoriesJSON() []categoryJSON {
	out := make([]categoryJSON, len(schema.Categories))
	for i, c := range schema.Categories {
		out[i] = categoryJSON{c.Code, c.Name, c.Group, nonNil(c.Alternates), nonNil(c.Spellings)}
	}
	return out
}
