// SPDX-License-Identifier: GPL-2.0
/*
 * asuser: run a command as an unprivileged user (uid and gid 65534, no
 * supplementary groups, no capabilities), for the scenarios that check what
 * a user other than root may read. Busybox has no such applet.
 *
 * Usage: asuser COMMAND [ARG...]
 */
#include <grp.h>
#include <stdio.h>
#include <unistd.h>

#define NOBODY	65534

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: asuser COMMAND [ARG...]\n");
		return 2;
	}
	if (setgroups(0, NULL) || setgid(NOBODY) || setuid(NOBODY)) {
		perror("asuser");
		return 2;
	}
	execvp(argv[1], argv + 1);
	perror(argv[1]);
	return 127;
}
