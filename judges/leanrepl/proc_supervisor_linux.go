package leanrepl

import (
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"syscall"
	"time"
)

// supervisorVar, in the environment of a process rxeval starts, makes that
// process (rxeval itself, re-executed through /proc/self/exe) the REPL's
// supervisor; its value is the pid of the rxeval that started it.
//
// Why a supervisor: a process under the REPL can leave its process group
// and session (setsid), drop the environment rxeval marked it with (env -i)
// and lose its parent (a double fork), and rxeval itself can die by SIGKILL,
// which no handler sees. The supervisor is a child subreaper
// (PR_SET_CHILD_SUBREAPER): every process started under it stays its
// descendant, whatever session it moves to, so the parent links in /proc
// find them all. It ends them all, and reaps them, when the REPL's shell
// exits, when it gets a signal (rxeval's restart and Close send SIGTERM)
// and when rxeval dies (the parent-death signal, and a poll of its parent).
const supervisorVar = "RXEVAL_REPL_SUPERVISOR"

// supervisorName is the supervisor's argv[0], as ps shows it.
const supervisorName = "rxeval-repl-supervisor"

func init() {
	v, ok := os.LookupEnv(supervisorVar)
	if ok || len(os.Args) > 0 && os.Args[0] == supervisorName {
		// Never anything else: a supervisor that ran as rxeval would start
		// another one.
		os.Exit(supervise(v, os.Args[1:]))
	}
}

// replCommand returns the command that runs the REPL's shell command under
// a supervisor.
func replCommand(command string) *exec.Cmd {
	cmd := exec.Command("/proc/self/exe", "sh", "-c", command)
	cmd.Args[0] = supervisorName
	cmd.Env = append(os.Environ(), supervisorVar+"="+strconv.Itoa(os.Getpid()))
	return cmd
}

// procAttr starts the supervisor in its own process group (a Ctrl-C at the
// terminal is rxeval's to handle, not the REPL's) with a parent-death
// signal it handles: it ends everything under it when rxeval dies, however
// rxeval dies.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
}

// stopSupervisor asks the supervisor pid to end everything under it and
// waits, at most limit, for it to exit; false when it did not.
func stopSupervisor(pid int, dead <-chan struct{}, limit time.Duration) bool {
	syscall.Kill(pid, syscall.SIGTERM)
	if dead != nil {
		select {
		case <-dead:
			return true
		case <-time.After(limit):
			return false
		}
	}
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if _, state, _ := procStat(pid); state == "" || state == "Z" {
			return true
		}
	}
	return false
}

// supervise is the supervisor's main: it runs args (sh -c COMMAND) with its
// own standard input, output and error, and returns its exit status once
// it and every process under it are gone.
func supervise(parentVar string, args []string) int {
	os.Unsetenv(supervisorVar)
	parent, err := strconv.Atoi(parentVar)
	if err != nil || len(args) == 0 {
		fmt.Fprintf(os.Stderr, "%s: $%s=%q names no parent process, or no command given: this process is started by rxeval only\n", supervisorName, supervisorVar, parentVar)
		return 2
	}
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); e != 0 {
		fmt.Fprintf(os.Stderr, "%s: prctl(PR_SET_CHILD_SUBREAPER): %v\n", supervisorName, e)
		return 2
	}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT)
	if os.Getppid() != parent {
		return 1 // rxeval died before the handler was in place
	}
	path, err := exec.LookPath(args[0])
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", supervisorName, err)
		return 127
	}
	child, err := syscall.ForkExec(path, args, &syscall.ProcAttr{Env: os.Environ(), Files: []uintptr{0, 1, 2}})
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: starting %s: %v\n", supervisorName, path, err)
		return 127
	}
	// Every child, its own and those it adopts, is reaped here: no zombie.
	exited := make(chan int, 1)
	go func() {
		for {
			var ws syscall.WaitStatus
			pid, err := syscall.Wait4(-1, &ws, 0, nil)
			if err == syscall.EINTR {
				continue
			}
			if err != nil {
				return // ECHILD: no child is left
			}
			if pid == child {
				code := ws.ExitStatus()
				if ws.Signaled() {
					code = 128 + int(ws.Signal())
				}
				exited <- code
			}
		}
	}()
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case code := <-exited:
			killDescendants()
			return code
		case s := <-sigs:
			killDescendants()
			return 128 + int(s.(syscall.Signal))
		case <-tick.C:
			if os.Getppid() != parent {
				killDescendants()
				return 1
			}
		}
	}
}

// killDescendants kills every process under this one (SIGKILL), again
// until none is left (a process may fork while they are killed; its
// orphans are adopted here), for at most 10 seconds. The reaper goroutine
// of supervise reaps them.
func killDescendants() {
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		under := descendants(os.Getpid())
		if len(under) == 0 {
			return
		}
		for _, pid := range under {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// descendants returns every process under pid, by the parent links of
// /proc/*/stat (zombies not yet reaped included).
func descendants(pid int) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	children := map[int][]int{}
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if parent, _, _ := procStat(p); parent > 0 {
			children[parent] = append(children[parent], p)
		}
	}
	var out []int
	queue := children[pid]
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		out = append(out, p)
		queue = append(queue, children[p]...)
	}
	return out
}
