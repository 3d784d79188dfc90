#!/usr/bin/env bash
# `sudoku-dlx bench` against the published solver crates, on the same puzzle files, one thread
# each: the README's table of classic boards. The crates are timed by the peer harness (its
# run.sh builds them on first use and prints one line per crate: the bitboard `sudoku` crate on
# 9×9 files, the `dlx` crate on any size), which counts to two solutions a puzzle as `bench`
# does and times the solving, not the reading.
#
#   benches/peers/crates.sh FILE...
#
# BENCH_PEERS: the harness's run.sh (default ../shared/bench-peers/run.sh beside the
#   repository).
# SUDOKU_DLX: our binary (default target/release/sudoku-dlx).
# ROUNDS: rounds over each file, ours and the crates alternating, the best time of each kept
#   (default 5). Prints one line a file: each program's best seconds, ours against each, and
#   ours against the bitboard crate round by round: the geometric mean of each round's ratio,
#   with its standard error. On a host whose load moves, the best of each program need not come
#   from the same quiet moment; the paired ratio compares runs made one after the other.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
ours=${SUDOKU_DLX:-$root/target/release/sudoku-dlx}
peers=${BENCH_PEERS:-$root/../shared/bench-peers/run.sh}
rounds=${ROUNDS:-5}

die() { echo "crates.sh: $*" >&2; exit 1; }
(($# > 0)) || die "usage: benches/peers/crates.sh FILE..."
[[ -x $ours ]] || die "no sudoku-dlx binary at $ours (cargo build --release, or set SUDOKU_DLX)"
ours=$(cd "$(dirname "$ours")" && pwd)/$(basename "$ours")
[[ -f $peers ]] || die "no peer harness at $peers (set BENCH_PEERS)"
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a whole number from 1"

# The least of the numbers on standard input ("-" if none).
least() { sort -g | head -n 1 | grep . || echo -; }

# The geometric mean of the ratios of the pairs "a b" on standard input, and its standard
# error (from the spread of the logarithms): "2.61±0.03", or "-" if there are no pairs.
paired() {
    awk '$1 != "" && $2 != "" && $2 > 0 { l = log($1 / $2); s += l; q += l * l; n++ }
        END {
            if (n == 0) { print "-"; exit }
            m = s / n; v = n > 1 ? (q - n * m * m) / (n - 1) : 0; if (v < 0) v = 0
            printf "%.2f±%.2f", exp(m), exp(m) * sqrt(v / n)
        }'
}

# `a / b` to two decimals, or "-" if either is missing.
ratio() { [[ $1 == - || $2 == - ]] && echo - || awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# Ours runs from an empty folder, so that no config.toml applies.
empty=$(mktemp -d)
trap 'rmdir "$empty"' EXIT

printf '%-36s %10s %10s %10s %12s %12s %12s\n' file ours sudoku dlx "ours/sudoku" "dlx/ours" paired
for file in "$@"; do
    [[ -f $file ]] || die "no puzzle file $file"
    file=$(cd "$(dirname "$file")" && pwd)/$(basename "$file")
    mine=() bitboard=() dlx=()
    for ((round = 0; round < rounds; round++)); do
        # bench's last line: file puzzles unique multi none puzzles/s secs ...
        mine+=("$(cd "$empty" && "$ours" bench "$file" | awk 'END { print $7 }')")
        out=$(bash "$peers" "$file")
        bitboard+=("$(sed -n 's/^peer=rust_sudoku .*secs=\([0-9.]*\).*/\1/p' <<< "$out")")
        dlx+=("$(sed -n 's/^peer=rust_dlx .*secs=\([0-9.]*\).*/\1/p' <<< "$out")")
    done
    a=$(printf '%s\n' "${mine[@]}" | least)
    b=$(printf '%s\n' "${bitboard[@]}" | least)
    c=$(printf '%s\n' "${dlx[@]}" | least)
    p=$(for ((round = 0; round < rounds; round++)); do
        echo "${mine[round]} ${bitboard[round]}"
    done | paired)
    printf '%-36s %10s %10s %10s %12s %12s %12s\n' "$(basename "$file")" "$a" "$b" "$c" \
        "$(ratio "$a" "$b")" "$(ratio "$c" "$a")" "$p"
done
echo "(seconds, best of $rounds rounds each, alternating; ours: sudoku-dlx bench, counting to 2;"
echo " paired: ours/sudoku round by round, geometric mean ± standard error)"
