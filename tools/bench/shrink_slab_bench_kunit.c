// SPDX-License-Identifier: GPL-2.0
/*
 * In-kernel benchmark of the reclaim hot path that the series touches:
 * shrink_slab() over many shrinkers, each do_shrink_slab() call scanning
 * and freeing, so that every call updates the per-shrinker reclaim
 * counters (patch "mm: shrinker: count what reclaim scans and frees, per
 * shrinker"). tools/bench/kernel adds to mm/shrinker.c three copies of
 * shrink_slab() and do_shrink_slab(), placed alike: shrink_slab_count() as
 * in the series, shrink_slab_nocount() without the counter update, and
 * shrink_slab_floor(), whose update is one addition to this CPU's record
 * of the shrinker, the least that a count in a per-CPU record can do. This case
 * times the three in the same boot, rep by rep in rotating order, so that
 * a machine whose speed drifts between runs (or between boots) affects
 * them alike.
 *
 * SSB_SHRINKERS dummy shrinkers each report SHRINK_BATCH objects (to this
 * task and its partner only: kswapd and other reclaimers see none); at
 * priority 0 with the default seeks, reclaim asks each for two batches per
 * call, and the scan "frees" what it is asked for while the count stays
 * the same, so every call does the same work: one ->count_objects(), two
 * ->scan_objects(), the nr_deferred exchange and add, and the counters.
 * Three models of the scan:
 *
 *   lean   it returns at once: the leanest call that scans, where the
 *          counters weigh the most; an upper bound, no shrinker is this
 *   walk   it steps through a list and writes to each object it is asked
 *          to scan, in a pool that stays in the L1 cache: less than any
 *          shrinker that frees objects does per object
 *   lru    each shrinker has a list_lru of SSB_OBJECTS objects of its own,
 *          counted with list_lru_shrink_count() and scanned with
 *          list_lru_shrink_walk(), whose isolate function marks each
 *          object referenced and rotates it, as the superblock shrinkers do
 *          with dentries and inodes in use: the call of a list_lru-based
 *          shrinker that scans and frees nothing, with the objects spread
 *          over the slab as the allocations of many shrinkers interleave
 *
 * For each model M it prints:
 *
 *   reclaim.shrink_slab.M.counters.ns     median ns per do_shrink_slab()
 *   reclaim.shrink_slab.M.nocounters.ns   call, of SSB_REPS reps
 *   reclaim.shrink_slab.M.floor.ns        the same for the floor copy
 *   reclaim.shrink_slab.M.paired          the median of the rep-by-rep
 *                                         ratios, counters / nocounters
 *   reclaim.shrink_slab.M.floor.paired    the same, floor / nocounters:
 *                                         what a count in a per-CPU
 *                                         record costs at the least
 *   reclaim.shrink_slab.M.fastest         the fastest rep of one over the
 *                                         fastest of the other
 *   reclaim.shrink_slab.M.*.scanned       what the first shrinker's scanned
 *                                         counter gained during each
 *                                         variant's reps (0 for the other
 *                                         copies: they do not count)
 *
 * With two CPUs or more online, it also times each model as M.pair: a
 * thread bound to a second CPU runs the same variant over the same
 * shrinkers all through each rep, as kswapd and a direct reclaimer would,
 * so that the shrinkers' shared cache lines (the reference count, the
 * deferred counts, the counters' totals) move between the CPUs.
 *
 * Not part of the series: tools/bench/kernel copies it next to the other
 * benchmarks. The case is slow.
 */
#include <kunit/test.h>
#include <linux/cache.h>
#include <linux/cpumask.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/list_lru.h>
#include <linux/memcontrol.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/shrinker.h>
#include <linux/slab.h>
#include <linux/sort.h>

/* tools/bench/kernel puts this file in lib/seq_buf_bench/ */
#include "../../mm/internal.h"

#define SSB_SHRINKERS	1000
/* Many short reps: a timer tick or a host hiccup lands in few of them */
#define SSB_REPS	1001
/* SHRINK_BATCH of mm/shrinker.c */
#define SSB_OBJECTS	128
/* The objects the walking scan touches, shared by all shrinkers */
#define SSB_POOL	256
/* The lru model's objects, SSB_OBJECTS for each shrinker */
#define SSB_LRU_OBJECTS	(SSB_SHRINKERS * SSB_OBJECTS)

/* The copies tools/bench/kernel adds to mm/shrinker.c */
unsigned long shrink_slab_count(gfp_t gfp_mask, int nid,
				struct mem_cgroup *memcg, int priority);
unsigned long shrink_slab_nocount(gfp_t gfp_mask, int nid,
				  struct mem_cgroup *memcg, int priority);
unsigned long shrink_slab_floor(gfp_t gfp_mask, int nid,
				struct mem_cgroup *memcg, int priority);

typedef unsigned long (*ssb_fn)(gfp_t gfp_mask, int nid,
				struct mem_cgroup *memcg, int priority);

struct ssb_obj {
	struct ssb_obj *next;
	unsigned long touched;
} ____cacheline_aligned;

/* The timing task and, in the pair models, its partner on another CPU */
static struct task_struct *ssb_task, *ssb_partner;
/* What the partner runs (NULL: nothing), and how many passes it made */
static ssb_fn ssb_partner_fn;
static unsigned long ssb_partner_passes;
/* The variants: the series, without the update, with the floor's */
#define SSB_VARIANTS	3
static u64 ssb_ns[SSB_VARIANTS][SSB_REPS], ssb_ratio[2][SSB_REPS];
/* A pool, and where the walk is in it, for each of the two tasks */
static struct ssb_obj ssb_pool[2][SSB_POOL];
static struct ssb_obj *ssb_cursor[2];

/* An object on a shrinker's list_lru, in the lru model: a line each */
struct ssb_lru_obj {
	struct list_head lru;
	unsigned long referenced;
} ____cacheline_aligned;

/* Whether the caller is the timing task or its partner */
static bool ssb_ours(void)
{
	return current == READ_ONCE(ssb_task) ||
	       current == READ_ONCE(ssb_partner);
}

static unsigned long ssb_count(struct shrinker *shrinker,
			       struct shrink_control *sc)
{
	return ssb_ours() ? SSB_OBJECTS : 0;
}

/* The lean model: nothing per object */
static unsigned long ssb_scan_lean(struct shrinker *shrinker,
				   struct shrink_control *sc)
{
	return sc->nr_to_scan;
}

/*
 * The walk model: one step of a list and one write per object, in a pool
 * that stays in the L1 cache; less than any shrinker that isolates and
 * frees objects does (list_lru_walk_one() takes a lock, calls an isolate
 * function and moves each object)
 */
static unsigned long ssb_scan_walk(struct shrinker *shrinker,
				   struct shrink_control *sc)
{
	int t = current == ssb_partner;
	struct ssb_obj *obj = ssb_cursor[t];
	unsigned long i;

	for (i = 0; i < sc->nr_to_scan; i++) {
		obj->touched++;
		obj = obj->next;
	}
	ssb_cursor[t] = obj;
	return sc->nr_to_scan;
}

/* The lru model, as a superblock shrinker finding everything in use */
static unsigned long ssb_count_lru(struct shrinker *shrinker,
				   struct shrink_control *sc)
{
	return ssb_ours() ? list_lru_shrink_count(shrinker->private_data, sc) : 0;
}

static enum lru_status ssb_isolate_rotate(struct list_head *item,
					  struct list_lru_one *list,
					  spinlock_t *lock, void *arg)
{
	struct ssb_lru_obj *obj = container_of(item, struct ssb_lru_obj, lru);

	WRITE_ONCE(obj->referenced, obj->referenced + 1);
	return LRU_ROTATE;
}

static unsigned long ssb_scan_lru(struct shrinker *shrinker,
				  struct shrink_control *sc)
{
	return list_lru_shrink_walk(shrinker->private_data, sc,
				    ssb_isolate_rotate, NULL);
}

/* The partner: passes of whatever ssb_partner_fn says, until stopped */
static int ssb_partner_run(void *memcg)
{
	ssb_fn fn;

	while (!kthread_should_stop()) {
		fn = READ_ONCE(ssb_partner_fn);
		if (fn)
			fn(GFP_KERNEL, 0, memcg, 0);
		else
			cpu_relax();
		WRITE_ONCE(ssb_partner_passes, ssb_partner_passes + 1);
		cond_resched();
	}
	return 0;
}

/* Sets the partner, if any, running @fn: returns once it does */
static void ssb_partner_set(ssb_fn fn)
{
	unsigned long passes;

	if (!ssb_partner)
		return;
	WRITE_ONCE(ssb_partner_fn, fn);
	passes = READ_ONCE(ssb_partner_passes);
	/* The pass under way may be of the function before */
	while (READ_ONCE(ssb_partner_passes) - passes < 2)
		cpu_relax();
}

static int ssb_cmp(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static u64 ssb_scanned(struct shrinker *shrinker)
{
	struct shrinker_report_row row;

	shrinker_reclaim_counters_test(shrinker, true, false, &row);
	return row.scanned;
}

/* @loops passes of @fn over the shrinkers; how long they took, in ns */
static u64 ssb_time(ssb_fn fn, struct mem_cgroup *memcg, unsigned int loops)
{
	unsigned int loop;
	u64 t0 = ktime_get_ns();

	for (loop = 0; loop < loops; loop++)
		fn(GFP_KERNEL, 0, memcg, 0);
	return ktime_get_ns() - t0;
}

static void ssb_print_ns(struct kunit *test, const char *model,
			 const char *variant, u64 ns, unsigned int loops)
{
	u64 calls = (u64)loops * SSB_SHRINKERS;

	kunit_info(test, "bench: reclaim.shrink_slab.%s.%s.ns %llu.%02llu ns\n",
		   model, variant, div64_u64(ns, calls),
		   div64_u64(ns % calls * 100, calls));
}

/* The median, range and middle half of @ratio, sorted, as M.@name */
static void ssb_print_ratios(struct kunit *test, const char *model,
			     const char *name, u64 *ratio)
{
	sort(ratio, SSB_REPS, sizeof(u64), ssb_cmp, NULL);
	kunit_info(test, "bench: reclaim.shrink_slab.%s.%s %llu.%04llu ratio (reps %llu.%04llu to %llu.%04llu, middle half %llu.%04llu to %llu.%04llu)\n",
		   model, name, ratio[SSB_REPS / 2] / 10000,
		   ratio[SSB_REPS / 2] % 10000, ratio[0] / 10000,
		   ratio[0] % 10000, ratio[SSB_REPS - 1] / 10000,
		   ratio[SSB_REPS - 1] % 10000, ratio[SSB_REPS / 4] / 10000,
		   ratio[SSB_REPS / 4] % 10000, ratio[SSB_REPS * 3 / 4] / 10000,
		   ratio[SSB_REPS * 3 / 4] % 10000);
}

/*
 * The variants, SSB_REPS reps of @loops passes each, the first variant
 * rotating from rep to rep; the figures of @model
 */
static void ssb_measure(struct kunit *test, struct shrinker **shrinkers,
			const char *model,
			unsigned long (*count)(struct shrinker *,
					       struct shrink_control *),
			unsigned long (*scan)(struct shrinker *,
					      struct shrink_control *),
			unsigned int loops)
{
	static const ssb_fn fns[SSB_VARIANTS] = {
		shrink_slab_count, shrink_slab_nocount, shrink_slab_floor
	};
	static const char * const names[SSB_VARIANTS] = {
		"counters", "nocounters", "floor"
	};
	struct mem_cgroup *memcg = NULL;
	u64 scanned[SSB_VARIANTS] = {}, before, fastest;
	unsigned int i, rep, k, v;

#ifdef CONFIG_MEMCG
	memcg = root_mem_cgroup;
#endif
	for (i = 0; i < SSB_SHRINKERS; i++) {
		shrinkers[i]->count_objects = count;
		shrinkers[i]->scan_objects = scan;
	}

	WRITE_ONCE(ssb_task, current);
	/* Warm up: caches, branch predictors, the deferred counts settle */
	for (v = 0; v < SSB_VARIANTS; v++)
		ssb_time(fns[v], memcg, loops);
	for (rep = 0; rep < SSB_REPS; rep++) {
		for (k = 0; k < SSB_VARIANTS; k++) {
			v = (k + rep) % SSB_VARIANTS;
			ssb_partner_set(fns[v]);
			before = ssb_scanned(shrinkers[0]);
			ssb_ns[v][rep] = ssb_time(fns[v], memcg, loops);
			scanned[v] += ssb_scanned(shrinkers[0]) - before;
		}
		for (k = 0; k < 2; k++)
			ssb_ratio[k][rep] = div64_u64(ssb_ns[2 * k][rep] * 10000,
						      ssb_ns[1][rep] ?: 1);
		cond_resched();
	}
	WRITE_ONCE(ssb_task, NULL);
	ssb_partner_set(NULL);

	for (v = 0; v < SSB_VARIANTS; v++) {
		sort(ssb_ns[v], SSB_REPS, sizeof(u64), ssb_cmp, NULL);
		ssb_print_ns(test, model, names[v], ssb_ns[v][SSB_REPS / 2],
			     loops);
		kunit_info(test, "bench: reclaim.shrink_slab.%s.%s.scanned %llu count\n",
			   model, names[v], scanned[v]);
	}
	fastest = div64_u64(ssb_ns[0][0] * 10000, ssb_ns[1][0] ?: 1);
	kunit_info(test, "bench: reclaim.shrink_slab.%s.fastest %llu.%04llu ratio\n",
		   model, fastest / 10000, fastest % 10000);
	ssb_print_ratios(test, model, "paired", ssb_ratio[0]);
	ssb_print_ratios(test, model, "floor.paired", ssb_ratio[1]);
	/*
	 * The copies without the update must not count; the series' counts
	 * it all, and with a partner what the partner did meanwhile too
	 */
	KUNIT_EXPECT_EQ(test, scanned[1], 0);
	KUNIT_EXPECT_EQ(test, scanned[2], 0);
	if (ssb_partner)
		KUNIT_EXPECT_GE(test, scanned[0],
				(u64)SSB_REPS * loops * 2 * SSB_OBJECTS);
	else
		KUNIT_EXPECT_EQ(test, scanned[0],
				(u64)SSB_REPS * loops * 2 * SSB_OBJECTS);
}

/*
 * The models again with a partner on another CPU, this task bound to the
 * first CPU online and the partner to the next one
 */
static void ssb_measure_pairs(struct kunit *test, struct shrinker **shrinkers)
{
	unsigned int cpu = cpumask_first(cpu_online_mask);
	unsigned int other = cpumask_next(cpu, cpu_online_mask);
	struct mem_cgroup *memcg = NULL;
	struct task_struct *t;

	if (other >= nr_cpu_ids) {
		kunit_info(test, "one CPU online: no pair models\n");
		return;
	}
#ifdef CONFIG_MEMCG
	memcg = root_mem_cgroup;
#endif
	t = kthread_create(ssb_partner_run, memcg, "ssb-partner");
	if (IS_ERR(t)) {
		KUNIT_FAIL(test, "cannot start the partner: %ld", PTR_ERR(t));
		return;
	}
	kthread_bind(t, other);
	KUNIT_ASSERT_EQ(test, set_cpus_allowed_ptr(current, cpumask_of(cpu)), 0);
	WRITE_ONCE(ssb_partner, t);
	wake_up_process(t);

	ssb_measure(test, shrinkers, "lean.pair", ssb_count, ssb_scan_lean, 4);
	ssb_measure(test, shrinkers, "walk.pair", ssb_count, ssb_scan_walk, 1);
	ssb_measure(test, shrinkers, "lru.pair", ssb_count_lru, ssb_scan_lru, 1);

	kthread_stop(t);
	WRITE_ONCE(ssb_partner, NULL);
	set_cpus_allowed_ptr(current, cpu_possible_mask);
}

/*
 * The lru model's objects, allocated a round of shrinkers at a time, so
 * that the objects of one list lie far apart, as those of a long-running
 * system's caches do; false if they could not all be allocated
 */
static bool ssb_lru_fill(struct kunit *test, struct list_lru *lrus,
			 struct ssb_lru_obj **objs)
{
	unsigned int i;

	for (i = 0; i < SSB_LRU_OBJECTS; i++) {
		objs[i] = kzalloc(sizeof(*objs[i]), GFP_KERNEL);
		if (!objs[i]) {
			KUNIT_FAIL(test, "cannot allocate lru object %u", i);
			return false;
		}
		INIT_LIST_HEAD(&objs[i]->lru);
		list_lru_add_obj(&lrus[i % SSB_SHRINKERS], &objs[i]->lru);
	}
	return true;
}

static void shrink_slab_bench_run(struct kunit *test)
{
	struct shrinker **shrinkers;
	struct ssb_lru_obj **objs;
	struct list_lru *lrus;
	unsigned int i, n = 0;

	for (i = 0; i < SSB_POOL; i++) {
		ssb_pool[0][i].next = &ssb_pool[0][(i + 1) % SSB_POOL];
		ssb_pool[1][i].next = &ssb_pool[1][(i + 1) % SSB_POOL];
	}
	ssb_cursor[0] = ssb_pool[0];
	ssb_cursor[1] = ssb_pool[1];
	shrinkers = kunit_kcalloc(test, SSB_SHRINKERS, sizeof(*shrinkers),
				  GFP_KERNEL);
	lrus = kunit_kcalloc(test, SSB_SHRINKERS, sizeof(*lrus), GFP_KERNEL);
	objs = kvcalloc(SSB_LRU_OBJECTS, sizeof(*objs), GFP_KERNEL);
	if (!shrinkers || !lrus || !objs) {
		KUNIT_FAIL(test, "cannot allocate the benchmark's arrays");
		goto out;
	}
	for (n = 0; n < SSB_SHRINKERS; n++) {
		shrinkers[n] = shrinker_alloc(0, "ssb-%u", n);
		if (!shrinkers[n] || list_lru_init(&lrus[n])) {
			KUNIT_FAIL(test, "cannot allocate shrinker %u", n);
			if (shrinkers[n])
				shrinker_free(shrinkers[n]);
			goto out;
		}
		shrinkers[n]->count_objects = ssb_count;
		shrinkers[n]->scan_objects = ssb_scan_lean;
		shrinkers[n]->private_data = &lrus[n];
		shrinkers[n]->seeks = DEFAULT_SEEKS;
		shrinker_register(shrinkers[n]);
	}
	if (!ssb_lru_fill(test, lrus, objs))
		goto out;

	ssb_measure(test, shrinkers, "lean", ssb_count, ssb_scan_lean, 4);
	ssb_measure(test, shrinkers, "walk", ssb_count, ssb_scan_walk, 1);
	ssb_measure(test, shrinkers, "lru", ssb_count_lru, ssb_scan_lru, 1);
	ssb_measure_pairs(test, shrinkers);
out:
	while (n--) {
		shrinker_free(shrinkers[n]);
		list_lru_destroy(&lrus[n]);
	}
	if (objs)
		for (i = 0; i < SSB_LRU_OBJECTS; i++)
			kfree(objs[i]);
	kvfree(objs);
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

MODULE_DESCRIPTION("shrink_slab() with and without the reclaim counters, and with a one-addition floor, paired");
MODULE_LICENSE("GPL");
