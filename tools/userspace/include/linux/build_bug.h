/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: compile-time assertions. */
#ifndef _SHIM_LINUX_BUILD_BUG_H
#define _SHIM_LINUX_BUILD_BUG_H

#include <linux/types.h>

#define BUILD_BUG_ON(cond)	_Static_assert(!(cond), "BUILD_BUG_ON(" #cond ")")
#define BUILD_BUG_ON_MSG(cond, msg)	_Static_assert(!(cond), msg)

/* The kernel's static_assert() takes an optional message */
#undef static_assert
#define static_assert(expr, ...)	__shim_static_assert(expr, ##__VA_ARGS__, #expr)
#define __shim_static_assert(expr, msg, ...)	_Static_assert(expr, msg)

#endif /* _SHIM_LINUX_BUILD_BUG_H */
