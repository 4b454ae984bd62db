package leanrepl

import (
	"fmt"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// markerVar is set, in the environment of every REPL process, to a value
// naming that process: everything started under it inherits it, so rxeval
// finds and ends it (sweep) even when it left the process group.
const markerVar = "RXEVAL_REPL_PROCESS"

var markerSeq atomic.Int64

func newMarker() string {
	return fmt.Sprintf("%s=%d.%d", markerVar, os.Getpid(), markerSeq.Add(1))
}

// live is every running REPL process: its marker and process group, for
// killAll, which must not touch a proc another goroutine is using.
var live = struct {
	sync.Mutex
	groups map[string]int
	sig    chan os.Signal
}{groups: map[string]int{}}

// register records a started REPL process, and the first one installs the
// handler of the signals that end rxeval (see watchSignals).
func register(marker string, pgid int) {
	live.Lock()
	defer live.Unlock()
	live.groups[marker] = pgid
	if live.sig == nil {
		live.sig = make(chan os.Signal, 1)
		signal.Notify(live.sig, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
		go watchSignals(live.sig)
	}
}

func unregister(marker string) {
	live.Lock()
	defer live.Unlock()
	delete(live.groups, marker)
}

// watchSignals: SIGTERM, SIGHUP or SIGQUIT would end rxeval without its
// deferred Close. So every REPL process is ended first, then the signal is
// raised again with its default action: rxeval ends as it would have, with
// the status a shell reports for that signal (SIGQUIT's default in Go is a
// goroutine dump and exit 2: it exits 131 instead). (SIGINT is the
// commands' own: it cancels the run, which closes the REPL.)
func watchSignals(ch chan os.Signal) {
	s := <-ch
	KillAll()
	if s == syscall.SIGQUIT {
		os.Exit(128 + int(syscall.SIGQUIT))
	}
	signal.Reset(s)
	if p, err := os.FindProcess(os.Getpid()); err == nil && p.Signal(s) == nil {
		select {} // the signal ends the process
	}
	os.Exit(128 + int(s.(syscall.Signal)))
}

// KillAll ends every REPL process of every client at once, with all it
// started: for a process about to exit (a signal handler). Clients are not
// usable after it.
func KillAll() {
	live.Lock()
	defer live.Unlock()
	var wg sync.WaitGroup
	for _, pgid := range live.groups {
		wg.Go(func() { stopSupervisor(pgid, nil, 5*time.Second) }) // all at once
	}
	wg.Wait()
	for marker, pgid := range live.groups {
		sweep(marker, pgid)
		killPgid(pgid)
	}
	// what a supervisor killed by its REPL left is rxeval's (a subreaper)
	leaders := make([]int, 0, len(live.groups))
	for _, pgid := range live.groups {
		leaders = append(leaders, pgid)
	}
	awaitExit(leaders, time.Second)
	sweepAdopted(nil, 2*time.Second)
}

// ownSupervisors is the set of the supervisors (group leaders) of the
// REPL processes running.
func ownSupervisors() map[int]bool {
	live.Lock()
	defer live.Unlock()
	own := map[int]bool{}
	for _, pgid := range live.groups {
		own[pgid] = true
	}
	return own
}
