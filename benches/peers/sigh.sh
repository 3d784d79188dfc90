#!/usr/bin/env bash
# sudoku-dlx against sigh's Interactive Sudoku Solver (JavaScript, run under node) on sigh's own
# puzzle sets: hard killers, empty jigsaw layouts, unsolvable jigsaw layouts and 16×16. Both
# count up to 2 solutions a puzzle on one thread and give up on a puzzle after TIMEOUT seconds.
#
#   benches/peers/sigh.sh [SIGH_DIR]
#
# SIGH_DIR (argument or environment): a checkout of https://github.com/sigh/Interactive-Sudoku-Solver;
#   without one it is cloned (--depth 1) into target/peers/sigh, and reused from there.
# SUDOKU_DLX: our binary (default target/release/sudoku-dlx).
# TIMEOUT: seconds a puzzle (default 20). MAX: the first MAX puzzles of each set (default 300;
#   0 for all: the jigsaw sets hold thousands of layouts). SETS: which sets (default all four).
# The sets are written to target/peers/sigh-sets (sigh-export.mjs), the logs beside them.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
timeout=${TIMEOUT:-20}
max=${MAX:-300}
sets=${SETS:-killers jigsaw-empty jigsaw-unsolvable 16x16}
ours=${SUDOKU_DLX:-$root/target/release/sudoku-dlx}
out=$root/target/peers/sigh-sets

die() { echo "sigh.sh: $*" >&2; exit 1; }
command -v node >/dev/null || die "node (20 or later) is needed to run sigh's solver"
[[ -x $ours ]] || die "no sudoku-dlx binary at $ours (cargo build --release, or set SUDOKU_DLX)"
ours=$(cd "$(dirname "$ours")" && pwd)/$(basename "$ours")

# sigh's checkout: the argument, $SIGH_DIR, or a shallow clone kept in target/peers/sigh.
sigh=${1:-${SIGH_DIR:-}}
if [[ -z $sigh ]]; then
    sigh=$root/target/peers/sigh
    if [[ ! -d $sigh/.git ]]; then
        echo "cloning sigh's solver into $sigh" >&2
        git clone -q --depth 1 https://github.com/sigh/Interactive-Sudoku-Solver "$sigh"
    fi
fi
[[ -f $sigh/js/solver/engine.js ]] || die "$sigh is no checkout of sigh's Interactive-Sudoku-Solver"
sigh=$(cd "$sigh" && pwd)
echo "sigh: $sigh at $(git -C "$sigh" log -1 --format='%h %cs' 2>/dev/null || echo 'unknown commit')" >&2

# 1. The sets, in our TOML form, with sigh's inputs in the manifest.
max_args=()
[[ $max != 0 ]] && max_args=(--max "$max")
rm -rf "$out" && mkdir -p "$out"
node "$here/sigh-export.mjs" "$sigh" "$out" "${max_args[@]}" >&2

# 2. sigh's solver: a line a puzzle into sigh.log, a SUMMARY line a set.
echo "timing sigh's solver (log: $out/sigh.log)" >&2
# shellcheck disable=SC2086 # $sets is a list of words
node "$here/sigh-run.mjs" "$sigh" "$out" --timeout "$timeout" $sets > "$out/sigh.log"

# 3. Ours: `bench` prints a header and a row a file; exit code 1 means some puzzle has no
#    solution, 3 that some puzzle was given up.
#    Run from an empty folder, so that no config.toml there changes the board.
echo "timing sudoku-dlx (log: $out/ours.log)" >&2
empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT
: > "$out/ours.log"
for set in $sets; do
    status=0
    (cd "$empty" && "$ours" bench --timeout "$timeout" "$out/$set.toml") >> "$out/ours.log" 2>&1 || status=$?
    # 1: some puzzle has no solution (every one of the unsolvable layouts); 3: some given up.
    [[ $status == 0 || $status == 1 || $status == 3 ]] || die "sudoku-dlx bench failed on $set.toml (exit $status); see $out/ours.log"
done

# 4. Side by side. Decided: counted to 2 (or proved 0 or 1) within the timeout. Total: the
#    sum of every puzzle's time, a given-up puzzle at the timeout. Median: over every puzzle.
#    Where both decided every puzzle, their counts of unique, multi and none must agree.
awk -v sets="$sets" -v t="$timeout" '
    FNR == 1 { file++ }
    file == 1 && $1 == "SUMMARY" { n[$2] = $3; sd[$2] = $4; su[$2] = $5 "/" $6 "/" $7; st[$2] = $8; sm[$2] = $9 }
    file == 2 && $1 ~ /\.toml$/ && $2 ~ /^[0-9]+$/ {
        s = $1; sub(/.*\//, "", s); sub(/\.toml$/, "", s)
        od[s] = $3 + $4 + $5; ou[s] = $3 "/" $4 "/" $5; ot[s] = $7; om[s] = $8 / 1000
    }
    END {
        h = "%-18s %7s %7s %7s %11s %11s %9s %9s %10s %10s\n"
        printf h, "set", "puzzles", "decided", "decided", "u/m/n", "u/m/n", "total s", "total s", "median ms", "median ms"
        printf h, "", "", "sigh", "ours", "sigh", "ours", "sigh", "ours", "sigh", "ours"
        k = split(sets, names, " ")
        for (i = 1; i <= k; i++) {
            s = names[i]
            printf "%-18s %7d %7d %7d %11s %11s %9.3f %9.3f %10.3f %10.3f\n", s, n[s], sd[s], od[s], su[s], ou[s], st[s], ot[s], sm[s], om[s]
            if (sd[s] == n[s] && od[s] == n[s] && su[s] != ou[s]) bad = bad " " s
        }
        printf "(counting to 2 solutions a puzzle, one thread, given up after %s s; u/m/n: unique, multi, none)\n", t
        if (bad != "") { print "sigh and sudoku-dlx disagree on the counts of:" bad > "/dev/stderr"; exit 1 }
    }' "$out/sigh.log" "$out/ours.log"
