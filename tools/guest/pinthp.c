// SPDX-License-Identifier: GPL-2.0
/*
 * pinthp: fill THP's deferred split queue with huge pages that reclaim
 * cannot split.
 *
 * The shrinker scenarios of make evidence run it. For each 2 MiB huge page
 * it maps, it keeps one 4 KiB page: it hands that page to a pipe with
 * vmsplice(), which holds a reference on the huge page as an RDMA or
 * io_uring registered buffer would, and unmaps the other 511. The
 * huge page is then partially mapped, so it waits on
 * the deferred split queue; its 2 MiB stay allocated although the process
 * maps 4 KiB of it; and the deferred split shrinker, which reclaim calls,
 * finds it but cannot split it while the pipe holds the reference.
 *
 * Usage: pinthp [-n] MiB [NODE]
 *   -n    no pipe: the huge pages are only partly unmapped, so reclaim
 *         can split them (the control of the shrinker scenario)
 *   MiB   memory to take, in huge pages of 2 MiB
 *   NODE  take it on this NUMA node (set_mempolicy(MPOL_BIND))
 * Prints "pinthp: ready" when done, then waits to be killed; the pages are
 * freed when it exits.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#define HUGE_SIZE	(2UL << 20)
#define PAGE		4096UL
#define MPOL_BIND	2	/* include/uapi/linux/mempolicy.h */

static void bind_node(int node)
{
	unsigned long mask = 1UL << node;

	if (syscall(SYS_set_mempolicy, MPOL_BIND, &mask, sizeof(mask) * 8 + 1)) {
		perror("pinthp: set_mempolicy");
		exit(1);
	}
}

/* Hand the page at @p to a pipe, which keeps a reference on its folio. */
static void pin_page(char *p)
{
	static unsigned long slots;
	static int pipefd[2];
	struct iovec iov = { .iov_base = p, .iov_len = PAGE };

	/* A pipe holds 16 pages by default: a new one every 16. */
	if (slots == 0) {
		if (pipe(pipefd)) {
			perror("pinthp: pipe");
			exit(1);
		}
		slots = 16;
	}
	if (vmsplice(pipefd[1], &iov, 1, 0) != (ssize_t)PAGE) {
		perror("pinthp: vmsplice");
		exit(1);
	}
	slots--;
}

int main(int argc, char **argv)
{
	unsigned long i, n;
	char *map, *p;
	int pin = 1;

	if (argc > 1 && !strcmp(argv[1], "-n")) {
		pin = 0;
		argc--;
		argv++;
	}
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: pinthp [-n] MiB [NODE]\n");
		return 2;
	}
	n = strtoul(argv[1], NULL, 0) / 2;
	if (argc == 3)
		bind_node(atoi(argv[2]));
	/*
	 * One huge page more, to start at a 2 MiB boundary. No madvise():
	 * the scenarios set THP to "always", and tinyconfig leaves out the
	 * madvise() system call.
	 */
	map = mmap(NULL, (n + 1) * HUGE_SIZE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED) {
		perror("pinthp: mmap");
		return 1;
	}
	p = (char *)(((unsigned long)map + HUGE_SIZE - 1) & ~(HUGE_SIZE - 1));
	for (i = 0; i < n; i++, p += HUGE_SIZE) {
		/* One write faults in the whole huge page. */
		p[0] = 1;
		if (pin)
			pin_page(p);
		if (munmap(p + PAGE, HUGE_SIZE - PAGE)) {
			perror("pinthp: munmap");
			return 1;
		}
	}
	printf("pinthp: ready, %lu huge pages%s\n", n, pin ? ", pinned" : "");
	fflush(stdout);
	for (;;)
		pause();
}
