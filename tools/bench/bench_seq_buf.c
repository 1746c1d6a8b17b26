// SPDX-License-Identifier: GPL-2.0
/*
 * The seq_buf workloads for one version of seq_buf: compiled once with
 * 6.12's include/linux/seq_buf.h (-DBENCH_VARIANT=v612) and once with the
 * series' one (-DBENCH_VARIANT=series), each time with the matching
 * kcc rename header force-included, so that the calls go to that version.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/seq_buf.h>

#include "workloads.h"
