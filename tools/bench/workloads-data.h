/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inputs of the benchmark's workloads, the same for every implementation
 * (see workloads.h). Formats are limited to what the kernel's vsnprintf()
 * and the C library's print alike.
 */
#ifndef _BENCH_WORKLOADS_DATA_H
#define _BENCH_WORKLOADS_DATA_H

#define BENCH_LINE_SIZE		4096

/* W1: a sched_switch line as the tracer prints it */
#define BENCH_TRACE_FMT							\
	"%16s-%-7d [%03d] d..2. %5lu.%06lu: sched_switch: "		\
	"prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s ==> "	\
	"next_comm=%s next_pid=%d next_prio=%d\n"
#define BENCH_TRACE_ARGS(i)						\
	"kworker/u8:3", 4242 + (int)((i) & 7), (int)((i) & 3),		\
	1234UL + (i), (unsigned long)((i) * 7919 % 1000000),		\
	"kworker/u8:3", 4242, 120, "R+", "swapper/1", 0, 120

/* W2: the calls per operation, half puts and half putc */
#define BENCH_PUT_CALLS		80
#define BENCH_NR_WORDS		8
static const char * const bench_words[BENCH_NR_WORDS] __attribute__((__unused__)) = {
	"active_anon", "inactive_file", "slab", "kernel_stack",
	"pagetables", "shmem", "writeback", "unevictable",
};

/*
 * W3: a title, then rows indented by BENCH_TABLE_INDENT: a name
 * left-justified up to column BENCH_COL_NAME, then a count and a size
 * right-justified in fields BENCH_COL_COUNT and BENCH_COL_SIZE wide.
 */
#define BENCH_TABLE_SIZE	8192
#define BENCH_TABLE_ROWS	50
#define BENCH_TABLE_INDENT	2
#define BENCH_COL_NAME		24
#define BENCH_COL_COUNT		10
#define BENCH_COL_SIZE		12
#define BENCH_TABLE_TITLE_TEXT	"Unreclaimable slab:"
#define BENCH_TABLE_TITLE	BENCH_TABLE_TITLE_TEXT "\n"

static const char * const bench_names[BENCH_TABLE_ROWS] __attribute__((__unused__)) = {
	"kmalloc-8", "kmalloc-16", "kmalloc-32", "kmalloc-64",
	"kmalloc-96", "kmalloc-128", "kmalloc-192", "kmalloc-256",
	"kmalloc-512", "kmalloc-1k", "kmalloc-2k", "kmalloc-4k",
	"kmalloc-8k", "kmalloc-cg-8", "kmalloc-cg-16", "kmalloc-cg-32",
	"kmalloc-cg-64", "kmalloc-cg-96", "kmalloc-cg-128", "kmalloc-cg-192",
	"kmalloc-cg-256", "kmalloc-cg-512", "kmalloc-cg-1k", "kmalloc-cg-2k",
	"kmalloc-cg-4k", "kmalloc-cg-8k", "task_struct", "mm_struct",
	"vm_area_struct", "anon_vma", "anon_vma_chain", "files_cache",
	"signal_cache", "sighand_cache", "fs_cache", "cred_jar",
	"pid", "radix_tree_node", "shmem_inode_cache", "proc_inode_cache",
	"sock_inode_cache", "skbuff_head_cache", "kernfs_node_cache",
	"buffer_head", "dentry", "inode_cache", "ext4_inode_cache",
	"btrfs_inode", "bcachefs_inode", "xfs_inode",
};

static inline const char *bench_row_name(unsigned int r)
{
	return bench_names[r];
}

static inline unsigned int bench_row_count(unsigned int r)
{
	return (r * 7919u + 13) % 1000000u;
}

static inline unsigned long bench_row_size(unsigned int r)
{
	return (r * 104729ul + 4096) % 100000000ul;
}

/* W4: 1 MiB in 64-byte writes */
#define BENCH_CHUNK		64
#define BENCH_FILL_WRITES	(1024 * 1024 / BENCH_CHUNK)
#define BENCH_BIG_SIZE		(1024 * 1024 + BENCH_CHUNK)

static const char bench_chunk[BENCH_CHUNK] __attribute__((__unused__)) =
	"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n";

/* The preallocated buffer of W4, shared by all implementations */
extern char bench_big[BENCH_BIG_SIZE];

/* The workloads of one implementation V: bench_V_trace() and so on */
#define DECLARE_IMPL(v)							\
	unsigned long bench_##v##_init(unsigned long n);		\
	unsigned long bench_##v##_trace(unsigned long n);		\
	unsigned long bench_##v##_puts(unsigned long n);		\
	unsigned long bench_##v##_table_hand(unsigned long n);		\
	unsigned long bench_##v##_table_fmt(unsigned long n);		\
	const char *bench_##v##_table_text(void);			\
	unsigned long bench_##v##_prealloc(unsigned long n);		\
	unsigned long bench_##v##_grow(unsigned long n)

/* Make the compiler believe that *p is read: its stores must be done */
static inline void bench_escape(void *p)
{
	__asm__ __volatile__("" : : "r" (p) : "memory");
}

#endif /* _BENCH_WORKLOADS_DATA_H */
