/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: no KUnit, so static stubs never redirect. */
#ifndef _SHIM_KUNIT_STATIC_STUB_H
#define _SHIM_KUNIT_STATIC_STUB_H

#define KUNIT_STATIC_STUB_REDIRECT(real_fn_name, args...) do { } while (0)

#endif /* _SHIM_KUNIT_STATIC_STUB_H */
