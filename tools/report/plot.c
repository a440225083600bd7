/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Charts through gnuplot: an experiment's plot writes its data and a
 * script to a temporary directory, gnuplot draws, the directory goes
 * away (unless kept).
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "log/inert.h"
#include "log/logreport.h"

extern char **environ;

int run_gnuplot(const char *script, const char *out)
{
	struct stat sb;
	const char *gp = getenv("SBM_GNUPLOT");
	char *argv[] = { (char *)(gp && *gp ? gp : "gnuplot"), (char *)script,
			 NULL };
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int rc, st;

	posix_spawn_file_actions_init(&fa);
	rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc) {
		if (rc == ENOENT)
			fprintf(stderr, "sbmlog: %s not found: install gnuplot "
				"(Debian: apt-get install gnuplot-nox)\n",
				argv[0]);
		else
			fprintf(stderr, "sbmlog: cannot run %s: %s\n", argv[0],
				strerror(rc));
		return -1;
	}
	if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st)) {
		fprintf(stderr, "sbmlog: gnuplot failed (script %s)\n", script);
		return -1;
	}
	if (stat(out, &sb) || !sb.st_size) {
		fprintf(stderr, "sbmlog: gnuplot wrote no %s\n", out);
		return -1;
	}
	return 0;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

int plot_workdir(const char *out, bool *svg, char *dir, size_t len)
{
	const char *tmp = getenv("TMPDIR");

	*svg = ends_with(out, ".svg");
	if (!*svg && !ends_with(out, ".png")) {
		fprintf(stderr, "sbmlog: plot output must end in .png or .svg\n");
		return -1;
	}
	/* the name goes into a gnuplot string: no control byte, UTF-8 */
	if (!gp_str_exact(out)) {
		fprintf(stderr, "sbmlog: unusable output file name (control "
			"characters or no UTF-8)\n");
		return -1;
	}
	snprintf(dir, len, "%s/sbmplot.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	/* its name goes into the script too */
	if (!gp_str_exact(dir)) {
		fprintf(stderr, "sbmlog: unusable TMPDIR (control characters "
			"or no UTF-8)\n");
		return -1;
	}
	if (!mkdtemp(dir)) {
		fprintf(stderr, "sbmlog: cannot make %s: %s\n", dir,
			strerror(errno));
		return -1;
	}
	return 0;
}

void plot_workdir_done(const char *dir, bool keep)
{
	DIR *d;
	struct dirent *e;

	if (keep) {
		fprintf(stderr, "sbmlog: plot files kept in %s\n", dir);
		return;
	}
	d = opendir(dir);
	if (!d)
		return;
	/* only our own data and script files are in there */
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			unlinkat(dirfd(d), e->d_name, 0);
	closedir(d);
	rmdir(dir);
}
