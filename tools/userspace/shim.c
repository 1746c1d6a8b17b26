// SPDX-License-Identifier: GPL-2.0
/*
 * Userspace shim: the run-time part of tools/userspace/include. Link it
 * with kernel code built by tools/userspace/kcc.
 */
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/sched/mm.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

const char hex_asc[] = "0123456789abcdef";
const char hex_asc_upper[] = "0123456789ABCDEF";

unsigned long shim_warn_count;
int shim_warn_quiet;
void (*shim_warn_hook)(const char *file, int line, const char *cond);

void shim_warn(const char *file, int line, const char *cond)
{
	shim_warn_count++;
	if (!shim_warn_quiet)
		fprintf(stderr, "WARNING: %s:%d: %s\n", file, line, cond);
	if (shim_warn_hook)
		shim_warn_hook(file, line, cond);
}

void shim_bug(const char *file, int line, const char *cond)
{
	fprintf(stderr, "BUG: %s:%d: %s\n", file, line, cond);
	abort();
}

int shim_printk_quiet;

int printk(const char *fmt, ...)
{
	va_list ap;
	int ret;

	if (shim_printk_quiet)
		return 0;
	/* Drop the level: KERN_SOH and one character */
	while (fmt[0] == KERN_SOH[0] && fmt[1])
		fmt += 2;
	va_start(ap, fmt);
	ret = vfprintf(stderr, fmt, ap);
	va_end(ap);
	return ret;
}

int vscnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	int len = vsnprintf(buf, size, fmt, args);

	if (len < 0 || !size)
		return 0;
	return (size_t)len < size ? len : (int)size - 1;
}

int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vscnprintf(buf, size, fmt, ap);
	va_end(ap);
	return len;
}

unsigned long shim_might_alloc_count;
gfp_t shim_might_alloc_gfp;

bool (*shim_alloc_fail)(size_t size, gfp_t gfp);
unsigned long shim_alloc_count;
long shim_alloc_live;

static bool shim_may_alloc(size_t size, gfp_t gfp)
{
	return !(shim_alloc_fail && shim_alloc_fail(size, gfp));
}

void *kmalloc(size_t size, gfp_t gfp)
{
	void *p;

	if (!size)
		return ZERO_SIZE_PTR;
	if (size > KMALLOC_MAX_SIZE || !shim_may_alloc(size, gfp))
		return NULL;
	p = (gfp & __GFP_ZERO) ? calloc(1, size) : malloc(size);
	if (p) {
		shim_alloc_count++;
		shim_alloc_live++;
	}
	return p;
}

void *kzalloc(size_t size, gfp_t gfp)
{
	return kmalloc(size, gfp | __GFP_ZERO);
}

void *krealloc(const void *p, size_t new_size, gfp_t gfp)
{
	void *q;

	if (ZERO_OR_NULL_PTR(p))
		return kmalloc(new_size, gfp);
	if (!new_size) {
		kfree(p);
		return ZERO_SIZE_PTR;
	}
	if (new_size > KMALLOC_MAX_SIZE || !shim_may_alloc(new_size, gfp))
		return NULL;
	q = realloc((void *)p, new_size);
	if (q)
		shim_alloc_count++;
	return q;
}

void *kvrealloc(const void *p, size_t size, gfp_t gfp)
{
	return krealloc(p, size, gfp);
}

void kvfree(const void *p)
{
	kfree(p);
}

void kfree(const void *p)
{
	if (ZERO_OR_NULL_PTR(p))
		return;
	shim_alloc_live--;
	free((void *)p);
}

void *memscan(void *addr, int c, size_t size)
{
	unsigned char *p = addr;

	while (size && *p != (unsigned char)c) {
		p++;
		size--;
	}
	return p;
}

ssize_t strscpy(char *dst, const char *src, size_t count)
{
	size_t len;

	if (!count)
		return -E2BIG;
	len = strnlen(src, count);
	if (len == count) {
		memcpy(dst, src, count - 1);
		dst[count - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dst, src, len + 1);
	return len;
}

unsigned long find_next_bit(const unsigned long *addr, unsigned long size,
			    unsigned long offset)
{
	unsigned long word;

	while (offset < size) {
		word = addr[BIT_WORD(offset)] >> (offset % BITS_PER_LONG);
		if (word)
			return min(size, offset + __ffs(word));
		offset = (offset / BITS_PER_LONG + 1) * BITS_PER_LONG;
	}
	return size;
}

/*
 * A plain hex dump of one row: groups of @groupsize bytes in hex, read in
 * host byte order, then the bytes as ASCII if @ascii. It lays out a row as
 * the kernel does for the common cases, but is not a copy of it: compare
 * its output with the kernel's only for groupsize 1.
 */
int hex_dump_to_buffer(const void *buf, size_t len, int rowsize,
		       int groupsize, char *linebuf, size_t linebuflen,
		       bool ascii)
{
	const u8 *ptr = buf;
	size_t i, out = 0;
	int ret;

	if (rowsize != 16 && rowsize != 32)
		rowsize = 16;
	if (len > (size_t)rowsize)
		len = rowsize;
	if (groupsize != 1 && groupsize != 2 && groupsize != 4 && groupsize != 8)
		groupsize = 1;
	if (len % groupsize)
		groupsize = 1;
	if (linebuflen)
		linebuf[0] = '\0';

	for (i = 0; i < len; i += groupsize) {
		int b;

		if (i) {
			ret = snprintf(linebuf + out, linebuflen - out, " ");
			out += ret;
		}
		for (b = groupsize - 1; b >= 0; b--) {
			if (out + 2 >= linebuflen)
				return out;
			linebuf[out++] = hex_asc_hi(ptr[i + b]);
			linebuf[out++] = hex_asc_lo(ptr[i + b]);
		}
		linebuf[out] = '\0';
	}
	if (ascii && out + 2 + len < linebuflen) {
		linebuf[out++] = ' ';
		linebuf[out++] = ' ';
		for (i = 0; i < len; i++)
			linebuf[out++] = ptr[i] >= 0x20 && ptr[i] < 0x7f ?
					 ptr[i] : '.';
		linebuf[out] = '\0';
	}
	return out;
}

int seq_write(struct seq_file *m, const void *data, size_t len)
{
	if (m->count + len <= m->size) {
		memcpy(m->buf + m->count, data, len);
		m->count += len;
		return 0;
	}
	m->count = m->size + 1;
	return -1;
}

/*
 * There are no dentries here: a struct path is its name, a NUL-terminated
 * string, which d_path() puts at the end of @buf as the kernel's does
 * (NULL, as a path, gives -ENOSYS).
 */
char *d_path(const struct path *path, char *buf, int buflen)
{
	const char *name = (const char *)path;
	size_t len;

	if (!name)
		return ERR_PTR(-ENOSYS);
	len = strlen(name);
	if (buflen < 0 || (size_t)buflen < len + 1)
		return ERR_PTR(-ENAMETOOLONG);
	buf += buflen - len - 1;
	memcpy(buf, name, len + 1);
	return buf;
}

/*
 * As fs/seq_file.c's: copy @p to @s, writing each byte found in @esc as a
 * backslash and three octal digits; @s may run up to @p, which lies further
 * on in the same buffer. Returns the end of the copy, or NULL if it would
 * overrun what is left of @p.
 */
char *mangle_path(char *s, const char *p, const char *esc)
{
	for (; s <= p; p++) {
		unsigned char c = *p;

		if (!c)
			return s;
		if (!strchr(esc, c)) {
			*s++ = c;
			continue;
		}
		if (s + 4 > p + 1)
			break;
		*s++ = '\\';
		*s++ = '0' + (c >> 6);
		*s++ = '0' + ((c >> 3) & 7);
		*s++ = '0' + (c & 7);
	}
	return NULL;
}
