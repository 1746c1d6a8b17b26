/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: the C library's string functions, plus the kernel's own. */
#ifndef _SHIM_LINUX_STRING_H
#define _SHIM_LINUX_STRING_H

#include <linux/types.h>

void *memscan(void *addr, int c, size_t size);
ssize_t strscpy(char *dst, const char *src, size_t count);
/*
 * The kernel's (lib/string.c), and the C library's, which declares it only
 * for _GNU_SOURCE: undeclared, it would return an int, a truncated pointer.
 */
char *strchrnul(const char *s, int c);

#endif /* _SHIM_LINUX_STRING_H */
