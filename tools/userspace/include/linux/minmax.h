/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim: min(), max() and friends. Each argument is evaluated
 * once; unlike the kernel's, there is no check that the types agree.
 */
#ifndef _SHIM_LINUX_MINMAX_H
#define _SHIM_LINUX_MINMAX_H

#include <linux/types.h>

#define __shim_cmp(x, y, op) ({						\
	__typeof__(x) __shim_x = (x);					\
	__typeof__(y) __shim_y = (y);					\
	__shim_x op __shim_y ? __shim_x : __shim_y;			\
})

#define min(x, y)		__shim_cmp(x, y, <)
#define max(x, y)		__shim_cmp(x, y, >)
#define min_t(type, x, y)	__shim_cmp((type)(x), (type)(y), <)
#define max_t(type, x, y)	__shim_cmp((type)(x), (type)(y), >)
#define min3(x, y, z)		min(min(x, y), z)
#define max3(x, y, z)		max(max(x, y), z)
#define umin(x, y)		min_t(unsigned long long, x, y)
#define umax(x, y)		max_t(unsigned long long, x, y)
#define clamp(val, lo, hi)	min(max(val, lo), hi)
#define clamp_t(type, val, lo, hi)	min_t(type, max_t(type, val, lo), hi)

#define swap(a, b) do {							\
	__typeof__(a) __shim_tmp = (a);					\
	(a) = (b);							\
	(b) = __shim_tmp;						\
} while (0)

#endif /* _SHIM_LINUX_MINMAX_H */
