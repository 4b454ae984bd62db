#!/usr/bin/env bash
# Mutation testing of rxeval with gremlins (github.com/go-gremlins/gremlins):
# each mutant is a one-token change of the code (a comparison, an operator,
# an increment, a sign); the package's tests are run once per mutant, which
# is KILLED when they fail and LIVED when they still pass. See
# docs/mutation.md for the last scores, their times and the equivalent
# mutants.
#
#   go install github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0
#   scripts/mutation.sh                      # eval validate study judges judges/lean
#   scripts/mutation.sh eval judges/span.go  # a package, or one file of it
#
# One worker and one CPU per test run (the machine is shared); -short skips
# the real-Ollama server test. Results: $OUT/<pkg>.json and .log
# (default /tmp/rxeval-mutation). COEF scales gremlins' per-mutant timeout
# (the coverage run's time times COEF; default 20, as a loaded machine
# otherwise turns slow runs into time-outs).
#
# Gremlins reads Go's coverage profile to skip code no test runs. Go counts
# no block for the expressions of a switch's case clauses, so gremlins
# reports their mutants NOT COVERED even when tests run them: after each
# gremlins run, scripts/mutants-uncovered.sh applies every NOT COVERED
# mutant and runs the tests (RECHECK=0 skips it; TIMEOUT, in seconds, bounds
# each of those test runs, default 120).
set -euo pipefail
cd "$(dirname "$0")/.."
GREMLINS=${GREMLINS:-$(go env GOPATH)/bin/gremlins}
if [ ! -x "$GREMLINS" ]; then
	echo "no gremlins at $GREMLINS: go install github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0" >&2
	exit 2
fi
OUT=${OUT:-/tmp/rxeval-mutation}
mkdir -p "$OUT"
export GOFLAGS="${GOFLAGS:-} -short"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(eval validate study judges judges/lean)

for t in "${targets[@]}"; do
	excl=()
	if [[ $t == *.go ]]; then
		# One file: exclude every other file of its directory.
		pkg=$(dirname "$t")
		for f in "$pkg"/*.go; do
			[[ $f == "$t" || $f == *_test.go ]] || excl+=(-E "^$(basename "$f")\$")
		done
	else
		pkg=$t
	fi
	# A package alone, without its sub-packages (judges/lean is run apart).
	for d in "$pkg"/*/; do
		[ -d "$d" ] && [ "$(basename "$d")" != testdata ] && excl+=(-E "^$(basename "$d")/")
	done
	name=${t//\//_}
	start=$(date +%s)
	"$GREMLINS" unleash --workers 1 --test-cpu 1 --timeout-coefficient "${COEF:-20}" \
		-o "$OUT/$name.json" "${excl[@]}" "./$pkg" >"$OUT/$name.log" 2>&1 || true
	secs=$(($(date +%s) - start))
	echo "== $t ($secs s; $OUT/$name.log)"
	grep -E '^ *(LIVED|TIMED OUT)|Killed:|Timed out:|efficacy|coverage:' "$OUT/$name.log" || tail -5 "$OUT/$name.log"
	if [ "${RECHECK:-1}" = 1 ]; then
		start=$(date +%s)
		scripts/mutants-uncovered.sh "$pkg" "$OUT/$name.log" >"$OUT/$name.uncovered" 2>&1 || true
		echo "   re-check of NOT COVERED ($(($(date +%s) - start)) s; $OUT/$name.uncovered)"
		grep -E '^(LIVED|STALE)|re-checked' "$OUT/$name.uncovered" | sed 's/^/   /'
	fi
done
