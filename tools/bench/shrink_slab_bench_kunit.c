// SPDX-License-Identifier: GPL-2.0
/*
 * In-kernel benchmark of the reclaim hot path that the series touches:
 * shrink_slab() over many shrinkers, each do_shrink_slab() call scanning
 * and freeing, so that every call updates the per-shrinker reclaim
 * counters (patch "mm: shrinker: count what reclaim scans and frees, per
 * shrinker"). tools/bench/kernel runs it twice, on the series and on the
 * series with the counter update taken out of do_shrink_slab(), and
 * tools/bench/report compares the two.
 *
 * SSB_SHRINKERS dummy shrinkers each report SHRINK_BATCH objects (to this
 * task only: kswapd and other reclaimers see none); at priority 0 with the
 * default seeks, reclaim asks each for two batches per call, and the scan
 * "frees" what it is asked for while the count stays the same, so every
 * call does the same work: one ->count_objects(), two ->scan_objects(),
 * the nr_deferred exchange and add, and the counters. This is the leanest
 * call that scans, where the counters weigh the most. It prints:
 *
 *   reclaim.shrink_slab.ns        median ns per do_shrink_slab() call, of
 *                                 SSB_REPS runs of SSB_LOOPS shrink_slab()
 *   reclaim.shrink_slab.scanned   what the first dummy shrinker's
 *                                 scanned counter holds afterwards (0
 *                                 when the counters are taken out: it
 *                                 shows which kernel ran)
 *
 * Not part of the series: tools/bench/kernel copies it next to the other
 * benchmarks. The case is slow.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/memcontrol.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/shrinker.h>
#include <linux/slab.h>
#include <linux/sort.h>

/* tools/bench/kernel puts this file in lib/seq_buf_bench/ */
#include "../../mm/internal.h"

#define SSB_SHRINKERS	1000
#define SSB_LOOPS	20
#define SSB_REPS	21
/* SHRINK_BATCH of mm/shrinker.c */
#define SSB_OBJECTS	128

static struct task_struct *ssb_task;
static u64 ssb_ns[SSB_REPS];

static unsigned long ssb_count(struct shrinker *shrinker,
			       struct shrink_control *sc)
{
	return current == READ_ONCE(ssb_task) ? SSB_OBJECTS : 0;
}

static unsigned long ssb_scan(struct shrinker *shrinker,
			      struct shrink_control *sc)
{
	return sc->nr_to_scan;
}

static int ssb_cmp(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static void shrink_slab_bench_run(struct kunit *test)
{
	struct shrinker_report_row row;
	struct mem_cgroup *memcg = NULL;
	struct shrinker **shrinkers;
	unsigned int i, rep, loop;
	u64 t0, calls;

	shrinkers = kunit_kcalloc(test, SSB_SHRINKERS, sizeof(*shrinkers),
				  GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, shrinkers);
	for (i = 0; i < SSB_SHRINKERS; i++) {
		shrinkers[i] = shrinker_alloc(0, "ssb-%u", i);
		if (!shrinkers[i]) {
			KUNIT_FAIL(test, "cannot allocate shrinker %u", i);
			goto out;
		}
		shrinkers[i]->count_objects = ssb_count;
		shrinkers[i]->scan_objects = ssb_scan;
		shrinkers[i]->seeks = DEFAULT_SEEKS;
		shrinker_register(shrinkers[i]);
	}
#ifdef CONFIG_MEMCG
	memcg = root_mem_cgroup;
#endif

	WRITE_ONCE(ssb_task, current);
	/* Warm up: caches, branch predictors, the deferred counts settle */
	for (loop = 0; loop < SSB_LOOPS; loop++)
		shrink_slab(GFP_KERNEL, 0, memcg, 0);

	calls = (u64)SSB_LOOPS * SSB_SHRINKERS;
	for (rep = 0; rep < SSB_REPS; rep++) {
		t0 = ktime_get_ns();
		for (loop = 0; loop < SSB_LOOPS; loop++)
			shrink_slab(GFP_KERNEL, 0, memcg, 0);
		ssb_ns[rep] = ktime_get_ns() - t0;
		cond_resched();
	}
	WRITE_ONCE(ssb_task, NULL);

	sort(ssb_ns, SSB_REPS, sizeof(ssb_ns[0]), ssb_cmp, NULL);
	kunit_info(test, "bench: reclaim.shrink_slab.ns %llu.%02llu ns\n",
		   div64_u64(ssb_ns[SSB_REPS / 2], calls),
		   div64_u64(ssb_ns[SSB_REPS / 2] % calls * 100, calls));
	shrinker_reclaim_counters_test(shrinkers[0], false, &row);
	kunit_info(test, "bench: reclaim.shrink_slab.scanned %llu count\n",
		   (unsigned long long)row.scanned);
out:
	while (i--)
		shrinker_free(shrinkers[i]);
}

static struct kunit_case shrink_slab_bench_cases[] = {
	KUNIT_CASE_SLOW(shrink_slab_bench_run),
	{}
};

static struct kunit_suite shrink_slab_bench_suite = {
	.name = "seq_buf_bench_shrink_slab",
	.test_cases = shrink_slab_bench_cases,
};
kunit_test_suite(shrink_slab_bench_suite);

MODULE_DESCRIPTION("shrink_slab() with and without the reclaim counters");
MODULE_LICENSE("GPL");
