package leanrepl

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/rxeval/rxeval/internal/fakerepl"
)

// The tests start the test binary itself as a REPL (os/exec's own tests do
// the same): RXEVAL_FAKE_REPL selects what it does (internal/fakerepl).
func TestMain(m *testing.M) {
	if mode := os.Getenv("RXEVAL_FAKE_REPL"); mode != "" {
		os.Exit(fakerepl.Main(mode))
	}
	if cmd := os.Getenv("RXEVAL_TEST_CLIENT"); cmd != "" {
		// A client that runs one command and waits to be killed
		// (TestNoOrphanOnAnyExit): rxeval's side of a run.
		c, err := Start(context.Background(), Config{Command: cmd, Timeout: 10 * time.Second})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		defer c.Close()
		os.Stdout.WriteString("started\n")
		select {}
	}
	os.Exit(m.Run())
}
