// SPDX-License-Identifier: GPL-2.0
/*
 * In-kernel benchmark of seq_buf: the workloads of workloads.h, run with
 * 6.12's seq_buf (built next to the series' one with its symbols renamed,
 * see tools/bench/kernel) and with the series' seq_buf, and a bare
 * vsnprintf() into a char array as the floor of W1. Prints
 * "bench: NAME VALUE ns/op", the median of BENCH_REPS timed runs (of the
 * last round), and for the pairs the median of BENCH_ROUNDS rounds of
 * paired ratios with the rounds' spread.
 *
 * Not part of the series: tools/bench/kernel copies it into a worktree of
 * the series and runs it on UML with kunit.py. The case is slow.
 */
#include <kunit/test.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/sprintf.h>
#include <linux/string.h>
#include <linux/timekeeping.h>

#include "workloads-data.h"

#define BENCH_REPS	101
/*
 * The paired ratios are measured in this many rounds of BENCH_REPS each;
 * the figure is the median of the rounds' medians, and their spread says
 * whether the rounds agree.
 */
#define BENCH_ROUNDS	3

char bench_big[BENCH_BIG_SIZE];

DECLARE_IMPL(v612);
DECLARE_IMPL(series);

static noinline __printf(3, 4)
int bench_bare_printf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return len;
}

static unsigned long bench_floor_trace(unsigned long n)
{
	static char buf[BENCH_LINE_SIZE];
	unsigned long i, sum = 0;

	for (i = 0; i < n; i++)
		sum += bench_bare_printf(buf, sizeof(buf), BENCH_TRACE_FMT,
					 BENCH_TRACE_ARGS(i));
	return sum;
}

/*
 * n is chosen so that a timed run lasts 100 us or more: UML's clock moves
 * in steps of a few hundred ns, which must stay well under 1% of a run.
 */
struct bench_workload {
	const char *name;
	unsigned long (*fn)(unsigned long n);
	unsigned long ops;	/* operations per call of fn(1) */
	unsigned long n;	/* calls per timed run */
};

static const struct bench_workload bench_workloads[] = {
	{ "k.w0.init.v612", bench_v612_init, 1, 200000 },
	{ "k.w0.init.series", bench_series_init, 1, 200000 },
	{ "k.w1.trace.floor", bench_floor_trace, 1, 400 },
	{ "k.w1.trace.v612", bench_v612_trace, 1, 400 },
	{ "k.w1.trace.series", bench_series_trace, 1, 400 },
	{ "k.w2.puts.v612", bench_v612_puts, 1, 400 },
	{ "k.w2.puts.series", bench_series_puts, 1, 400 },
	{ "k.w3.table.hand", bench_v612_table_hand, 1, 25 },
	{ "k.w3.table.series", bench_series_table_fmt, 1, 25 },
	{ "k.w4.fill.prealloc", bench_series_prealloc, BENCH_FILL_WRITES, 1 },
	{ "k.w4.fill.grow", bench_series_grow, BENCH_FILL_WRITES, 1 },
};

/*
 * Ratios taken run by run: each repetition runs the two workloads one
 * right after the other, so a slower spell of the machine slows both, and
 * the median of the ratios of the pairs moves less than the ratio of
 * the two medians. Printed as "bench: NAME VALUE ratio".
 */
struct bench_pair {
	const char *name;
	const char *num, *den;	/* names in bench_workloads[] */
};

static const struct bench_pair bench_pairs[] = {
	{ "k.w2.paired.series_v612", "k.w2.puts.series", "k.w2.puts.v612" },
	{ "k.w3.paired.series_hand", "k.w3.table.series", "k.w3.table.hand" },
};

static int bench_cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/*
 * Each repetition runs every workload once, so that a change in the load
 * of the machine affects them all alike.
 */
static unsigned int bench_index(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bench_workloads); i++)
		if (!strcmp(bench_workloads[i].name, name))
			break;
	return i;
}

/* The median of the run-by-run ratios of @p, in thousandths */
static u64 bench_paired(const struct bench_pair *p,
			u64 ps[][BENCH_REPS], u64 *ratios)
{
	unsigned int n = bench_index(p->num), d = bench_index(p->den), r;

	if (n >= ARRAY_SIZE(bench_workloads) ||
	    d >= ARRAY_SIZE(bench_workloads))
		return 0;
	for (r = 0; r < BENCH_REPS; r++)
		ratios[r] = div64_u64(ps[n][r] * 1000, max_t(u64, ps[d][r], 1));
	sort(ratios, BENCH_REPS, sizeof(ratios[0]), bench_cmp_u64, NULL);
	return ratios[BENCH_REPS / 2];
}

static void seq_buf_bench_run(struct kunit *test)
{
	static u64 ps[ARRAY_SIZE(bench_workloads)][BENCH_REPS];
	static u64 rounds[ARRAY_SIZE(bench_pairs)][BENCH_ROUNDS];
	static u64 ratios[BENCH_REPS];
	const struct bench_workload *w;
	unsigned long sum = 0;
	unsigned int i, r, k;
	u64 t0, med, spread;

	/* W3: the two tables must be the same text */
	bench_v612_table_hand(1);
	bench_series_table_fmt(1);
	KUNIT_EXPECT_STREQ(test, bench_series_table_text(),
			   bench_v612_table_text());

	for (i = 0; i < ARRAY_SIZE(bench_workloads); i++)
		sum += bench_workloads[i].fn(1);
	for (k = 0; k < BENCH_ROUNDS; k++) {
		for (r = 0; r < BENCH_REPS; r++) {
			for (i = 0; i < ARRAY_SIZE(bench_workloads); i++) {
				w = &bench_workloads[i];
				t0 = ktime_get_ns();
				sum += w->fn(w->n);
				/* picoseconds per operation */
				ps[i][r] = div64_u64((ktime_get_ns() - t0) * 1000,
						     w->n * w->ops);
				cond_resched();
			}
		}
		for (i = 0; i < ARRAY_SIZE(bench_pairs); i++)
			rounds[i][k] = bench_paired(&bench_pairs[i], ps, ratios);
	}
	/* The median of the rounds, and their spread relative to it */
	for (i = 0; i < ARRAY_SIZE(bench_pairs); i++) {
		sort(rounds[i], BENCH_ROUNDS, sizeof(rounds[i][0]),
		     bench_cmp_u64, NULL);
		med = rounds[i][BENCH_ROUNDS / 2];
		KUNIT_EXPECT_NE_MSG(test, med, 0, "%s: no such workloads",
				    bench_pairs[i].name);
		spread = div64_u64((rounds[i][BENCH_ROUNDS - 1] - rounds[i][0]) * 1000,
				   max_t(u64, med, 1));
		kunit_info(test, "bench: %s %llu.%03llu ratio\n",
			   bench_pairs[i].name, div64_u64(med, 1000),
			   med % 1000);
		kunit_info(test, "bench: %s.spread %llu.%03llu ratio\n",
			   bench_pairs[i].name, div64_u64(spread, 1000),
			   spread % 1000);
	}
	for (i = 0; i < ARRAY_SIZE(bench_workloads); i++) {
		sort(ps[i], BENCH_REPS, sizeof(ps[i][0]), bench_cmp_u64, NULL);
		med = ps[i][BENCH_REPS / 2];
		kunit_info(test, "bench: %s %llu.%03llu ns/op\n",
			   bench_workloads[i].name, div64_u64(med, 1000),
			   med % 1000);
	}
	KUNIT_EXPECT_NE(test, sum, 0);
}

static struct kunit_case seq_buf_bench_cases[] = {
	KUNIT_CASE_SLOW(seq_buf_bench_run),
	{}
};

static struct kunit_suite seq_buf_bench_suite = {
	.name = "seq_buf_bench",
	.test_cases = seq_buf_bench_cases,
};
kunit_test_suite(seq_buf_bench_suite);

MODULE_DESCRIPTION("seq_buf benchmark: 6.12 and the series, in the kernel");
MODULE_LICENSE("GPL");
