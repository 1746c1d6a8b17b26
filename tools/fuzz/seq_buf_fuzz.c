// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness for the series' lib/seq_buf.c, built unchanged in
 * userspace against the shims of tools/userspace (tools/fuzz/run).
 *
 * An input is a buffer setup (a plain fixed buffer, a fixed buffer with a
 * struct seq_buf_state the harness owns, or a heap buffer) followed by a
 * sequence of API calls with their arguments. Every call is made on the
 * real seq_buf and applied to a model of the contract (the API contract of
 * the design notes and Documentation/core-api/seq_buf.rst), then the two
 * are compared:
 *
 * - the model keeps the text an unbounded buffer would hold, laid out by
 *   the indentation rules, and derives from it what a buffer of capacity
 *   N holds: a write that fits is kept whole; puts, putc, putmem, the tabs
 *   and raw writes are all or nothing (puts needs room for its NUL);
 *   printf keeps the text cut before the last byte of the buffer; every
 *   later write fails until len is moved back;
 * - nothing can be written after a failed write, so a buffer with a state
 *   (heap, or seq_buf_init_state()) ends at its text, which seq_buf_used()
 *   then counts up to the size: the bytes after the text are cleared, and
 *   the size stays (a heap buffer that could not grow keeps the size it
 *   had, so that once len is moved back, what fits goes in).
 *   That is done by the all or nothing writes and by a failed raw write
 *   (seq_buf_commit() with a negative count, a seq_buf_path() that does
 *   not fit). A printf that does not fit keeps what fitted instead: with
 *   indentation in use, laid out in place and the bytes after it cleared;
 * - layout never comes from data: '\t' and '\r' are plain characters in
 *   every write; seq_buf_tab() and seq_buf_tab_rjust() are the only tabs.
 *   A line ends at a '\n' of the text of puts and putc, and at a '\n' of
 *   printf's format string, wherever the arguments put it, whether or not
 *   the printf fitted; a '\n' that an argument brings is text. The model
 *   knows which are the format's by formatting again with arguments whose
 *   '\n' are replaced by another byte (the same length): the '\n' left
 *   are the format's.
 *   The indent goes before the first character of a line, unless that is
 *   a '\n' (an empty line, or an argument's '\n', after which the line goes
 *   on unindented);
 * - the line state is the library's (struct seq_buf_state: line_start,
 *   field_start, cur_tabstop, end and the STALE flag), and it is compared
 *   with the model's after every call. It is tracked only while an indent
 *   or a tabstop is set; setting the first one finds the line, and text
 *   short of the first stop is then that stop's field; pushing the first
 *   stop while an indent keeps lines tracked does the same. Finding the
 *   line: on an overflowed buffer, only marking it stale; otherwise the
 *   line starts after the last '\n' of the text, the next tabstop is the
 *   first past the line's length, and a new field starts at len, which
 *   is also end. Before every write, raw ones included, the line state is
 *   brought up to date: if it is stale or len is not end (clear() emptied
 *   the text, raw text was appended, len was moved back), the line is
 *   found again, unless the buffer has overflowed, or it is not stale and
 *   either the text after end is raw text without a '\n', which only
 *   extends the field, or len was moved back no further than the start of
 *   the field, which only shortens it (end = len in both cases). Text
 *   writes and tabs that succeed set end to the new len; raw writes leave
 *   it, so a raw '\n' starts a new line for the next text write. A failed
 *   write, tab or printf leaves the line state as it was before the call;
 * - a plain buffer has no state: indentation and tabstops warn and do
 *   nothing, tabs are one space;
 * - a heap buffer is unbounded until growing fails (an allocation fails,
 *   or a write needs more than 4 MiB, 32 KiB for a gfp that cannot
 *   block); from then on it behaves as a fixed buffer of the size it had,
 *   or of its text after a failed write ended it. seq_buf_get_buf()
 *   grows it, if it can, to offer max(len, 64) bytes, or what the largest
 *   buffer has left; an allocation that fails there is not recorded, as
 *   nothing was lost yet. seq_buf_commit() with a negative count and a
 *   seq_buf_path() that did not fit set the alloc failed flag, and every
 *   write checks the gfp with might_alloc();
 * - moving len back (as trace_seq does after an overflow) takes back text,
 *   not what a right-justification did before it; the line state is left
 *   to the next write's update;
 * - after every call: a call that failed (and any other, bar a
 *   right-justification that moved its field) left every byte before the
 *   old len as it was; seq_buf_str() is NUL-terminated inside the buffer;
 *   len, size and the overflow state agree with the model; the state
 *   (seq_buf_state_of()) holds the model's indent, tabstops and line
 *   state; the alloc failed flag is set exactly when growing failed (or a
 *   raw write did) and stays set; no allocation is tried after it is set;
 *   a call that is not a misuse does not warn.
 *
 * Any difference makes the harness print what it expected and abort,
 * which libFuzzer reports as a crash with the input that caused it.
 *
 * SEQ_BUF_FUZZ_TRACE=1 prints the calls of every input and their outcome
 * (to replay a reproducer or a seed: build/fuzz/seq_buf_fuzz FILE).
 */
#include <linux/kernel.h>
#include <linux/sched/mm.h>
#include <linux/seq_buf.h>
#include <linux/seq_file.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string_helpers.h>
#include <asm/page.h>

#include "seq_buf_internal.h"

#define MAX_TEXT	200	/* longest text argument */
#define MAX_OPS		64	/* calls per input */
#define MAX_GROUP	4	/* calls in a save/restore group */
#define INF		((size_t)-1)

/* ---- reading the input ---- */

struct input {
	const u8 *p;
	size_t n;
};

static u8 in_u8(struct input *in)
{
	if (!in->n)
		return 0;
	in->n--;
	return *in->p++;
}

static u64 in_u64(struct input *in)
{
	u64 v = 0;
	int i;

	for (i = 0; i < 8; i++)
		v = v << 8 | in_u8(in);
	return v;
}

/* A small number, sometimes a large one */
static unsigned int in_num(struct input *in)
{
	u8 b = in_u8(in);

	if (b < 0xf0)
		return b % 48;
	if (b < 0xfc)
		return in_u8(in) << 4 | (b & 15);
	return (u32)in_u64(in);
}

/* Text with the characters that matter made likely; no NUL */
static size_t in_text(struct input *in, char *buf, bool raw)
{
	static const char special[8] = {
		'\n', '\t', '\r', ' ', '\n', '\t', '\r', '-'
	};
	size_t len = in_u8(in), i;

	/* Mostly short; 0x80 + n for up to 127 bytes */
	len = len < 0x80 ? len % 24 : len - 0x80;
	for (i = 0; i < len; i++) {
		u8 b = in_u8(in);

		if ((b & 0xc0) == 0xc0)
			b = special[b & 7];
		else if (b < 0x20 && !raw)
			b = 'a' + b % 26;
		if (!b && !raw)
			b = 'z';
		buf[i] = b;
	}
	buf[len] = '\0';
	return len;
}

/* ---- the model ---- */

/* The line state, as struct seq_buf_state has it */
struct pos {
	size_t line;		/* offset of the start of the current line */
	size_t field;		/* offset of the start of the current field */
	unsigned int tab;	/* index of the next tabstop of the line */
	size_t end;		/* the length of the text the above describe */
	bool stale;		/* to be found again before the next write */
};

struct model {
	char *text;		/* what the buffer holds, from offset 0 */
	size_t len;		/* bytes of text */
	size_t alloc;
	size_t known;		/* bytes of text that are known to be there */
	size_t cap;		/* capacity: the fixed size, or INF for a heap */
	bool heap;
	bool ext;		/* has a state: heap, or seq_buf_init_state() */
	bool overflow;
	unsigned int indent;
	unsigned int nr_tabs;
	unsigned int tabs[SEQ_BUF_TABSTOPS_MAX];
	bool fmt;		/* an indent or a tabstop is set */
	struct pos pos;
	/* What the current call did, for the checks made after it */
	bool exceeded;		/* a heap write needed more than the largest size */
	bool raw_failed;	/* a raw write failed (commit(-1), path) */
	size_t moved_from;	/* a right-justification moved text from here */
};

static struct seq_buf sb;
static struct seq_buf_state fstate;	/* the state of a fixed buffer */
static bool print_trace;

static __printf(1, 2) __attribute__((__noreturn__)) void
die_mismatch(const char *fmt, ...);

static char *scratch;
static size_t scratch_alloc;

static void reserve(char **buf, size_t *alloc, size_t need)
{
	if (need <= *alloc)
		return;
	*alloc = max(need, 2 * *alloc);
	*buf = realloc(*buf, *alloc);
	if (!*buf)
		abort();
}

/* ---- allocation failures ---- */

static struct {
	unsigned long calls;	/* attempts so far */
	unsigned long fail_at;	/* the attempt that fails first, 0: none */
	bool fail_rest;		/* and every one after it */
	unsigned long failed;	/* attempts that failed since the last exit */
	/* of those, get_buf()'s, which are not recorded: nothing was lost */
	unsigned long spec_failed;
	gfp_t gfp;		/* given to seq_buf_init_alloc() */
	size_t last;		/* size of the last successful text allocation */
	struct seq_buf *s;
} alloc;

/* The largest allocation of a heap buffer with @gfp */
static size_t heap_max(gfp_t gfp)
{
	return gfpflags_allow_blocking(gfp) ? SZ_4M :
	       PAGE_SIZE << PAGE_ALLOC_COSTLY_ORDER;
}

/* The most text a heap buffer holds, one byte being kept for the NUL */
static size_t heap_cap(void)
{
	return heap_max(alloc.gfp) - 1;
}

static bool fuzz_alloc_fail(size_t size, gfp_t gfp)
{
	bool fail;

	alloc.calls++;
	if (!alloc.s)
		die_mismatch("a fixed buffer allocated %zu bytes", size);
	if (seq_buf_alloc_failed(alloc.s))
		die_mismatch("allocation of %zu bytes tried after seq_buf_alloc_failed()",
			     size);
	if ((gfp & ~__GFP_NOWARN) != alloc.gfp)
		die_mismatch("allocation with gfp %#x, the buffer was set up with %#x",
			     gfp, alloc.gfp);
	if (!seq_buf_state_of(alloc.s)) {
		/* The state comes first, on its own */
		if (size != sizeof(struct seq_buf_state))
			die_mismatch("first allocation of %zu bytes, not the state's %zu",
				     size, sizeof(struct seq_buf_state));
	} else if (!is_power_of_2(size) || size < 64 || size > heap_max(gfp) ||
		   (alloc.last && size < 2 * alloc.last)) {
		die_mismatch("text allocation of %zu bytes after %zu: not doubling powers of two, 64 to %zu",
			     size, alloc.last, heap_max(gfp));
	}
	fail = alloc.fail_at && (alloc.calls == alloc.fail_at ||
				 (alloc.fail_rest && alloc.calls > alloc.fail_at));
	if (fail)
		alloc.failed++;
	else if (seq_buf_state_of(alloc.s))
		alloc.last = size;
	return fail;
}

/* ---- the model ---- */

/*
 * Find the line again, from the text: it starts after the last '\n'. The
 * next tabstop is the first one past the line's length, and the next
 * field starts at len: where the last one began is not known, and a
 * right-justification must not move text it did not see written. An
 * overflowed buffer has no end to look back from: the line state is only
 * marked stale, and found when len is moved back.
 */
static void model_find_line(struct model *m)
{
	size_t p = m->len;
	unsigned int t = 0;

	if (m->overflow) {
		m->pos.stale = true;
		return;
	}
	while (p && m->text[p - 1] != '\n')
		p--;
	while (t < m->nr_tabs && m->tabs[t] <= m->len - p)
		t++;
	m->pos = (struct pos){
		.line = p, .tab = t, .end = m->len, .field = m->len,
	};
}

/*
 * Layout starts, or the first stop is pushed while an indent keeps lines
 * tracked: the line is found, and text short of the first stop is that
 * stop's field.
 */
static void model_find_line_first_stop(struct model *m)
{
	model_find_line(m);
	/* Text short of the first stop is that stop's field */
	if (!m->pos.stale && !m->pos.tab)
		m->pos.field = m->pos.line;
}

/*
 * Lines are tracked while an indent or a tabstop is set; they are not
 * while neither is, so the line is found again when one is set.
 */
static void model_settings_changed(struct model *m)
{
	bool fmt = m->indent || m->nr_tabs;

	if (fmt && !m->fmt)
		model_find_line_first_stop(m);
	m->fmt = fmt;
}

/*
 * Before every write, raw ones included, while lines are tracked: the
 * line state describes the text up to pos.end. If len is elsewhere, the
 * text changed behind it (raw text was appended, clear() emptied it, len
 * was moved back): raw text with no '\n' just extends the field, len
 * moved back no further than the field's start just shortens it, anything
 * else means finding the line again. A stale state is found again too.
 * While the buffer is overflowed nothing is written, and nothing done.
 */
static void model_sync(struct model *m)
{
	struct pos *p = &m->pos;

	if (!m->fmt || m->overflow || (!p->stale && m->len == p->end))
		return;
	if (!p->stale && m->len > p->end &&
	    !memchr(m->text + p->end, '\n', m->len - p->end)) {
		p->end = m->len;
		return;
	}
	if (!p->stale && m->len < p->end && m->len >= p->field) {
		p->end = m->len;
		return;
	}
	model_find_line(m);
}

/*
 * A heap buffer whose growth failed is a fixed buffer of the size it has
 * after the call: a printf may have grown it before failing. From then on
 * its size never changes, failed writes included (model_end_text()), and
 * check() compares it with the library's.
 */
static void model_heap_sync(struct model *m)
{
	if (m->heap && m->cap == INF && seq_buf_alloc_failed(&sb))
		m->cap = sb.size;
}

enum wkind {
	W_PUTS,		/* all or nothing, needs room for a NUL */
	W_PUTC,		/* all or nothing: putc, the tabs */
	W_PUTMEM,	/* all or nothing, raw */
	W_PRINTF,	/* keeps what fits before the last byte */
};

/* Does a text of @l bytes fit in @cap for a write of @kind? */
static bool fits(size_t l, size_t cap, enum wkind kind)
{
	if (cap == INF)
		return true;
	return kind == W_PUTS || kind == W_PRINTF ? l < cap : l <= cap;
}

/*
 * Append @str, laid out, to a copy of the text in scratch: *@len is the
 * length of the copy, *@p the line state after it. While neither an
 * indent nor a tabstop is set, no line is tracked and nothing is added.
 */
static void model_expand(struct model *m, const char *str, size_t n,
			 const char *marks, size_t *len, struct pos *p)
{
	size_t l = m->len, i;

	reserve(&scratch, &scratch_alloc, m->len + 1);
	memcpy(scratch, m->text, m->len);
	*p = m->pos;
	for (i = 0; i < n; i++) {
		char c = str[i];

		reserve(&scratch, &scratch_alloc, l + m->indent + 1);
		if (m->fmt && c == '\n' && (!marks || marks[i] == '\n')) {
			scratch[l++] = c;
			p->line = p->field = l;
			p->tab = 0;
			continue;
		}
		/* Never before a '\n', even one that is text */
		if (m->fmt && l == p->line && m->indent && c != '\n') {
			memset(scratch + l, ' ', m->indent);
			l += m->indent;
			p->field = l;
		}
		scratch[l++] = c;
	}
	/* A text write that succeeds leaves the state describing it */
	if (m->fmt)
		p->end = l;
	*len = l;
}

static void model_keep(struct model *m, size_t len, const struct pos *p)
{
	reserve(&m->text, &m->alloc, len + 1);
	memcpy(m->text, scratch, len);
	m->len = m->known = len;
	m->pos = *p;
}

/*
 * Nothing can be written after the text any more, and seq_buf_used() is
 * about to count the bytes up to the size: a buffer with a state, fixed
 * or heap, has the bytes after its text cleared (they may hold the start
 * of a layout, what a raw writer left half-written, or nothing ever
 * written) and keeps its size. A plain buffer's bytes are its owner's.
 */
static void model_end_text(struct model *m)
{
	if (!m->ext || m->len >= m->cap)
		return;
	reserve(&m->text, &m->alloc, m->cap);
	memset(m->text + m->len, 0, m->cap - m->len);
	m->known = m->cap;
}

/*
 * An all or nothing write, or a raw one, failed. If the buffer had already
 * overflowed, its text ended then: len is past the size, nothing changes.
 */
static void model_fail(struct model *m)
{
	if (!m->overflow)
		model_end_text(m);
	m->overflow = true;
}

/*
 * scratch[0, @len) cut before the last byte, then zeros up to it: the
 * NUL of vsnprintf(), or the bytes cleared after a laid-out text.
 */
static void model_keep_cut(struct model *m, size_t len)
{
	size_t end = m->cap - 1;

	reserve(&scratch, &scratch_alloc, m->cap);
	if (len < end)
		memset(scratch + len, 0, end - len);
	scratch[end] = '\0';
	reserve(&m->text, &m->alloc, m->cap);
	memcpy(m->text, scratch, m->cap);
	m->len = end;
	m->known = m->cap;
}

/*
 * A text write. Returns what the call must return: 0, or -1 on overflow.
 * @marks is for printf: its output again, with every '\n' that an
 * argument brought replaced by another byte, so that the '\n' left in it
 * are the format's, which end lines. NULL: every '\n' ends a line.
 */
static int model_write(struct model *m, const char *str, size_t n,
		       enum wkind kind, const char *marks)
{
	struct pos p;
	size_t len;

	model_heap_sync(m);
	if (m->overflow)
		return -1;
	model_sync(m);
	if (kind == W_PUTMEM) {
		/* Raw: not scanned, no layout, end left where it was */
		reserve(&scratch, &scratch_alloc, m->len + n + 1);
		memcpy(scratch, m->text, m->len);
		memcpy(scratch + m->len, str, n);
		len = m->len + n;
		p = m->pos;
	} else {
		model_expand(m, str, n, marks, &len, &p);
	}
	if (m->heap && !fits(len, heap_cap(), kind))
		m->exceeded = true;
	if (fits(len, m->cap, kind)) {
		model_keep(m, len, &p);
		return 0;
	}

	if (kind != W_PRINTF) {
		model_fail(m);
		return -1;
	}
	m->overflow = true;
	/* A full buffer gets nothing, not even the NUL; the state stays */
	if (m->len >= m->cap)
		return -1;
	if (!m->fmt) {
		/* vsnprintf()'s text, cut before the last byte */
		model_keep_cut(m, len);
		return -1;
	}
	/*
	 * Laid out in place, what fitted: the layout of the whole text, cut
	 * (the format's '\n' end lines in it as in a printf that fits). The
	 * bytes after it are cleared, and the line state is the one from
	 * before the call: if len is moved back to where the printf began,
	 * the next write goes on as if it had not been made.
	 */
	model_keep_cut(m, len);
	return -1;
}

/*
 * seq_buf_tab() and seq_buf_tab_rjust(): with no tabstop set (or no
 * state), one space written as putc; otherwise padding to the next stop
 * of the line, all or nothing.
 */
static int model_tab(struct model *m, bool rjust)
{
	size_t pos, indent = 0, col, n, need, field;
	unsigned int stop;
	bool append = true;
	struct pos p;

	if (!m->nr_tabs)
		return model_write(m, " ", 1, W_PUTC, NULL);

	model_heap_sync(m);
	if (m->overflow)
		return -1;
	model_sync(m);
	p = m->pos;
	pos = m->len;
	/* Padding is the first character of its line, too */
	if (pos == p.line)
		indent = m->indent;
	col = pos + indent - p.line;
	stop = p.tab < m->nr_tabs ? m->tabs[p.tab] : 0;
	if (!rjust) {
		n = stop > col ? stop - col : 1;
	} else {
		append = !stop || col > stop;
		n = append ? 1 : stop - col;
	}
	need = pos + indent + n;
	if (m->heap && need > heap_cap())
		m->exceeded = true;
	if (!fits(need, m->cap, W_PUTC)) {
		/* Nothing written: the line state holds */
		model_fail(m);
		return -1;
	}

	reserve(&scratch, &scratch_alloc, need + 1);
	memcpy(scratch, m->text, pos);
	if (indent) {
		memset(scratch + pos, ' ', indent);
		pos += indent;
		p.field = pos;
	}
	field = p.field;
	if (append) {
		memset(scratch + pos, ' ', n);
	} else {
		/* The field moves right by n, spaces before it */
		memmove(scratch + field + n, scratch + field, pos - field);
		memset(scratch + field, ' ', n);
		if (n)
			m->moved_from = min(m->moved_from, field);
	}
	p.field = p.end = pos + n;
	if (p.tab < m->nr_tabs)
		p.tab++;
	model_keep(m, pos + n, &p);
	return 0;
}

/*
 * A raw write (get_buf and commit, path) of @n bytes that fitted, after
 * model_sync(): the text is not scanned, and end is left where it was.
 */
static void model_raw(struct model *m, const char *str, size_t n)
{
	reserve(&m->text, &m->alloc, m->len + n + 1);
	memcpy(m->text + m->len, str, n);
	m->len = m->known = m->len + n;
}

/* A raw write that did not fit: commit(-1) */
static void model_raw_fail(struct model *m)
{
	model_heap_sync(m);
	/* The output of a heap buffer is incomplete, whatever the cause */
	if (m->heap)
		m->raw_failed = true;
	model_fail(m);
}

/*
 * seq_buf_clear() only empties the text and leaves the line state to the
 * next write's model_sync(): its end no longer matches len, so the line is
 * found again, at 0 (an end of 0 can only describe an empty line at 0, a
 * stale state is found again anyway). That is the line state at 0, as a
 * clear() that reset it would leave.
 */
static void model_clear(struct model *m)
{
	m->len = m->known = 0;
	m->overflow = false;
}

static void model_init(struct model *m, bool heap, bool ext, size_t cap)
{
	model_clear(m);
	/* A new state is all zeros: the line at 0, up to date */
	m->pos = (struct pos){ 0 };
	m->heap = heap;
	m->ext = heap || ext;
	m->cap = heap ? INF : cap;
	m->indent = 0;
	m->nr_tabs = 0;
	m->fmt = false;
}

/* ---- the real buffer and the comparison ---- */

static struct model model;
static u8 *fixed_mem;
static size_t fixed_size;
static bool fixed_state;
static bool was_failed;
static char trace[4096];	/* the calls of this input, for a report */
static size_t trace_len;
static char *snap;		/* the text before the current call */
static size_t snap_alloc;

static __printf(1, 2) void note(const char *fmt, ...)
{
	va_list ap;

	if (trace_len >= sizeof(trace) - 1)
		return;
	va_start(ap, fmt);
	trace_len += vsnprintf(trace + trace_len, sizeof(trace) - trace_len,
			       fmt, ap);
	va_end(ap);
	trace_len = min(trace_len, sizeof(trace) - 1);
}

/*
 * Up to @max bytes of @p, escaped as C does, for note(): in one of four
 * buffers, so that a call can show a few at once.
 */
static const char *esc(const char *p, size_t n, size_t max)
{
	static char bufs[4][4 * 64 + 8];
	static unsigned int next;
	char *b = bufs[next++ % 4], *o = b;
	size_t i;

	for (i = 0; i < n && i < min_t(size_t, max, 64); i++) {
		unsigned char c = p[i];

		if (c == '\n')
			o += sprintf(o, "\\n");
		else if (c == '\t')
			o += sprintf(o, "\\t");
		else if (c == '\r')
			o += sprintf(o, "\\r");
		else if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\')
			o += sprintf(o, "\\x%02x", c);
		else
			*o++ = c;
	}
	memcpy(o, i < n ? "..." : "", i < n ? 4 : 1);
	return b;
}

static void dump(const char *what, const char *p, size_t n)
{
	size_t i;

	fprintf(stderr, "%s (%zu bytes): \"", what, n);
	for (i = 0; i < n && i < 600; i++) {
		unsigned char c = p[i];

		if (c == '\n')
			fputs("\\n", stderr);
		else if (c == '\t')
			fputs("\\t", stderr);
		else if (c == '\r')
			fputs("\\r", stderr);
		else if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\')
			fprintf(stderr, "\\x%02x", c);
		else
			fputc(c, stderr);
	}
	fputs(i < n ? "\"...\n" : "\"\n", stderr);
}

static void die_mismatch(const char *fmt, ...)
{
	struct seq_buf_state *st = seq_buf_state_of(&sb);
	va_list ap;

	fprintf(stderr, "\n==== seq_buf contract violation: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\ncalls: %s\n", trace);
	fprintf(stderr, "buffer: %s, size %zu, len %zu, ext %#lx",
		model.heap ? "heap" : fixed_state ? "fixed with state" : "fixed",
		sb.size, sb.len, sb.ext);
	if (st)
		fprintf(stderr, ", flags %#x, indent %u, tabstops %u, line %u, field %u, next stop %u, end %u",
			st->flags, st->indent, st->nr_tabstops, st->line_start,
			st->field_start, st->cur_tabstop, st->end);
	fprintf(stderr, "\nmodel: len %zu, known %zu, cap %zd, overflow %d, indent %u, tabstops %u",
		model.len, model.known, (ssize_t)model.cap, model.overflow,
		model.indent, model.nr_tabs);
	fprintf(stderr, ", line %zd, field %zd, next stop %u, end %zd%s\n",
		(ssize_t)model.pos.line, (ssize_t)model.pos.field, model.pos.tab,
		(ssize_t)model.pos.end, model.pos.stale ? " (stale)" : "");
	dump("model text", model.text, model.len);
	if (sb.buffer && sb.size)
		dump("buffer", sb.buffer, min(sb.len, sb.size));
	abort();
}

/* The state against the model and the kind of buffer */
static void check_state(void)
{
	struct seq_buf_state *st = seq_buf_state_of(&sb);
	unsigned int i;

	if (model.heap) {
		if (!seq_buf_is_heap(&sb))
			die_mismatch("a heap buffer is not seq_buf_is_heap()");
		if (!st && (sb.ext & ~3UL) !=
		    (unsigned long)alloc.gfp << SEQ_BUF_EXT_GFP_SHIFT)
			die_mismatch("an empty heap buffer does not keep its gfp");
		if (!st && sb.size)
			die_mismatch("a heap buffer has text but no state");
		if (st && (!(st->flags & SEQ_BUF_HEAP) || st->gfp != alloc.gfp))
			die_mismatch("the state of a heap buffer: flags %#x, gfp %#x",
				     st->flags, st->gfp);
	} else if (fixed_state) {
		if (st != &fstate)
			die_mismatch("the state of a fixed buffer is not the one it was given");
		if (seq_buf_is_heap(&sb) ||
		    (st->flags & (SEQ_BUF_HEAP | SEQ_BUF_ALLOC_FAILED)))
			die_mismatch("a fixed buffer with a state looks heap-backed");
	} else if (sb.ext) {
		die_mismatch("a plain buffer got ext %#lx", sb.ext);
	}
	if (!st) {
		if (model.indent || model.nr_tabs)
			die_mismatch("indent or tabstops set, and no state");
		return;
	}
	if (st->indent != model.indent || st->nr_tabstops != model.nr_tabs ||
	    !(st->flags & SEQ_BUF_LAYOUT) != !model.fmt)
		die_mismatch("the state has indent %u, %u tabstops, layout %d; expected %u, %u, %d",
			     st->indent, st->nr_tabstops,
			     !!(st->flags & SEQ_BUF_LAYOUT), model.indent,
			     model.nr_tabs, model.fmt);
	for (i = 0; i < model.nr_tabs; i++)
		if (st->tabstops[i] != model.tabs[i])
			die_mismatch("tabstop %u at column %u, expected %u", i,
				     st->tabstops[i], model.tabs[i]);
	/*
	 * The line state, while it is tracked. A stale one is only to be
	 * found again: what else it holds does not matter.
	 */
	if (!model.fmt)
		return;
	if (!(st->flags & SEQ_BUF_STALE) != !model.pos.stale)
		die_mismatch("the line state is %sstale, expected %sstale",
			     st->flags & SEQ_BUF_STALE ? "" : "not ",
			     model.pos.stale ? "" : "not ");
	if (!model.pos.stale &&
	    (st->line_start != model.pos.line ||
	     st->field_start != model.pos.field ||
	     st->cur_tabstop != model.pos.tab || st->end != model.pos.end))
		die_mismatch("line state: line %u, field %u, next stop %u, end %u; expected %zu, %zu, %u, %zu",
			     st->line_start, st->field_start, st->cur_tabstop,
			     st->end, model.pos.line, model.pos.field,
			     model.pos.tab, model.pos.end);
}

static void check(void)
{
	size_t used = min(sb.len, sb.size), term, n;
	const char *str;

	if (sb.len > sb.size + 1)
		die_mismatch("len %zu beyond size + 1", sb.len);
	if (seq_buf_used(&sb) != used || seq_buf_used(&sb) > sb.size)
		die_mismatch("seq_buf_used() %u", seq_buf_used(&sb));
	if (was_failed && !seq_buf_alloc_failed(&sb))
		die_mismatch("the alloc failed flag was cleared without seq_buf_exit()");
	if (!model.heap && seq_buf_alloc_failed(&sb))
		die_mismatch("alloc failed set on a fixed buffer");
	was_failed = seq_buf_alloc_failed(&sb);
	check_state();

	if (seq_buf_has_overflowed(&sb) != model.overflow)
		die_mismatch("overflowed is %d, expected %d",
			     seq_buf_has_overflowed(&sb), model.overflow);
	if (!model.overflow && sb.len != model.len)
		die_mismatch("len %zu, expected %zu", sb.len, model.len);
	if (!model.heap && (sb.size != fixed_size || sb.buffer != (char *)fixed_mem))
		die_mismatch("a fixed buffer changed its memory or size");
	/*
	 * A heap buffer allocates powers of two, one byte of which is kept
	 * for the NUL, until growing fails; a failed write may then end it
	 * at its text.
	 */
	if (model.heap && model.cap != INF && sb.size != model.cap)
		die_mismatch("a heap buffer that cannot grow has size %zu, expected %zu",
			     sb.size, model.cap);
	if (model.heap && model.cap == INF && sb.size &&
	    !is_power_of_2(sb.size + 1))
		die_mismatch("a heap buffer of %zu bytes", sb.size);

	/* seq_buf_str(): terminated inside the buffer */
	if (!model.heap && !sb.size) {
		unsigned long w = shim_warn_count;

		str = seq_buf_str(&sb);
		if (strcmp(str, "") || shim_warn_count == w)
			die_mismatch("seq_buf_str() of a zero-size buffer");
		return;
	}
	str = seq_buf_str(&sb);
	if (model.heap && !sb.size) {
		if (strcmp(str, ""))
			die_mismatch("seq_buf_str() of an empty heap buffer");
		return;
	}
	if (str != sb.buffer)
		die_mismatch("seq_buf_str() does not return the buffer");
	if (model.heap)
		term = used;
	else
		term = sb.len < sb.size ? sb.len : sb.size - 1;
	if (str[term] != '\0')
		die_mismatch("seq_buf_str() not terminated at %zu", term);
	if (!model.heap && sb.len >= sb.size) {
		/* Documented: the NUL goes over the last byte */
		if (model.len >= sb.size)
			model.text[sb.size - 1] = '\0';
	}

	n = min(term, model.known);
	if (n && memcmp(str, model.text, n)) {
		for (term = 0; str[term] == model.text[term]; term++)
			;
		die_mismatch("the text differs from the model at byte %zu", term);
	}
}

/* ---- the calls ---- */

enum op {
	OP_PUTS, OP_PUTC, OP_PUTMEM, OP_PRINTF, OP_INDENT_ADD, OP_INDENT_SUB,
	OP_TAB_PUSH, OP_TAB_RESET, OP_TAB, OP_TAB_RJUST, OP_HR_U64, OP_CLEAR,
	OP_EXIT, OP_GROUP, OP_PUTMEM_HEX, OP_PRINTK, OP_HEX_DUMP, OP_READ,
	OP_RAW, OP_PATH, NR_OPS
};

static bool misuse;	/* the current call may warn */
static bool writes;	/* the current call writes: a heap buffer checks its gfp */

static void expect_ret(const char *call, int got, int want)
{
	if (got != want)
		die_mismatch("%s returned %d, expected %d", call, got, want);
}

/* A text write to a zero-size fixed buffer must warn */
static void zero_size_warns(unsigned long w)
{
	if (!model.heap && !fixed_size && shim_warn_count == w)
		die_mismatch("a write to a zero-size buffer did not warn");
}

/* Replace every '\n' of @str by another byte */
static void unmark_nl(char *str)
{
	for (; *str; str++)
		if (*str == '\n')
			*str = 'x';
}

static void do_printf(struct input *in)
{
	char a[MAX_TEXT + 1], b[MAX_TEXT + 1], *raw, *marks;
	char a0[MAX_TEXT + 1], b0[MAX_TEXT + 1];
	unsigned int w = in_num(in) % 300, pr = in_num(in) % 300;
	u64 x = in_u64(in);
	const char *fmt;
	int ret, len;

	in_text(in, a, false);
	in_text(in, b, false);
	strcpy(a0, a);
	strcpy(b0, b);
	/* The raw text, as vsnprintf() makes it, then the same call */
	/*
	 * Then the same text with the arguments' '\n' replaced (the same
	 * length): the '\n' left in marks are the format's own.
	 */
#define FUZZ_PRINTF(f, ...) do {					\
		fmt = f;						\
		len = snprintf(NULL, 0, f, __VA_ARGS__);		\
		raw = malloc(len + 1);					\
		snprintf(raw, len + 1, f, __VA_ARGS__);			\
		ret = seq_buf_printf(&sb, f, __VA_ARGS__);		\
		unmark_nl(a);						\
		unmark_nl(b);						\
		if (!strcmp(f, "%c") && (x & 0xff) == '\n')		\
			x ^= '\n' ^ 'x';				\
		marks = malloc(len + 1);				\
		if (snprintf(marks, len + 1, f, __VA_ARGS__) != len)	\
			die_mismatch("the marked text of \"%s\" has another length", f); \
	} while (0)

	switch (in_u8(in) % 15) {
	case 0:
		FUZZ_PRINTF("%s", a);
		break;
	case 1:
		FUZZ_PRINTF("%.*s", (int)pr, a);
		break;
	case 2:
		FUZZ_PRINTF("%*s", (int)w, a);
		break;
	case 3:
		FUZZ_PRINTF("%-*s|%d", (int)w, a, (int)x);
		break;
	case 4:
		FUZZ_PRINTF("%c", (int)(x & 0xff));
		break;
	case 5:
		FUZZ_PRINTF("%s\n%s", a, b);
		break;
	case 6:
		FUZZ_PRINTF("%*.*s", (int)w, (int)pr, b);
		break;
	case 7:
		/* '\t' and '\r' of a format are text too */
		FUZZ_PRINTF("%llu\t%llx\r", x, x >> 7);
		break;
	case 8:
		FUZZ_PRINTF("%s", "");
		break;
	case 9:
		FUZZ_PRINTF("%5d%%%s", (int)(x >> 40), b);
		break;
	case 10:
		FUZZ_PRINTF("%s\n", a);
		break;
	case 11:
		FUZZ_PRINTF("%s\n%s\n", a, b);
		break;
	case 12:
		FUZZ_PRINTF("\n%s\n\n", a);
		break;
	case 13:
		FUZZ_PRINTF("%s\t%s\r\n", a, b);
		break;
	default:
		/* Lines that end before the first conversion */
		FUZZ_PRINTF("-\n\n-\n%s%s", a, b);
		break;
	}
#undef FUZZ_PRINTF
	note("printf(\"%s\", \"%s\", \"%s\") = \"%s\";", esc(fmt, strlen(fmt), 20),
	     esc(a0, strlen(a0), 30), esc(b0, strlen(b0), 30), esc(raw, len, 40));

	expect_ret("printf", ret, model_write(&model, raw, len, W_PRINTF, marks));
	free(raw);
	free(marks);
}

static void do_putmem_hex(struct input *in)
{
	char mem[MAX_TEXT + 1], hex[17];
	size_t len = in_text(in, mem, true), off, i, j, k;
	int ret, want = 0;

	note("putmem_hex(%zu bytes);", len);
	ret = seq_buf_putmem_hex(&sb, mem, len);
	/* A write, even of nothing: the line state is brought up to date */
	model_sync(&model);
	/* 8 bytes at a time, the highest address first, then a space */
	for (off = 0; off < len && !want; off += 8) {
		k = min(len - off, (size_t)8);
		for (i = k, j = 0; i > 0; i--) {
			hex[j++] = hex_asc_hi(mem[off + i - 1]);
			hex[j++] = hex_asc_lo(mem[off + i - 1]);
		}
		hex[j++] = ' ';
		want = model_write(&model, hex, j, W_PUTMEM, NULL);
	}
	expect_ret("putmem_hex", ret, want);
}

/* Rows of hex_dump_to_buffer() (the shim's), each one printf */
static void do_hex_dump(struct input *in)
{
	char mem[MAX_TEXT + 1], prefix[MAX_TEXT + 1], line[32 * 3 + 2 + 32 + 1];
	char row[MAX_TEXT + sizeof(line) + 16], marks[sizeof(row)];
	u8 how = in_u8(in);
	int rowsize = how & 1 ? 32 : 16, type = how & 2 ?
		      DUMP_PREFIX_OFFSET : DUMP_PREFIX_NONE;
	bool ascii = how & 4;
	size_t len, i, n;
	int ret, want = 0;

	in_text(in, prefix, false);
	len = in_text(in, mem, true);
	writes = len;
	note("hex_dump(\"%s\", %zu bytes);", esc(prefix, strlen(prefix), 20), len);
	ret = seq_buf_hex_dump(&sb, prefix, type, rowsize, 1, mem, len, ascii);
	for (i = 0; i < len && !want; i += rowsize) {
		hex_dump_to_buffer(mem + i, min(len - i, (size_t)rowsize),
				   rowsize, 1, line, sizeof(line), ascii);
		/* The formats of seq_buf_hex_dump() */
		if (type == DUMP_PREFIX_OFFSET)
			n = snprintf(row, sizeof(row), "%s%.8zx: %s\n", prefix,
				     i, line);
		else
			n = snprintf(row, sizeof(row), "%s%s\n", prefix, line);
		/* Only the last '\n', the format's, ends a line */
		memcpy(marks, row, n + 1);
		unmark_nl(marks);
		marks[n - 1] = '\n';
		want = model_write(&model, row, n, W_PRINTF, marks);
	}
	expect_ret("hex_dump", ret, want);
}

/* seq_buf_print_seq() and seq_buf_to_user() copy what seq_buf_used() says */
static void do_read(struct input *in)
{
	size_t used = seq_buf_used(&sb), start = in_num(in) % 4096;
	size_t cnt = in_num(in) % 4096;
	struct seq_file m = { .size = in_num(in) % 512 * 8 };
	char *user;
	int ret;

	note("print_seq(%zu); to_user(%zu, %zu);", m.size, start, cnt);
	m.buf = malloc(m.size + 1);
	ret = seq_buf_print_seq(&m, &sb);
	if (used <= m.size ? ret || m.count != used ||
	    (used && memcmp(m.buf, sb.buffer, used)) : !ret)
		die_mismatch("seq_buf_print_seq() copied %zu of %zu bytes, returned %d",
			     m.count, used, ret);
	free(m.buf);

	user = malloc(cnt + 1);
	ret = seq_buf_to_user(&sb, user, start, cnt);
	if (!cnt ? ret : start >= used ? ret != -EBUSY :
	    ret != (int)min(cnt, used - start) ||
	    memcmp(user, sb.buffer + start, ret))
		die_mismatch("seq_buf_to_user(%zu, %zu) returned %d of %zu bytes",
			     start, cnt, ret, used);
	free(user);
}

/*
 * The room that seq_buf_get_buf() must offer. A heap buffer that may still
 * grow first grows to offer max(len, 64) bytes, or what the largest buffer
 * has left after the text. That growth is speculative: the writer has not
 * said what it needs, so an allocation that fails there is not recorded
 * (the commit that follows does it if the data did not fit), and the room
 * may then be smaller.
 */
static void check_get_buf(size_t room, char *p, size_t old_len,
			  size_t old_size, bool could_grow, bool was_flagged,
			  unsigned long failed)
{
	size_t want = max_t(size_t, old_len, 64);

	if (room != (sb.len < sb.size ? sb.size - sb.len : 0) ||
	    p != (room ? sb.buffer + sb.len : NULL))
		die_mismatch("seq_buf_get_buf() offered %zu bytes at %p", room,
			     (void *)p);
	if (!was_flagged && seq_buf_alloc_failed(&sb))
		die_mismatch("seq_buf_get_buf() recorded an allocation failure");
	if (!model.heap || !could_grow || old_size - old_len >= want ||
	    old_len >= heap_cap()) {
		if (sb.size != old_size)
			die_mismatch("seq_buf_get_buf() grew a buffer that had the room, or cannot grow");
		return;
	}
	want = min(want, heap_cap() - old_len);
	if (!failed && room < want)
		die_mismatch("seq_buf_get_buf() offered %zu bytes for a text of %zu",
			     room, old_len);
}

/*
 * seq_buf_get_buf() and seq_buf_commit(), as a raw writer uses them: the
 * text if it fits the room offered, or a part of it and an error.
 */
static void do_raw(struct input *in)
{
	char text[MAX_TEXT + 1], *p;
	size_t n = in_text(in, text, true), room;
	size_t old_len = sb.len, old_size = sb.size;
	bool was_flagged = seq_buf_alloc_failed(&sb);
	bool could_grow = model.heap && !was_flagged &&
			  !seq_buf_has_overflowed(&sb);
	unsigned long failed = alloc.failed;
	u8 how = in_u8(in);

	room = seq_buf_get_buf(&sb, &p);
	/* get_buf() is where a raw write brings the line state up to date */
	model_sync(&model);
	model_heap_sync(&model);
	alloc.spec_failed += alloc.failed - failed;
	check_get_buf(room, p, old_len, old_size, could_grow, was_flagged,
		      alloc.failed - failed);
	/* With no room, a writer commits -1: commit(0) may be a BUG */
	if (n <= room && room && !(how & 1)) {
		note("get_buf() = %zu; commit(%zu);", room, n);
		if (n)
			memcpy(p, text, n);
		seq_buf_commit(&sb, n);
		if (!model.overflow)
			model_raw(&model, text, n);
		return;
	}
	/* A writer that ran out of room, maybe after writing some of it */
	note("get_buf() = %zu; %s commit(-1);", room,
	     how & 2 ? "scribble," : "");
	if (how & 2 && room)
		memcpy(p, text, min(n, room));
	seq_buf_commit(&sb, -1);
	model_raw_fail(&model);
	if (model.heap && !seq_buf_alloc_failed(&sb))
		die_mismatch("seq_buf_commit(-1) on a heap buffer did not set alloc failed");
}

/* What mangle_path() makes of @name: each byte of @chars as \ooo */
static size_t mangle(char *out, const char *name, const char *chars)
{
	size_t n = 0;

	for (; *name; name++) {
		unsigned char c = *name;

		if (strchr(chars, c))
			n += sprintf(out + n, "\\%03o", c);
		else
			out[n++] = c;
	}
	return n;
}

/*
 * seq_buf_path(): d_path() of the shim writes the name at the end of the
 * room, mangle_path() moves it to the start with the escapes. It fits if
 * the escaped name and a NUL do; a heap buffer grows until it fits.
 */
static void do_path(struct input *in)
{
	static const char * const escs[] = { "", " \t\n\\", "\n", "-" };
	char name[MAX_TEXT + 1], out[4 * MAX_TEXT + 1];
	const char *esc_chars;
	size_t n, old_len = sb.len;
	bool could_grow = model.heap && !seq_buf_alloc_failed(&sb) &&
			  !seq_buf_has_overflowed(&sb);
	unsigned long failed = alloc.failed;
	int ret, want;

	in_text(in, name, false);
	esc_chars = escs[in_u8(in) % ARRAY_SIZE(escs)];
	n = mangle(out, name, esc_chars);
	note("path(\"%s\", \"%s\") = %zu bytes;", esc(name, strlen(name), 30),
	     esc(esc_chars, strlen(esc_chars), 8), n);
	ret = seq_buf_path(&sb, (const struct path *)name, esc_chars);

	/* Its get_buf() brings the line state up to date */
	model_sync(&model);
	model_heap_sync(&model);
	/* The path and its NUL needed more than the largest buffer */
	if (could_grow && old_len + n >= heap_cap())
		model.exceeded = true;
	want = -1;
	if (!model.overflow && (model.cap == INF || old_len + n < model.cap))
		want = n;
	expect_ret("path", ret, want);
	if (want >= 0) {
		/*
		 * Its get_buf() may have failed to grow the buffer, which is
		 * not recorded; growing for the path did not fail, as it fit.
		 */
		alloc.spec_failed += alloc.failed - failed;
		model_raw(&model, out, n);
	} else {
		model_raw_fail(&model);
	}
}

static void do_op(struct input *in, bool in_group);

static void do_group(struct input *in)
{
	unsigned int i, n = 1 + in_u8(in) % MAX_GROUP;
	bool saved_overflow = model.overflow;
	size_t saved_len = model.len;
	size_t len = sb.len;

	note("save len {");
	for (i = 0; i < n; i++)
		do_op(in, true);
	if (seq_buf_has_overflowed(&sb)) {
		/* as trace_seq does: drop the whole group */
		note("} overflowed: restore len;");
		sb.len = len;
		/*
		 * Only len is restored, and with it the overflow state. The
		 * text is cut back where it was; what a right-justification did
		 * to the text before stays. The state (seq_buf_state_of()) is
		 * not touched: its end no longer matches len, or it is stale,
		 * so the next write finds the line again.
		 */
		model.len = saved_len;
		model.known = min(model.known, saved_len);
		model.overflow = saved_overflow;
	} else {
		note("}");
	}
}

static void human_readable(char *buf, u64 v)
{
	string_get_size(v, 1, STRING_UNITS_2, buf, 16);
}

static void do_op(struct input *in, bool in_group)
{
	char text[MAX_TEXT + 1];
	unsigned long w = shim_warn_count, ma = shim_might_alloc_count;
	unsigned long failed = alloc.failed, spec_failed = alloc.spec_failed;
	size_t old_used = seq_buf_used(&sb), keep;
	bool check_prefix = true;
	unsigned int n;
	size_t len;
	u64 v;
	int ret;
	u8 op = in_u8(in) % NR_OPS;

	misuse = false;
	writes = false;
	model.exceeded = false;
	model.raw_failed = false;
	model.moved_from = INF;
	if (old_used && sb.buffer) {
		reserve(&snap, &snap_alloc, old_used);
		memcpy(snap, sb.buffer, old_used);
	}

	switch (op) {
	case OP_PUTS:
		len = in_text(in, text, false);
		note("puts(\"%s\");", esc(text, len, 40));
		writes = true;
		ret = seq_buf_puts(&sb, text);
		expect_ret("puts", ret, model_write(&model, text, len, W_PUTS, NULL));
		zero_size_warns(w);
		break;
	case OP_PUTC:
		text[0] = in_u8(in);
		note("putc(%#x);", (u8)text[0]);
		writes = true;
		ret = seq_buf_putc(&sb, text[0]);
		expect_ret("putc", ret, model_write(&model, text, 1, W_PUTC, NULL));
		zero_size_warns(w);
		break;
	case OP_PUTMEM:
		len = in_text(in, text, true);
		note("putmem(\"%s\");", esc(text, len, 40));
		writes = true;
		ret = seq_buf_putmem(&sb, text, len);
		expect_ret("putmem", ret,
			   model_write(&model, text, len, W_PUTMEM, NULL));
		if (len)
			zero_size_warns(w);
		break;
	case OP_PRINTF:
		writes = true;
		do_printf(in);
		zero_size_warns(w);
		break;
	case OP_INDENT_ADD:
		n = in_num(in);
		note("indent_add(%u);", n);
		seq_buf_indent_add(&sb, n);
		if (!model.ext) {
			/* No state: a warning, nothing else */
			misuse = true;
			break;
		}
		if (!seq_buf_state_of(&sb))
			break;	/* a heap buffer could not allocate it */
		misuse = n > SEQ_BUF_INDENT_MAX - model.indent;
		model.indent = misuse ? SEQ_BUF_INDENT_MAX : model.indent + n;
		model_settings_changed(&model);
		break;
	case OP_INDENT_SUB:
		n = in_num(in);
		note("indent_sub(%u);", n);
		seq_buf_indent_sub(&sb, n);
		if (!model.ext) {
			misuse = true;
			break;
		}
		if (!seq_buf_state_of(&sb))
			break;
		misuse = n > model.indent;
		model.indent = misuse ? 0 : model.indent - n;
		model_settings_changed(&model);
		break;
	case OP_TAB_PUSH: {
		unsigned int prev = model.nr_tabs ? model.tabs[model.nr_tabs - 1] : 0;

		n = in_num(in);
		note("tabstop_push(%u);", n);
		ret = seq_buf_tabstop_push(&sb, n);
		if (!model.ext) {
			misuse = true;
			expect_ret("tabstop_push", ret, -EINVAL);
			break;
		}
		if (!seq_buf_state_of(&sb)) {
			expect_ret("tabstop_push", ret, -ENOMEM);
			break;
		}
		misuse = model.nr_tabs >= SEQ_BUF_TABSTOPS_MAX || !n ||
			 n > SEQ_BUF_TABSTOP_COL_MAX - prev;
		expect_ret("tabstop_push", ret, misuse ? -EINVAL : 0);
		if (!misuse)
			model.tabs[model.nr_tabs++] = prev + n;
		/* The first stop, while an indent keeps lines tracked */
		if (!misuse && model.nr_tabs == 1 && model.fmt)
			model_find_line_first_stop(&model);
		else
			model_settings_changed(&model);
		break;
	}
	case OP_TAB_RESET:
		note("tabstops_reset();");
		seq_buf_tabstops_reset(&sb);
		model.nr_tabs = 0;
		model_settings_changed(&model);
		break;
	case OP_TAB:
	case OP_TAB_RJUST: {
		bool rjust = op == OP_TAB_RJUST;

		note(rjust ? "tab_rjust();" : "tab();");
		writes = true;
		if (rjust)
			seq_buf_tab_rjust(&sb);
		else
			seq_buf_tab(&sb);
		model_tab(&model, rjust);
		break;
	}
	case OP_HR_U64:
		v = in_u64(in);
		switch (in_u8(in) % 4) {
		case 0:
			v &= 0xffff;
			break;
		case 1:
			v = (u64)1 << (v % 64);
			break;
		case 2:
			v = U64_MAX - (v & 3);
			break;
		default:
			break;
		}
		note("human_readable_u64(%llu);", v);
		writes = true;
		seq_buf_human_readable_u64(&sb, v);
		human_readable(text, v);
		model_write(&model, text, strlen(text), W_PUTS, NULL);
		break;
	case OP_CLEAR:
		if (in_group)
			break;
		note("clear();");
		check_prefix = false;
		seq_buf_clear(&sb);
		model_clear(&model);
		break;
	case OP_EXIT:
		if (in_group)
			break;
		note("exit();");
		check_prefix = false;
		seq_buf_exit(&sb);
		if (model.heap) {
			model_init(&model, true, true, 0);
			was_failed = false;
			alloc.last = 0;
			alloc.failed = failed = 0;
			alloc.spec_failed = spec_failed = 0;
			if (sb.size || sb.len || sb.buffer || seq_buf_state_of(&sb) ||
			    sb.ext != ((unsigned long)alloc.gfp << SEQ_BUF_EXT_GFP_SHIFT |
				       SEQ_BUF_EXT_EMPTY))
				die_mismatch("seq_buf_exit() did not leave the buffer empty");
		}
		break;
	case OP_GROUP:
		if (in_group)
			break;
		check_prefix = false;
		do_group(in);
		break;
	case OP_PUTMEM_HEX:
		writes = true;
		do_putmem_hex(in);
		break;
	case OP_PRINTK:
		note("do_printk();");
		seq_buf_do_printk(&sb, KERN_INFO);
		break;
	case OP_HEX_DUMP:
		do_hex_dump(in);
		break;
	case OP_READ:
		do_read(in);
		break;
	case OP_RAW:
		writes = true;
		do_raw(in);
		break;
	case OP_PATH:
		writes = true;
		do_path(in);
		break;
	default:
		break;
	}

	if (shim_warn_count != w && !misuse && (model.heap || fixed_size))
		die_mismatch("a call that is not a misuse warned");

	/* Every write to a heap buffer checks its gfp; no other does */
	if (model.heap && writes &&
	    (shim_might_alloc_count == ma || shim_might_alloc_gfp != alloc.gfp))
		die_mismatch("a write to a heap buffer did not call might_alloc(%#x)",
			     alloc.gfp);
	if (!model.heap && shim_might_alloc_count != ma)
		die_mismatch("a fixed buffer called might_alloc()");

	/* The alloc failed flag: set when, and only when, growing failed */
	if (model.heap) {
		bool now = seq_buf_alloc_failed(&sb);

		/* Those of get_buf() need not be recorded */
		if (alloc.failed - failed != alloc.spec_failed - spec_failed &&
		    !now)
			die_mismatch("an allocation failed and seq_buf_alloc_failed() is false");
		if (!now && model.exceeded)
			die_mismatch("a write needed more than %zu bytes and seq_buf_alloc_failed() is false",
				     heap_cap());
		if (now && !was_failed && alloc.failed == failed &&
		    !model.exceeded && !model.raw_failed)
			die_mismatch("alloc failed set, but no allocation failed, no write needed over %zu bytes",
				     heap_cap());
	}

	/*
	 * Nothing before the old len moved, above all if the call failed:
	 * only a right-justification moves text there, its field.
	 */
	if (check_prefix && old_used && sb.buffer) {
		keep = min(old_used, model.moved_from);
		if (keep > seq_buf_used(&sb))
			die_mismatch("%zu bytes of text before the call, %u after",
				     old_used, seq_buf_used(&sb));
		if (memcmp(sb.buffer, snap, keep)) {
			for (len = 0; sb.buffer[len] == snap[len]; len++)
				;
			dump("text before the call", snap, old_used);
			die_mismatch("%s changed byte %zu of the %zu before it",
				     seq_buf_has_overflowed(&sb) ?
				     "a call that failed" : "a call", len, keep);
		}
	}
	check();
}

/* ---- self-checks of the documented examples ---- */

static void expect_text(const char *what, struct seq_buf *s, const char *want)
{
	const char *got = seq_buf_str(s);

	if (strcmp(got, want)) {
		fprintf(stderr, "documented example differs: %s\n", what);
		dump("expected", want, strlen(want));
		dump("got", got, strlen(got));
		abort();
	}
}

/* Documentation/core-api/seq_buf.rst's worked example */
static void doc_worked_example(struct seq_buf *s)
{
	static const struct { const char *name; u64 bytes; unsigned long objects; } c[] = {
		{ "dentry", 1572864, 8192 }, { "inode_cache", 196608, 320 },
		{ "kmalloc-4k", 3758096384ULL, 917504 },
	};
	unsigned int i;

	seq_buf_printf(s, "Slab caches: %d\n", (int)ARRAY_SIZE(c));
	seq_buf_indent_add(s, 2);
	seq_buf_tabstop_push(s, 14);
	seq_buf_tabstop_push(s, 10);
	seq_buf_tabstop_push(s, 10);
	seq_buf_puts(s, "name");
	seq_buf_tab(s);
	seq_buf_puts(s, "size");
	seq_buf_tab_rjust(s);
	seq_buf_puts(s, "objects");
	seq_buf_tab_rjust(s);
	seq_buf_putc(s, '\n');
	for (i = 0; i < ARRAY_SIZE(c); i++) {
		seq_buf_printf(s, "%s", c[i].name);
		seq_buf_tab(s);
		seq_buf_human_readable_u64(s, c[i].bytes);
		seq_buf_tab_rjust(s);
		seq_buf_printf(s, "%lu", c[i].objects);
		seq_buf_tab_rjust(s);
		seq_buf_putc(s, '\n');
	}
	seq_buf_tabstops_reset(s);
	seq_buf_indent_sub(s, 2);
	expect_text("worked example", s,
		    "Slab caches: 3\n"
		    "  name              size   objects\n"
		    "  dentry        1.50 MiB      8192\n"
		    "  inode_cache    192 KiB       320\n"
		    "  kmalloc-4k    3.50 GiB    917504\n");
}

/* SPEC item 5: layout comes from the caller, never from data */
static void doc_layout_rules(struct seq_buf *s)
{
	seq_buf_indent_add(s, 2);
	seq_buf_tabstop_push(s, 8);
	/* '\t' and '\r' are text; empty lines get no indent */
	seq_buf_puts(s, "a\tb\rc\n\nd");
	seq_buf_putc(s, '\n');
	/* An argument's '\n' is text: only the format's end lines */
	seq_buf_printf(s, "%s\n", "e\nf");
	seq_buf_printf(s, "%s\n%s\n", "g", "h");
	/* Wherever the arguments put them, the format's '\n' end lines */
	seq_buf_printf(s, "%s\n%s", "i\n", "j");
	seq_buf_putc(s, '\n');
	/* An argument's '\n' that starts a line: no indent before or after */
	seq_buf_printf(s, "%s|%d", "\nl", 1);
	seq_buf_putc(s, '\n');
	/* The format's '\n' before its first conversion end lines */
	seq_buf_printf(s, "m\n%s", "n\no");
	seq_buf_putc(s, '\n');
	seq_buf_puts(s, "k");
	seq_buf_tab_rjust(s);
	seq_buf_putc(s, '\n');
	seq_buf_tabstops_reset(s);
	seq_buf_indent_sub(s, 2);
	expect_text("layout rules", s,
		    "  a\tb\rc\n\n  d\n  e\nf\n  g\n  h\n  i\n\n  j\n\nl|1\n  m\n  n\no\n       k\n");
}

static void doc_examples(void)
{
	static const struct { u64 v; const char *want; } hr[] = {
		{ 0, "0 B" }, { 1, "1.00 B" }, { 1023, "1023 B" },
		{ 1024, "1.00 KiB" }, { 1025, "1.00 KiB" },
		{ 1048575, "1024 KiB" }, { U64_MAX, "16.0 EiB" },
	};
	static char fixed[256], small[24];
	struct seq_buf_state st;
	struct seq_buf s;
	unsigned int i;

	seq_buf_init_alloc(&s, GFP_KERNEL);
	for (i = 0; i < ARRAY_SIZE(hr); i++) {
		seq_buf_clear(&s);
		seq_buf_human_readable_u64(&s, hr[i].v);
		expect_text("human readable size", &s, hr[i].want);
	}
	seq_buf_clear(&s);
	doc_worked_example(&s);
	seq_buf_exit(&s);
	seq_buf_init_alloc(&s, GFP_KERNEL);
	doc_layout_rules(&s);
	seq_buf_exit(&s);

	seq_buf_init_state(&s, fixed, sizeof(fixed), &st);
	doc_worked_example(&s);
	seq_buf_init_state(&s, fixed, sizeof(fixed), &st);
	doc_layout_rules(&s);

	/* A right-justification that does not fit leaves its field */
	seq_buf_init_state(&s, small, sizeof(small), &st);
	seq_buf_tabstop_push(&s, 40);
	seq_buf_puts(&s, "field");
	seq_buf_tab_rjust(&s);
	if (!seq_buf_has_overflowed(&s) || memcmp(small, "field", 5)) {
		fprintf(stderr, "documented example differs: a tab_rjust() that did not fit moved text\n");
		abort();
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	print_trace = getenv("SEQ_BUF_FUZZ_TRACE");
	shim_warn_quiet = 1;
	shim_printk_quiet = 1;
	reserve(&model.text, &model.alloc, 256);
	reserve(&scratch, &scratch_alloc, 256);
	doc_examples();
	return 0;
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	struct input in = { data, size };
	u8 mode = in_u8(&in);
	long live = shim_alloc_live;
	unsigned int i, n;

	trace_len = 0;
	trace[0] = '\0';
	memset(&alloc, 0, sizeof(alloc));
	was_failed = false;
	fixed_mem = NULL;
	fixed_size = 0;
	fixed_state = false;

	if (mode & 1) {
		static const gfp_t gfps[] = { GFP_KERNEL, GFP_NOWAIT, GFP_ATOMIC };

		/* Bits 1-2 only, so that the failure bits keep the gfp */
		alloc.gfp = gfps[((mode >> 1) & 3) % 3];
		alloc.fail_at = (mode >> 3) & 7;
		alloc.fail_rest = mode & 0x40;
		alloc.s = &sb;
		seq_buf_init_alloc(&sb, alloc.gfp);
		model_init(&model, true, true, 0);
		note("heap(%s, fail at %lu%s);",
		     alloc.gfp == GFP_KERNEL ? "GFP_KERNEL" :
		     alloc.gfp == GFP_NOWAIT ? "GFP_NOWAIT" : "GFP_ATOMIC",
		     alloc.fail_at, alloc.fail_rest ? " and after" : "");
		if (sb.size || sb.len || *seq_buf_str(&sb) ||
		    seq_buf_state_of(&sb) || !seq_buf_is_heap(&sb) ||
		    seq_buf_alloc_failed(&sb) || shim_alloc_live != live)
			die_mismatch("seq_buf_init_alloc() is not empty or allocated");
	} else {
		u8 b = in_u8(&in);

		/* 0, 1 and 2 often, otherwise up to 255 */
		fixed_size = b < 0x30 ? b % 3 : b;
		fixed_mem = malloc(fixed_size);
		fixed_state = mode & 2;
		memset(fixed_mem, mode | 0x80, fixed_size);
		if (fixed_state) {
			/* The caller's state, cleared by the call */
			memset(&fstate, 0xa5, sizeof(fstate));
			seq_buf_init_state(&sb, (char *)fixed_mem, fixed_size,
					   &fstate);
			if (fstate.gfp || fstate.flags || fstate.indent ||
			    fstate.nr_tabstops || fstate.cur_tabstop ||
			    fstate.line_start || fstate.field_start ||
			    fstate.end)
				die_mismatch("seq_buf_init_state() did not clear the state");
			for (i = 0; i < SEQ_BUF_TABSTOPS_MAX; i++)
				if (fstate.tabstops[i])
					die_mismatch("seq_buf_init_state() did not clear the tabstops");
		} else {
			seq_buf_init(&sb, (char *)fixed_mem, fixed_size);
		}
		model_init(&model, false, fixed_state, fixed_size);
		note("fixed(%zu%s);", fixed_size, fixed_state ? ", state" : "");
	}
	shim_alloc_fail = fuzz_alloc_fail;

	n = 1 + in_u8(&in) % MAX_OPS;
	for (i = 0; i < n && in.n; i++)
		do_op(&in, false);

	shim_alloc_fail = NULL;
	if (print_trace) {
		fprintf(stderr, "calls: %s\nsize %zu, len %zu, overflowed %d, alloc failed %d\n",
			trace, sb.size, sb.len, seq_buf_has_overflowed(&sb),
			seq_buf_alloc_failed(&sb));
		if (sb.size)
			dump("text", seq_buf_str(&sb), min_t(size_t, seq_buf_used(&sb), 200));
	}
	if (model.heap) {
		seq_buf_exit(&sb);
		seq_buf_exit(&sb);	/* safe twice */
		if (shim_alloc_live != live)
			die_mismatch("seq_buf_exit() leaked %ld blocks",
				     shim_alloc_live - live);
	} else {
		seq_buf_exit(&sb);	/* no-op on a fixed buffer */
		if (sb.buffer != (char *)fixed_mem)
			die_mismatch("seq_buf_exit() changed a fixed buffer");
		free(fixed_mem);
	}
	return 0;
}
