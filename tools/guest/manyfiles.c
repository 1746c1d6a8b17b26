// SPDX-License-Identifier: GPL-2.0
/*
 * manyfiles: fill a tmpfs with empty files until the memory left is low.
 *
 * The slab scenario of make evidence runs it to make unreclaimable slab
 * (shmem_inode_cache, the inodes of tmpfs) the largest user of memory: an
 * empty file costs no page, only its inode and its dentry, and neither can
 * be reclaimed while the file exists. The files stay when it exits; the
 * scenario removes them.
 *
 * Usage: manyfiles DIR MIN-AVAILABLE-MiB
 *   Creates DIR/d<i>/f<j> (1000 files a directory) until MemAvailable in
 *   /proc/meminfo is below MIN-AVAILABLE-MiB, then prints how many it made.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PER_DIR	1000

/* MemAvailable in MiB, or -1 if /proc/meminfo cannot be read. */
static long available_mib(void)
{
	char line[128];
	long kib = -1;
	FILE *f = fopen("/proc/meminfo", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "MemAvailable: %ld kB", &kib) == 1)
			break;
	fclose(f);
	return kib < 0 ? -1 : kib / 1024;
}

int main(int argc, char **argv)
{
	char path[4096];
	unsigned long n = 0;
	long min, avail;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: manyfiles DIR MIN-AVAILABLE-MiB\n");
		return 2;
	}
	min = strtol(argv[2], NULL, 0);
	for (;;) {
		if (n % PER_DIR == 0) {
			avail = available_mib();
			if (avail < 0) {
				perror("manyfiles: /proc/meminfo");
				return 1;
			}
			if (avail < min)
				break;
			snprintf(path, sizeof(path), "%s/d%lu", argv[1], n / PER_DIR);
			if (mkdir(path, 0755) && errno != EEXIST) {
				fprintf(stderr, "manyfiles: mkdir %s: %s\n", path, strerror(errno));
				return 1;
			}
		}
		snprintf(path, sizeof(path), "%s/d%lu/f%lu", argv[1], n / PER_DIR, n % PER_DIR);
		fd = open(path, O_CREAT | O_WRONLY, 0644);
		if (fd < 0) {
			fprintf(stderr, "manyfiles: %s: %s after %lu files\n", path, strerror(errno), n);
			return 1;
		}
		close(fd);
		n++;
	}
	printf("manyfiles: %lu files, %ld MiB available\n", n, avail);
	return 0;
}
