package main

import (
	"bytes"
	"context"
	"fmt"
	"os"

	"github.com/rxeval/rxeval/validate"
	"github.com/spf13/pflag"
)

func init() {
	register(&command{
		name:    "validate",
		summary: "check prediction files (.jsonl or .zip) for every way they would be rejected or penalized",
		usage: `Usage: rxeval validate [flags] FILE...

Checks each FILE (a .jsonl, or a .zip holding one .jsonl) against the
prediction schema and the track's rules. With --lean-repl (and --inputs),
every corrected_statement is typechecked by Lean under its sample's header:
what Lean rejects is a correction_does_not_compile warning (docs/lean.md).
Exit code 0: every file is valid (warnings allowed); 1: a file has problems;
2: usage or I/O error; 3: the Lean REPL cannot run.

Flags:
`,
		run: runValidate,
	})
}

// idFlags are the flags that choose the expected ids.
type idFlags struct {
	inputs, ids string
	maxSize     int64
}

func (f *idFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.inputs, "inputs", "", "take the expected ids from a test-inputs `JSONL` (the official file or a subset)")
	fs.StringVar(&f.ids, "ids", "", "take the expected ids from a plain `FILE`, one per line")
	fs.Int64Var(&f.maxSize, "max-size", validate.DefaultMaxSize, "refuse files (and zip entries) larger than `BYTES`")
}

// isIDFile says whether name is the --inputs or --ids file itself (the same
// file, whatever the path), which a hook passing every staged file would
// otherwise validate as predictions.
func (f *idFlags) isIDFile(name string) (string, bool) {
	st, err := os.Stat(name)
	if err != nil {
		return "", false
	}
	for flag, path := range map[string]string{"--inputs": f.inputs, "--ids": f.ids} {
		if path == "" || path == "-" {
			continue
		}
		if o, err := os.Stat(path); err == nil && os.SameFile(st, o) {
			return flag, true
		}
	}
	return "", false
}

// readAux reads an auxiliary file (test inputs, an id list) under the same
// size limit as the files it describes.
func readAux(path string, maxSize int64) ([]byte, error) {
	src, err := validate.ReadSource(path, maxSize)
	if err != nil {
		return nil, err
	}
	if src.Data == nil {
		msg := "unreadable"
		if len(src.Problems) > 0 {
			msg = src.Problems[0].Message
		}
		// An input over the limit is a problem of the input (exit 1), as
		// for prediction files and zip entries.
		return nil, problemsError{fmt.Sprintf("%s: %s (raise the limit with --max-size if the file is right)", src.Name, msg)}
	}
	// A byte order mark is ignored, as in prediction and gold files.
	return bytes.TrimPrefix(src.Data, []byte("\xef\xbb\xbf")), nil
}

// expected loads the expected id set the flags name (nil: the official set).
func (f *idFlags) expected() (*validate.IDSet, error) {
	switch {
	case f.inputs != "" && f.ids != "":
		return nil, usageError{fmt.Errorf("--inputs and --ids are exclusive")}
	case f.inputs != "":
		data, err := readAux(f.inputs, f.maxSize)
		if err != nil {
			return nil, err
		}
		s, err := validate.IDsFromInputs(data)
		if err != nil {
			// A malformed input file is a problem of the input, as a
			// malformed gold file is (exit 1).
			return nil, problemsError{fmt.Sprintf("%s: %v", f.inputs, err)}
		}
		return s, nil
	case f.ids != "":
		data, err := readAux(f.ids, f.maxSize)
		if err != nil {
			return nil, err
		}
		s, err := validate.IDsFromList(bytes.NewReader(data))
		if err != nil {
			return nil, problemsError{fmt.Sprintf("%s: %v", f.ids, err)}
		}
		return s, nil
	}
	return nil, nil
}

func runValidate(e *env, args []string) error {
	c := commands["validate"]
	fs := newFlagSet(c)
	var ids idFlags
	ids.register(fs)
	format := fs.String("format", "text", "output `FORMAT`: text or json")
	maxErrors := fs.Int("max-errors", 50, "list at most `N` errors and N warnings per file (0: all); counts are never cut")
	strict := fs.Bool("strict", false, "treat warnings as errors")
	lenient := fs.Bool("lenient", false, "report rows the server accepts but penalises (a filled field on an aligned row, a category outside the 28, \"Aligned\", \"S2.4\") as warnings, not errors; they still score as wrong")
	quiet := fs.BoolP("quiet", "q", false, "print only the summary line")
	exhaustive := fs.Bool("exhaustive", false, "run the JSON Schema on every row, not only rows the fast check does not accept")
	var lf leanFlags
	lf.register(fs)
	if err := c.parse(fs, args); err != nil {
		return err
	}
	if lf.command != "" && ids.inputs == "" {
		return usageError{fmt.Errorf("--lean-repl needs --inputs FILE: the headers the corrections are checked under come from the test inputs")}
	}
	if fs.NArg() == 0 {
		return usageError{fmt.Errorf("no file given")}
	}
	if *format != "text" && *format != "json" {
		return usageError{fmt.Errorf("--format must be text or json, not %q", *format)}
	}
	ins := []namedPath{{"--inputs", ids.inputs}, {"--ids", ids.ids}}
	for _, p := range fs.Args() {
		ins = append(ins, namedPath{"FILE", p})
	}
	if err := checkPaths(ins, nil); err != nil {
		return err
	}
	exp, err := ids.expected()
	if err != nil {
		return err
	}
	v, err := validate.New()
	if err != nil {
		return err
	}
	opts := validate.Options{Expected: exp, Exhaustive: *exhaustive, Strict: *strict, Lenient: *lenient, MaxDetails: *maxErrors, KeepRows: lf.command != ""}
	ctx := context.Background()
	repl, err := lf.start(ctx)
	if err != nil {
		return err
	}
	if repl != nil {
		defer repl.Close()
	}
	checkedInputs := map[string]bool{}
	invalid := 0
	var ioErr error
	for _, name := range fs.Args() {
		if flag, ok := ids.isIDFile(name); ok {
			fmt.Fprintf(e.stdout, "%s: skipped: it is the %s file\n", name, flag)
			continue
		}
		src, err := validate.ReadSource(name, ids.maxSize)
		if err != nil {
			fmt.Fprintf(e.stderr, "rxeval validate: %v\n", err)
			ioErr = err
			continue
		}
		rep := v.Validate(src, opts)
		if repl != nil {
			if err := leanWarnings(ctx, repl, exp, rep, opts, e.stderr, checkedInputs); err != nil {
				src.Close()
				return err
			}
		}
		if !rep.Valid {
			invalid++
		}
		if *format == "json" {
			err = rep.WriteJSON(e.stdout, *maxErrors)
		} else {
			err = rep.WriteText(e.stdout, *maxErrors, *quiet)
		}
		src.Close()
		if err != nil {
			return err
		}
	}
	if ioErr != nil {
		return withHint{fmt.Errorf("some files could not be read"), ""}
	}
	if invalid > 0 {
		return problemsError{}
	}
	return nil
}
