/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: built as without CONFIG_KUNIT. */
#ifndef _SHIM_KUNIT_VISIBILITY_H
#define _SHIM_KUNIT_VISIBILITY_H

#include <linux/export.h>

#define VISIBLE_IF_KUNIT		static
#define EXPORT_SYMBOL_IF_KUNIT(sym)	extern __typeof__(sym) sym

#endif /* _SHIM_KUNIT_VISIBILITY_H */
