//go:build unix && !linux

package leanrepl

import (
	"os/exec"
	"syscall"
	"time"
)

// replCommand: outside Linux there is no supervisor (no child subreaper);
// the REPL's shell runs directly and Close kills its process group.
func replCommand(command string) *exec.Cmd { return exec.Command("sh", "-c", command) }

// procAttr: outside Linux there is no parent-death signal; Close kills the
// process group.
func procAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

func stopSupervisor(int, <-chan struct{}, time.Duration) bool { return false }

// killPgid kills the process group pgid.
func killPgid(pgid int) { syscall.Kill(-pgid, syscall.SIGKILL) }

func becomeSubreaper() {}

// sweep: outside Linux, the process group is what rxeval ends.
func sweep(marker string, leader int) []int { return nil }

func reap([]int) {}

func sweepAdopted(map[int]bool, time.Duration) []int { return nil }

func awaitExit([]int, time.Duration) {}
