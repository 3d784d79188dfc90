#!/usr/bin/env bash
# `sudoku-dlx xc --count` against Knuth's dlx1 (Algorithm X with dancing links, from his
# dlx1.w) on classic exact-cover problems that xc-gen.py writes: the pentominoes in 6×10 and
# 5×12, Langford pairs for n=12, 13 queens (as named, and named from the middle outwards: the
# order `xc` branches in, so that dlx1 searches the same tree), and 1,000,000 items each forced
# by its one option.
#
#   benches/peers/dlx1.sh
#
# CWEBTEST_DIR: a checkout of https://github.com/ascherer/cwebtest (it holds dlx1.w, and
#   gb_flip.w and boilerplate.w that dlx1 needs); without one it is cloned (--depth 1) into
#   target/peers/cwebtest, and reused.
# SUDOKU_DLX: our binary (default target/release/sudoku-dlx). PLAIN=1 times `xc --plain`
#   (dlx1's own search, without pruning by pairs) instead of the default search.
# PROBLEMS: which of them (default all six: pentominoes-6x10 pentominoes-5x12 langford-12
#   queens-13 queens-13-middle forced-1000000).
# RUNS: runs of each program on each problem, alternating, the best one kept (default 3).
# LIMIT: seconds before a run is given up (default 120). dlx1 compares each new item name
#   with every earlier one, so it reads the 1,000,000-item problem in hours: it is given up.
# Needs ctangle (Debian/Ubuntu: texlive-binaries), gcc and python3. dlx1 is built in
# target/peers/dlx1 with gcc -O3, its limits raised (max_cols, max_level) for a million items.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
ours=${SUDOKU_DLX:-$root/target/release/sudoku-dlx}
runs=${RUNS:-3}
limit=${LIMIT:-120}
work=$root/target/peers/dlx1

die() { echo "dlx1.sh: $*" >&2; exit 1; }
for tool in ctangle gcc python3 timeout; do
    command -v "$tool" >/dev/null || die "$tool is needed (ctangle: apt-get install texlive-binaries)"
done
[[ -x $ours ]] || die "no sudoku-dlx binary at $ours (cargo build --release, or set SUDOKU_DLX)"
ours=$(cd "$(dirname "$ours")" && pwd)/$(basename "$ours")
ours_args=(xc --count)
[[ ${PLAIN:-0} == 1 ]] && ours_args+=(--plain)

# cwebtest: $CWEBTEST_DIR, or a shallow clone kept in target/peers/cwebtest.
src=${CWEBTEST_DIR:-$root/target/peers/cwebtest}
if [[ -z ${CWEBTEST_DIR:-} && ! -d $src/.git ]]; then
    echo "cloning cwebtest into $src" >&2
    git clone -q --depth 1 https://github.com/ascherer/cwebtest "$src"
fi
for f in dlx1.w gb_flip.w boilerplate.w; do [[ -f $src/$f ]] || die "$src holds no $f"; done

# Tangle and build dlx1 (it includes gb_flip.h, the GraphBase's random numbers).
mkdir -p "$work"
cp "$src/dlx1.w" "$src/gb_flip.w" "$src/boilerplate.w" "$work/"
(
    cd "$work"
    ctangle -bhp gb_flip.w >/dev/null && ctangle -bhp dlx1.w >/dev/null
    sed -i -e 's/^#define max_level 10000$/#define max_level 1000001/' \
           -e 's/^#define max_cols 100000$/#define max_cols 1000002/' dlx1.c
    grep -q '^#define max_cols 1000002$' dlx1.c || die "dlx1.c: max_cols not where expected"
    gcc -O3 -w -o dlx1 dlx1.c gb_flip.c
)

# The problems (written once, kept in target/peers/dlx1).
read -r -a problems <<< "${PROBLEMS:-pentominoes-6x10 pentominoes-5x12 langford-12 queens-13 queens-13-middle forced-1000000}"
declare -A make=(
    [pentominoes-6x10]="pentominoes 10 6" [pentominoes-5x12]="pentominoes 12 5"
    [langford-12]="langford 12" [queens-13]="queens 13" [queens-13-middle]="queens-middle 13"
    [forced-1000000]="forced 1000000"
)
for p in "${problems[@]}"; do
    # shellcheck disable=SC2086 # the generator's arguments
    [[ -s $work/$p.dlx ]] || python3 "$here/xc-gen.py" ${make[$p]} > "$work/$p.dlx"
done

# run NAME FILE: times one run into $secs and the solution count into $count ("-" if given
# up after $limit seconds). dlx1 reads standard input and reports on standard error
# ("Altogether N solutions, ..."); ours prints the count. Ours runs in an empty folder, so that
# no config.toml applies.
empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT
run() {
    local start status=0
    start=$(date +%s%N)
    if [[ $1 == dlx1 ]]; then
        timeout "$limit" "$work/dlx1" < "$2" > /dev/null 2> "$empty/err" || status=$?
        count=$(sed -n 's/^Altogether \([0-9]*\) solution.*/\1/p' "$empty/err")
    else
        count=$(cd "$empty" && timeout "$limit" "$ours" "${ours_args[@]}" "$2") || status=$?
    fi
    secs=$(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
    if [[ $status == 124 ]]; then count=-; secs=">$limit"
    elif [[ $status != 0 || -z $count ]]; then die "$1 failed on $2 (exit $status)"; fi
}

printf '%-18s %10s %10s %10s %8s\n' problem solutions "dlx1 s" "ours s" dlx1/ours
for p in "${problems[@]}"; do
    best_dlx1='' best_ours='' solutions=''
    for ((r = 0; r < runs; r++)); do
        for who in dlx1 ours; do
            # A program given up once is not run again.
            [[ $who == dlx1 && $best_dlx1 == ">"* || $who == ours && $best_ours == ">"* ]] && continue
            run "$who" "$work/$p.dlx"
            if [[ $count != - ]]; then
                [[ -z $solutions || $solutions == "$count" ]] ||
                    die "$p: dlx1 and sudoku-dlx disagree ($solutions against $count solutions)"
                solutions=$count
            fi
            best=best_$who
            if [[ -z ${!best} ]] ||
                { [[ $secs != ">"* ]] && awk -v a="$secs" -v b="${!best}" 'BEGIN { exit !(b ~ />/ || a < b) }'; }; then
                printf -v "$best" '%s' "$secs"
            fi
        done
    done
    ratio=$(awk -v a="$best_dlx1" -v b="$best_ours" 'BEGIN {
        if (a ~ />/ || b ~ />/ || b == 0) print "-"; else printf "%.2f", a / b }')
    printf '%-18s %10s %10s %10s %8s\n' "$p" "${solutions:--}" "$best_dlx1" "$best_ours" "$ratio"
done
echo "(best of $runs runs each, alternating; ours: sudoku-dlx ${ours_args[*]}; a run is given up after $limit s)"
