#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# warn-selftest: not a test of the kernel but of the harness. LKDTM fires a
# WARN_ON; with panic_on_warn=1 the guest panics, and tools/boot-test must
# report FAIL. Not in the default scenario list.
echo WARNING >/sys/kernel/debug/provoke-crash/DIRECT
