/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim: the kernel's basic types, on top of the C library.
 *
 * Every shim header includes this one first, so that the C library headers
 * are all in before any kernel-style macro (min, max, abs, ...) is defined.
 */
#ifndef _SHIM_LINUX_TYPES_H
#define _SHIM_LINUX_TYPES_H

#include <endian.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

/*
 * The C library defines both __LITTLE_ENDIAN and __BIG_ENDIAN as numbers;
 * the kernel defines only the one that is true, and tests it with #ifdef.
 */
#if __BYTE_ORDER == __LITTLE_ENDIAN
#undef __BIG_ENDIAN
#else
#undef __LITTLE_ENDIAN
#endif

#include <linux/compiler.h>

typedef unsigned char		u8;
typedef unsigned short		u16;
typedef unsigned int		u32;
typedef unsigned long long	u64;
typedef signed char		s8;
typedef short			s16;
typedef int			s32;
typedef long long		s64;

typedef unsigned int		gfp_t;

#define BITS_PER_LONG		(8 * (int)sizeof(long))
#define BITS_PER_LONG_LONG	64

#define U8_MAX		((u8)~0U)
#define U16_MAX		((u16)~0U)
#define U32_MAX		((u32)~0U)
#define U64_MAX		((u64)~0ULL)
#define S64_MAX		((s64)(U64_MAX >> 1))
#define S64_MIN		((s64)(-S64_MAX - 1))

#endif /* _SHIM_LINUX_TYPES_H */
