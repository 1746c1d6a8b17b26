/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: powers of two. */
#ifndef _SHIM_LINUX_LOG2_H
#define _SHIM_LINUX_LOG2_H

#include <linux/bitops.h>

static inline bool is_power_of_2(unsigned long n)
{
	return n != 0 && (n & (n - 1)) == 0;
}

/* Undefined for 0 and for results that do not fit, as in the kernel */
static inline unsigned long roundup_pow_of_two(unsigned long n)
{
	return 1UL << fls_long(n - 1);
}

static inline unsigned long rounddown_pow_of_two(unsigned long n)
{
	return 1UL << (fls_long(n) - 1);
}

static inline int ilog2(unsigned long n)
{
	return fls_long(n) - 1;
}

#endif /* _SHIM_LINUX_LOG2_H */
