#!/usr/bin/env bash
# Runs the benchmarks the README's performance table quotes and prints, for
# each, the median and range of COUNT runs (default 5), then the ratios the
# table gives. The machine is shared: absolute times move between runs,
# ratios of benchmarks run together move less.
#
#   scripts/bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
n=${COUNT:-5}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
{
	go test ./validate -run XXX -bench . -count "$n" -benchtime 20x
	go test ./cmd/rxeval -run XXX -bench Process -count "$n" -benchtime 10x
	go test ./judges/lean -run XXX -bench 'CompareReal|Hypotheses' -count "$n"
	go test ./synth -run XXX -bench Generate7030 -count "$n" -benchtime 3x
	go test ./eval -run XXX -bench . -count "$n" -benchtime 20x
	go test ./judges -short -run XXX -bench . -count "$n" -benchtime 5x
	go test ./study -run XXX -bench . -count "$n" -benchtime 5x
} | grep '^Benchmark' >"$out"
awk '
{
	name = $1; sub(/-[0-9]+$/, "", name)
	v = $3; if (name == "BenchmarkOfflineJudgeGTED" || name == "BenchmarkCompareReal") v = $5  # ns per pair (median for CompareReal)
	vals[name] = vals[name] " " v
}
END {
	for (name in vals) {
		k = split(substr(vals[name], 2), a, " ")
		for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
		med[name] = (k % 2) ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
		unit = (name == "BenchmarkOfflineJudgeGTED" || name == "BenchmarkCompareReal") ? "us/pair" : "ms"
		div = (unit == "ms") ? 1e6 : 1e3
		printf "1 %-28s median %8.2f %s  (range %.2f-%.2f, %d runs)\n", name, med[name] / div, unit, a[1] / div, a[k] / div, k
	}
	printf "2 ratios of medians:\n"
	printf "3   Validate / DecodeOnly           %.2f\n", med["BenchmarkValidate"] / med["BenchmarkDecodeOnly"]
	printf "3   ValidateExhaustive / Validate   %.1f\n", med["BenchmarkValidateExhaustive"] / med["BenchmarkValidate"]
	printf "3   ValidateProcess / StartupProcess %.1f\n", med["BenchmarkValidateProcess"] / med["BenchmarkStartupProcess"]
	printf "3   ScoreProcess/exact / StartupProcess   %.1f\n", med["BenchmarkScoreProcess/exact"] / med["BenchmarkStartupProcess"]
	printf "3   ScoreProcess/exact / Score7030Exact   %.1f\n", med["BenchmarkScoreProcess/exact"] / med["BenchmarkScore7030Exact"]
	printf "3   ScoreProcess/exact / python-reference   %.2f (goal <= 0.3)\n", med["BenchmarkScoreProcess/exact"] / med["BenchmarkScoreProcess/python-reference"]
	printf "3   ScoreProcess/offline / python-reference %.2f\n", med["BenchmarkScoreProcess/offline"] / med["BenchmarkScoreProcess/python-reference"]
	printf "3   Hypotheses/2000 / Hypotheses/100        %.1f (linear: 20; goal <= 25)\n", med["BenchmarkHypotheses/2000"] / med["BenchmarkHypotheses/100"]
}' "$out" | sort -k1,1n -k2,2 | cut -c3-
