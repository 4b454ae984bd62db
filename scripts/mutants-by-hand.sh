#!/usr/bin/env bash
# Applies the mutants listed in scripts/mutants-by-hand.txt one at a time to
# a copy of the working tree and runs the mutated package's tests (-short):
# KILLED when they fail, LIVED when they pass. Each line of the list is
#   FILE<TAB>CODE<TAB>MUTATED CODE
# where CODE must occur exactly once in FILE (so the list does not depend on
# line numbers). It covers what gremlins cannot see: the expressions of
# switch case clauses, which Go's coverage profile leaves out (see
# scripts/mutation.sh), in the scoring path. Exit status 1 if any mutant
# lived or a CODE was not found once.
#
#   scripts/mutants-by-hand.sh [LIST]
set -euo pipefail
cd "$(dirname "$0")/.."
list=${1:-scripts/mutants-by-hand.txt}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git ls-files -z | xargs -0 cp --parents -t "$tmp"
status=0
while IFS=$'\t' read -r file from to; do
	[[ -z $file || $file == \#* ]] && continue
	n=$(grep -cF -- "$from" "$file" || true)
	if [ "$n" != 1 ]; then
		echo "STALE   $file: '$from' found $n times"
		status=1
		continue
	fi
	cp "$file" "$tmp/$file.orig"
	FROM=$from TO=$to perl -0pi -e 's/\Q$ENV{FROM}\E/$ENV{TO}/' "$tmp/$file"
	if (cd "$tmp" && timeout 600 go test -short -count=1 "./$(dirname "$file")" >/dev/null 2>&1); then
		echo "LIVED   $file: $from -> $to"
		status=1
	else
		echo "KILLED  $file: $from -> $to"
	fi
	mv "$tmp/$file.orig" "$tmp/$file"
done <"$list"
exit $status
