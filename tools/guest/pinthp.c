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
 * Usage: pinthp MiB [NODE]
 *   MiB   memory to take, in huge pages of 2 MiB
 *   NODE  take it on this NUMA node (set_mempolicy(MPOL_BIND))
 * Prints "pinthp: ready" when done, then waits to be killed; the pages are
 * freed when it exits.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
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

int main(int argc, char **argv)
{
	unsigned long i, n, slots = 0;
	struct iovec iov;
	int pipefd[2];
	char *map, *p;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: pinthp MiB [NODE]\n");
		return 2;
	}
	n = strtoul(argv[1], NULL, 0) / 2;
	if (argc == 3)
		bind_node(atoi(argv[2]));
	/*
	 * One huge page more, to start at a 2 MiB boundary. No madvise():
	 * the evidence kernels have THP "always", and tinyconfig leaves out
	 * the madvise() system call.
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
		/* A pipe holds 16 pages by default: a new one every 16. */
		if (slots == 0) {
			if (pipe(pipefd)) {
				perror("pinthp: pipe");
				return 1;
			}
			slots = 16;
		}
		iov.iov_base = p;
		iov.iov_len = PAGE;
		if (vmsplice(pipefd[1], &iov, 1, 0) != (ssize_t)PAGE) {
			perror("pinthp: vmsplice");
			return 1;
		}
		slots--;
		if (munmap(p + PAGE, HUGE_SIZE - PAGE)) {
			perror("pinthp: munmap");
			return 1;
		}
	}
	printf("pinthp: ready, %lu huge pages\n", n);
	fflush(stdout);
	for (;;)
		pause();
}
