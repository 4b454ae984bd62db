//go:build !unix

package leanrepl

import (
	"os/exec"
	"syscall"
)

func procAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{} }

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}
