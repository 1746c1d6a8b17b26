// SPDX-License-Identifier: GPL-2.0
/*
 * hog: allocate and touch memory until the kernel kills us.
 *
 * The OOM scenarios run it to cause a real OOM kill, globally or inside a
 * memory cgroup. Every page is written, so the memory is really used and
 * not just reserved; overcommit never refuses the small chunks.
 *
 * Usage: hog [MiB-per-second [MiB-per-chunk]]
 *   MiB-per-second  0 or none: as fast as possible
 *   MiB-per-chunk   the size of each allocation (default 1); 32 or more
 *                   gives mappings where THP can fault in huge pages
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


static void touch(char *p, size_t len)
{
	size_t i;
	long page = sysconf(_SC_PAGESIZE);

	for (i = 0; i < len; i += page)
		p[i] = (char)i | 1;
}

int main(int argc, char **argv)
{
	unsigned long rate = argc > 1 ? strtoul(argv[1], NULL, 0) : 0;
	unsigned long chunk = argc > 2 ? strtoul(argv[2], NULL, 0) : 1;
	unsigned long mib = 0;
	char *p;

	setvbuf(stdout, NULL, _IONBF, 0);
	printf("hog: pid %d allocating\n", (int)getpid());
	for (;;) {
		p = malloc(chunk << 20);
		if (!p) {
			/* Overcommit said no: keep what we have and wait. */
			fprintf(stderr, "hog: malloc failed at %lu MiB\n", mib);
			pause();
			continue;
		}
		touch(p, chunk << 20);
		mib += chunk;
		if (mib % 64 < chunk)
			printf("hog: %lu MiB\n", mib);
		if (rate && mib % rate < chunk)
			sleep(1);
	}
	return 0;
}
