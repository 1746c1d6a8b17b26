// SPDX-License-Identifier: GPL-2.0
/*
 * The floor of W1: the trace line printed with a bare vsnprintf() into a
 * char array, through a varargs function as seq_buf_printf() is. Kept in
 * its own file so that the compiler cannot specialise the call.
 */
#include <stdarg.h>
#include <stdio.h>

#include "floor.h"
#include "workloads-data.h"

int bench_bare_printf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return len;
}
