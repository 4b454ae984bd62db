package leanrepl

import (
	"os"
	"testing"

	"github.com/rxeval/rxeval/internal/fakerepl"
)

// The tests start the test binary itself as a REPL (os/exec's own tests do
// the same): RXEVAL_FAKE_REPL selects what it does (internal/fakerepl).
func TestMain(m *testing.M) {
	if mode := os.Getenv("RXEVAL_FAKE_REPL"); mode != "" {
		os.Exit(fakerepl.Main(mode))
	}
	os.Exit(m.Run())
}
