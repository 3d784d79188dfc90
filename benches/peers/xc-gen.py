#!/usr/bin/env python3
"""Writes exact-cover problems in the input format of Knuth's dlx1 (and of `sudoku-dlx xc`) on
standard output, for benches/peers/dlx1.sh:

    xc-gen.py pentominoes W H   the 12 pentominoes in a W×H box (6 10: 9,356 solutions,
                                5 12: 4,040; every rotation and reflection counted)
    xc-gen.py langford N        Langford pairs 1 1 2 2 ... N N (N=12: 216,288, both directions)
    xc-gen.py queens N          N queens: rows and columns primary, diagonals secondary
                                (N=13: 73,712)
    xc-gen.py queens-middle N   the same, rows and columns named from the middle outwards:
                                the order `xc` branches in anyway (by secondary reach), so
                                that dlx1 searches the same tree as `xc`
    xc-gen.py forced N          N primary items, each with one option that covers it alone:
                                one solution, N forced moves

Item names are at most 8 characters, as dlx1 asks.
"""
import sys

# The 12 pentominoes, each as (row, column) cells, named by Conway's letters.
PENTOMINOES = {
    "F": "011 110 010", "I": "11111", "L": "1000 1111", "N": "1100 0111",
    "P": "11 11 10", "T": "111 010 010", "U": "101 111", "V": "100 100 111",
    "W": "100 110 011", "X": "010 111 010", "Y": "0100 1111", "Z": "110 010 011",
}


def shapes(picture):
    """Every distinct rotation and reflection of a piece, normalized to the origin."""
    cells = [(r, c) for r, row in enumerate(picture.split()) for c, x in enumerate(row) if x == "1"]
    seen = set()
    for _ in range(2):
        for _ in range(4):
            cells = [(c, -r) for r, c in cells]  # a quarter turn
            r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
            seen.add(tuple(sorted((r - r0, c - c0) for r, c in cells)))
        cells = [(r, -c) for r, c in cells]  # a reflection
    return sorted(seen)


def pentominoes(w, h):
    cell = lambda r, c: f"{r:x}{c:x}"  # row and column in hex: "3a"
    print(" ".join(PENTOMINOES) + " " + " ".join(cell(r, c) for r in range(h) for c in range(w)))
    for name, picture in PENTOMINOES.items():
        for shape in shapes(picture):
            height, width = 1 + max(r for r, _ in shape), 1 + max(c for _, c in shape)
            for r in range(h - height + 1):
                for c in range(w - width + 1):
                    print(name + " " + " ".join(cell(r + dr, c + dc) for dr, dc in shape))


def langford(n):
    # Digit k sits at positions i and i + k + 1 (positions 1 to 2n).
    print(" ".join(f"d{k}" for k in range(1, n + 1)) + " " + " ".join(f"s{i}" for i in range(1, 2 * n + 1)))
    for k in range(1, n + 1):
        for i in range(1, 2 * n - k):
            print(f"d{k} s{i} s{i + k + 1}")


def queens(n, middle_out=False):
    lines = list(range(n))
    if middle_out:
        # By distance from the middle, the nearer first; rows then columns at each distance.
        lines.sort(key=lambda i: abs(2 * i - (n - 1)))
        by_distance = {}
        for i in lines:
            by_distance.setdefault(abs(2 * i - (n - 1)), []).append(i)
        primary = [f"{p}{i}" for group in by_distance.values() for p in "rc" for i in group]
    else:
        primary = [f"r{i}" for i in lines] + [f"c{j}" for j in lines]
    print(" ".join(primary)
          + " | " + " ".join(f"a{s}" for s in range(2 * n - 1)) + " " + " ".join(f"b{d}" for d in range(2 * n - 1)))
    for i in range(n):
        for j in range(n):
            print(f"r{i} c{j} a{i + j} b{i - j + n - 1}")


def forced(n):
    out = sys.stdout
    out.write(" ".join(f"x{k}" for k in range(n)) + "\n")
    out.writelines(f"x{k}\n" for k in range(n))


if __name__ == "__main__":
    kind, *sizes = sys.argv[1:] or ["help"]
    makers = {"pentominoes": (pentominoes, 2), "langford": (langford, 1), "queens": (queens, 1),
              "queens-middle": (lambda n: queens(n, middle_out=True), 1), "forced": (forced, 1)}
    if kind not in makers or len(sizes) != makers[kind][1] or not all(s.isdigit() for s in sizes):
        sys.exit(__doc__)
    makers[kind][0](*map(int, sizes))
