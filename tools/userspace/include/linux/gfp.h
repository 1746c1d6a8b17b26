/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: allocation flags and what the kernel tells from them. */
#ifndef _SHIM_LINUX_GFP_H
#define _SHIM_LINUX_GFP_H

#include <linux/types.h>
#include <linux/gfp_types.h>

/* From <linux/mmzone.h>, which <linux/gfp.h> includes in the kernel */
#define PAGE_ALLOC_COSTLY_ORDER	3

static inline bool gfpflags_allow_blocking(const gfp_t gfp_flags)
{
	return !!(gfp_flags & __GFP_DIRECT_RECLAIM);
}

#endif /* _SHIM_LINUX_GFP_H */
