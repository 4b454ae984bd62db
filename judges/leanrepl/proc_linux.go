package leanrepl

import (
	"os/exec"
	"syscall"
)

// procAttr starts a REPL in its own process group (Lean starts workers; a
// kill must reach them) that the kernel kills when rxeval dies, however it
// dies: no orphaned REPL.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
