package eval

// GoldLabel is a sample's gold label as a per-sample line records it.
type GoldLabel struct {
	Misaligned bool
	Category   string
}

func (g GoldLabel) String() string {
	if !g.Misaligned {
		return "aligned"
	}
	if g.Category == "" {
		return "misaligned"
	}
	return "misaligned, " + g.Category
}

// GoldDiff is how the gold behind two runs differs (DiffGold).
type GoldDiff struct {
	// Hashed: both runs record their gold file's SHA-256 (HashA, HashB).
	Hashed       bool
	HashA, HashB string
	// The shared samples whose gold label both runs record (Compared), how
	// many of them differ, and the first that does with its two labels.
	Compared, Differ int
	First            string
	FirstA, FirstB   GoldLabel
}

// Differs reports whether the runs were scored against different gold: by
// the files' hashes when both runs record one, else by the labels.
func (d GoldDiff) Differs() bool {
	if d.Hashed {
		return d.HashA != d.HashB
	}
	return d.Differ > 0
}

// DiffGold compares the gold behind two runs: their recorded gold hashes
// (either run may be nil, or record none) and the gold labels of the
// samples both hold, ids in the order the first differing one is to be
// found. a and b hold only the labels a line records.
func DiffGold(runA, runB *RunInfo, ids []string, a, b map[string]GoldLabel) GoldDiff {
	var d GoldDiff
	if runA != nil && runB != nil && runA.GoldSHA256 != "" && runB.GoldSHA256 != "" {
		d.Hashed, d.HashA, d.HashB = true, runA.GoldSHA256, runB.GoldSHA256
	}
	for _, id := range ids {
		la, okA := a[id]
		lb, okB := b[id]
		if !okA || !okB {
			continue
		}
		d.Compared++
		if la != lb {
			if d.Differ == 0 {
				d.First, d.FirstA, d.FirstB = id, la, lb
			}
			d.Differ++
		}
	}
	return d
}
