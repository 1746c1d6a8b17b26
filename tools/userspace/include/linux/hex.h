/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: hex digits. */
#ifndef _SHIM_LINUX_HEX_H
#define _SHIM_LINUX_HEX_H

#include <linux/types.h>

extern const char hex_asc[];
extern const char hex_asc_upper[];

#define hex_asc_lo(x)		hex_asc[((x) & 0x0f)]
#define hex_asc_hi(x)		hex_asc[((x) & 0xf0) >> 4]
#define hex_asc_upper_lo(x)	hex_asc_upper[((x) & 0x0f)]
#define hex_asc_upper_hi(x)	hex_asc_upper[((x) & 0xf0) >> 4]

static inline char *hex_byte_pack(char *buf, u8 byte)
{
	*buf++ = hex_asc_hi(byte);
	*buf++ = hex_asc_lo(byte);
	return buf;
}

#endif /* _SHIM_LINUX_HEX_H */
