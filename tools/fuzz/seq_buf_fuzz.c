// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness for the series' lib/seq_buf.c, built unchanged in
 * userspace against the shims of tools/userspace (tools/fuzz/run).
 *
 * An input is a buffer setup followed by a sequence of API calls with
 * their arguments. Every call is made on the real seq_buf and applied to
 * a model of the contract (the API contract of the design notes and
 * Documentation/core-api/seq_buf.rst), then the two are compared:
 *
 * - the model keeps the text an unbounded buffer would hold, with the
 *   indentation and tabstop rules applied, and derives from it what a
 *   buffer of capacity N holds: a write that fits is kept whole; puts,
 *   putc, putmem and the tabs are all or nothing (puts needs room for its
 *   NUL); printf keeps the text cut before the last byte of the buffer,
 *   and with indentation or tabstops in use it lays out in place the raw
 *   text that fitted (see model_printf_fmt()); every later write fails
 *   until the buffer is cleared; a failed puts, putc or putmem on a heap
 *   buffer, or one with indentation or tabstops, clears the bytes after
 *   the text;
 * - a heap buffer is unbounded until growing fails; from then on it
 *   behaves as a fixed buffer of the size it had;
 * - moving len back (as trace_seq does after an overflow) takes back text,
 *   not what a right-justification did before it; the line state is found
 *   again, at the line's first tabstop, if it lies past the new end;
 * - after every call: seq_buf_str() is NUL-terminated inside the buffer,
 *   len, size and the overflow state agree with the model, the alloc
 *   failed flag is sticky, no allocation is tried after it is set, and a
 *   call that is not a misuse does not warn.
 *
 * Any difference makes the harness print what it expected and abort,
 * which libFuzzer reports as a crash with the input that caused it.
 */
#include <linux/kernel.h>
#include <linux/seq_buf.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string_helpers.h>

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

struct pos {
	size_t line;		/* offset of the start of the current line */
	size_t field;		/* offset of the start of the current field */
	unsigned int tab;	/* index of the next tabstop of the line */
};

struct model {
	char *text;		/* what the buffer holds, from offset 0 */
	size_t len;		/* bytes of text */
	size_t alloc;
	size_t known;		/* bytes of text that are known to be there */
	size_t cap;		/* capacity: the fixed size, or INF for a heap */
	bool heap;
	bool overflow;
	unsigned int indent;
	unsigned int nr_tabs;
	unsigned int tabs[SEQ_BUF_TABSTOPS_MAX];
	bool fmt;		/* an indent or a tabstop is set */
	struct pos pos;
};

static struct seq_buf sb;

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

/* The current line starts after the last '\n' of the text */
static void model_find_line(struct model *m)
{
	size_t p = m->len;

	while (p && m->text[p - 1] != '\n')
		p--;
	m->pos = (struct pos){ .line = p, .field = p, .tab = 0 };
}

/*
 * Scanning starts when an indent or a tabstop is set; lines are not
 * tracked while neither is, so the line is found again then.
 */
static void model_settings_changed(struct model *m)
{
	bool fmt = m->indent || m->nr_tabs;

	if (fmt && !m->fmt)
		model_find_line(m);
	m->fmt = fmt;
}

/*
 * The layout of one character of text, appended to scratch[0, *@l) with
 * the line state *@p: first the indent, if @c begins a line ...
 */
static void model_indent(struct model *m, char c, size_t *l, struct pos *p)
{
	if (!m->fmt || c == '\n' || *l != p->line || !m->indent)
		return;
	reserve(&scratch, &scratch_alloc, *l + m->indent);
	memset(scratch + *l, ' ', m->indent);
	*l += m->indent;
	p->field = *l;
}

/* ... then the character: '\t' and '\r' are tabs while a stop is set */
static void model_char(struct model *m, char c, size_t *l, struct pos *p)
{
	unsigned int stop;
	size_t col, pad;

	reserve(&scratch, &scratch_alloc, *l + 1);
	if (!m->fmt || !m->nr_tabs || (c != '\t' && c != '\r')) {
		scratch[(*l)++] = c;
		if (m->fmt && c == '\n')
			*p = (struct pos){ .line = *l, .field = *l, .tab = 0 };
		return;
	}
	stop = p->tab < m->nr_tabs ? m->tabs[p->tab] : 0;
	col = *l - p->line;
	if (c == '\t' || !stop || col > stop) {
		/* pad to the stop, or one space */
		pad = stop > col && c == '\t' ? stop - col : 1;
		reserve(&scratch, &scratch_alloc, *l + pad);
		memset(scratch + *l, ' ', pad);
	} else {
		/* right-justify the field: it ends at the stop */
		pad = stop - col;
		reserve(&scratch, &scratch_alloc, *l + pad);
		memmove(scratch + p->field + pad, scratch + p->field,
			*l - p->field);
		memset(scratch + p->field, ' ', pad);
	}
	*l += pad;
	p->field = *l;
	/* A stop pushed later on this line is the next one */
	if (p->tab < m->nr_tabs)
		p->tab++;
}

/* The text so far, into scratch */
static void model_scratch(struct model *m, size_t *len, struct pos *p)
{
	reserve(&scratch, &scratch_alloc, m->len + 1);
	memcpy(scratch, m->text, m->len);
	*len = m->len;
	*p = m->pos;
}

/*
 * Apply @str to a copy of the text in scratch: *@len is the length of the
 * copy, *@p the line state after it.
 */
static void model_expand(struct model *m, const char *str, size_t n,
			 size_t *len, struct pos *p)
{
	size_t i;

	model_scratch(m, len, p);
	for (i = 0; i < n; i++) {
		model_indent(m, str[i], len, p);
		model_char(m, str[i], len, p);
	}
}

/*
 * printf with indentation or tabstops, into scratch: vsnprintf() writes
 * the raw text after the old end, as much of it as fits before the last
 * byte (@limit), and the layout then happens in place, one character
 * after the other. The characters not laid out yet follow the text laid
 * out; whatever the layout pushes past @limit is lost, and a character
 * lost is never laid out. So a '\r' cut off does not right-justify its
 * field, and one that adds no space leaves its byte empty at the end.
 *
 * Returns: true if the text was laid out whole within @limit.
 */
static bool model_printf_fmt(struct model *m, const char *str, size_t n,
			     size_t limit, size_t *len, struct pos *p)
{
	size_t left, i;		/* characters still in the buffer */
	bool whole;

	model_scratch(m, len, p);
	left = min(n, limit - *len);
	whole = left == n;
	for (i = 0; left; i++) {
		model_indent(m, str[i], len, p);
		if (*len + left > limit) {
			whole = false;
			left = *len < limit ? limit - *len : 0;
			if (!left)
				break;
		}
		model_char(m, str[i], len, p);
		left--;
		if (*len + left > limit) {
			whole = false;
			left = *len < limit ? limit - *len : 0;
		}
	}
	return whole;
}

/*
 * The kernel finds the line again before a text write if the line state
 * lies past the end, after len was moved back.
 */
static void model_sync(struct model *m)
{
	if (m->fmt && !m->overflow && m->pos.field > m->len)
		model_find_line(m);
}

enum wkind {
	W_PUTS,		/* all or nothing, needs room for a NUL */
	W_PUTC,		/* all or nothing: putc, the tabs */
	W_PUTMEM,	/* all or nothing, raw */
	W_PRINTF,	/* keeps what fits before the last byte */
};

/* Returns what the call must return: 0, or -1 on overflow */
static int model_write(struct model *m, const char *str, size_t n,
		       enum wkind kind)
{
	struct pos p = m->pos;
	size_t len;

	/*
	 * A heap buffer whose growth failed is a fixed buffer of the size
	 * it stopped at (the model runs after the real call).
	 */
	if (m->heap && m->cap == INF && seq_buf_alloc_failed(&sb))
		m->cap = sb.size;
	if (m->overflow)
		return -1;
	if (kind != W_PUTMEM)
		model_sync(m);
	if (kind == W_PRINTF && m->fmt && m->cap != INF) {
		if (m->len >= m->cap) {
			/* Already full: nothing is written, the line is stale */
			m->overflow = true;
			m->pos = (struct pos){ .line = INF, .field = INF };
			return -1;
		}
		if (model_printf_fmt(m, str, n, m->cap - 1, &len, &p))
			goto fits;
		/* What was laid out, then zeros up to the last byte */
		len = min(len, m->cap - 1);
		reserve(&scratch, &scratch_alloc, m->cap);
		memset(scratch + len, 0, m->cap - 1 - len);
		reserve(&m->text, &m->alloc, m->cap);
		memcpy(m->text, scratch, m->cap - 1);
		m->len = m->known = m->cap - 1;
		m->overflow = true;
		/* The line state is found again if len is moved back */
		m->pos = (struct pos){ .line = INF, .field = INF };
		return -1;
	}
	if (kind == W_PUTMEM) {
		reserve(&scratch, &scratch_alloc, m->len + n + 1);
		memcpy(scratch, m->text, m->len);
		memcpy(scratch + m->len, str, n);
		len = m->len + n;
	} else {
		model_expand(m, str, n, &len, &p);
	}

	if (m->cap == INF ||
	    (kind == W_PUTS || kind == W_PRINTF ? len < m->cap : len <= m->cap)) {
fits:
		reserve(&m->text, &m->alloc, len + 1);
		memcpy(m->text, scratch, len);
		m->len = m->known = len;
		m->pos = p;
		return 0;
	}

	m->overflow = true;
	if (kind != W_PRINTF && (m->heap || m->fmt) && m->cap != INF &&
	    m->len < m->cap) {
		/* A failed write clears the bytes after the text */
		reserve(&m->text, &m->alloc, m->cap);
		memset(m->text + m->len, 0, m->cap - m->len);
		m->known = m->cap;
	}
	if (kind == W_PRINTF) {
		/* The text as it would be, cut before the last byte */
		len = m->cap ? m->cap - 1 : 0;
		reserve(&m->text, &m->alloc, len + 1);
		memcpy(m->text, scratch, len);
		m->known = len;
		m->len = len;
	}
	return -1;
}

static void model_clear(struct model *m)
{
	m->len = m->known = 0;
	m->overflow = false;
	m->pos = (struct pos){ 0 };
}

static void model_init(struct model *m, bool heap, size_t cap)
{
	model_clear(m);
	m->heap = heap;
	m->cap = heap ? INF : cap;
	m->indent = 0;
	m->nr_tabs = 0;
	m->fmt = false;
}

/* ---- allocation failures ---- */

static struct {
	unsigned long calls;	/* attempts so far */
	unsigned long fail_at;	/* the attempt that fails first, 0: none */
	bool fail_rest;		/* and every one after it */
	bool failed;		/* an attempt failed */
	gfp_t gfp;		/* given to seq_buf_init_alloc() */
	size_t last;		/* size of the last successful one */
	struct seq_buf *s;
} alloc;

static bool fuzz_alloc_fail(size_t size, gfp_t gfp)
{
	bool fail;

	alloc.calls++;
	if (alloc.s && seq_buf_alloc_failed(alloc.s))
		die_mismatch("allocation of %zu bytes tried after seq_buf_alloc_failed()",
			     size);
	if ((gfp & ~__GFP_NOWARN) != alloc.gfp)
		die_mismatch("allocation with gfp %#x, the buffer was set up with %#x",
			     gfp, alloc.gfp);
	if (alloc.last && size < 2 * alloc.last)
		die_mismatch("growth from %zu to %zu bytes is not geometric",
			     alloc.last, size);
	fail = alloc.fail_at && (alloc.calls == alloc.fail_at ||
				 (alloc.fail_rest && alloc.calls > alloc.fail_at));
	if (fail)
		alloc.failed = true;
	else
		alloc.last = size;
	return fail;
}

/* ---- the real buffer and the comparison ---- */

static struct model model;
static u8 *fixed_mem;
static size_t fixed_size;
static bool was_failed;
static char trace[4096];	/* the calls of this input, for a report */
static size_t trace_len;

static void note(const char *fmt, ...)
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
	va_list ap;

	fprintf(stderr, "\n==== seq_buf contract violation: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\ncalls: %s\n", trace);
	fprintf(stderr,
		"buffer: %s, size %zu, len %zu, flags %#x, indent %u, tabstops %u\n",
		model.heap ? "heap" : "fixed", sb.size, sb.len, sb.flags,
		sb.indent, sb.nr_tabstops);
	dump("model text", model.text, model.len);
	if (sb.buffer && sb.size)
		dump("buffer", sb.buffer, min(sb.len, sb.size));
	abort();
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
	if (model.heap && seq_buf_alloc_failed(&sb) && !alloc.failed &&
	    model.len < SZ_1M)
		die_mismatch("alloc failed set while no allocation failed");
	was_failed = seq_buf_alloc_failed(&sb);

	if (seq_buf_has_overflowed(&sb) != model.overflow)
		die_mismatch("overflowed is %d, expected %d",
			     seq_buf_has_overflowed(&sb), model.overflow);
	if (!model.overflow && sb.len != model.len)
		die_mismatch("len %zu, expected %zu", sb.len, model.len);
	if (!model.heap && (sb.size != fixed_size || sb.buffer != (char *)fixed_mem))
		die_mismatch("a fixed buffer changed its memory or size");

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
	if (n && memcmp(str, model.text, n))
		die_mismatch("the text differs from the model");
}

/* ---- the calls ---- */

static const char * const names_abc[] = { "a", "b", "c", NULL };
static const char * const names_holes[] = { "rd", NULL, "wr", NULL };
static const char * const names_fmt[] = { "x\ty", "", "l1\nl2", "r\r", NULL };
static const char * const names_empty[] = { NULL };
static const char *names_64[64];
static const char * const *const tables[] = {
	names_abc, names_holes, names_fmt, names_empty, names_64, NULL,
};

static size_t table_len(const char * const *t)
{
	size_t n = 0;

	while (n < 64 && t[n])
		n++;
	return n;
}

enum op {
	OP_PUTS, OP_PUTC, OP_PUTMEM, OP_PRINTF, OP_INDENT_ADD, OP_INDENT_SUB,
	OP_TAB_PUSH, OP_TAB_POP, OP_TAB_RESET, OP_TAB, OP_TAB_RJUST,
	OP_HR_U64, OP_HR_S64, OP_BITFLAGS, OP_OPTION, OP_CLEAR, OP_EXIT,
	OP_GROUP, OP_PUTMEM_HEX, OP_PRINTK, OP_HEX_DUMP, OP_READ, NR_OPS
};

static bool misuse;	/* the current call may warn */

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

static void do_printf(struct input *in)
{
	char a[MAX_TEXT + 1], b[MAX_TEXT + 1], *raw;
	unsigned int w = in_num(in) % 300, pr = in_num(in) % 300;
	u64 x = in_u64(in);
	int ret, len;

	in_text(in, a, false);
	in_text(in, b, false);
	/* The raw text, as vsnprintf() makes it, then the same call */
#define FUZZ_PRINTF(...) do {						\
		len = snprintf(NULL, 0, __VA_ARGS__);			\
		raw = malloc(len + 1);					\
		snprintf(raw, len + 1, __VA_ARGS__);			\
		ret = seq_buf_printf(&sb, __VA_ARGS__);			\
	} while (0)

	switch (in_u8(in) % 10) {
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
		FUZZ_PRINTF("%llu\t%llx\r", x, x >> 7);
		break;
	case 8:
		FUZZ_PRINTF("%s", "");
		break;
	default:
		FUZZ_PRINTF("%5d%%%s", (int)(x >> 40), b);
		break;
	}
#undef FUZZ_PRINTF
	note("printf(\"%.40s\"...);", raw);

	expect_ret("printf", ret, model_write(&model, raw, len, W_PRINTF));
	free(raw);
}

static void human_readable(char *buf, u64 v, bool neg)
{
	if (neg) {
		buf[0] = '-';
		string_get_size(v, 1, STRING_UNITS_2, buf + 1, 15);
	} else {
		string_get_size(v, 1, STRING_UNITS_2, buf, 16);
	}
}

static void do_bitflags(struct input *in)
{
	const char * const *t = tables[in_u8(in) % ARRAY_SIZE(tables)];
	u64 flags = in_u64(in), rest = flags;
	char hex[24];
	unsigned int bit, n;
	bool first = true;

	note("bitflags(%s, %#llx);", !t ? "NULL" : t == names_64 ? "names64" :
	     t[0] ? t[0] : "{}", flags);
	if (!t) {
		misuse = true;
		seq_buf_bitflags(&sb, NULL, flags);
		n = snprintf(hex, sizeof(hex), "0x%llx", flags);
		model_write(&model, hex, n, W_PRINTF);
		return;
	}
	seq_buf_bitflags(&sb, t, flags);
	n = table_len(t);
	for (bit = 0; bit < n && rest; bit++) {
		if (!(rest & BIT_ULL(bit)))
			continue;
		if (!first)
			model_write(&model, ",", 1, W_PUTC);
		model_write(&model, t[bit], strlen(t[bit]), W_PUTS);
		rest &= ~BIT_ULL(bit);
		first = false;
	}
	if (rest) {
		if (!first)
			model_write(&model, ",", 1, W_PUTC);
		n = snprintf(hex, sizeof(hex), "0x%llx", rest);
		model_write(&model, hex, n, W_PRINTF);
	}
}

static void do_option(struct input *in)
{
	const char * const *t = tables[in_u8(in) % ARRAY_SIZE(tables)];
	size_t sel = in_num(in) % 8, i, n;
	char buf[32];

	if (t == names_64)
		t = names_abc;	/* needs a terminator */
	note("string_option(%s, %zu);", t ? t[0] ? t[0] : "{}" : "NULL", sel);
	seq_buf_string_option(&sb, t, sel);
	if (!t) {
		misuse = true;
		n = snprintf(buf, sizeof(buf), "[%zu]", sel);
		model_write(&model, buf, n, W_PRINTF);
		return;
	}
	n = table_len(t);
	misuse = sel >= n;
	for (i = 0; i < n; i++) {
		if (i)
			model_write(&model, " ", 1, W_PUTC);
		if (i == sel)
			model_write(&model, "[", 1, W_PUTC);
		model_write(&model, t[i], strlen(t[i]), W_PUTS);
		if (i == sel)
			model_write(&model, "]", 1, W_PUTC);
	}
}

static void do_putmem_hex(struct input *in)
{
	char mem[MAX_TEXT + 1], hex[17];
	size_t len = in_text(in, mem, true), off, i, j, k;
	int ret, want = 0;

	note("putmem_hex(%zu bytes);", len);
	ret = seq_buf_putmem_hex(&sb, mem, len);
	/* 8 bytes at a time, the highest address first, then a space */
	for (off = 0; off < len && !want; off += 8) {
		k = min(len - off, (size_t)8);
		for (i = k, j = 0; i > 0; i--) {
			hex[j++] = hex_asc_hi(mem[off + i - 1]);
			hex[j++] = hex_asc_lo(mem[off + i - 1]);
		}
		hex[j++] = ' ';
		want = model_write(&model, hex, j, W_PUTMEM);
	}
	expect_ret("putmem_hex", ret, want);
}

/* Rows of hex_dump_to_buffer() (the shim's), each one printf */
static void do_hex_dump(struct input *in)
{
	char mem[MAX_TEXT + 1], prefix[MAX_TEXT + 1], line[32 * 3 + 2 + 32 + 1];
	char row[MAX_TEXT + sizeof(line) + 16];
	u8 how = in_u8(in);
	int rowsize = how & 1 ? 32 : 16, type = how & 2 ?
		      DUMP_PREFIX_OFFSET : DUMP_PREFIX_NONE;
	bool ascii = how & 4;
	size_t len, i, n;
	int ret, want = 0;

	in_text(in, prefix, false);
	len = in_text(in, mem, true);
	note("hex_dump(\"%.20s\", %zu bytes);", prefix, len);
	ret = seq_buf_hex_dump(&sb, prefix, type, rowsize, 1, mem, len, ascii);
	for (i = 0; i < len && !want; i += rowsize) {
		hex_dump_to_buffer(mem + i, min(len - i, (size_t)rowsize),
				   rowsize, 1, line, sizeof(line), ascii);
		if (type == DUMP_PREFIX_OFFSET)
			n = snprintf(row, sizeof(row), "%s%.8zx: %s\n", prefix,
				     i, line);
		else
			n = snprintf(row, sizeof(row), "%s%s\n", prefix, line);
		want = model_write(&model, row, n, W_PRINTF);
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
		 * The text is cut back where it was; what a right-justification
		 * did to the text before stays. The line state stays too, and
		 * is found again at the next write if it lies past the end.
		 */
		model.len = saved_len;
		model.known = min(model.known, saved_len);
		model.overflow = saved_overflow;
	} else {
		note("}");
	}
}

static void do_op(struct input *in, bool in_group)
{
	char text[MAX_TEXT + 1];
	unsigned long w = shim_warn_count;
	unsigned int n;
	size_t len;
	u64 v;
	int ret;
	u8 op = in_u8(in) % NR_OPS;

	misuse = false;
	switch (op) {
	case OP_PUTS:
		len = in_text(in, text, false);
		note("puts(\"%.40s\");", text);
		ret = seq_buf_puts(&sb, text);
		expect_ret("puts", ret, model_write(&model, text, len, W_PUTS));
		zero_size_warns(w);
		break;
	case OP_PUTC:
		text[0] = in_u8(in);
		note("putc(%#x);", (u8)text[0]);
		ret = seq_buf_putc(&sb, text[0]);
		expect_ret("putc", ret, model_write(&model, text, 1, W_PUTC));
		zero_size_warns(w);
		break;
	case OP_PUTMEM:
		len = in_text(in, text, true);
		note("putmem(%zu bytes);", len);
		ret = seq_buf_putmem(&sb, text, len);
		expect_ret("putmem", ret, model_write(&model, text, len, W_PUTMEM));
		if (len)
			zero_size_warns(w);
		break;
	case OP_PRINTF:
		do_printf(in);
		zero_size_warns(w);
		break;
	case OP_INDENT_ADD:
		n = in_num(in);
		note("indent_add(%u);", n);
		seq_buf_indent_add(&sb, n);
		misuse = n > SEQ_BUF_INDENT_MAX - model.indent;
		model.indent = misuse ? SEQ_BUF_INDENT_MAX : model.indent + n;
		model_settings_changed(&model);
		break;
	case OP_INDENT_SUB:
		n = in_num(in);
		note("indent_sub(%u);", n);
		seq_buf_indent_sub(&sb, n);
		misuse = n > model.indent;
		model.indent = misuse ? 0 : model.indent - n;
		model_settings_changed(&model);
		break;
	case OP_TAB_PUSH: {
		unsigned int prev = model.nr_tabs ? model.tabs[model.nr_tabs - 1] : 0;

		n = in_num(in);
		note("tabstop_push(%u);", n);
		ret = seq_buf_tabstop_push(&sb, n);
		misuse = model.nr_tabs >= SEQ_BUF_TABSTOPS_MAX || !n ||
			 n > SEQ_BUF_TABSTOP_COL_MAX - prev;
		expect_ret("tabstop_push", ret, misuse ? -EINVAL : 0);
		if (!misuse)
			model.tabs[model.nr_tabs++] = prev + n;
		model_settings_changed(&model);
		break;
	}
	case OP_TAB_POP:
		note("tabstop_pop();");
		seq_buf_tabstop_pop(&sb);
		misuse = !model.nr_tabs;
		if (!misuse)
			model.nr_tabs--;
		model_settings_changed(&model);
		break;
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
		if (rjust)
			seq_buf_tab_rjust(&sb);
		else
			seq_buf_tab(&sb);
		/* With no stop, one space */
		model_write(&model, !model.nr_tabs ? " " : rjust ? "\r" : "\t",
			    1, W_PUTC);
		break;
	}
	case OP_HR_U64:
	case OP_HR_S64:
		v = in_u64(in);
		switch (in_u8(in) % 4) {
		case 0:
			v &= 0xffff;
			break;
		case 1:
			v = (u64)1 << (v % 64);
			break;
		case 2:
			v = (v & 1) ? (u64)S64_MIN : U64_MAX - (v & 3);
			break;
		default:
			break;
		}
		if (op == OP_HR_S64) {
			note("human_readable_s64(%lld);", (s64)v);
			seq_buf_human_readable_s64(&sb, v);
			human_readable(text, (s64)v < 0 ? -v : v, (s64)v < 0);
		} else {
			note("human_readable_u64(%llu);", v);
			seq_buf_human_readable_u64(&sb, v);
			human_readable(text, v, false);
		}
		model_write(&model, text, strlen(text), W_PUTS);
		break;
	case OP_BITFLAGS:
		do_bitflags(in);
		break;
	case OP_OPTION:
		do_option(in);
		break;
	case OP_CLEAR:
		if (in_group)
			break;
		note("clear();");
		seq_buf_clear(&sb);
		model_clear(&model);
		break;
	case OP_EXIT:
		if (in_group)
			break;
		note("exit();");
		seq_buf_exit(&sb);
		if (model.heap) {
			model_init(&model, true, 0);
			was_failed = false;
			alloc.last = 0;
			if (sb.size || sb.len || sb.flags != SEQ_BUF_HEAP)
				die_mismatch("seq_buf_exit() did not leave the buffer empty");
		}
		break;
	case OP_GROUP:
		if (in_group)
			break;
		do_group(in);
		break;
	case OP_PUTMEM_HEX:
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
	default:
		break;
	}

	if (shim_warn_count != w && !misuse && (model.heap || fixed_size))
		die_mismatch("a call that is not a misuse warned");
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

static void doc_examples(void)
{
	static const struct { u64 v; bool s; const char *want; } hr[] = {
		{ 0, false, "0 B" }, { 1, false, "1.00 B" },
		{ 1023, false, "1023 B" }, { 1024, false, "1.00 KiB" },
		{ 1025, false, "1.00 KiB" }, { 1048575, false, "1024 KiB" },
		{ U64_MAX, false, "16.0 EiB" }, { -1, true, "-1.00 B" },
		{ S64_MAX, true, "8.00 EiB" }, { (u64)S64_MIN, true, "-8.00 EiB" },
	};
	static const char * const flag_names[] = { "reclaimable", "accounted", NULL };
	static const struct { const char *name; u64 bytes, flags; } c[] = {
		{ "dentry", 1572864, 0x3 }, { "inode_cache", 196608, 0x1 },
		{ "kmalloc-4k", 3758096384ULL, 0xa },
	};
	struct seq_buf s;
	unsigned int i;

	seq_buf_init_alloc(&s, GFP_KERNEL);
	for (i = 0; i < ARRAY_SIZE(hr); i++) {
		seq_buf_clear(&s);
		if (hr[i].s)
			seq_buf_human_readable_s64(&s, hr[i].v);
		else
			seq_buf_human_readable_u64(&s, hr[i].v);
		expect_text("human readable size", &s, hr[i].want);
	}
	seq_buf_clear(&s);
	seq_buf_bitflags(&s, names_abc, 0x15);
	expect_text("bitflags 0x15", &s, "a,c,0x10");
	seq_buf_clear(&s);
	seq_buf_string_option(&s, names_abc, 1);
	expect_text("string_option 1", &s, "a [b] c");

	/* The worked example of the documentation */
	seq_buf_clear(&s);
	seq_buf_printf(&s, "Slab caches: %d\n", 3);
	seq_buf_indent_add(&s, 2);
	seq_buf_tabstop_push(&s, 14);
	seq_buf_tabstop_push(&s, 10);
	seq_buf_puts(&s, "name\tsize\r  flags\n");
	for (i = 0; i < ARRAY_SIZE(c); i++) {
		seq_buf_puts(&s, c[i].name);
		seq_buf_tab(&s);
		seq_buf_human_readable_u64(&s, c[i].bytes);
		seq_buf_tab_rjust(&s);
		seq_buf_puts(&s, "  ");
		seq_buf_bitflags(&s, flag_names, c[i].flags);
		seq_buf_putc(&s, '\n');
	}
	seq_buf_puts(&s, "change\t");
	seq_buf_human_readable_s64(&s, -1024);
	seq_buf_tab_rjust(&s);
	seq_buf_putc(&s, '\n');
	seq_buf_tabstops_reset(&s);
	seq_buf_indent_sub(&s, 2);
	expect_text("worked example", &s,
		    "Slab caches: 3\n"
		    "  name              size  flags\n"
		    "  dentry        1.50 MiB  reclaimable,accounted\n"
		    "  inode_cache    192 KiB  reclaimable\n"
		    "  kmalloc-4k    3.50 GiB  accounted,0x8\n"
		    "  change       -1.00 KiB\n");
	seq_buf_exit(&s);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static char names64[64][4];
	unsigned int i;

	for (i = 0; i < 64; i++) {
		snprintf(names64[i], sizeof(names64[i]), "b%u", i);
		names_64[i] = names64[i];
	}
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

	if (mode & 1) {
		static const gfp_t gfps[] = { GFP_KERNEL, GFP_NOWAIT, GFP_ATOMIC };

		alloc.gfp = gfps[(mode >> 1) % 3];
		alloc.fail_at = (mode >> 3) & 7;
		alloc.fail_rest = mode & 0x40;
		alloc.s = &sb;
		seq_buf_init_alloc(&sb, alloc.gfp);
		model_init(&model, true, 0);
		note("heap(fail at %lu%s);", alloc.fail_at,
		     alloc.fail_rest ? " and after" : "");
		if (sb.size || sb.len || *seq_buf_str(&sb) ||
		    shim_alloc_live != live)
			die_mismatch("seq_buf_init_alloc() is not empty or allocated");
	} else {
		u8 b = in_u8(&in);

		/* 0, 1 and 2 often, otherwise up to 255 */
		fixed_size = b < 0x30 ? b % 3 : b;
		fixed_mem = malloc(fixed_size);
		memset(fixed_mem, mode | 0x80, fixed_size);
		seq_buf_init(&sb, (char *)fixed_mem, fixed_size);
		model_init(&model, false, fixed_size);
		note("fixed(%zu);", fixed_size);
	}
	shim_alloc_fail = fuzz_alloc_fail;

	n = 1 + in_u8(&in) % MAX_OPS;
	for (i = 0; i < n && in.n; i++)
		do_op(&in, false);

	shim_alloc_fail = NULL;
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
