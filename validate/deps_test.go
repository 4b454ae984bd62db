package validate

import (
	"os/exec"
	"strings"
	"testing"
)

// TestValidateStaysLight: the validator (what the pre-commit hook runs)
// imports neither the Ollama client nor the verdict cache.
func TestValidateStaysLight(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/rxeval/rxeval/validate", "github.com/rxeval/rxeval/schema").CombinedOutput()
	if err != nil {
		t.Skipf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.Contains(dep, "ollama") || strings.Contains(dep, "bbolt") || strings.Contains(dep, "rxeval/judges") {
			t.Errorf("validate depends on %s", dep)
		}
	}
}
