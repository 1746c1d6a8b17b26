/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim: might_alloc() does no lockdep check here; it counts its
 * calls and keeps the last gfp, so that tests can see that a function
 * declared a possible allocation with the flags it was given.
 */
#ifndef _SHIM_LINUX_SCHED_MM_H
#define _SHIM_LINUX_SCHED_MM_H

#include <linux/types.h>
#include <linux/gfp.h>

extern unsigned long shim_might_alloc_count;
extern gfp_t shim_might_alloc_gfp;

static inline void might_alloc(gfp_t gfp_mask)
{
	shim_might_alloc_count++;
	shim_might_alloc_gfp = gfp_mask;
}

#endif /* _SHIM_LINUX_SCHED_MM_H */
