/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * experiment=rw on the real engine and threads: where readers and
 * writers sit for each rw_readers=, every layout measured in its three
 * phases, and every reader op's quiet check passed; with the test hook
 * rw_test_stale=1 every layout's check fails and the records say which
 * layout and op, and the run ends failed.  The means keep far misses.
 * Writers run a spec's steps around the element's op.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "engine_fixture.h"
#include "exp/rw/exp_rw.h"
#include "exp/sbm/exp_sbm_opts.h"
#include "measure/steps_op.h"
#include "isa_ops.h"
#include "linux_twin.h"
#include "topo_fixtures.h"

static struct topo_cpu cpus[TOPO_MAX_CPUS];
static struct topo topo;

/* 2 nodes x 1 LLC x 2 cores: hwids folded onto this machine's CPUs. */
static int run(struct engine *b, const char *opts)
{
	CHECK(engine_fixture(b, &topo, cpus, 2, 1, 2, 1, opts) == 0);
	return experiments_run(b);
}

static void placed(const char *opts, enum rw_place want, uint32_t writers)
{
	static struct engine b;
	struct rw_exp *x;

	CHECK_EQ_U64(run(&b, opts), 0);
	x = engine_state(&b, &exp_rw);
	CHECK(x != NULL);
	if (!x)
		return;
	CHECK_EQ_U64(x->place, want);
	CHECK_EQ_U64(x->nwriters, writers);
	CHECK_EQ_U64(x->nreaders, 1);
	for (uint32_t i = 0; i < x->nwriters; i++) {
		const struct topo_cpu *w = &topo.cpus[x->writers[i]];
		const struct topo_cpu *r = &topo.cpus[x->readers[0]];

		CHECK(x->writers[i] != x->readers[0]);
		if (want == RW_SAME_LLC)
			CHECK(i || w->llc == r->llc);
		else
			CHECK(w->llc != r->llc);
	}
	for (int k = 0; k < SBM_NBUILTIN; k++) {
		const struct rw_result *res = &x->res[k];

		CHECK(res->done && res->ok);
		CHECK(res->n[RW_WRITERS] > 0 && res->n[RW_READERS] > 0 &&
		      res->n[RW_BOTH] > 0 && res->wboth_n > 0);
		CHECK(res->ns[RW_READERS] > 0 && res->wboth_ns > 0);
		/* alone, the mask is empty: a scan covers every CPU but
		 * the first and idle-core stop early never */
		CHECK(res->visited[RW_READERS] >= 1 &&
		      res->visited[RW_READERS] <= 2 * topo.ncpus);
	}
	experiments_release(&b);
}

/* The console (fd 1, where the twin's records go) of one run, in @out. */
static int run_captured(struct engine *b, const char *opts, char *out,
			size_t len)
{
	char path[] = "/tmp/test_rw.XXXXXX";
	int fd = mkstemp(path), saved = dup(1), rc;
	ssize_t n = -1;

	CHECK(fd >= 0 && saved >= 0);
	if (fd < 0 || saved < 0)
		return -1;
	unlink(path);
	fflush(stdout);
	dup2(fd, 1);
	rc = run(b, opts);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	n = pread(fd, out, len - 1, 0);
	close(fd);
	out[n > 0 ? n : 0] = 0;
	CHECK(n > 0 && (size_t)n < len - 1);
	return rc;
}

/* The line of @out that starts with @head and holds every one of @want. */
static bool has_line(const char *out, const char *head, const char *want1,
		     const char *want2)
{
	const char *p = out;

	while (*p) {
		const char *end = strchr(p, '\n');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		char line[1024];

		if (n < sizeof(line) && !strncmp(p, head, strlen(head))) {
			memcpy(line, p, n);
			line[n] = 0;
			if (strstr(line, want1) && strstr(line, want2))
				return true;
		}
		p += n + (end != NULL);
	}
	return false;
}

static void stale(void)
{
	static struct engine b;
	static char out[1 << 18];
	struct rw_exp *x;
	int rc = run_captured(&b, "experiment=rw rw_ms=5 rw_test_stale=1", out,
			      sizeof(out));

	CHECK(rc != 0);
	x = engine_state(&b, &exp_rw);
	CHECK(x != NULL);
	for (int k = 0; x && k < SBM_NBUILTIN; k++) {
		const struct rw_result *res = &x->res[k];
		const char *name = sbm_kind_name((enum sbm_kind)k);
		char layout[32], msg[96];

		/* measured, but the answers were not the reference's */
		CHECK(res->done && !res->ok);
		/* weight and gather count every CPU: they see any stale bit */
		CHECK(res->wrong & (1u << SBM_READ_WEIGHT));
		CHECK(res->wrong & (1u << SBM_READ_GATHER));
		snprintf(layout, sizeof(layout), " layout=%s ", name);
		CHECK(has_line(out, "@sbm rw ", layout, " check=wrong wrong="));
		CHECK(!has_line(out, "@sbm rw ", layout, " check=ok"));
		snprintf(msg, sizeof(msg), "msg=\"%s: reader op weight answered "
			 "unlike the reference", name);
		CHECK(has_line(out, "@sbm warn ", " what=rw ", msg));
	}
	CHECK(has_line(out, "@sbm rw-plan ", " test_stale=1", " reader=and "));
	CHECK(has_line(out, "@sbm end ", " status=fail ", " warnings="));
	experiments_release(&b);
}

/*
 * A far miss (30 x the median) stays in the mean: it is what the op
 * cost.  Only what is far above any transfer, 100 x the median and
 * 20 us both, is left out, and counted.
 */
static void trim(void)
{
	static struct hist h;
	double med, mean;
	uint64_t out = 9;

	for (int i = 0; i < 1000; i++)
		hist_add(&h, 10);	/* exact bins below HIST_SUB */
	mean = rw_trimmed_mean(&h, 1000000000, &med, &out);
	CHECK(med >= 10 && med < 11 && fabs(mean - 10) < 1e-9);
	CHECK_EQ_U64(out, 0);
	hist_add(&h, 300);
	mean = rw_trimmed_mean(&h, 1000000000, &med, &out);
	CHECK(mean > 10.2 && mean < 10.4);	/* (10000 + ~300) / 1001 */
	CHECK_EQ_U64(out, 0);
	/* 5 ms: a preempted thread */
	hist_add(&h, 5000000);
	mean = rw_trimmed_mean(&h, 1000000000, &med, &out);
	CHECK(mean > 10.2 && mean < 10.4);
	CHECK_EQ_U64(out, 1);
	/* 15 us is 1500 x the median, yet under 20 us: kept */
	hist_add(&h, 15000);
	rw_trimmed_mean(&h, 1000000000, &med, &out);
	CHECK_EQ_U64(out, 1);
	/* at 1 GHz 20 us is 20000 ticks; at 100 MHz, 2000: trimmed */
	rw_trimmed_mean(&h, 100000000, &med, &out);
	CHECK_EQ_U64(out, 2);
	/* an empty histogram: nothing, nothing left out */
	memset(&h, 0, sizeof(h));
	CHECK_EQ_U64(rw_trimmed_mean(&h, 1000000000, &med, &out), 0);
	CHECK_EQ_U64(out, 0);
}

/* rw-plan says what readers alone scan; every rw record its trim. */
static void records(void)
{
	static struct engine b;
	static char out[1 << 18];

	CHECK_EQ_U64(run_captured(&b, "experiment=rw rw_ms=5", out,
				  sizeof(out)), 0);
	CHECK(has_line(out, "@sbm rw-plan ", " alone_scan=after-write",
		       " reader=and "));
	for (int k = 0; k < SBM_NBUILTIN; k++) {
		char layout[32];

		snprintf(layout, sizeof(layout), " layout=%s ",
			 sbm_kind_name((enum sbm_kind)k));
		/* dropped (older readers) is the trim */
		CHECK(has_line(out, "@sbm rw ", layout, " trimmed="));
		CHECK(has_line(out, "@sbm rw ", layout, " dropped="));
	}
	experiments_release(&b);
}

/* Writers run a layout's update as sbm does: its then=/undo= steps
 * (sbitmap-deferred's cleared word, nohz-nrcpus's counter) around the
 * element's op, the bare op where a layout has none. */
static void writer_steps(void)
{
	static struct engine b;
	struct rw_exp *x;

	CHECK_EQ_U64(run(&b, "experiment=rw rw_ms=5 "
			 "layouts=sbitmap-deferred"), 0);
	x = engine_state(&b, &exp_rw);
	CHECK(x && x->wop == &sbm_steps_op);
	experiments_release(&b);
	CHECK_EQ_U64(run(&b, "experiment=rw rw_ms=5 layouts=global"),
		     0);
	x = engine_state(&b, &exp_rw);
	CHECK(x && x->wop == ops_find(sbm_opts.op, false));
	experiments_release(&b);
}

int main(void)
{
	static struct engine b;

	trim();
	records();
	writer_steps();

	placed("experiment=rw rw_ms=5", RW_OTHER_LLC, 2);
	placed("experiment=rw rw_ms=5 reader=wrap-llc rw_readers=same-llc",
	       RW_SAME_LLC, 3);
	placed("experiment=rw rw_ms=5 reader=idle-core rw_readers=other-node "
	       "rw_writers=1", RW_OTHER_NODE, 1);
	placed("experiment=rw rw_ms=5 reader=gather rw_writers=2", RW_OTHER_LLC,
	       2);
	/* two readers outside the first LLC leave no writer outside theirs */
	CHECK(run(&b, "experiment=rw rw_ms=5 rw_nreaders=3") != 0);
	experiments_release(&b);
	stale();
	return check_done("test_rw");
}
