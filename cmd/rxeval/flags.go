package main

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"time"

	"github.com/spf13/pflag"
)

// flagRange is the values a numeric flag accepts.
type flagRange struct {
	min, max float64 // inclusive; max is +Inf for none
	want     string
}

var (
	nonNegative = flagRange{0, math.Inf(1), "want a whole number of 0 or more"}
	positive    = flagRange{1, math.Inf(1), "want a whole number of 1 or more"}
	fraction    = flagRange{0, 1, "want a number in [0, 1]"}
	// resamples caps --bootstrap: each resample keeps its figures until the
	// percentiles are taken (about 0.3 KB), so an unbounded N could take
	// gigabytes (10,000,000 took about 3 GB); 100,000 takes about 30 MB
	// and gives intervals far steadier than the default 1,000 need.
	resamples = flagRange{0, maxBootstrap, fmt.Sprintf("want a whole number from 0 to %d (the limit on resamples)", maxBootstrap)}
	// megabytes caps a size in MB where it is turned into bytes (1 EiB
	// would not fit in an int64 of bytes and wrap around).
	megabytes = flagRange{0, 1 << 30, "want a whole number of megabytes from 0 to 1073741824 (1 PiB)"}
)

// maxBootstrap is the most resamples --bootstrap accepts (README.md).
const maxBootstrap = 100000

// flagRanges lists every numeric flag of every command by name, so that
// each is checked in one place, before any work (issue 18.8: --retries -1
// panicked). A duration must be over 0.
var flagRanges = map[string]flagRange{
	"retries":           nonNegative,
	"max-calls":         nonNegative,
	"bootstrap":         resamples,
	"max-errors":        nonNegative,
	"parallel":          positive,
	"max-failures":      positive,
	"num-ctx":           positive,
	"max-size":          positive,
	"n":                 positive,
	"aligned-frac":      fraction,
	"lean-parallel":     positive,
	"lean-max-rss":      megabytes,
	"lean-max-failures": positive,
}

// checkRanges refuses a numeric flag given a value out of its range.
func checkRanges(fs *pflag.FlagSet) error {
	var err error
	fs.Visit(func(f *pflag.Flag) {
		if err != nil {
			return
		}
		if f.Value.Type() == "duration" {
			if d, e := time.ParseDuration(f.Value.String()); e == nil && d <= 0 {
				err = fmt.Errorf("--%s %s: want a duration over 0", f.Name, f.Value)
			}
			return
		}
		r, ok := flagRanges[f.Name]
		if !ok {
			return
		}
		v, e := strconv.ParseFloat(f.Value.String(), 64)
		if e != nil || !(v >= r.min && v <= r.max) { // NaN too
			err = fmt.Errorf("--%s %s: %s", f.Name, f.Value, r.want)
		}
	})
	return err
}

// outputVar declares -o, --output FILE storing into p, with --out kept as
// a hidden alias (the spelling score and report used before).
func outputVar(fs *pflag.FlagSet, p *string, usage string) {
	fs.StringVarP(p, "output", "o", "", usage)
	fs.StringVar(p, "out", "", usage)
	fs.MarkHidden("out")
}

// defaultMaxErrors is how many errors, and as many warnings, a command
// lists per file before it only counts the rest: validate, fix, pack and
// score alike (issue 32.4: validate listed 50, the others 20).
const defaultMaxErrors = 20

// maxErrorsVar declares --max-errors N, the one name of the listing's cut
// on every command that lists problems.
func maxErrorsVar(fs *pflag.FlagSet, p *int) {
	fs.IntVar(p, "max-errors", defaultMaxErrors, "list at most `N` errors and N warnings per file (0: all); counts are never cut")
}

// reportFlags are the three flags of every command that writes a report
// (issue 32.4), declared by register alone so that they mean the same
// everywhere: -o, --output FILE (where the command's output goes; - for
// standard output), --format text|json (the form of its report) and -q,
// --quiet (no progress and no itemized listing: summaries, warnings and
// errors only). A command embeds it, so o.out, o.format and o.quiet are
// its fields.
type reportFlags struct {
	out, format string
	quiet       bool
}

// reportUsage is what each of the three flags does in one command: the
// flag is the same, its object (a report, a zip, a page) differs.
type reportUsage struct {
	output, format, quiet string
}

// register declares -o/--output (with --out, hidden), --format and
// -q/--quiet with u's descriptions.
func (r *reportFlags) register(fs *pflag.FlagSet, u reportUsage) {
	outputVar(fs, &r.out, u.output)
	fs.StringVar(&r.format, "format", "text", u.format)
	fs.BoolVarP(&r.quiet, "quiet", "q", false, u.quiet)
}

// checkFormat refuses a --format other than text or json, for every
// command that has one, before any other check (parse calls it).
func checkFormat(fs *pflag.FlagSet) error {
	if f := fs.Lookup("format"); f != nil && f.Value.String() != "text" && f.Value.String() != "json" {
		return fmt.Errorf("--format must be text or json, not %q", f.Value.String())
	}
	return nil
}

// listf writes one line of an itemized listing (a repair, a rewrite) to w,
// unless -q or --format json (whose report holds the items) says not to.
func (r *reportFlags) listf(w io.Writer, format string, a ...any) {
	if r.quiet || r.format == "json" {
		return
	}
	fmt.Fprintf(w, format, a...)
}
