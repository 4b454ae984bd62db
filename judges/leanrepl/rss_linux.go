package leanrepl

import (
	"bytes"
	"os"
	"strconv"
)

// groupRSS sums the resident memory of the processes in process group
// pgid but its leader (the supervisor, whose memory is rxeval's, not
// Lean's), read from /proc (0 when it cannot be read).
func groupRSS(pgid int) int64 {
	dirs, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	page := int64(os.Getpagesize())
	var total int64
	for _, d := range dirs {
		if pid, err := strconv.Atoi(d.Name()); err != nil || pid == pgid {
			continue
		}
		stat, err := os.ReadFile("/proc/" + d.Name() + "/stat")
		if err != nil {
			continue
		}
		// Fields after the command name, which is in parentheses.
		i := bytes.LastIndexByte(stat, ')')
		if i < 0 {
			continue
		}
		f := bytes.Fields(stat[i+1:])
		// f[0] state, f[1] ppid, f[2] pgrp, ..., f[21] rss (pages).
		if len(f) < 22 {
			continue
		}
		if g, _ := strconv.Atoi(string(f[2])); g != pgid {
			continue
		}
		rss, _ := strconv.ParseInt(string(f[21]), 10, 64)
		total += rss * page
	}
	return total
}
