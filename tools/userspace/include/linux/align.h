/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: the kernel's alignment helpers, as kernel.h gives them. */
#ifndef _SHIM_LINUX_ALIGN_H
#define _SHIM_LINUX_ALIGN_H

#define IS_ALIGNED(x, a)	(((x) & ((__typeof__(x))(a) - 1)) == 0)

#endif /* _SHIM_LINUX_ALIGN_H */
