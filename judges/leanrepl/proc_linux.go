package leanrepl

import (
	"bytes"
	"os"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// killPgid kills the process group pgid.
func killPgid(pgid int) { syscall.Kill(-pgid, syscall.SIGKILL) }

// prSetChildSubreaper is PR_SET_CHILD_SUBREAPER of prctl(2).
const prSetChildSubreaper = 36

var subreaperOnce sync.Once

// becomeSubreaper makes rxeval a child subreaper: a process under a REPL
// whose parent ends (the "sh -c" of "cd … && lake env repl", which forks)
// is adopted by rxeval instead of init, so that rxeval can still end it
// and reaps it (sweep).
func becomeSubreaper() {
	subreaperOnce.Do(func() {
		syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
	})
}

// sweep kills every process started under the REPL process that marker
// names (the environment variable every process under it inherits, so
// even one that left its process group or session, setsid) and every
// process in its group (leader's, the REPL's own shell, which its Cmd
// waits for), and returns their pids but the leader's. They are found
// before any is killed: a dying process's environment reads empty.
func sweep(marker string, leader int) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	self := os.Getpid()
	want := []byte("\x00" + marker + "\x00")
	var found []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self || pid == leader {
			continue
		}
		if _, _, pgrp := procStat(pid); pgrp == leader {
			found = append(found, pid)
			continue
		}
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err == nil && bytes.Contains(append([]byte{0}, env...), want) {
			found = append(found, pid)
		}
	}
	for _, pid := range found {
		syscall.Kill(pid, syscall.SIGKILL)
	}
	return found
}

// sweepAdopted kills the processes rxeval adopted as a subreaper, but
// the supervisors in own, and all under them, again until a sweep finds
// none, for at most limit, and returns their pids. A process is adopted
// when its parent ended: under a REPL that killed or stopped its own
// supervisor, a helper that left the REPL's group and environment (setsid
// env -i) is found only so, and a stopped supervisor's children only once
// it dies. rxeval starts no other process while REPLs run.
func sweepAdopted(own map[int]bool, limit time.Duration) []int {
	self := os.Getpid()
	var all []int
	for deadline := time.Now().Add(limit); ; time.Sleep(10 * time.Millisecond) {
		entries, err := os.ReadDir("/proc")
		if err != nil {
			return all
		}
		var found []int
		for _, e := range entries {
			pid, err := strconv.Atoi(e.Name())
			if err != nil || own[pid] {
				continue
			}
			if parent, state, _ := procStat(pid); parent == self && state != "Z" {
				found = append(found, pid)
				found = append(found, descendants(pid)...)
			}
		}
		for _, pid := range found {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		all = append(all, found...)
		if len(found) == 0 || time.Now().After(deadline) {
			return all
		}
	}
}

// awaitExit waits, at most limit, for the processes pids to end (gone or
// zombies).
func awaitExit(pids []int, limit time.Duration) {
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		left := false
		for _, pid := range pids {
			if _, state, _ := procStat(pid); state != "" && state != "Z" {
				left = true
			}
		}
		if !left {
			return
		}
	}
}

// reap waits for those of pids that rxeval adopted as a subreaper (their
// parent ended: call it once the leader is gone), so that no zombie is
// left; those of another parent are its to reap.
func reap(pids []int) {
	self := os.Getpid()
	for _, pid := range pids {
		go func() {
			for range 100 { // a killed process is a zombie within moments
				parent, state, _ := procStat(pid)
				if parent != self {
					return
				}
				if state == "Z" {
					var ws syscall.WaitStatus
					syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
					return
				}
				time.Sleep(10 * time.Millisecond)
			}
		}()
	}
}

// procStat reads a process's parent, state and process group from /proc
// (zeros when it is gone).
func procStat(pid int) (parent int, state string, pgrp int) {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, "", 0
	}
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, "", 0
	}
	f := bytes.Fields(stat[i+1:])
	if len(f) < 3 {
		return 0, "", 0
	}
	parent, _ = strconv.Atoi(string(f[1]))
	pgrp, _ = strconv.Atoi(string(f[2]))
	return parent, string(f[0]), pgrp
}
