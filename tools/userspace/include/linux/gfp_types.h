/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim: allocation flags. The values only tell callers apart,
 * except __GFP_DIRECT_RECLAIM, which marks the ones that may block
 * (gfpflags_allow_blocking()), as in the kernel.
 */
#ifndef _SHIM_LINUX_GFP_TYPES_H
#define _SHIM_LINUX_GFP_TYPES_H

#include <linux/types.h>

#define __GFP_ZERO		0x100u
#define __GFP_DIRECT_RECLAIM	0x400u
#define __GFP_NOWARN		0x2000u
#define __GFP_NOFAIL		0x8000u
#define GFP_ATOMIC		0x1u
#define GFP_NOWAIT		0x2u
#define GFP_NOIO		(0x4u | __GFP_DIRECT_RECLAIM)
#define GFP_NOFS		(0x8u | __GFP_DIRECT_RECLAIM)
#define GFP_KERNEL		(0x10u | __GFP_DIRECT_RECLAIM)

/* One past the highest bit any flag above uses */
#define ___GFP_LAST_BIT		16

#endif /* _SHIM_LINUX_GFP_TYPES_H */
