package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/rxeval/rxeval/judges/leanrepl"
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
Examples:
  rxeval validate predictions.jsonl
  rxeval validate --inputs FormalRx_Test.jsonl submission.zip
  rxeval validate --format json --ids my_ids.txt preds.jsonl

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

// readAux reads an auxiliary file (test inputs, an id list: role names it
// in messages) under the same size limit as the files it describes. A file
// with CR-only line ends is refused by the check prediction files get.
func readAux(role, path string, maxSize int64) ([]byte, error) {
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
	if msg, hint, ok := validate.AuxCROnly(role, path, src.Data); ok {
		return nil, withHint{problemsError{msg}, hint}
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
		data, err := readAux("--inputs", f.inputs, f.maxSize)
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
		data, err := readAux("--ids", f.ids, f.maxSize)
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

// validateOptions are validate's flags and arguments.
type validateOptions struct {
	reportFlags
	ids                         idFlags
	lf                          leanFlags
	maxErrors                   int
	strict, lenient, exhaustive bool
	files                       []string
}

func (o *validateOptions) addFlags(fs *pflag.FlagSet) {
	o.ids.register(fs)
	o.reportFlags.register(fs, reportUsage{
		output: "write the report to `FILE` instead of standard output",
		format: "output `FORMAT`: text, or json (one JSON object per file, written one after another)",
		quiet:  "print only the summary line",
	})
	maxErrorsVar(fs, &o.maxErrors)
	fs.BoolVar(&o.strict, "strict", false, "treat warnings as errors")
	fs.BoolVar(&o.lenient, "lenient", false, "report rows the server accepts but penalises (a filled field on an aligned row, a category outside the 28, \"Aligned\", \"S2.4\") as warnings, not errors; they still score as wrong")
	fs.BoolVar(&o.exhaustive, "exhaustive", false, "run the JSON Schema on every row, not only rows the fast check does not accept")
	o.lf.register(fs)
}

func (o *validateOptions) check() error {
	if o.lf.command != "" && o.ids.inputs == "" {
		return usageError{fmt.Errorf("--lean-repl needs --inputs FILE: the headers the corrections are checked under come from the test inputs")}
	}
	if len(o.files) == 0 {
		return usageError{fmt.Errorf("no file given")}
	}
	ins := []namedPath{{"--inputs", o.ids.inputs}, {"--ids", o.ids.ids}}
	for _, p := range o.files {
		ins = append(ins, namedPath{"FILE", p})
	}
	outs := []namedPath{{"--output", o.out}}
	if err := checkPaths(ins, outs); err != nil {
		return err
	}
	return checkWritable(outs)
}

func runValidate(e *env, args []string) error {
	c := commands["validate"]
	fs := newFlagSet(c)
	var o validateOptions
	o.addFlags(fs)
	if err := c.parse(fs, args); err != nil {
		return err
	}
	o.files = fs.Args()
	if err := o.check(); err != nil {
		return err
	}
	exp, err := o.ids.expected()
	if err != nil {
		return err
	}
	v, err := validate.New()
	if err != nil {
		return err
	}
	ctx := context.Background()
	repl, err := o.lf.start(ctx, e.stderr)
	if err != nil {
		return err
	}
	if repl != nil {
		defer repl.Close()
	}
	if o.out == "" || o.out == "-" {
		return o.validateFiles(ctx, e, v, exp, repl)
	}
	// -o FILE: the reports of every file read, written once they are all
	// done (a file that could not be read is said on stderr, as without -o).
	var buf bytes.Buffer
	err = o.validateFiles(ctx, &env{stdout: &buf, stderr: e.stderr}, v, exp, repl)
	if err == nil || errors.As(err, new(problemsError)) || errors.As(err, new(withHint)) {
		if werr := writeOut(e.stdout, o.out, buf.Bytes()); werr != nil {
			return werr
		}
	}
	return err
}

// validateFiles validates each file in turn (the Lean REPL's warnings
// added when it runs) and reports it; a file that cannot be read is said
// and skipped, so the others are still validated.
func (o *validateOptions) validateFiles(ctx context.Context, e *env, v *validate.Validator, exp *validate.IDSet, repl *leanrepl.Client) error {
	opts := validate.Options{Expected: exp, Exhaustive: o.exhaustive, Strict: o.strict, Lenient: o.lenient, MaxDetails: o.maxErrors, KeepRows: o.lf.command != ""}
	checkedInputs := map[string]bool{}
	invalid := 0
	var ioErr error
	for _, name := range o.files {
		if flag, ok := o.ids.isIDFile(name); ok {
			fmt.Fprintf(e.stdout, "%s: skipped: it is the %s file\n", name, flag)
			continue
		}
		src, err := validate.ReadSource(name, o.ids.maxSize)
		if err != nil {
			fmt.Fprintf(e.stderr, "rxeval validate: %s\n", validate.TermSafe(err.Error()))
			var h hinted
			if errors.As(err, &h) && h.Hint() != "" {
				fmt.Fprintf(e.stderr, "hint: %s\n", validate.TermSafe(h.Hint()))
			}
			ioErr = err
			if o.format == "json" {
				// Every file gets its document, this one too (exit 2 all the same).
				if err := validate.UnreadableReport(name, err).WriteJSON(e.stdout, o.maxErrors); err != nil {
					return err
				}
			}
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
		if o.format == "json" {
			err = rep.WriteJSON(e.stdout, o.maxErrors)
		} else {
			err = rep.WriteText(e.stdout, o.maxErrors, o.quiet)
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
