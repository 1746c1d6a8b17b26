/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim: kmalloc() and friends on malloc(). Set shim_alloc_fail
 * to make chosen allocations fail: it is called before every allocation
 * (kfree excepted) and the allocation fails when it returns true. The
 * counters let tests check for leaks.
 */
#ifndef _SHIM_LINUX_SLAB_H
#define _SHIM_LINUX_SLAB_H

#include <linux/types.h>
#include <linux/gfp.h>
#include <asm/page.h>

#define KMALLOC_MAX_SIZE	(1UL << (MAX_PAGE_ORDER + PAGE_SHIFT))
#define ZERO_SIZE_PTR		((void *)16)
#define ZERO_OR_NULL_PTR(x)	((unsigned long)(x) <= (unsigned long)ZERO_SIZE_PTR)

extern bool (*shim_alloc_fail)(size_t size, gfp_t gfp);
/* Successful allocations (a krealloc that moves or grows counts once) */
extern unsigned long shim_alloc_count;
/* Blocks handed out and not yet freed */
extern long shim_alloc_live;

void *kmalloc(size_t size, gfp_t gfp);
void *kzalloc(size_t size, gfp_t gfp);
void *krealloc(const void *p, size_t new_size, gfp_t gfp);
void kfree(const void *p);
/* No vmalloc here: the kv*() calls are the k*() ones */
void *kvrealloc(const void *p, size_t size, gfp_t gfp);
void kvfree(const void *p);

#endif /* _SHIM_LINUX_SLAB_H */
