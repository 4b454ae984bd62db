package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
	"time"
)

// fifoWait bounds how long an output that is a FIFO may wait for a
// process to read it: fifoPolls opens, fifoPoll apart (issue 34.8). A
// blocking open of a FIFO no process reads never returns.
var (
	fifoPolls = 100
	fifoPoll  = 20 * time.Millisecond
)

// errNoReader is a FIFO output no process opened for reading.
var errNoReader = errors.New("no process reads this FIFO (start the reader first, e.g. 'cat FIFO &')")

// openOutputDevice opens an output that is not a regular file (a device, a
// FIFO) for writing. A FIFO is opened without blocking: while no process
// reads it the open fails (ENXIO), and it is retried fifoPolls times
// before errNoReader.
func openOutputDevice(name string, st fs.FileInfo) (*os.File, error) {
	if st.Mode()&fs.ModeNamedPipe == 0 {
		return os.OpenFile(name, os.O_WRONLY, 0)
	}
	for i := 0; ; i++ {
		f, err := os.OpenFile(name, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if err == nil || !errors.Is(err, syscall.ENXIO) {
			return f, err
		}
		if i+1 >= fifoPolls {
			return nil, fmt.Errorf("%w: waited %s", errNoReader, time.Duration(fifoPolls)*fifoPoll)
		}
		time.Sleep(fifoPoll)
	}
}
