//go:build race

package lean

// raceEnabled: the race detector slows the judge five to twenty times, so
// wall-clock budgets are scaled (sameWithin).
const raceEnabled = true
