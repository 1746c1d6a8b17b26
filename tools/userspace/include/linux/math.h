/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: the kernel's arithmetic helpers. */
#ifndef _SHIM_LINUX_MATH_H
#define _SHIM_LINUX_MATH_H

#include <linux/types.h>
#include <asm/div64.h>

/* Type-generic, unlike the C library's int abs(int) that this replaces */
#undef abs
#define abs(x) ({							\
	__typeof__(x) __shim_v = (x);					\
	__shim_v < 0 ? -__shim_v : __shim_v;				\
})

#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define round_up(x, y)		((((x) - 1) | ((__typeof__(x))((y) - 1))) + 1)
#define round_down(x, y)	((x) & ~((__typeof__(x))((y) - 1)))

#endif /* _SHIM_LINUX_MATH_H */
