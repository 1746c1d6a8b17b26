/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: size constants. */
#ifndef _SHIM_LINUX_SIZES_H
#define _SHIM_LINUX_SIZES_H

#define SZ_1K	0x00000400
#define SZ_4K	0x00001000
#define SZ_64K	0x00010000
#define SZ_1M	0x00100000
#define SZ_2M	0x00200000
#define SZ_4M	0x00400000
#define SZ_16M	0x01000000
#define SZ_1G	0x40000000

#endif /* _SHIM_LINUX_SIZES_H */
