//go:build unix && !linux

package leanrepl

import (
	"os/exec"
	"syscall"
)

// procAttr: outside Linux there is no parent-death signal; Close kills the
// process group.
func procAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
