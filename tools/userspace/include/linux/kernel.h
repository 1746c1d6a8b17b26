/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: what <linux/kernel.h> brings in that kernel code relies on. */
#ifndef _SHIM_LINUX_KERNEL_H
#define _SHIM_LINUX_KERNEL_H

#include <linux/types.h>
#include <linux/align.h>
#include <linux/bitops.h>
#include <linux/bug.h>
#include <linux/build_bug.h>
#include <linux/hex.h>
#include <linux/log2.h>
#include <linux/math.h>
#include <linux/minmax.h>
#include <linux/printk.h>
#include <linux/sprintf.h>
#include <linux/string.h>

#define ARRAY_SIZE(arr)		(sizeof(arr) / sizeof((arr)[0]))

#define container_of(ptr, type, member)					\
	((type *)((char *)(ptr) - offsetof(type, member)))

#endif /* _SHIM_LINUX_KERNEL_H */
