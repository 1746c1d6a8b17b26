// SPDX-License-Identifier: GPL-2.0
/*
 * The userspace benchmark: 6.12's seq_buf, the series' seq_buf and
 * bcachefs's printbuf, built from the pinned tree by tools/bench/run, run
 * the workloads of workloads.h side by side.
 *
 * Run natively, it times each workload and prints "NAME.ns VALUE ns/op",
 * the median of BENCH_REPS runs. Run under callgrind, it brackets each
 * workload with client requests instead: one statistics dump per workload,
 * named "NAME:OPS", from which tools/bench/report takes the instructions
 * per operation. Either way it checks that the tables of W3 are the same
 * text and prints "w3.same.IMPL 1 bool" (0 if not).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <valgrind/callgrind.h>

#include "floor.h"
#include "workloads-data.h"

/*
 * Many short runs: on a loaded machine, a run that fits in a time slice
 * is not preempted, and the median is one of those.
 */
#define BENCH_REPS	51

char bench_big[BENCH_BIG_SIZE];

DECLARE_IMPL(v612);
DECLARE_IMPL(series);
DECLARE_IMPL(printbuf);

static unsigned long bench_floor_trace(unsigned long n)
{
	static char buf[BENCH_LINE_SIZE];
	unsigned long i, sum = 0;

	for (i = 0; i < n; i++)
		sum += bench_bare_printf(buf, sizeof(buf), BENCH_TRACE_FMT,
					 BENCH_TRACE_ARGS(i));
	return sum;
}

struct workload {
	const char *name;
	unsigned long (*fn)(unsigned long n);
	/* Operations per call of fn(1) */
	unsigned long ops;
	/* Calls measured: under callgrind, and per timed repetition */
	unsigned long n_instr, n_time;
};

static const struct workload workloads[] = {
	{ "w0.init.v612", bench_v612_init, 1, 1000, 50000 },
	{ "w0.init.series", bench_series_init, 1, 1000, 50000 },
	{ "w1.trace.floor", bench_floor_trace, 1, 1000, 500 },
	{ "w1.trace.v612", bench_v612_trace, 1, 1000, 500 },
	{ "w1.trace.series", bench_series_trace, 1, 1000, 500 },
	{ "w1.trace.printbuf", bench_printbuf_trace, 1, 1000, 500 },
	{ "w2.puts.v612", bench_v612_puts, 1, 1000, 500 },
	{ "w2.puts.series", bench_series_puts, 1, 1000, 500 },
	{ "w2.puts.printbuf", bench_printbuf_puts, 1, 1000, 500 },
	{ "w3.table.hand", bench_v612_table_hand, 1, 100, 20 },
	{ "w3.table.series_hand", bench_series_table_hand, 1, 100, 20 },
	{ "w3.table.series", bench_series_table_fmt, 1, 100, 20 },
	{ "w3.table.printbuf", bench_printbuf_table_fmt, 1, 100, 20 },
	{ "w4.fill.prealloc", bench_series_prealloc, BENCH_FILL_WRITES, 4, 1 },
	{ "w4.fill.grow", bench_series_grow, BENCH_FILL_WRITES, 4, 1 },
	{ "w4.fill.v612_prealloc", bench_v612_prealloc, BENCH_FILL_WRITES, 4, 1 },
	{ "w4.fill.printbuf_prealloc", bench_printbuf_prealloc, BENCH_FILL_WRITES, 4, 1 },
	{ "w4.fill.printbuf_grow", bench_printbuf_grow, BENCH_FILL_WRITES, 4, 1 },
};

#define NR_WORKLOADS	((int)(sizeof(workloads) / sizeof(workloads[0])))

/* What the workloads return, so that none of their work is dead */
static volatile unsigned long sink;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void count_instructions(const struct workload *w)
{
	char name[128];

	snprintf(name, sizeof(name), "%s:%lu", w->name, w->n_instr * w->ops);
	/* Once first, to resolve symbols and touch the buffers */
	sink += w->fn(1);
	CALLGRIND_ZERO_STATS;
	sink += w->fn(w->n_instr);
	CALLGRIND_DUMP_STATS_AT(name);
}

/*
 * Each repetition runs every workload once, so that a change in the load
 * of the machine affects them all alike; the median of each is printed.
 */
static void time_workloads(void)
{
	static double ns[NR_WORKLOADS][BENCH_REPS];
	const struct workload *w;
	uint64_t t0;
	int i, r;

	for (i = 0; i < NR_WORKLOADS; i++)
		sink += workloads[i].fn(workloads[i].n_time);
	for (r = 0; r < BENCH_REPS; r++) {
		for (i = 0; i < NR_WORKLOADS; i++) {
			w = &workloads[i];
			t0 = now_ns();
			sink += w->fn(w->n_time);
			ns[i][r] = (double)(now_ns() - t0) / (w->n_time * w->ops);
		}
	}
	for (i = 0; i < NR_WORKLOADS; i++) {
		qsort(ns[i], BENCH_REPS, sizeof(ns[i][0]), cmp_double);
		printf("%s.ns %.2f ns/op\n", workloads[i].name,
		       ns[i][BENCH_REPS / 2]);
	}
}

/* W3: every table must be the text of the hand-padded one */
static int check_table(const char *impl, unsigned long (*fn)(unsigned long),
		       const char *(*text)(void), const char *ref)
{
	const char *got;
	size_t i;

	fn(1);
	got = text();
	for (i = 0; ref[i] && got[i] == ref[i]; i++)
		;
	printf("w3.same.%s %d bool\n", impl, got[i] == ref[i]);
	if (got[i] == ref[i])
		return 1;
	fprintf(stderr, "bench: W3 table of %s differs from the hand-padded one at byte %zu:\n"
		"--- hand-padded\n%s\n--- %s\n%s\n", impl, i, ref, impl, got);
	return 0;
}

int main(int argc, char **argv)
{
	static char ref[BENCH_TABLE_SIZE];
	int i, ok = 1;

	bench_v612_table_hand(1);
	snprintf(ref, sizeof(ref), "%s", bench_v612_table_text());
	if (argc > 1 && !strcmp(argv[1], "--table")) {
		fputs(ref, stdout);
		return 0;
	}
	ok &= check_table("series", bench_series_table_fmt,
			  bench_series_table_text, ref);
	ok &= check_table("series_hand", bench_series_table_hand,
			  bench_series_table_text, ref);
	ok &= check_table("printbuf", bench_printbuf_table_fmt,
			  bench_printbuf_table_text, ref);

	if (RUNNING_ON_VALGRIND) {
		for (i = 0; i < NR_WORKLOADS; i++)
			count_instructions(&workloads[i]);
	} else {
		time_workloads();
	}
	return ok ? 0 : 1;
}
