//go:build !unix

package leanrepl

import (
	"os"
	"syscall"
)

func procAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{} }

func killPgid(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
}

func becomeSubreaper() {}

func sweep(marker string, leader int) []int { return nil }

func reap([]int) {}
