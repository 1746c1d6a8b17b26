/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim: a seq_file is a struct with a plain buffer, enough for
 * seq_write() to have somewhere to go.
 */
#ifndef _SHIM_LINUX_SEQ_FILE_H
#define _SHIM_LINUX_SEQ_FILE_H

#include <linux/types.h>

struct seq_file {
	char	*buf;
	size_t	size;
	size_t	count;
};

struct path;

/* Appends to m->buf; -1, and m->count set past m->size, if it does not fit */
int seq_write(struct seq_file *m, const void *data, size_t len);

/*
 * No dentries in userspace: a struct path is its name, a NUL-terminated
 * string (cast the pointer); d_path() writes it as the kernel's does.
 */
char *d_path(const struct path *path, char *buf, int buflen);
char *mangle_path(char *s, const char *p, const char *esc);

#endif /* _SHIM_LINUX_SEQ_FILE_H */
