package main

import (
	"fmt"
	"io"

	"github.com/rxeval/rxeval/eval"
	"github.com/rxeval/rxeval/validate"
)

// warnGoldDiffers warns, when two per-sample files were scored against
// different gold, that their comparison compares answers to different
// questions: by the gold files' hashes when both record one, else by the
// gold labels of the samples they share. The comparison goes on.
func warnGoldDiffers(w io.Writer, prefix, fileA, fileB string, runA, runB *eval.RunInfo, d eval.GoldDiff) {
	if !d.Differs() {
		return
	}
	var msg string
	labels := func() string {
		return fmt.Sprintf("%d of %s (first %s: %s in %s; %s in %s)", d.Differ, countOf(d.Compared, "shared sample"), cutName(d.First), d.FirstA, fileA, d.FirstB, fileB)
	}
	if d.Hashed {
		msg = fmt.Sprintf("%s was scored against gold %s (sha256 %.12s), %s against gold %s (sha256 %.12s): different gold files", fileA, cutName(runA.Gold), d.HashA, fileB, cutName(runB.Gold), d.HashB)
		switch {
		case d.Differ > 0:
			msg += "; their gold labels differ on " + labels()
		case d.Compared > 0:
			msg += fmt.Sprintf(" (their verdicts and categories agree on the %s: the files differ in other fields or samples)", countOf(d.Compared, "shared sample"))
		}
	} else {
		gold := func(r *eval.RunInfo) string {
			if r == nil || r.Gold == "" {
				return "unknown"
			}
			return cutName(r.Gold)
		}
		msg = fmt.Sprintf("%s and %s record different gold labels for %s: were they scored against different gold files? (their gold: %s and %s; the gold's hash is not in both files)", fileA, fileB, labels(), gold(runA), gold(runB))
	}
	fmt.Fprintf(w, "%s: warning: %s\n", prefix, validate.TermSafe(msg))
}
