#!/usr/bin/env bash
# Runs the benchmarks docs/performance.md quotes, COUNT times each (default
# 5), and the peak memory of a few whole rxeval processes, then writes the
# figures (median and range of each benchmark, the ratios, peak memory) into
# docs/performance.md between its "generated: bench" markers and prints them.
# The machine is shared: absolute times move between runs, ratios of
# benchmarks run together move less; the block records the load average.
#
#   scripts/bench.sh                 # COUNT=5
#   COUNT=3 scripts/bench.sh         # fewer runs on a busy machine
#   NOWRITE=1 scripts/bench.sh       # print only, leave docs/performance.md alone
set -euo pipefail
cd "$(dirname "$0")/.."
n=${COUNT:-5}
doc=docs/performance.md
out=$(mktemp)
tmp=$(mktemp -d)
trap 'rm -rf "$out" "$tmp"' EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
{
	go test ./validate -run XXX -bench . -count "$n" -benchtime 20x
	go test ./cmd/rxeval -run XXX -bench Process -count "$n" -benchtime 10x
	go test ./judges/lean -run XXX -bench 'CompareReal|Hypotheses' -count "$n"
	go test ./judges/lean -run XXX -bench SynthPairs -count "$n" -benchtime 1x
	go test ./synth -run XXX -bench Generate7030 -count "$n" -benchtime 3x
	go test ./eval -run XXX -bench . -count "$n" -benchtime 20x
	go test ./judges -short -run XXX -bench . -count "$n" -benchtime 5x
	go test ./study -run XXX -bench . -count "$n" -benchtime 5x
} | grep '^Benchmark' >"$out"

# Peak memory (maximum resident set, /usr/bin/time -f %M, in kB) of whole
# processes on a synthetic dev set: rxeval synth --n 7030, its gold as
# predictions with every space of the segments and corrections doubled (so
# stage one decides no misaligned pair and the offline judges read them),
# the best of 3 runs each.
mem=""
if [ -x /usr/bin/time ] && command -v jq >/dev/null; then
	go build -o "$tmp/rxeval" ./cmd/rxeval
	"$tmp/rxeval" synth --n 7030 --seed 1 --inputs-out "$tmp/i.jsonl" --gold-out "$tmp/g.jsonl" --preds-out "$tmp/p0.jsonl" 2>/dev/null
	jq -c 'if .error_segment then (.error_segment, .corrected_statement) |= gsub(" "; "  ") else . end' "$tmp/p0.jsonl" >"$tmp/p.jsonl"
	peak() {
		local best=""
		for _ in 1 2 3; do
			local kb
			/usr/bin/time -o "$tmp/kb" -f %M "$@" >/dev/null 2>&1 || true
			kb=$(tail -n 1 "$tmp/kb")
			if [ -z "$best" ] || [ "$kb" -lt "$best" ]; then best=$kb; fi
		done
		echo "$best"
	}
	s=$(peak "$tmp/rxeval" synth --n 7030 --seed 1 --inputs-out "$tmp/i2" --gold-out "$tmp/g2")
	v=$(peak "$tmp/rxeval" validate -q --inputs "$tmp/i.jsonl" "$tmp/p.jsonl")
	e=$(peak "$tmp/rxeval" score -q --judge exact --gold "$tmp/g.jsonl" --inputs "$tmp/i.jsonl" "$tmp/p.jsonl")
	o=$(peak "$tmp/rxeval" score -q --judge offline --gold "$tmp/g.jsonl" --inputs "$tmp/i.jsonl" "$tmp/p.jsonl")
	h=$(peak "$tmp/rxeval" score -q --judge offline --html "$tmp/r.html" --gold "$tmp/g.jsonl" --inputs "$tmp/i.jsonl" "$tmp/p.jsonl")
	in_mb=$(du -cb "$tmp/g.jsonl" "$tmp/i.jsonl" "$tmp/p.jsonl" | tail -n 1 | awk '{printf "%.1f", $1 / 1e6}')
	mem="$s $v $e $o $h $in_mb"
fi
load_after=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
cpu=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || echo unknown)

block=$(awk -v n="$n" -v date="$(date -u '+%Y-%m-%d %H:%M UTC')" -v cpu="$cpu" -v cores="$(nproc)" \
	-v go="$(go env GOVERSION)" -v rev="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" \
	-v lb="$load_before" -v la="$load_after" -v mem="$mem" '
{
	name = $1; sub(/-[0-9]+$/, "", name)
	v = $3; if (name == "BenchmarkOfflineJudgeGTED" || name == "BenchmarkCompareReal") v = $5  # ns per pair (median for CompareReal)
	if (!(name in vals)) order[++names] = name
	vals[name] = vals[name] " " v
}
function num(v) { return v >= 100 ? sprintf("%.0f", v) : v >= 10 ? sprintf("%.1f", v) : sprintf("%.2f", v) }
function ratio(label, a, b, fmt, goal) {
	if (!(a in med) || !(b in med) || med[b] == 0) return
	printf "| %s | " fmt " | %s |\n", label, med[a] / med[b], goal
}
END {
	printf "Written by `scripts/bench.sh` on %s at commit %s: %s, %d cores, %s, %d runs of each benchmark; load average %s before, %s after.\n\n", date, rev, cpu, cores, go, n, lb, la
	print "| benchmark | median | range |"
	print "|---|---|---|"
	for (o = 1; o <= names; o++) {
		name = order[o]
		k = split(substr(vals[name], 2), a, " ")
		for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
		med[name] = (k % 2) ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
		perpair = (name == "BenchmarkOfflineJudgeGTED" || name == "BenchmarkCompareReal")
		unit = perpair ? "µs a pair" : "ms"
		div = perpair ? 1e3 : 1e6
		printf "| `%s` | %s %s | %s-%s |\n", name, num(med[name] / div), unit, num(a[1] / div), num(a[k] / div)
	}
	print ""
	print "| ratio of medians | value | goal |"
	print "|---|---|---|"
	ratio("Validate / DecodeOnly", "BenchmarkValidate", "BenchmarkDecodeOnly", "%.2f", "")
	ratio("ValidateExhaustive / Validate", "BenchmarkValidateExhaustive", "BenchmarkValidate", "%.1f", "")
	ratio("ValidateProcess / StartupProcess", "BenchmarkValidateProcess", "BenchmarkStartupProcess", "%.1f", "")
	ratio("ScoreProcess/exact / StartupProcess", "BenchmarkScoreProcess/exact", "BenchmarkStartupProcess", "%.1f", "")
	ratio("ScoreProcess/exact / Score7030Exact", "BenchmarkScoreProcess/exact", "BenchmarkScore7030Exact", "%.1f", "")
	ratio("ScoreProcess/exact / python-reference", "BenchmarkScoreProcess/exact", "BenchmarkScoreProcess/python-reference", "%.2f", "≤ 0.3")
	ratio("ScoreProcess/offline / python-reference", "BenchmarkScoreProcess/offline", "BenchmarkScoreProcess/python-reference", "%.2f", "")
	ratio("ScoreProcess/offline / ScoreProcess/exact", "BenchmarkScoreProcess/offline", "BenchmarkScoreProcess/exact", "%.2f", "")
	ratio("Hypotheses/2000 / Hypotheses/100", "BenchmarkHypotheses/2000", "BenchmarkHypotheses/100", "%.1f", "≤ 25 (linear: 20)")
	split(mem, m, " ")
	if (m[6] != "") {
		print ""
		printf "Peak memory (maximum resident set, `/usr/bin/time -f %%M`, best of 3) on a synthetic dev set (`rxeval synth --n 7030 --seed 1`, its gold as predictions with the spaces of every segment and correction doubled, so that the offline judges decide them: %s MB of gold, inputs and predictions):\n\n", m[6]
		print "| process | peak memory |"
		print "|---|---|"
		printf "| `rxeval synth --n 7030` | %.0f MB |\n", m[1] / 1000
		printf "| `rxeval validate -q --inputs` | %.0f MB |\n", m[2] / 1000
		printf "| `rxeval score --judge exact --inputs` | %.0f MB |\n", m[3] / 1000
		printf "| `rxeval score --judge offline --inputs` | %.0f MB |\n", m[4] / 1000
		printf "| `rxeval score --judge offline --html` | %.0f MB |\n", m[5] / 1000
	}
}' "$out")

printf '%s\n' "$block"
if [ -z "${NOWRITE:-}" ]; then
	if ! grep -q '^<!-- generated: bench -->$' "$doc" || ! grep -q '^<!-- end: bench -->$' "$doc"; then
		echo "bench.sh: $doc has no '<!-- generated: bench -->' ... '<!-- end: bench -->' block" >&2
		exit 1
	fi
	printf '%s\n' "$block" >"$tmp/block"
	awk -v blockfile="$tmp/block" '
		/^<!-- generated: bench -->$/ { print; while ((getline l < blockfile) > 0) print l; skip = 1; next }
		/^<!-- end: bench -->$/ { skip = 0 }
		!skip { print }
	' "$doc" >"$tmp/doc"
	cat "$tmp/doc" >"$doc"
	echo "bench.sh: wrote the figures into $doc" >&2
fi
