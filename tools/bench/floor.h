/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _BENCH_FLOOR_H
#define _BENCH_FLOOR_H

#include <stddef.h>

__attribute__((__format__(printf, 3, 4)))
int bench_bare_printf(char *buf, size_t size, const char *fmt, ...);

#endif /* _BENCH_FLOOR_H */
