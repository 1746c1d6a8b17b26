// SPDX-License-Identifier: GPL-2.0
/*
 * hog: allocate and touch memory until the kernel kills us.
 *
 * The OOM scenarios run it to cause a real OOM kill, globally or inside a
 * memory cgroup. Every page is written, so the memory is really used and
 * not just reserved; overcommit never refuses the small chunks.
 *
 * Usage: hog [MiB-per-second]   (0 or no argument: as fast as possible)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHUNK	(1UL << 20)

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
	unsigned long mib = 0;
	char *p;

	setvbuf(stdout, NULL, _IONBF, 0);
	printf("hog: pid %d allocating\n", (int)getpid());
	for (;;) {
		p = malloc(CHUNK);
		if (!p) {
			/* Overcommit said no: keep what we have and wait. */
			fprintf(stderr, "hog: malloc failed at %lu MiB\n", mib);
			pause();
			continue;
		}
		touch(p, CHUNK);
		mib++;
		if (mib % 64 == 0)
			printf("hog: %lu MiB\n", mib);
		if (rate && mib % rate == 0)
			sleep(1);
	}
	return 0;
}
