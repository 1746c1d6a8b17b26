// SPDX-License-Identifier: GPL-2.0
/*
 * In-kernel benchmark of the two sections of the OOM report as the system
 * grows: the shrinker section, shrinkers_to_text(), with 1,000 and then
 * 10,000 dummy shrinkers registered, and the unreclaimable slab section,
 * slab_unreclaimable_to_text(), with 100 and then 1,000 extra caches that
 * hold one object each. Each section is written into a preallocated fixed
 * buffer with a static struct seq_buf_state (its indentation and tabstops
 * need one), as the OOM report writes it, and listing 10 entries, as the
 * OOM report does. For each size it prints "bench: NAME VALUE UNIT" lines:
 *
 *   oom.SECTION.SIZE.ns       median ns of OOM_BENCH_REPS runs
 *   oom.SECTION.SIZE.bytes    bytes of text written (the most of all runs)
 *   oom.SECTION.SIZE.entries  shrinkers or caches the section counted
 *                             (the "of N" of its header line)
 *   oom.SECTION.SIZE.allocs   slab and page allocations made by this task
 *                             during all the runs (only when the kernel
 *                             has the kmem tracepoints, CONFIG_TRACEPOINTS)
 *
 * With CONFIG_MEMCG, two more: the shrinker section with 10,000 NUMA- and
 * memcg-aware shrinkers (oom.shrinkers.10k-memcg), and the per-cgroup
 * pass of the count over 100 cgroups on 2 nodes with every shrinker's bit
 * set (oom.memcg-pass.100x2; "entries" is the ->count_objects() calls it
 * made). kunit.py's UML kernel has one node and no cgroup but the root, so
 * that pass is fed stand-in cgroups and the bitmaps, as shrink_slab_memcg()
 * would find them, through shrinker_report_count_unit(), with the budget
 * of mm/shrinker.c: it shows the 32768-call budget stopping the count.
 *
 * Not part of the series: tools/bench/kernel copies it into a worktree of
 * the series next to seq_buf_bench_kunit.c and runs it on UML with
 * kunit.py. The case is slow.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/seq_buf.h>
#include <linux/shrinker.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/sprintf.h>
#include <linux/tracepoint.h>
#include <trace/events/kmem.h>

/* tools/bench/kernel puts this file in lib/seq_buf_bench/ */
#include "../../mm/internal.h"
#include "../../mm/slab.h"

#define OOM_BENCH_REPS		21
#define OOM_BENCH_BUF_SIZE	SZ_16K
/* What each dummy shrinker reports as freeable */
#define OOM_BENCH_OBJECTS	4

#define OOM_BENCH_SHRINKERS	10000
#define OOM_BENCH_CACHES	1000

struct oom_bench_size {
	const char *name;	/* in the figure names */
	unsigned int n;		/* dummy shrinkers or extra caches */
};

static const struct oom_bench_size oom_bench_shrinker_sizes[] = {
	{ "1k", 1000 },
	{ "10k", OOM_BENCH_SHRINKERS },
};

static const struct oom_bench_size oom_bench_cache_sizes[] = {
	{ "100", 100 },
	{ "1000", OOM_BENCH_CACHES },
};

/* The OOM report's buffer and its state are static too (mm/oom_kill.c) */
static char oom_bench_buf[OOM_BENCH_BUF_SIZE];
static struct seq_buf_state oom_bench_buf_state;
static u64 oom_bench_ns[OOM_BENCH_REPS];

struct oom_bench_state {
	struct shrinker **shrinkers;
	unsigned int nr_shrinkers;
	struct kmem_cache **caches;
	void **objects;
	unsigned int nr_caches;
};

/*
 * Allocation counting: probes on the kmem tracepoints count what the
 * benchmark's own task allocates, in task context, while ->task is set.
 */
static struct {
	struct task_struct *task;
	atomic_long_t n;
	bool on;
} oom_bench_allocs;

static void oom_bench_count_alloc(void)
{
	if (READ_ONCE(oom_bench_allocs.task) == current && in_task())
		atomic_long_inc(&oom_bench_allocs.n);
}

static void oom_bench_kmalloc_probe(void *data, unsigned long call_site,
				    const void *ptr, size_t bytes_req,
				    size_t bytes_alloc, gfp_t gfp_flags,
				    int node)
{
	oom_bench_count_alloc();
}

static void oom_bench_cache_probe(void *data, unsigned long call_site,
				  const void *ptr, struct kmem_cache *s,
				  gfp_t gfp_flags, int node)
{
	oom_bench_count_alloc();
}

static void oom_bench_page_probe(void *data, struct page *page,
				 unsigned int order, gfp_t gfp_flags,
				 int migratetype)
{
	oom_bench_count_alloc();
}

static void oom_bench_allocs_init(struct kunit *test)
{
	oom_bench_allocs.on = false;
	if (register_trace_kmalloc(oom_bench_kmalloc_probe, NULL))
		goto none;
	if (register_trace_kmem_cache_alloc(oom_bench_cache_probe, NULL))
		goto no_cache;
	if (register_trace_mm_page_alloc(oom_bench_page_probe, NULL))
		goto no_page;
	oom_bench_allocs.on = true;
	return;

no_page:
	unregister_trace_kmem_cache_alloc(oom_bench_cache_probe, NULL);
no_cache:
	unregister_trace_kmalloc(oom_bench_kmalloc_probe, NULL);
none:
	kunit_info(test, "no kmem tracepoints: allocations not counted\n");
}

static void oom_bench_allocs_exit(void)
{
	if (!oom_bench_allocs.on)
		return;
	unregister_trace_mm_page_alloc(oom_bench_page_probe, NULL);
	unregister_trace_kmem_cache_alloc(oom_bench_cache_probe, NULL);
	unregister_trace_kmalloc(oom_bench_kmalloc_probe, NULL);
	tracepoint_synchronize_unregister();
	oom_bench_allocs.on = false;
}

static unsigned long oom_bench_count(struct shrinker *shrinker,
				     struct shrink_control *sc)
{
	return OOM_BENCH_OBJECTS;
}

static unsigned long oom_bench_scan(struct shrinker *shrinker,
				    struct shrink_control *sc)
{
	return SHRINK_STOP;
}

/* Register dummy shrinkers until there are @n */
static int oom_bench_add_shrinkers(struct oom_bench_state *st, unsigned int n)
{
	struct shrinker *shrinker;

	while (st->nr_shrinkers < n) {
		shrinker = shrinker_alloc(0, "oom-bench-%u", st->nr_shrinkers);
		if (!shrinker)
			return -ENOMEM;
		shrinker->count_objects = oom_bench_count;
		shrinker->scan_objects = oom_bench_scan;
		shrinker_register(shrinker);
		st->shrinkers[st->nr_shrinkers++] = shrinker;
		cond_resched();
	}
	return 0;
}

/*
 * Create caches until there are @n, each with one object allocated. The
 * object sizes vary, so that the caches' totals (one slab each) do too and
 * the sort of the section has work to do. SLAB_NO_MERGE: a merged cache
 * would be an alias of an existing one, not a new entry of the list.
 */
static int oom_bench_add_caches(struct oom_bench_state *st, unsigned int n)
{
	struct kmem_cache *s;
	unsigned int i;
	char name[32];
	void *obj;

	while (st->nr_caches < n) {
		i = st->nr_caches;
		snprintf(name, sizeof(name), "oom-bench-%u", i);
		s = kmem_cache_create(name, 32 + (i % 64) * 32, 0,
				      SLAB_NO_MERGE, NULL);
		if (!s)
			return -ENOMEM;
		obj = kmem_cache_alloc(s, GFP_KERNEL);
		if (!obj) {
			kmem_cache_destroy(s);
			return -ENOMEM;
		}
		st->caches[i] = s;
		st->objects[i] = obj;
		st->nr_caches++;
		cond_resched();
	}
	return 0;
}

static void oom_bench_free(struct oom_bench_state *st)
{
	while (st->nr_shrinkers) {
		shrinker_free(st->shrinkers[--st->nr_shrinkers]);
		cond_resched();
	}
	while (st->nr_caches) {
		st->nr_caches--;
		kmem_cache_free(st->caches[st->nr_caches],
				st->objects[st->nr_caches]);
		kmem_cache_destroy(st->caches[st->nr_caches]);
		cond_resched();
	}
	kvfree(st->shrinkers);
	kvfree(st->caches);
	kvfree(st->objects);
}

static void oom_bench_shrinkers(struct seq_buf *s)
{
	shrinkers_to_text(s, SHRINKERS_REPORT_MAX, 0);
}

static void oom_bench_section(struct kunit *test, const char *section,
			      const char *size, void (*fn)(struct seq_buf *),
			      const char *header);

#ifdef CONFIG_MEMCG
#define OOM_BENCH_MEMCGS	100
#define OOM_BENCH_NODES		2
/* SHRINKER_REPORT_CALLS and SHRINKER_REPORT_NS of mm/shrinker.c */
#define OOM_BENCH_CALLS		32768
#define OOM_BENCH_BUDGET_NS	(10 * NSEC_PER_MSEC)

static u64 oom_bench_memcgs[OOM_BENCH_MEMCGS];
static struct shrinker_info_unit *oom_bench_unit;
static unsigned int oom_bench_units;

static void oom_bench_memcg_pass(struct seq_buf *s)
{
	struct shrinker_report_walk w;
	unsigned int m, u;
	int nid;

	shrinker_report_walk_init(&w, OOM_BENCH_CALLS, OOM_BENCH_BUDGET_NS);
	for (m = 0; m < OOM_BENCH_MEMCGS && !w.stopped; m++) {
		w.memcg_seq++;
		for (nid = 0; nid < OOM_BENCH_NODES && !w.stopped; nid++)
			for (u = 0; u < oom_bench_units && !w.stopped; u++)
				shrinker_report_count_unit(&w, &oom_bench_unit[u], u,
					(struct mem_cgroup *)&oom_bench_memcgs[m],
					nid, true);
		cond_resched();
	}
	seq_buf_printf(s, "memcg pass: %u calls%s\n", OOM_BENCH_CALLS - w.calls,
		       w.stopped ? ", stopped" : "");
}

/* 10,000 NUMA- and memcg-aware shrinkers, their bits set in every unit */
static void oom_bench_memcg(struct kunit *test, struct oom_bench_state *st)
{
	struct shrinker *shrinker;
	unsigned int u;
	int max_id = 0;

	while (st->nr_shrinkers) {
		shrinker_free(st->shrinkers[--st->nr_shrinkers]);
		cond_resched();
	}
	while (st->nr_shrinkers < OOM_BENCH_SHRINKERS) {
		shrinker = shrinker_alloc(SHRINKER_NUMA_AWARE | SHRINKER_MEMCG_AWARE,
					  "oom-bench-memcg-%u", st->nr_shrinkers);
		if (!shrinker) {
			KUNIT_FAIL(test, "cannot register memcg-aware shrinkers");
			return;
		}
		if (!(shrinker->flags & SHRINKER_MEMCG_AWARE)) {
			shrinker_free(shrinker);
			kunit_info(test, "memory cgroups disabled: no memcg figures\n");
			return;
		}
		shrinker->count_objects = oom_bench_count;
		shrinker->scan_objects = oom_bench_scan;
		shrinker_register(shrinker);
		st->shrinkers[st->nr_shrinkers++] = shrinker;
		max_id = max(max_id, shrinker->id);
		cond_resched();
	}
	oom_bench_section(test, "shrinkers", "10k-memcg", oom_bench_shrinkers,
			  "Shrinkers (top %*u of %u ");

	oom_bench_units = DIV_ROUND_UP(max_id + 1, SHRINKER_UNIT_BITS);
	oom_bench_unit = kvcalloc(oom_bench_units, sizeof(*oom_bench_unit),
				  GFP_KERNEL);
	if (!oom_bench_unit) {
		KUNIT_FAIL(test, "no memory for the shrinker_info units");
		return;
	}
	/* Every id, the other shrinkers' too: the walk skips those */
	for (u = 0; u < oom_bench_units; u++)
		bitmap_fill(oom_bench_unit[u].map, SHRINKER_UNIT_BITS);
	oom_bench_section(test, "memcg-pass", "100x2", oom_bench_memcg_pass,
			  "memcg pass: %u ");
	kvfree(oom_bench_unit);
}
#else
static void oom_bench_memcg(struct kunit *test, struct oom_bench_state *st)
{
	kunit_info(test, "no CONFIG_MEMCG: no memcg figures\n");
}
#endif

static void oom_bench_slab(struct seq_buf *s)
{
	slab_unreclaimable_to_text(s, SLAB_UNRECLAIMABLE_NR);
}

static int oom_bench_cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/*
 * Time @fn, the writer of one section, OOM_BENCH_REPS times into the fixed
 * buffer and print the figures of oom.@section.@size. @header is the
 * sscanf() format that reads the number of entries from the first line.
 */
static void oom_bench_section(struct kunit *test, const char *section,
			      const char *size, void (*fn)(struct seq_buf *),
			      const char *header)
{
	unsigned int r, bytes = 0, entries = 0;
	struct seq_buf s;
	const char *nl, *p;
	int got;
	u64 t0, med;

	atomic_long_set(&oom_bench_allocs.n, 0);
	WRITE_ONCE(oom_bench_allocs.task, current);
	for (r = 0; r < OOM_BENCH_REPS; r++) {
		seq_buf_init_state(&s, oom_bench_buf, sizeof(oom_bench_buf),
				   &oom_bench_buf_state);
		t0 = ktime_get_ns();
		fn(&s);
		oom_bench_ns[r] = ktime_get_ns() - t0;
		bytes = max(bytes, seq_buf_used(&s));
		KUNIT_EXPECT_FALSE(test, seq_buf_has_overflowed(&s));
		cond_resched();
	}
	WRITE_ONCE(oom_bench_allocs.task, NULL);

	seq_buf_str(&s);
	/* The line with the count starts with @header up to its first '%' */
	got = 0;
	for (p = oom_bench_buf; p && *p && !got; p = strchr(p, '\n')) {
		if (*p == '\n')
			p++;
		if (!strncmp(p, header, strcspn(header, "%")))
			got = sscanf(p, header, &entries);
	}
	KUNIT_EXPECT_EQ_MSG(test, got, 1, "no \"%s\" line in:\n%.600s", header,
			    oom_bench_buf);
	/* The slab section counts the caches it did not list */
	if (!strcmp(section, "slab"))
		entries += SLAB_UNRECLAIMABLE_NR;
	nl = strchr(oom_bench_buf, '\n');
	kunit_info(test, "%s.%s: %.*s\n", section, size,
		   nl ? (int)(nl - oom_bench_buf) : 80, oom_bench_buf);

	sort(oom_bench_ns, OOM_BENCH_REPS, sizeof(oom_bench_ns[0]),
	     oom_bench_cmp_u64, NULL);
	med = oom_bench_ns[OOM_BENCH_REPS / 2];
	kunit_info(test, "bench: oom.%s.%s.ns %llu ns\n", section, size, med);
	kunit_info(test, "bench: oom.%s.%s.bytes %u B\n", section, size, bytes);
	kunit_info(test, "bench: oom.%s.%s.entries %u count\n", section, size,
		   entries);
	if (oom_bench_allocs.on)
		kunit_info(test, "bench: oom.%s.%s.allocs %ld count\n", section,
			   size, atomic_long_read(&oom_bench_allocs.n));
}

static void oom_report_bench_run(struct kunit *test)
{
	struct oom_bench_state st = {};
	unsigned int i;

	if (!IS_ENABLED(CONFIG_SLUB_DEBUG))
		kunit_skip(test, "the slab section needs CONFIG_SLUB_DEBUG");

	st.shrinkers = kvcalloc(OOM_BENCH_SHRINKERS, sizeof(*st.shrinkers),
				GFP_KERNEL);
	st.caches = kvcalloc(OOM_BENCH_CACHES, sizeof(*st.caches), GFP_KERNEL);
	st.objects = kvcalloc(OOM_BENCH_CACHES, sizeof(*st.objects),
			      GFP_KERNEL);
	if (!st.shrinkers || !st.caches || !st.objects) {
		oom_bench_free(&st);
		KUNIT_FAIL(test, "no memory for the tables");
		return;
	}
	oom_bench_allocs_init(test);

	for (i = 0; i < ARRAY_SIZE(oom_bench_shrinker_sizes); i++) {
		const struct oom_bench_size *sz = &oom_bench_shrinker_sizes[i];

		if (oom_bench_add_shrinkers(&st, sz->n)) {
			KUNIT_FAIL(test, "cannot register %u shrinkers", sz->n);
			goto out;
		}
		oom_bench_section(test, "shrinkers", sz->name,
				  oom_bench_shrinkers,
				  "Shrinkers (top %*u of %u ");
	}

	for (i = 0; i < ARRAY_SIZE(oom_bench_cache_sizes); i++) {
		const struct oom_bench_size *sz = &oom_bench_cache_sizes[i];

		if (oom_bench_add_caches(&st, sz->n)) {
			KUNIT_FAIL(test, "cannot create %u caches", sz->n);
			goto out;
		}
		oom_bench_section(test, "slab", sz->name, oom_bench_slab,
				  "%u more caches not listed");
	}

	oom_bench_memcg(test, &st);

out:
	oom_bench_allocs_exit();
	oom_bench_free(&st);
}

static struct kunit_case oom_report_bench_cases[] = {
	KUNIT_CASE_SLOW(oom_report_bench_run),
	{}
};

static struct kunit_suite oom_report_bench_suite = {
	.name = "seq_buf_bench_oom",
	.test_cases = oom_report_bench_cases,
};
kunit_test_suite(oom_report_bench_suite);

MODULE_DESCRIPTION("OOM report sections: cost as shrinkers and slab caches grow");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
MODULE_LICENSE("GPL");
