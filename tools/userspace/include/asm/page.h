/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: x86-64's page size and the default largest page order. */
#ifndef _SHIM_ASM_PAGE_H
#define _SHIM_ASM_PAGE_H

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)
#define PAGE_MASK	(~(PAGE_SIZE - 1))
#define MAX_PAGE_ORDER	10

#endif /* _SHIM_ASM_PAGE_H */
