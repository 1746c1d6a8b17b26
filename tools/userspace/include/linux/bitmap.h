/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: the bitmap iteration that kernel code uses. */
#ifndef _SHIM_LINUX_BITMAP_H
#define _SHIM_LINUX_BITMAP_H

#include <linux/bitops.h>

#endif /* _SHIM_LINUX_BITMAP_H */
