//go:build unix && !linux

package model

import "syscall"

// serverProcAttr: outside Linux there is no parent-death signal; the
// cleanup's process-group kill is all there is.
func serverProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }
