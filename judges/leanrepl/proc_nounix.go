//go:build !unix

package leanrepl

import (
	"os"
	"os/exec"
	"syscall"
	"time"
)

func replCommand(command string) *exec.Cmd { return exec.Command("sh", "-c", command) }

func procAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{} }

func stopSupervisor(int, <-chan struct{}, time.Duration) bool { return false }

func killPgid(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
}

func becomeSubreaper() {}

func sweep(marker string, leader int) []int { return nil }

func reap([]int) {}

func sweepAdopted(map[int]bool, time.Duration) []int { return nil }

func awaitExit([]int, time.Duration) {}
