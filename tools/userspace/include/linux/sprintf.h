/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim: the C library's printf family stands in for the
 * kernel's. Only use formats both understand: no %pS, %pV, %*pb and the
 * like. bstr_printf() (CONFIG_BINARY_PRINTF) has no userspace equivalent.
 */
#ifndef _SHIM_LINUX_SPRINTF_H
#define _SHIM_LINUX_SPRINTF_H

#include <linux/types.h>

__printf(3, 4) int scnprintf(char *buf, size_t size, const char *fmt, ...);
__printf(3, 0) int vscnprintf(char *buf, size_t size, const char *fmt,
			      va_list args);

#endif /* _SHIM_LINUX_SPRINTF_H */
