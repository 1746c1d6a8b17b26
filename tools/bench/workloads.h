/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The seq_buf workloads of the benchmark, shared by the userspace program
 * (tools/bench/bench.c) and the in-kernel KUnit case
 * (tools/bench/seq_buf_bench_kunit.c).
 *
 * Include it after <linux/seq_buf.h> of one version of seq_buf, with
 * BENCH_VARIANT defined to a name for that version: every function below
 * is then called bench_<variant>_<workload>(). The workloads of the
 * series' new API (tabstops, indentation, growth) exist only when the
 * header is the series' one (SEQ_BUF_TABSTOPS_MAX is defined): a heap
 * buffer, or a fixed one with a struct seq_buf_state
 * (seq_buf_init_state()).
 *
 * Each workload takes the number of operations to run and returns a value
 * the caller checks, so that no work is optimised away.
 */

#include "workloads-data.h"

#define __BENCH_FN(v, name)	bench_##v##_##name
#define _BENCH_FN(v, name)	__BENCH_FN(v, name)
#define BENCH_FN(name)		_BENCH_FN(BENCH_VARIANT, name)

/* Expands BENCH_VARIANT before DECLARE_IMPL pastes it */
#define _BENCH_DECLARE(v)	DECLARE_IMPL(v)
_BENCH_DECLARE(BENCH_VARIANT);

static char BENCH_FN(line)[BENCH_LINE_SIZE];
static char BENCH_FN(table)[BENCH_TABLE_SIZE];

/* W0: seq_buf_init() of a descriptor on the stack */
unsigned long BENCH_FN(init)(unsigned long n)
{
	struct seq_buf s;
	unsigned long i, sum = 0;

	for (i = 0; i < n; i++) {
		seq_buf_init(&s, BENCH_FN(line), sizeof(BENCH_FN(line)));
		/* The stores must happen: the descriptor escapes */
		bench_escape(&s);
		sum += s.len;
	}
	return sum;
}

/* W1: one trace line into a fixed buffer, which is then emptied */
unsigned long BENCH_FN(trace)(unsigned long n)
{
	struct seq_buf s;
	unsigned long i, sum = 0;

	seq_buf_init(&s, BENCH_FN(line), sizeof(BENCH_FN(line)));
	for (i = 0; i < n; i++) {
		seq_buf_printf(&s, BENCH_TRACE_FMT, BENCH_TRACE_ARGS(i));
		sum += s.len;
		s.len = 0;
	}
	return sum;
}

/* W2: BENCH_PUT_CALLS puts and putc calls */
unsigned long BENCH_FN(puts)(unsigned long n)
{
	struct seq_buf s;
	unsigned long i, sum = 0;
	unsigned int j;

	seq_buf_init(&s, BENCH_FN(line), sizeof(BENCH_FN(line)));
	for (i = 0; i < n; i++) {
		for (j = 0; j < BENCH_PUT_CALLS / 2; j++) {
			seq_buf_puts(&s, bench_words[j % BENCH_NR_WORDS]);
			seq_buf_putc(&s, j % 8 == 7 ? '\n' : ' ');
		}
		sum += s.len;
		s.len = 0;
	}
	return sum;
}

/*
 * W3, by hand: the table with the columns padded by printf field widths,
 * as callers of 6.12's seq_buf write it.
 */
unsigned long BENCH_FN(table_hand)(unsigned long n)
{
	struct seq_buf s;
	unsigned long i, sum = 0;
	unsigned int r;

	for (i = 0; i < n; i++) {
		seq_buf_init(&s, BENCH_FN(table), sizeof(BENCH_FN(table)));
		seq_buf_puts(&s, BENCH_TABLE_TITLE);
		for (r = 0; r < BENCH_TABLE_ROWS; r++)
			seq_buf_printf(&s, "%*s%-*s%*u%*lu\n",
				       BENCH_TABLE_INDENT, "",
				       BENCH_COL_NAME - BENCH_TABLE_INDENT,
				       bench_row_name(r),
				       BENCH_COL_COUNT, bench_row_count(r),
				       BENCH_COL_SIZE, bench_row_size(r));
		sum += s.len;
	}
	return sum;
}

const char *BENCH_FN(table_text)(void)
{
	return BENCH_FN(table);
}

/* Fill the 1 MiB of W4 in 64-byte writes; the caller sets up @s */
static unsigned long BENCH_FN(fill)(struct seq_buf *s)
{
	unsigned int j;

	for (j = 0; j < BENCH_FILL_WRITES; j++)
		seq_buf_putmem(s, bench_chunk, BENCH_CHUNK);
	return seq_buf_has_overflowed(s) ? 0 : s->len;
}

/* W4, preallocated: the writes into a fixed buffer large enough for them */
unsigned long BENCH_FN(prealloc)(unsigned long n)
{
	struct seq_buf s;
	unsigned long i, sum = 0;

	for (i = 0; i < n; i++) {
		seq_buf_init(&s, bench_big, BENCH_BIG_SIZE);
		sum += BENCH_FN(fill)(&s);
	}
	return sum;
}

#ifdef SEQ_BUF_TABSTOPS_MAX
/*
 * W3 with the series' API: the same table laid out by tabstops and an
 * indent, which need a state (on the stack here, as a caller with a fixed
 * buffer keeps it next to the buffer). Layout comes only from explicit
 * calls: the name with seq_buf_printf("%s"), as the series' reports print
 * names (data, never layout), seq_buf_tab() to the count's column, each
 * number printed as it is and right-justified at its stop by
 * seq_buf_tab_rjust(). The output is the same text as table_hand's, which
 * bench.c and seq_buf_bench_kunit.c check.
 */
unsigned long BENCH_FN(table_fmt)(unsigned long n)
{
	struct seq_buf_state st;
	struct seq_buf s;
	unsigned long i, sum = 0;
	unsigned int r;

	for (i = 0; i < n; i++) {
		seq_buf_init_state(&s, BENCH_FN(table), sizeof(BENCH_FN(table)),
				   &st);
		seq_buf_puts(&s, BENCH_TABLE_TITLE);
		seq_buf_tabstop_push(&s, BENCH_COL_NAME);
		seq_buf_tabstop_push(&s, BENCH_COL_COUNT);
		seq_buf_tabstop_push(&s, BENCH_COL_SIZE);
		seq_buf_indent_add(&s, BENCH_TABLE_INDENT);
		for (r = 0; r < BENCH_TABLE_ROWS; r++) {
			seq_buf_printf(&s, "%s", bench_row_name(r));
			seq_buf_tab(&s);
			seq_buf_printf(&s, "%u", bench_row_count(r));
			seq_buf_tab_rjust(&s);
			seq_buf_printf(&s, "%lu", bench_row_size(r));
			seq_buf_tab_rjust(&s);
			seq_buf_putc(&s, '\n');
		}
		seq_buf_indent_sub(&s, BENCH_TABLE_INDENT);
		seq_buf_tabstops_reset(&s);
		sum += s.len;
	}
	return sum;
}

/* W4, growth: the writes into a heap buffer that starts empty */
unsigned long BENCH_FN(grow)(unsigned long n)
{
	struct seq_buf s;
	unsigned long i, sum = 0;

	for (i = 0; i < n; i++) {
		seq_buf_init_alloc(&s, GFP_KERNEL);
		sum += BENCH_FN(fill)(&s);
		seq_buf_exit(&s);
	}
	return sum;
}
#endif /* SEQ_BUF_TABSTOPS_MAX */
