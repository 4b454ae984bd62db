#!/usr/bin/env bash
# Re-checks the mutants gremlins reports NOT COVERED by applying each one to
# a copy of the working tree and running its package's tests (-short, or
# all of them with SHORT=0):
# KILLED when they fail, LIVED when they pass.
#
# Gremlins skips a mutant when Go's coverage profile counts no run of its
# position. The profile has no block for the expressions of a switch's case
# clauses, so every mutant there is "not covered" even when tests run it;
# this script gives them, and any truly uncovered one, a real verdict.
#
#   scripts/mutants-uncovered.sh PKG LOG   # PKG as given to gremlins, LOG its output
#
# Prints one line per mutant and a summary; exit status 1 if any lived. A
# test run longer than TIMEOUT seconds (default 120; the packages' tests take
# a few seconds) is stopped and the mutant counted as timed out: detected,
# as gremlins counts it (such a mutant makes a loop endless).
set -euo pipefail
cd "$(dirname "$0")/.."
pkg=$1 log=$2
# SHORT=0 runs the tests without -short: code only the long tests reach
# (synth's full-set guarantees, the documents regenerated from data).
short=-short
if [ "${SHORT:-1}" = 0 ]; then
	short=
	export GOFLAGS="${GOFLAGS:-}"
	GOFLAGS="${GOFLAGS//-short/}"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
git ls-files -z | xargs -0 cp --parents -t "$tmp"
killed=0 lived=0 timedout=0
while read -r kind pos; do
	rel=${pos%%:*} rest=${pos#*:}
	line=${rest%%:*} col=${rest#*:}
	file=$pkg/$rel
	cp "$tmp/$file" "$tmp/$file.orig"
	# Replace the operator at line:col (1-based byte column) as gremlins would.
	if ! KIND=$kind LINE=$line COL=$col perl -i -ne '
		if ($. == $ENV{LINE}) {
			my $c = $ENV{COL} - 1; my $k = $ENV{KIND};
			my %m = (
				CONDITIONALS_NEGATION => {"==" => "!=", "!=" => "==", "<=" => ">", ">=" => "<", "<" => ">=", ">" => "<="},
				CONDITIONALS_BOUNDARY => {"<=" => "<", ">=" => ">", "<" => "<=", ">" => ">="},
				ARITHMETIC_BASE => {"+" => "-", "-" => "+", "*" => "/", "/" => "*", "%" => "*"},
				INCREMENT_DECREMENT => {"++" => "--", "--" => "++"},
				INVERT_NEGATIVES => {"-" => "+"},
			);
			my $done = 0;
			for my $len (2, 1) {
				my $op = substr($_, $c, $len);
				if (exists $m{$k}{$op}) { substr($_, $c, $len) = $m{$k}{$op}; $done = 1; last }
			}
			$done or die "no $k operator at line $ENV{LINE} column $ENV{COL}: $_";
		}
		print' "$tmp/$file"; then
		echo "STALE   $kind $file:$line:$col"
		lived=$((lived + 1))
		mv "$tmp/$file.orig" "$tmp/$file"
		continue
	fi
	rc=0
	(cd "$tmp" && timeout "${TIMEOUT:-120}" go test $short -count=1 "./$(dirname "$file")" >/dev/null 2>&1) || rc=$?
	case $rc in
	0)
		echo "LIVED   $kind $file:$line:$col: $(diff "$tmp/$file.orig" "$tmp/$file" | grep '^>' | sed 's/^> *//')"
		lived=$((lived + 1))
		;;
	124)
		echo "TIMEOUT $kind $file:$line:$col"
		timedout=$((timedout + 1))
		;;
	*)
		echo "KILLED  $kind $file:$line:$col"
		killed=$((killed + 1))
		;;
	esac
	mv "$tmp/$file.orig" "$tmp/$file"
done < <(sed -n 's/^ *NOT COVERED \([A-Z_]*\) at \(.*\)$/\1 \2/p' "$log")
echo "not covered by gremlins' profile, re-checked: killed $killed, timed out $timedout, lived $lived"
[ "$lived" = 0 ]
