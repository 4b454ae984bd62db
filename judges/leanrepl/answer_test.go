package leanrepl

import (
	"bufio"
	"io"
	"strings"
	"testing"
)

// endless is a REPL's output that never ends a line; it counts what is
// read from it.
type endless struct{ read int }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	e.read += len(p)
	return len(p), nil
}

// TestAnswerWithoutNewlineIsBounded: an answer that never ends its line is
// refused once it passes the cap, having read little more than the cap
// (reading a whole line first grew rxeval to 4 GB).
func TestAnswerWithoutNewlineIsBounded(t *testing.T) {
	src := &endless{}
	_, err := readAnswer(bufio.NewReaderSize(src, 64<<10))
	if err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Fatalf("err = %v, want an answer over the cap", err)
	}
	if src.read > maxAnswer+1<<20 {
		t.Errorf("read %d bytes before refusing, want at most the cap (%d) and one buffer", src.read, maxAnswer)
	}
}

// TestAnswerReading: an answer is its lines up to a blank line; blank
// lines before it are skipped; the end of the output ends the last one.
func TestAnswerReading(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"{\"env\": 0}\n\n", "{\"env\": 0}\n"},
		{"\n\n{\"a\":\n 1}\n\nrest", "{\"a\":\n 1}\n"},
		{"{\"env\": 1}", "{\"env\": 1}"},
	} {
		got, err := readAnswer(bufio.NewReader(strings.NewReader(c.in)))
		if err != nil || string(got) != c.want {
			t.Errorf("readAnswer(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	if _, err := readAnswer(bufio.NewReader(strings.NewReader("\n\n"))); err == nil {
		t.Error("no answer before the end: want an error")
	}
	var _ io.Reader = &endless{}
}
