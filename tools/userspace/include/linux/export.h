/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim: exports become redeclarations, which keeps the trailing
 * semicolon of EXPORT_SYMBOL(x); valid at file scope.
 */
#ifndef _SHIM_LINUX_EXPORT_H
#define _SHIM_LINUX_EXPORT_H

#define EXPORT_SYMBOL(sym)		extern __typeof__(sym) sym
#define EXPORT_SYMBOL_GPL(sym)		extern __typeof__(sym) sym
#define EXPORT_SYMBOL_NS(sym, ns)	extern __typeof__(sym) sym
#define EXPORT_SYMBOL_NS_GPL(sym, ns)	extern __typeof__(sym) sym

#endif /* _SHIM_LINUX_EXPORT_H */
