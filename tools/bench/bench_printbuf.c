// SPDX-License-Identifier: GPL-2.0
/*
 * The benchmark's workloads written with bcachefs's printbuf (6.12's
 * fs/bcachefs/printbuf.[ch]), the peer that the series takes its features
 * from. Same inputs and output as the seq_buf ones in workloads.h.
 */
#include <linux/kernel.h>
#include <linux/slab.h>

#include "printbuf.h"
#include "workloads-data.h"

DECLARE_IMPL(printbuf);

static char pb_line[BENCH_LINE_SIZE];
static char pb_table[BENCH_TABLE_SIZE];

/* W1 */
unsigned long bench_printbuf_trace(unsigned long n)
{
	struct printbuf out = PRINTBUF_EXTERN(pb_line, sizeof(pb_line));
	unsigned long i, sum = 0;

	for (i = 0; i < n; i++) {
		bch2_prt_printf(&out, BENCH_TRACE_FMT, BENCH_TRACE_ARGS(i));
		sum += out.pos;
		out.pos = 0;
	}
	return sum;
}

/* W2 */
unsigned long bench_printbuf_puts(unsigned long n)
{
	struct printbuf out = PRINTBUF_EXTERN(pb_line, sizeof(pb_line));
	unsigned long i, sum = 0;
	unsigned int j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < BENCH_PUT_CALLS / 2; j++) {
			prt_str(&out, bench_words[j % BENCH_NR_WORDS]);
			prt_char(&out, j % 8 == 7 ? '\n' : ' ');
		}
		sum += out.pos;
		out.pos = 0;
	}
	return sum;
}

/* W3: tabstops and indentation, '\t' and '\r' in the printf text */
unsigned long bench_printbuf_table_fmt(unsigned long n)
{
	unsigned long i, sum = 0;
	unsigned int r;

	for (i = 0; i < n; i++) {
		struct printbuf out = PRINTBUF_EXTERN(pb_table, sizeof(pb_table));

		/* printbuf tracks lines only through prt_newline() */
		prt_str(&out, BENCH_TABLE_TITLE_TEXT);
		bch2_prt_newline(&out);
		bch2_printbuf_tabstop_push(&out, BENCH_COL_NAME);
		bch2_printbuf_tabstop_push(&out, BENCH_COL_COUNT);
		bch2_printbuf_tabstop_push(&out, BENCH_COL_SIZE);
		bch2_printbuf_indent_add(&out, BENCH_TABLE_INDENT);
		for (r = 0; r < BENCH_TABLE_ROWS; r++)
			bch2_prt_printf(&out, "%s\t%u\r%lu\r\n", bench_row_name(r),
				   bench_row_count(r), bench_row_size(r));
		bch2_printbuf_indent_sub(&out, BENCH_TABLE_INDENT);
		bch2_printbuf_tabstops_reset(&out);
		sum += out.pos;
	}
	return sum;
}

const char *bench_printbuf_table_text(void)
{
	return pb_table;
}

static unsigned long bench_printbuf_fill(struct printbuf *out)
{
	unsigned int j;

	for (j = 0; j < BENCH_FILL_WRITES; j++)
		prt_bytes(out, bench_chunk, BENCH_CHUNK);
	return out->overflow ? 0 : out->pos;
}

/* W4, preallocated */
unsigned long bench_printbuf_prealloc(unsigned long n)
{
	unsigned long i, sum = 0;

	for (i = 0; i < n; i++) {
		struct printbuf out = PRINTBUF_EXTERN(bench_big, BENCH_BIG_SIZE);

		sum += bench_printbuf_fill(&out);
	}
	return sum;
}

/* W4, growth */
unsigned long bench_printbuf_grow(unsigned long n)
{
	unsigned long i, sum = 0;

	for (i = 0; i < n; i++) {
		struct printbuf out = PRINTBUF;

		sum += bench_printbuf_fill(&out);
		bch2_printbuf_exit(&out);
	}
	return sum;
}
