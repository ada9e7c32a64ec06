/* A Kalah engine in C for the tests (Mancala Engine Protocol, docs/protocol.md),
   with UCI habits: an "info string" in the handshake, info lines with seldepth,
   score cp and hashfull. It plays the turn that gains the most seeds now, ties
   broken by a generator seeded with the option seed (the full 64-bit range). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

static int pits[2][6], stores[2], mover;
static uint64_t rng = 1;

static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

static void start(void) {
	for (int s = 0; s < 2; s++) for (int i = 0; i < 6; i++) pits[s][i] = 4;
	stores[0] = stores[1] = 0; mover = 0;
}

/* play sows pit i of the mover (the default rules: stores sown by their owner,
   extra turn in the own store, capture into an own empty pit, the end sweeps). */
static void play(int p[2][6], int st[2], int *mv, int i) {
	int me = *mv, side = me, seeds = p[me][i];
	p[me][i] = 0;
	while (seeds) {
		i++;
		if (i == 6 && side == me) { st[me]++; seeds--; continue; }
		if (i >= 6) { side = 1 - side; i = 0; }
		p[side][i]++; seeds--;
	}
	int extra = side == me && i == 6;
	if (!extra && side == me && p[me][i] == 1) {
		st[me] += 1 + p[1 - me][5 - i];
		p[me][i] = p[1 - me][5 - i] = 0;
	}
	int e0 = 1, e1 = 1;
	for (int k = 0; k < 6; k++) { if (p[0][k]) e0 = 0; if (p[1][k]) e1 = 0; }
	if (e0 || e1) {
		for (int k = 0; k < 6; k++) { st[0] += p[0][k]; st[1] += p[1][k]; p[0][k] = p[1][k] = 0; }
	}
	*mv = extra ? me : 1 - me;
}

static int best(void) {
	int gain[6], top = -1, n = 0, choice[6];
	for (int i = 0; i < 6; i++) {
		gain[i] = -1;
		if (!pits[mover][i]) continue;
		int p[2][6], st[2] = {stores[0], stores[1]}, mv = mover;
		memcpy(p, pits, sizeof p);
		play(p, st, &mv, i);
		gain[i] = st[mover] - stores[mover];
		if (gain[i] > top) top = gain[i];
	}
	for (int i = 0; i < 6; i++) if (gain[i] == top) choice[n++] = i;
	return choice[next() % n];
}

static void position(char *args) {
	char *moves = strstr(args, " moves ");
	if (strncmp(args, "start", 5) == 0) start();
	else {
		/* set pits=a.b.c.d.e.f/g.h.i.j.k.l stores=x,y move=south|north */
		char *p = strstr(args, "pits=") + 5;
		for (int s = 0; s < 2; s++) for (int i = 0; i < 6; i++) pits[s][i] = (int)strtol(p, &p, 10), p++;
		char *q = strstr(args, "stores=") + 7;
		stores[0] = (int)strtol(q, &q, 10); stores[1] = (int)strtol(q + 1, NULL, 10);
		mover = strstr(args, "move=north") ? 1 : 0;
	}
	if (moves) for (char *t = strtok(moves + 7, " \n"); t; t = strtok(NULL, " \n")) play(pits, stores, &mover, t[0] - 'a');
}

int main(void) {
	char line[4096];
	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof line, stdin)) {
		if (strncmp(line, "mep", 3) == 0) {
			printf("info string hello from C\nid name c-kalah\nid author tests\n"
			       "option name seed type int default 1 min 0 max 18446744073709551615\ngames kalah\nmepok 1\n");
		} else if (strncmp(line, "setoption name seed value ", 26) == 0) {
			rng = strtoull(line + 26, NULL, 10) | 1;
		} else if (strncmp(line, "isready", 7) == 0) {
			printf("readyok\n");
		} else if (strncmp(line, "newgame", 7) == 0) {
			start();
		} else if (strncmp(line, "position ", 9) == 0) {
			position(line + 9);
		} else if (strncmp(line, "go", 2) == 0) {
			int b = best();
			printf("info depth 1 seldepth 1 score cp %d hashfull 0 nodes 6 pv %c\n", 100 * (stores[mover] - stores[1 - mover]), 'a' + b);
			printf("bestturn %c\n", 'a' + b);
		} else if (strncmp(line, "quit", 4) == 0) {
			return 0;
		}
	}
	return 0;
}
