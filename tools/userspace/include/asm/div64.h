/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: do_div() divides a u64 in place, returns the remainder. */
#ifndef _SHIM_ASM_DIV64_H
#define _SHIM_ASM_DIV64_H

#include <linux/types.h>

#define do_div(n, base) ({						\
	u32 __shim_base = (base);					\
	u32 __shim_rem = (u32)((n) % __shim_base);			\
	(n) /= __shim_base;						\
	__shim_rem;							\
})

#endif /* _SHIM_ASM_DIV64_H */
