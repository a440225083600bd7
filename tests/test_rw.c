/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * experiment=rw on the real engine and threads: where readers and
 * writers sit for each rw_readers=, every layout measured in its three
 * phases, and every reader op's quiet check passed.
 */
#define _GNU_SOURCE
#include <unistd.h>

#include "check.h"
#include "engine_fixture.h"
#include "exp_rw.h"
#include "isa_ops.h"
#include "linux_twin.h"
#include "topo_fixtures.h"

static struct topo_cpu cpus[TOPO_MAX_CPUS];
static struct topo topo;

/* 2 nodes x 1 LLC x 2 cores: hwids folded onto this machine's CPUs. */
static int run(struct engine *b, const char *opts)
{
	CHECK(engine_fixture(b, &topo, cpus, 2, 1, 2, 1, opts) == 0);
	return engine_main(b);
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
	for (int k = 0; k < SBM_NKINDS; k++) {
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
	engine_release(&b);
}

int main(void)
{
	static struct engine b;

	placed("experiment=rw rw_ms=5", RW_OTHER_LLC, 2);
	placed("experiment=rw rw_ms=5 reader=wrap-llc rw_readers=same-llc",
	       RW_SAME_LLC, 3);
	placed("experiment=rw rw_ms=5 reader=idle-core rw_readers=other-node "
	       "rw_writers=1", RW_OTHER_NODE, 1);
	placed("experiment=rw rw_ms=5 reader=gather rw_writers=2", RW_OTHER_LLC,
	       2);
	/* two readers outside the first LLC leave no writer outside theirs */
	CHECK(run(&b, "experiment=rw rw_ms=5 rw_nreaders=3") != 0);
	engine_release(&b);
	return check_done("test_rw");
}
