package main

import (
	"fmt"

	"github.com/rxeval/rxeval/schema"
)

func init() {
	register(&command{
		name:    "schema",
		summary: "print the JSON Schema of a prediction row (and the 28 categories with --categories)",
		usage: `Usage: rxeval schema [--categories]

Prints the JSON Schema (draft 7) that every prediction row is checked
against, for use in other tools; with --categories, the 28 SCI categories
(code, canonical name, group, spellings accepted without a warning).

Examples:
  rxeval schema > prediction.schema.json
  rxeval schema --categories

Exit code 0: printed; 2: usage error.

Flags:
`,
		run: runSchema,
	})
}

func runSchema(e *env, args []string) error {
	c := commands["schema"]
	fs := newFlagSet(c)
	cats := fs.Bool("categories", false, "print the 28 categories instead")
	if err := c.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usageError{fmt.Errorf("schema takes no arguments")}
	}
	if !*cats {
		_, err := e.stdout.Write(schema.PredictionJSON())
		return err
	}
	for _, c := range schema.Categories {
		fmt.Fprintf(e.stdout, "%-5s %-40s %-24s", c.Code, c.Name, c.Group)
		for _, a := range c.Alternates {
			fmt.Fprintf(e.stdout, " %q", a)
		}
		fmt.Fprintln(e.stdout)
	}
	return nil
}
