/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim: IS_ENABLED() for options given on the command line
 * (-DCONFIG_FOO=1). An option that is not defined, or defined to anything
 * but 1, is off.
 */
#ifndef _SHIM_LINUX_KCONFIG_H
#define _SHIM_LINUX_KCONFIG_H

#define __shim_one_1			,
#define __shim_second(a, b, ...)	b
#define __shim_pick(...)		__shim_second(__VA_ARGS__)
#define __shim_is_one(val)		__shim_pick(__shim_one_##val 1, 0, 0)
#define __shim_is_set(opt)		__shim_is_one(opt)

#define IS_BUILTIN(option)	__shim_is_set(option)
#define IS_MODULE(option)	__shim_is_set(option##_MODULE)
#define IS_ENABLED(option)	(IS_BUILTIN(option) || IS_MODULE(option))
#define IS_REACHABLE(option)	IS_ENABLED(option)

#endif /* _SHIM_LINUX_KCONFIG_H */
