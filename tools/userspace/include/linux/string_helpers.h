/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim: string_get_size(). Its definition is not part of the
 * shim: build the kernel's own (lib/string_helpers.c of the tree in use)
 * with tools/userspace/kfunc.
 */
#ifndef _SHIM_LINUX_STRING_HELPERS_H
#define _SHIM_LINUX_STRING_HELPERS_H

#include <linux/bits.h>
#include <linux/string.h>

enum string_size_units {
	STRING_UNITS_10,	/* powers of 10^3 */
	STRING_UNITS_2,		/* powers of 2^10 */
	STRING_UNITS_MASK	= BIT(0),

	STRING_UNITS_NO_SPACE	= BIT(30),
	STRING_UNITS_NO_BYTES	= BIT(31),
};

int string_get_size(u64 size, u64 blk_size, const enum string_size_units units,
		    char *buf, int len);

#endif /* _SHIM_LINUX_STRING_HELPERS_H */
