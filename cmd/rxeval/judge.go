package main

import (
	"context"
	"io"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/judges"
	"github.com/spf13/pflag"
)

// judgeFlags configure the stage-two judge.
type judgeFlags struct{}

func (f *judgeFlags) register(fs *pflag.FlagSet) {}

// open builds the judge a spec names; close releases it (the verdict
// cache, the client).
func (f *judgeFlags) open(ctx context.Context, spec string, stderr io.Writer) (eval.Judge, eval.JudgeInfo, func(), error) {
	if j, info, ok := judges.Offline(spec); ok {
		return j, info, func() {}, nil
	}
	return nil, nil, nil, judgeError{err: errUnsupported(spec), hint: ""}
}

type errUnsupported string

func (e errUnsupported) Error() string {
	return "judge " + string(e) + " is not available in this build"
}
