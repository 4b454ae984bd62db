//go:build !race

package lean

const raceEnabled = false
