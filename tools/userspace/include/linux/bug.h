/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim: WARN_ON() and friends count and report the warning
 * (see shim_warn() in tools/userspace/shim.c); BUG_ON() aborts.
 */
#ifndef _SHIM_LINUX_BUG_H
#define _SHIM_LINUX_BUG_H

#include <linux/types.h>
#include <linux/build_bug.h>

/* Number of warnings so far, once-only ones counted the first time only */
extern unsigned long shim_warn_count;
/* Non-zero: do not print warnings to stderr */
extern int shim_warn_quiet;
/* If set, called for every warning after it is counted (e.g. to abort) */
extern void (*shim_warn_hook)(const char *file, int line, const char *cond);

void shim_warn(const char *file, int line, const char *cond);
__attribute__((__noreturn__)) void shim_bug(const char *file, int line,
					    const char *cond);

#define WARN_ON(condition) ({						\
	int __shim_ret = !!(condition);					\
	if (unlikely(__shim_ret))					\
		shim_warn(__FILE__, __LINE__, #condition);		\
	unlikely(__shim_ret);						\
})

#define WARN_ON_ONCE(condition) ({					\
	static bool __shim_warned;					\
	int __shim_ret = !!(condition);					\
	if (unlikely(__shim_ret) && !__shim_warned) {			\
		__shim_warned = true;					\
		shim_warn(__FILE__, __LINE__, #condition);		\
	}								\
	unlikely(__shim_ret);						\
})

#define WARN(condition, ...)		WARN_ON(condition)
#define WARN_ONCE(condition, ...)	WARN_ON_ONCE(condition)

#define BUG_ON(condition) do {						\
	if (unlikely(condition))					\
		shim_bug(__FILE__, __LINE__, #condition);		\
} while (0)
#define BUG()	shim_bug(__FILE__, __LINE__, "BUG()")

#endif /* _SHIM_LINUX_BUG_H */
