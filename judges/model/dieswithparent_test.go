//go:build linux

package model

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServerDiesWithTest: a process started with serverProcAttr ends when
// the test binary that started it is killed with SIGKILL, with no cleanup
// run (the child here is the test binary itself, starting "sleep").
func TestServerDiesWithTest(t *testing.T) {
	if os.Getenv("RXEVAL_DEATH_CHILD") != "" {
		cmd := exec.Command("sleep", "300")
		cmd.SysProcAttr = serverProcAttr()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		os.Stdout.WriteString("pid " + strconv.Itoa(cmd.Process.Pid) + "\n")
		time.Sleep(time.Minute)
		return
	}
	if _, err := exec.LookPath("sleep"); err != nil {
		t.Skip("no sleep command")
	}
	parent := exec.Command(os.Args[0], "-test.run=^TestServerDiesWithTest$", "-test.v")
	parent.Env = append(os.Environ(), "RXEVAL_DEATH_CHILD=1")
	out, err := parent.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 4096)
	var got string
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(got, "\n") || !strings.Contains(got, "pid ") {
		if time.Now().After(deadline) {
			parent.Process.Kill()
			t.Fatalf("no pid from the child: %q", got)
		}
		n, _ := out.Read(buf)
		got += string(buf[:n])
	}
	i := strings.Index(got, "pid ")
	pid, err := strconv.Atoi(strings.TrimSpace(strings.SplitN(got[i+4:], "\n", 2)[0]))
	if err != nil {
		t.Fatal(err)
	}
	parent.Process.Signal(syscall.SIGKILL)
	parent.Wait()
	for end := time.Now().Add(10 * time.Second); ; {
		// Gone, or a zombie waiting for init to reap it.
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil || strings.Contains(string(stat), ") Z ") {
			return
		}
		if time.Now().After(end) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("process %d outlived the test binary that started it", pid)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
