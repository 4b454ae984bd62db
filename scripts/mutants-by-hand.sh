#!/usr/bin/env bash
# Applies the hand-made mutants of scripts/mutants-by-hand.txt one at a
# time to a copy of the working tree and runs the owning package's tests
# (-short): KILLED when they fail, LIVED when they pass. Unlike gremlins'
# one-token operators (scripts/mutation.sh), each mutant is a semantic
# change a person could make: a rule bent, not an operator flipped.
#
#   scripts/mutants-by-hand.sh [FILE] [NAME...]   # default FILE: scripts/mutants-by-hand.txt
#
# FILE holds blocks:
#
#   == name: what the mutant changes, in a user's words
#   test: ./eval ./schema          (packages to test; default: the first hunk's)
#   @ path/of/file.go
#   - an exact line (or several) that must occur once in the file
#   + its replacement (zero or more lines)
#   @ another/file.go              (more hunks, applied together)
#   ...
#
# Lines starting with # are comments. Prints one line per mutant and a
# summary; exit status 1 if any lived or did not apply. TIMEOUT (seconds,
# default 300) bounds each test run; a timed-out run counts as killed.
set -euo pipefail
cd "$(dirname "$0")/.."
spec=${1:-scripts/mutants-by-hand.txt}
[ $# -gt 0 ] && shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
git ls-files -z | xargs -0 cp --parents -t "$tmp"
python3 - "$spec" "$tmp" "${TIMEOUT:-300}" "$@" <<'PY'
import os, subprocess, sys
spec, tree, timeout, only = sys.argv[1], sys.argv[2], int(sys.argv[3]), set(sys.argv[4:])
mutants, cur, hunk = [], None, None
for raw in open(spec, encoding="utf-8"):
    line = raw.rstrip("\n")
    if line.startswith("#") or (line.strip() == "" and cur is None):
        continue
    if line.startswith("== "):
        cur = {"name": line[3:].split(":")[0].strip(), "title": line[3:].strip(), "test": None, "hunks": []}
        mutants.append(cur)
    elif line.startswith("test: "):
        cur["test"] = line[6:].split()
    elif line.startswith("@ "):
        hunk = {"file": line[2:].strip(), "old": [], "new": []}
        cur["hunks"].append(hunk)
    elif line.startswith("- ") or line == "-":
        hunk["old"].append(line[2:])
    elif line.startswith("+ ") or line == "+":
        hunk["new"].append(line[2:])
    elif line.strip() == "":
        continue
    else:
        sys.exit(f"{spec}: cannot read line: {line!r}")
killed = lived = stale = 0
for m in mutants:
    if only and m["name"] not in only:
        continue
    saved = {}
    ok = True
    for h in m["hunks"]:
        path = os.path.join(tree, h["file"])
        text = saved.get(path) or open(path, encoding="utf-8").read()
        saved.setdefault(path, text)
        cur_text = open(path, encoding="utf-8").read()
        old, new = "\n".join(h["old"]) + "\n", "\n".join(h["new"]) + ("\n" if h["new"] else "")
        if cur_text.count(old) != 1:
            print(f"STALE   {m['name']}: {h['file']}: the old text occurs {cur_text.count(old)} times")
            ok = False
            break
        open(path, "w", encoding="utf-8").write(cur_text.replace(old, new))
    if ok:
        pkgs = m["test"] or ["./" + os.path.dirname(m["hunks"][0]["file"])]
        try:
            r = subprocess.run(["go", "test", "-short", "-count=1", *pkgs], cwd=tree, capture_output=True, text=True, timeout=timeout)
            failed = [l for l in r.stdout.splitlines() if l.startswith("--- FAIL")]
            if r.returncode == 0:
                print(f"LIVED   {m['title']}")
                lived += 1
            else:
                first = failed[0][len("--- FAIL: "):].split(" ")[0] if failed else (r.stdout + r.stderr).strip().splitlines()[-1]
                print(f"KILLED  {m['title']}  [{first}]")
                killed += 1
        except subprocess.TimeoutExpired:
            print(f"KILLED  {m['title']}  [timeout {timeout}s]")
            killed += 1
    else:
        stale += 1
    for path, text in saved.items():
        open(path, "w", encoding="utf-8").write(text)
print(f"hand-made mutants: killed {killed}, lived {lived}, did not apply {stale}")
sys.exit(1 if lived or stale else 0)
PY
