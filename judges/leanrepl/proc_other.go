//go:build unix && !linux

package leanrepl

import (
	"syscall"
)

// procAttr: outside Linux there is no parent-death signal; Close kills the
// process group.
func procAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// killPgid kills the process group pgid.
func killPgid(pgid int) { syscall.Kill(-pgid, syscall.SIGKILL) }

func becomeSubreaper() {}

// sweep: outside Linux, the process group is what rxeval ends.
func sweep(marker string, leader int) []int { return nil }

func reap([]int) {}
