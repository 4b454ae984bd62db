package main

import (
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TestHelpExitCodes: every command's help names exactly the exit codes
// commandExits gives it, and the README's table has a row for every code
// of the table in exit.go (issue 18.16: fix's help listed 0 and 2 while it
// exits 1 when problems remain).
func TestHelpExitCodes(t *testing.T) {
	codeRe := regexp.MustCompile(`(?:Exit code |; |\n)([0-9]+): `)
	for name, c := range commands {
		want, ok := commandExits[name]
		if !ok {
			t.Errorf("%s: not in commandExits", name)
			continue
		}
		i := strings.Index(c.usage, "Exit code ")
		if i < 0 {
			t.Errorf("%s: its help says no exit codes", name)
			continue
		}
		text := c.usage[i:]
		if j := strings.Index(text, "\n\n"); j >= 0 {
			text = text[:j]
		}
		var got []int
		for _, m := range codeRe.FindAllStringSubmatch(text, -1) {
			n, _ := strconv.Atoi(m[1])
			if !slices.Contains(got, n) {
				got = append(got, n)
			}
		}
		sort.Ints(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: help names exit codes %v, commandExits %v:\n%s", name, got, want, text)
		}
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range []int{exitOK, exitProblems, exitUsage, exitJudge, exitInexact, exitInterrupted} {
		if !strings.Contains(string(readme), "\n| "+strconv.Itoa(code)+" | ") {
			t.Errorf("README's exit-code table has no row for %d", code)
		}
	}
}
