/* Offline search for base sittings of Z-cyclic whist designs Wh(N) over Z_m (m = N for N = 4k + 1,
   m = N - 1 plus infinity, written N - 1, for N = 4k); only for producing the data stored in
   league/nights/whist_designs.py (BASES), whose tests check it. Prints one Python line per design.

   gcc -O2 -o /tmp/whist_starters scripts/whist_starters.c
   nice -n 10 /tmp/whist_starters N NODES SECONDS [SEED]    (CPU seconds; NODES per starter)

   Two stages. The partner pairs of a base sitting are a starter of Z_m: the non-zero elements in
   pairs whose differences {d, -d} are all the classes once (for N = 4k, infinity partners 0). A
   random starter first (greedy: the free point with fewest choices, a random one of them; retried
   until it completes), then an exact search pairing its pairs into tables so that the opponents'
   differences give every class exactly twice: branch on the pair with fewest possible mates or the
   class with fewest tables that could still give it, whichever is fewer; a class that can no
   longer be given twice prunes. After NODES nodes, the next starter. Deterministic for a given
   N, NODES and SEED (the time limit only stops it). The stored 44 to 60 came from
   NODES = 100000, seed 0 (60: seed 1); see whist_designs.py. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static int N, m, np, inf;
static int pa[64][2], used[64], cnt[64], rowd[64][64][4], rown[64][64], mate[64];
static long nodes, limit;
static int cls(int x) { x = ((x % m) + m) % m; return x <= m / 2 ? x : m - x; }
static unsigned long long rs = 88172645463325252ULL;
static unsigned rnd(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return (unsigned)(rs >> 11); }
/* a random starter of Z_m in pa[0..np) (greedy, restarted until it completes) */
static int starter(void) {
    for (int attempt = 0; attempt < 100000; attempt++) {
        int freep[128], nf = 0, usedc[64] = {0}, ok = 1; /* free points; classes used */
        np = 0;
        for (int x = 1; x < m; x++) freep[nf++] = x;
        while (nf) {
            /* pick the free point with fewest options */
            int best = -1, bo = 1 << 30;
            for (int i = 0; i < nf; i++) {
                int o = 0;
                for (int j = 0; j < nf; j++) if (j != i && !usedc[cls(freep[i] - freep[j])]) o++;
                if (o < bo || (o == bo && rnd() % 2)) { bo = o; best = i; }
            }
            if (bo == 0) { ok = 0; break; }
            int pick = rnd() % bo, j;
            for (j = 0; j < nf; j++) if (j != best && !usedc[cls(freep[best] - freep[j])] && pick-- == 0) break;
            int a = freep[best], b = freep[j];
            usedc[cls(a - b)] = 1; pa[np][0] = a; pa[np][1] = b; np++;
            int hi = best > j ? best : j, lo = best > j ? j : best;
            freep[hi] = freep[--nf]; freep[lo] = freep[--nf];
        }
        if (ok) return 1;
    }
    return 0;
}
static int fits(int i, int j) {
    int add[64] = {0};
    for (int t = 0; t < rown[i][j]; t++) { int d = rowd[i][j][t]; if (cnt[d] + ++add[d] > 2) return 0; }
    return 1;
}
static void put(int i, int j, int by) {
    used[i] = used[j] = by > 0;
    for (int t = 0; t < rown[i][j]; t++) cnt[rowd[i][j][t]] += by;
    if (by > 0) { mate[i] = j; mate[j] = i; }
}
static int dfs(int left) {
    if (!left) return 1;
    if (++nodes > limit) return 0;
    /* every open row (two unused pairs that fit); the most constrained pair or class decides the branch */
    int mates[64] = {0}, cover[64] = {0}, ri[2048], rj[2048], nr = 0;
    for (int i = 0; i < np; i++) if (!used[i]) for (int j = i + 1; j < np; j++) if (!used[j] && fits(i, j)) {
        ri[nr] = i; rj[nr++] = j; mates[i]++; mates[j]++;
        for (int t = 0; t < rown[i][j]; t++) cover[rowd[i][j][t]]++;
    }
    int bp = -1, bpn = 1 << 30, bc = -1, bcn = 1 << 30;
    for (int i = 0; i < np; i++) if (!used[i]) { if (!mates[i]) return 0; if (mates[i] < bpn) { bpn = mates[i]; bp = i; } }
    for (int d = 1; d <= m / 2; d++) if (cnt[d] < 2) {
        if (cover[d] < 2 - cnt[d]) return 0;
        if (cover[d] < bcn) { bcn = cover[d]; bc = d; }
    }
    int cand[2048], nc = 0;
    for (int r = 0; r < nr; r++) {
        int hit = 0;
        if (bpn <= bcn) hit = ri[r] == bp || rj[r] == bp;
        else for (int t = 0; t < rown[ri[r]][rj[r]]; t++) hit |= rowd[ri[r]][rj[r]][t] == bc;
        if (hit) cand[nc++] = r;
    }
    for (int k = nc - 1; k > 0; k--) { int r = rnd() % (k + 1), t = cand[k]; cand[k] = cand[r]; cand[r] = t; }
    for (int c = 0; c < nc; c++) {
        int i = ri[cand[c]], j = rj[cand[c]];
        put(i, j, 1);
        if (dfs(left - 2)) return 1;
        put(i, j, -1);
        if (nodes > limit) break;
    }
    return 0;
}
int main(int argc, char **argv) {
    N = atoi(argv[1]); limit = atol(argv[2]); double secs = atof(argv[3]); rs += argc > 4 ? atoi(argv[4]) : 0;
    m = N % 4 ? N : N - 1; inf = N % 4 ? -1 : N - 1;
    double start = (double)clock() / CLOCKS_PER_SEC;
    for (long it = 0; (double)clock() / CLOCKS_PER_SEC - start < secs; it++) {
        if (!starter()) { fprintf(stderr, "no starter\n"); return 2; }
        if (inf >= 0) { pa[np][0] = inf; pa[np][1] = 0; np++; }
        for (int i = 0; i < np; i++) for (int j = 0; j < np; j++) {
            rown[i][j] = 0;
            if (i == j) continue;
            for (int x = 0; x < 2; x++) for (int y = 0; y < 2; y++) {
                int a = pa[i][x], b = pa[j][y];
                if (a == inf || b == inf) continue;
                rowd[i][j][rown[i][j]++] = cls(a - b);
            }
        }
        memset(used, 0, sizeof used); memset(cnt, 0, sizeof cnt); nodes = 0;
        if (dfs(np)) {
            printf("    %d: ((%d,), [", N, m);
            int first = 1;
            for (int i = 0; i < np; i++) if (i < mate[i]) {
                int j = mate[i];
                printf("%s(%d, %d, %d, %d)", first ? "" : ", ", pa[i][0], pa[i][1], pa[j][0], pa[j][1]); first = 0;
            }
            printf("]),\n");
            fprintf(stderr, "starter %ld, %ld nodes, %.1f s\n", it, nodes, (double)clock() / CLOCKS_PER_SEC - start);
            return 0;
        }
        if (it % 50 == 0) fprintf(stderr, "starter %ld: %ld nodes, %.1f s\n", it, nodes, (double)clock() / CLOCKS_PER_SEC - start);
    }
    return 1;
}
