package main

import (
	"fmt"
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
	"lean-max-rss":      nonNegative,
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
