/* Offline search for base sittings of Z-cyclic whist designs Wh(N) over Z_m (m = N for N = 4k + 1,
   m = N - 1 plus infinity, written m, for N = 4k); only for producing the data stored in
   league/nights/whist_designs.py (BASES), whose tests check it. Prints one Python line per design.

   gcc -O2 -o /tmp/whist_search scripts/whist_search.c -lm
   nice -n 10 /tmp/whist_search N SECONDS [SEED]    (CPU seconds; 1/8 of them on the symmetric form)

   First a search for the symmetric form (x, -x; y, -y), plus (inf, 0; x, -x) for N = 4k: partners
   then cover every difference by themselves, and the tables must pair the classes {x, -x} so that
   x + y and x - y give each class once. Failing that, simulated annealing on the general base
   sitting: swap two points (one of them in a clash), the cost the misses of the partner (once) and
   opponent (twice) counts; restarts until the time is up. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int N, m, k, inf, P[128], O[128], slot[128], used[128];
static long cost;
static long nodes, fewest = 1L << 30;

static double now(void) { return (double)clock() / CLOCKS_PER_SEC; }
static int cls(int x) { x = ((x % m) + m) % m; return x <= m / 2 ? x : m - x; }

/* symmetric form: pair up the classes 1..m/2 (one class alone next to infinity for N = 4k) */
static int pairs[64][2], order[64];
static int sym(int depth) { /* exact cover, the class (as a table's point or as a sum/difference) with fewest ways first */
    if (++nodes > 1000000) return 0;
    int c = m / 2, ways[128] = {0}, cand[1024][2], nc = 0;
    for (int i = 0; i < c; i++) for (int j = i + 1; j < c; j++) {
        int x = order[i], y = order[j], s = cls(x + y), d = cls(x - y);
        if (used[x + 64] || used[y + 64] || s == 0 || d == 0 || s == d || used[s] || used[d]) continue;
        cand[nc][0] = x; cand[nc++][1] = y;
        ways[x + 64]++; ways[y + 64]++; ways[s]++; ways[d]++;
    }
    int best = -1;
    for (int x = 1; x <= c; x++) for (int side = 0; side < 128; side += 64)
        if (!used[x + side] && (best < 0 || ways[x + side] < ways[best])) best = x + side;
    if (best < 0) return 1;
    for (int i = 0; i < nc; i++) {
        int x = cand[i][0], y = cand[i][1], s = cls(x + y), d = cls(x - y);
        if (x + 64 != best && y + 64 != best && s != best && d != best) continue;
        used[x + 64] = used[y + 64] = used[s] = used[d] = 1;
        pairs[depth][0] = x; pairs[depth][1] = y;
        if (sym(depth + 1)) return 1;
        used[x + 64] = used[y + 64] = used[s] = used[d] = 0;
    }
    return 0;
}

static void change(int *count, int d, int by, int want) {
    cost -= labs(count[d] - want); count[d] += by; cost += labs(count[d] - want);
}
static void pair(int *count, int a, int b, int by, int want) {
    if (a == inf || b == inf) return;
    change(count, (a - b + m) % m, by, want); change(count, (b - a + m) % m, by, want);
}
static void table(int t, int by) {
    int *s = slot + 4 * t;
    pair(P, s[0], s[1], by, 1); pair(P, s[2], s[3], by, 1);
    for (int i = 0; i < 2; i++) for (int j = 2; j < 4; j++) pair(O, s[i], s[j], by, 2);
}
static void swap(int i, int j) {
    int ti = i / 4, tj = j / 4, t;
    table(ti, -1); if (tj != ti) table(tj, -1);
    t = slot[i]; slot[i] = slot[j]; slot[j] = t;
    table(ti, 1); if (tj != ti) table(tj, 1);
}
static int over(int *count, int a, int b, int want) {
    return a != inf && b != inf && count[(a - b + m) % m] > want;
}
static int excess(int i) { /* the point in slot i makes a difference once too often */
    int x = slot[i], base = i & ~3, other = (i & 2) ? base : base + 2;
    return over(P, x, slot[i ^ 1], 1) || over(O, x, slot[other], 2) || over(O, x, slot[other + 1], 2);
}
static void print(void) {
    printf("    %d: ((%d,), [", N, m);
    for (int t = 0; t < k; t++) printf("(%d, %d, %d, %d)%s", slot[4*t], slot[4*t+1], slot[4*t+2], slot[4*t+3], t < k - 1 ? ", " : "");
    printf("]),\n");
}

int main(int argc, char **argv) {
    N = atoi(argv[1]); k = N / 4; m = N % 4 ? N : N - 1; inf = N % 4 ? -1 : m;
    double limit = atof(argv[2]);
    srand(argc > 3 ? atoi(argv[3]) : 1);
    /* symmetric form, random orders of the classes, a short deadline each */
    double start = now();
    while (now() - start < limit / 8) {
        for (int i = 0; i < m / 2; i++) order[i] = i + 1;
        for (int i = m / 2 - 1; i > 0; i--) { int j = rand() % (i + 1), t = order[i]; order[i] = order[j]; order[j] = t; }
        memset(used, 0, sizeof used);
        int lone = 0;
        if (inf >= 0) { lone = order[0]; used[lone + 64] = used[lone] = 1; }
        nodes = 0;
        if (sym(0)) {
            int t = 0;
            if (inf >= 0) { slot[0] = inf; slot[1] = 0; slot[2] = lone; slot[3] = m - lone; t = 1; }
            for (int i = 0; t < k; i++, t++) {
                slot[4*t] = pairs[i][0]; slot[4*t+1] = m - pairs[i][0]; slot[4*t+2] = pairs[i][1]; slot[4*t+3] = m - pairs[i][1];
            }
            print(); fprintf(stderr, "symmetric, %.1f s\n", now() - start); return 0;
        }
    }
    /* annealing on the general form */
    for (int restart = 0; now() - start < limit; restart++) {
        int n = 0;
        for (int x = 0; x < m; x++) if (x || inf >= 0) slot[n++] = x;
        if (inf >= 0) slot[n++] = inf;
        for (int i = n - 1; i > 0; i--) { int j = rand() % (i + 1), t = slot[i]; slot[i] = slot[j]; slot[j] = t; }
        memset(P, 0, sizeof P); memset(O, 0, sizeof O);
        cost = 3L * (m - 1);
        for (int t = 0; t < k; t++) table(t, 1);
        double T = 2.0;
        for (long it = 0; it < 20000000 && cost; it++) {
            int i = rand() % n, j = rand() % n;
            for (int tries = 0; tries < 8 && !excess(i); tries++) i = rand() % n; /* move a point in a clash */
            if (i == j) continue;
            long before = cost;
            swap(i, j);
            long delta = cost - before;
            if (delta > 0 && (double)rand() / RAND_MAX >= __builtin_exp(-delta / T)) swap(i, j);
            T = T > 0.3 ? T * 0.9999995 : 0.3;
            if (cost < fewest) fewest = cost;
            if (!(it & 0xffff) && now() - start > limit) break;
        }
        if (!cost) { print(); fprintf(stderr, "annealing, restart %d, %.1f s\n", restart, now() - start); return 0; }
    }
    fprintf(stderr, "none in %.0f s (fewest misses %ld)\n", now() - start, fewest);
    return 1;
}
