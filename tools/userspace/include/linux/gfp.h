/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: allocation flags; the values only tell callers apart. */
#ifndef _SHIM_LINUX_GFP_H
#define _SHIM_LINUX_GFP_H

#include <linux/types.h>

#define __GFP_NOWARN	0x2000u
#define __GFP_ZERO	0x100u
#define __GFP_NOFAIL	0x8000u
#define GFP_ATOMIC	0x1u
#define GFP_NOWAIT	0x2u
#define GFP_NOIO	0x4u
#define GFP_NOFS	0x8u
#define GFP_KERNEL	0x10u

#endif /* _SHIM_LINUX_GFP_H */
