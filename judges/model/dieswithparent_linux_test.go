package model

import (
	"syscall"
)

// serverProcAttr starts a test server in its own process group (so the
// cleanup can kill the children it starts) that the kernel kills when the
// test binary dies, however it dies: a package timeout, a cancelled CI
// run, SIGKILL (issue 18.18: an orphaned ollama serve spun at 185% CPU for
// 20 minutes).
func serverProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
