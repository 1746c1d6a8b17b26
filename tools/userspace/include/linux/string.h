/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: the C library's string functions, plus the kernel's own. */
#ifndef _SHIM_LINUX_STRING_H
#define _SHIM_LINUX_STRING_H

#include <linux/types.h>

void *memscan(void *addr, int c, size_t size);
ssize_t strscpy(char *dst, const char *src, size_t count);

#endif /* _SHIM_LINUX_STRING_H */
