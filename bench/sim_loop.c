/* A plain scalar C loop playing bench/simulate.py's flat game: the anchor its simulator figure is
 * measured against, in the same run (bench/simulate.py compiles it with the system's cc under a
 * temporary directory; nothing is built into the checkout).
 *
 *     cc -O2 -o /tmp/sim_loop bench/sim_loop.c -lm && /tmp/sim_loop ROUNDS SEED
 *
 * The game: six decks, the dealer standing on soft 17 and peeking for a natural, doubling any
 * two cards and after a split, splitting to four hands but not resplitting aces (a split ace
 * takes one card), no surrender, 3:2; one seat, flat bets of one unit, 75% penetration (a shoe
 * of 312 cards shuffled again once 234 are dealt, one card burned); the textbook basic strategy
 * of those rules on two cards (hit or stand after). The cards come from a shoe of values shuffled
 * by Fisher-Yates with xoshiro256** (Blackman and Vigna) and Lemire's bounded numbers, as the
 * simulator's own shoe.
 *
 * It prints the rounds, the seconds of CPU time they took, the rounds a CPU second, and the edge
 * (to the house, percent) with its standard error: some 0.4% for these rules.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define DECKS 6
#define CARDS (52 * DECKS)
#define CUT (CARDS * 3 / 4)

static uint64_t s[4];

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t next(void) {
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

static uint32_t below(uint32_t n) {
    uint64_t m = (next() >> 32) * (uint64_t)n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t limit = -n % n;
        while (low < limit) {
            m = (next() >> 32) * (uint64_t)n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

static int8_t shoe[CARDS];
static int at;

static void shuffle(void) {
    for (int i = CARDS - 1; i > 0; i--) {
        int j = (int)below((uint32_t)i + 1);
        int8_t c = shoe[i];
        shoe[i] = shoe[j];
        shoe[j] = c;
    }
    at = 1; /* one card burned */
}

static inline int deal(void) { return shoe[at++]; }

/* Plays: H hit, S stand, D double (else hit), d double (else stand), P split. By up card 1..10
 * (ace first). */
static const char *HARD[22] = {
    [4] = "HHHHHHHHHH", [5] = "HHHHHHHHHH", [6] = "HHHHHHHHHH", [7] = "HHHHHHHHHH", [8] = "HHHHHHHHHH",
    [9] = "HHDDDDHHHH", [10] = "HDDDDDDDDH", [11] = "HDDDDDDDDD", [12] = "HHHSSSHHHH",
    [13] = "HSSSSSHHHH", [14] = "HSSSSSHHHH", [15] = "HSSSSSHHHH", [16] = "HSSSSSHHHH",
    [17] = "SSSSSSSSSS", [18] = "SSSSSSSSSS", [19] = "SSSSSSSSSS", [20] = "SSSSSSSSSS",
    [21] = "SSSSSSSSSS",
};
static const char *SOFT[22] = {
    [12] = "HHHHHHHHHH", [13] = "HHHHDDHHHH", [14] = "HHHHDDHHHH", [15] = "HHHDDDHHHH", [16] = "HHHDDDHHHH",
    [17] = "HHDDDDHHHH", [18] = "HSddddSSHH", [19] = "SSSSSSSSSS", [20] = "SSSSSSSSSS",
    [21] = "SSSSSSSSSS",
};
static const char *PAIR[11] = {
    [1] = "PPPPPPPPPP", [2] = "HPPPPPPHHH", [3] = "HPPPPPPHHH", [4] = "HHHHPPHHHH",
    [5] = "HDDDDDDDDH", [6] = "HPPPPPHHHH", [7] = "HPPPPPPHHH", [8] = "PPPPPPPPPP",
    [9] = "SPPPPPSPPS", [10] = "SSSSSSSSSS",
};

typedef struct {
    int hard, aces, n, c0, split, doubled;
} Hand;

static inline int total(const Hand *h) { return h->aces && h->hard <= 11 ? h->hard + 10 : h->hard; }
static inline int soft(const Hand *h) { return h->aces && h->hard <= 11; }
static inline void add(Hand *h, int v) {
    h->hard += v;
    h->aces |= v == 1;
    h->n++;
}

/* Hand ``i`` played out by the chart; a split's second hand goes to the end of ``hands`` (with
 * one card: it takes its second when its turn comes). */
static void play(Hand *hands, int *count, int i, int up) {
    Hand *h = &hands[i];
    if (h->n == 1) {
        add(h, deal());
        if (h->c0 == 1) return; /* a split ace takes one card */
    }
    for (;;) {
        int t = total(h);
        if (t >= 21) return;
        char c;
        int pair = h->n == 2 && h->hard == 2 * h->c0;
        if (pair && *count < 4 && !(h->c0 == 1 && h->split))
            c = PAIR[h->c0][up - 1];
        else
            c = soft(h) ? SOFT[t][up - 1] : HARD[t][up - 1];
        if (c == 'P') {
            hands[(*count)++] = (Hand){h->c0, h->c0 == 1, 1, h->c0, 1, 0};
            *h = (Hand){h->c0, h->c0 == 1, 1, h->c0, 1, 0};
            add(h, deal());
            if (h->c0 == 1) return;
            continue;
        }
        if ((c == 'D' || c == 'd') && h->n == 2) {
            add(h, deal());
            h->doubled = 1;
            return;
        }
        if (c == 'S' || c == 'd') return;
        add(h, deal());
    }
}

static double round_net(void) {
    Hand hands[4];
    int p1 = deal(), up = deal(), p2 = deal(), hole = deal();
    hands[0] = (Hand){p1 + p2, p1 == 1 || p2 == 1, 2, p1, 0, 0};
    if (p2 != p1) hands[0].c0 = 0; /* c0 marks a pair only */
    Hand dealer = {up + hole, up == 1 || hole == 1, 2, up, 0, 0};
    int player_bj = total(&hands[0]) == 21;
    if (total(&dealer) == 21) return player_bj ? 0.0 : -1.0; /* the peek */
    if (player_bj) return 1.5;
    int count = 1;
    for (int i = 0; i < count; i++) play(hands, &count, i, up);
    int live = 0;
    for (int i = 0; i < count; i++) live |= total(&hands[i]) <= 21;
    if (live)
        while (total(&dealer) < 17) add(&dealer, deal());
    int d = total(&dealer);
    double net = 0.0;
    for (int i = 0; i < count; i++) {
        int t = total(&hands[i]);
        double stake = hands[i].doubled ? 2.0 : 1.0;
        if (t > 21) net -= stake;
        else if (d > 21 || t > d) net += stake;
        else if (t < d) net -= stake;
    }
    return net;
}

int main(int argc, char **argv) {
    long rounds = argc > 1 ? atol(argv[1]) : 10000000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    for (int i = 0; i < 4; i++) { /* splitmix64 */
        seed += 0x9E3779B97F4A7C15ULL;
        uint64_t z = seed;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        s[i] = z ^ (z >> 31);
    }
    for (int i = 0; i < CARDS; i++) {
        int rank = i % 13;
        shoe[i] = (int8_t)(rank >= 9 ? 10 : rank + 1);
    }
    shuffle();
    double sum = 0.0, squares = 0.0;
    clock_t start = clock();
    for (long r = 0; r < rounds; r++) {
        if (at >= CUT) shuffle();
        double x = round_net();
        sum += x;
        squares += x * x;
    }
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    double mean = sum / rounds, sd = squares / rounds - mean * mean;
    printf("rounds %ld cpu_seconds %.4f rounds_per_second %.0f edge %.4f se %.4f\n", rounds,
           seconds, rounds / seconds, -100.0 * mean, 100.0 * sqrt(sd / rounds));
    return 0;
}
