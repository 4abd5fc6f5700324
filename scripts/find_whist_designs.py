"""Find base sittings of cyclic whist designs (league/nights/whist_designs.py ``BASES``), offline.

A base sitting is k tables (a, b; c, d) over an abelian group of odd order m (moduli given),
plus "infinity" for N = 4k. It makes a whist design when the differences of its partner pairs
cover every non-zero element once and those of its opponent pairs twice. Simulated annealing on
the count of misses (swap two points; keep a swap that does not raise the count, or sometimes
one that does). Slow for large N in pure Python; the tests check whatever is stored.

    .venv/bin/python scripts/find_whist_designs.py SEED N[:MODULUS:MODULUS] ...
"""

import math
import random
import sys
import time


def group(moduli):
    m = math.prod(moduli)

    def coords(x):
        out = []
        for q in reversed(moduli):
            out.append(x % q)
            x //= q
        return out[::-1]

    def enc(c):
        x = 0
        for q, v in zip(moduli, c):
            x = x * q + v
        return x

    C = [coords(x) for x in range(m)]
    sub = [[enc([(a - b) % q for a, b, q in zip(C[i], C[j], moduli)]) for j in range(m)] for i in range(m)]
    return m, sub


PARTNERS = ((0, 1), (2, 3))
OPPONENTS = ((0, 2), (0, 3), (1, 2), (1, 3))


def find(n, moduli, rng, budget):
    m, sub = group(moduli)
    INF = -1
    points = list(range(1, m)) if m == n else [INF, *range(m)]
    assert len(points) % 4 == 0
    rng.shuffle(points)
    tables = [points[i : i + 4] for i in range(0, len(points), 4)]
    part = [0] * m
    opp = [0] * m
    cost = [0]

    def upd(table, sign):
        for pairs, counts, target in ((PARTNERS, part, 1), (OPPONENTS, opp, 2)):
            for i, j in pairs:
                a, b = table[i], table[j]
                if a == INF or b == INF:
                    continue
                for d in (sub[a][b], sub[b][a]):
                    x = counts[d]
                    cost[0] += abs(x + sign - target) - abs(x - target)
                    counts[d] = x + sign

    for t in tables:
        upd(t, 1)
    cost[0] = sum(abs(part[d] - 1) + abs(opp[d] - 2) for d in range(1, m))
    T = 1.5
    k = len(tables)
    for step in range(budget):
        c = cost[0]
        if c == 0:
            return [tuple(n - 1 if p == INF else p for p in t) for t in tables]
        t1, t2 = rng.randrange(k), rng.randrange(k)
        s1, s2 = rng.randrange(4), rng.randrange(4)
        if t1 == t2 and (s1 == s2 or {s1, s2} in ({0, 1}, {2, 3})):
            continue
        touched = [tables[t1]] if t1 == t2 else [tables[t1], tables[t2]]
        for t in touched:
            upd(t, -1)
        tables[t1][s1], tables[t2][s2] = tables[t2][s2], tables[t1][s1]
        for t in touched:
            upd(t, 1)
        new = cost[0]
        if not (new <= c or rng.random() < math.exp((c - new) / T)):
            for t in touched:
                upd(t, -1)
            tables[t1][s1], tables[t2][s2] = tables[t2][s2], tables[t1][s1]
            for t in touched:
                upd(t, 1)
        T = max(0.1, T * 0.99995)
        if step % 200000 == 199999:
            T = 1.5
    return None


if __name__ == "__main__":
    rng = random.Random(int(sys.argv[1]))
    for spec in sys.argv[2:]:
        n, *mods = [int(x) for x in spec.split(":")]
        mods = mods or ([n] if n % 4 == 1 else [n - 1])
        t = time.time()
        found = None
        for _attempt in range(4):
            found = find(n, mods, rng, 1_000_000)
            if found:
                break
        print(f"{n}: ({tuple(mods)!r}, {found!r}),  # {time.time() - t:.1f}s", flush=True)
