/* SPDX-License-Identifier: BSD-2-Clause */
#include "check.h"
#include "exp/sbm/exp_sbm_opts.h"
#include "options/config.h"
#include "measure/sbm.h"

static int parse(struct config *c, const char *text, char *err, size_t n)
{
	return config_parse(c, text, strlen(text), "test", err, n);
}

int main(void)
{
	struct config c;
	char err[512], buf[512];
	const char *file = "# sbmbench.cfg\n  iters=5000\r\nreps=3 # comment\n"
			   "layouts=global,llc-u8\tcpus=cores\n";

	config_defaults(&c);
	CHECK(sbm_opts.reps_auto && c.save && !c.stop_after_restore);
	CHECK_EQ_U64(sbm_opts.layouts, (1u << SBM_NBUILTIN) - 1);
	CHECK(parse(&c, file, err, sizeof(err)) == 0);
	CHECK_EQ_U64(sbm_opts.iters, 5000);
	CHECK_EQ_U64(sbm_opts.reps, 3);
	CHECK_EQ_U64(sbm_opts.layouts, (1u << SBM_GLOBAL) | (1u << SBM_LLC_U8));
	CHECK_EQ_U64(c.cpuset, CPUSET_CORES);

	CHECK(parse(&c, "cpus=7 line=128 mode=pair op=lock_bts exit=0", err,
		    sizeof(err)) == 0);
	CHECK_EQ_U64(c.cpuset, CPUSET_FIRST);
	CHECK_EQ_U64(c.first, 7);
	CHECK_EQ_U64(sbm_opts.line, 128);
	CHECK_EQ_U64(sbm_opts.mode, MODE_PAIR);
	CHECK_STR(sbm_opts.op, "lock_bts");
	CHECK(!c.exit);
	config_format(&c, buf, sizeof(buf));
	CHECK(strstr(buf, "layouts=global,llc-u8") && strstr(buf, "cpus=7"));

	/* errors name the word and list what is valid */
	CHECK(parse(&c, "layouts=bogus", err, sizeof(err)) == -1);
	CHECK(strstr(err, "bogus") && strstr(err, "llc-u8") && strstr(err, "test:"));
	CHECK(parse(&c, "cpus=0", err, sizeof(err)) == -1);
	CHECK(strstr(err, "cpus") && strstr(err, "cores"));
	CHECK(parse(&c, "frobnicate=1", err, sizeof(err)) == -1);
	CHECK(strstr(err, "unknown option 'frobnicate'") && strstr(err, "iters"));
	CHECK(parse(&c, "iters", err, sizeof(err)) == -1);
	CHECK(strstr(err, "key=value"));
	CHECK(parse(&c, "=5", err, sizeof(err)) == -1);
	CHECK(parse(&c, "iters=0", err, sizeof(err)) == -1);
	CHECK(parse(&c, "iters=99999999999999999999999", err, sizeof(err)) == -1);
	CHECK(parse(&c, "iters=12x", err, sizeof(err)) == -1);
	/* iters=auto and window: time windows, a length in us or auto */
	CHECK(parse(&c, "iters=auto window=2500", err, sizeof(err)) == 0);
	CHECK_EQ_U64(sbm_opts.iters, 0);
	CHECK_EQ_U64(sbm_opts.window_us, 2500);
	CHECK(parse(&c, "iters=7 window=auto", err, sizeof(err)) == 0);
	CHECK_EQ_U64(sbm_opts.iters, 7);
	CHECK_EQ_U64(sbm_count_iters(), 7);
	CHECK_EQ_U64(sbm_opts.window_us, 0);
	CHECK(parse(&c, "window=99", err, sizeof(err)) == -1);
	CHECK(strstr(err, "auto or 100..10000000 (us)") != NULL);
	CHECK(parse(&c, "window=10000001", err, sizeof(err)) == -1);
	CHECK(parse(&c, "iters=-1", err, sizeof(err)) == -1);
	CHECK(parse(&c, "line=96", err, sizeof(err)) == -1);
	CHECK(parse(&c, "layouts=global,", err, sizeof(err)) == 0);
	CHECK(parse(&c, "layouts=,", err, sizeof(err)) == -1);
	CHECK(parse(&c, "mode=fast", err, sizeof(err)) == -1);
	CHECK(parse(&c, "op=", err, sizeof(err)) == -1);
	CHECK(parse(&c, "op=waytoolongopname", err, sizeof(err)) == -1);
	CHECK(parse(&c, "exit=maybe", err, sizeof(err)) == -1);
	/* reps: a count, or auto (the default: 5 and more while noisy) */
	CHECK(parse(&c, "reps=auto", err, sizeof(err)) == 0);
	CHECK(sbm_opts.reps_auto && sbm_opts.reps == SBM_REPS_AUTO_MIN);
	config_format(&c, buf, sizeof(buf));
	CHECK(strstr(buf, "reps=auto") != NULL);
	CHECK(parse(&c, "reps=7", err, sizeof(err)) == 0);
	CHECK(!sbm_opts.reps_auto && sbm_opts.reps == 7);
	CHECK(parse(&c, "reps=sometimes", err, sizeof(err)) == -1);
	CHECK(strstr(err, "auto") != NULL);
	/* the saved result (UEFI): on by default, run after a restore */
	CHECK(parse(&c, "save=0 after_restore=stop", err, sizeof(err)) == 0);
	CHECK(!c.save && c.stop_after_restore);
	CHECK(parse(&c, "after_restore=later", err, sizeof(err)) == -1);
	CHECK(strstr(err, "run, stop") != NULL);
	CHECK(c.riscv_counter == RV_COUNTER_AUTO);
	CHECK(parse(&c, "riscv_counter=cycle", err, sizeof(err)) == 0);
	CHECK(c.riscv_counter == RV_COUNTER_CYCLE);
	CHECK(parse(&c, "riscv_counter=hpm3", err, sizeof(err)) == -1);
	CHECK(strstr(err, "auto, time, cycle") != NULL);
	/* test=: boot-test-only switches */
	CHECK_EQ_U64(c.test, 0);
	CHECK(parse(&c, "test=low-mem-taken", err, sizeof(err)) == 0);
	CHECK_EQ_U64(c.test, CONFIG_TEST_LOW_MEM_TAKEN);
	CHECK(parse(&c, "test=cntfrq-zero", err, sizeof(err)) == 0);
	CHECK_EQ_U64(c.test, CONFIG_TEST_LOW_MEM_TAKEN |
		     CONFIG_TEST_CNTFRQ_ZERO);
	CHECK(parse(&c, "test=none", err, sizeof(err)) == 0);
	CHECK_EQ_U64(c.test, 0);
	CHECK(parse(&c, "test=bogus", err, sizeof(err)) == -1);
	CHECK(strstr(err, "low-mem-taken, cntfrq-zero") != NULL);
	/* gaps: a list, each in range, none empty, at most 8 */
	CHECK_EQ_U64(sbm_opts.ngaps, 2);
	CHECK(parse(&c, "gap=0,100,10000000", err, sizeof(err)) == 0);
	CHECK_EQ_U64(sbm_opts.ngaps, 3);
	CHECK_EQ_U64(sbm_opts.gap_ns[2], 10000000);
	config_format(&c, buf, sizeof(buf));
	CHECK(strstr(buf, "gap=0,100,10000000 ") != NULL);
	CHECK(parse(&c, "gap=10000001", err, sizeof(err)) == -1);
	CHECK(strstr(err, "gap") != NULL);
	CHECK(parse(&c, "gap=1,,2", err, sizeof(err)) == -1);
	CHECK(parse(&c, "gap=1,", err, sizeof(err)) == -1);
	CHECK(parse(&c, "gap=", err, sizeof(err)) == -1);
	CHECK(parse(&c, "gap=1,2,3,4,5,6,7,8,9", err, sizeof(err)) == -1);
	CHECK(parse(&c, "layouts=private-u8", err, sizeof(err)) == 0);
	CHECK_EQ_U64(sbm_opts.layouts, 1u << SBM_PRIVATE_U8);
	/* bytes from a binary file come back escaped, never raw */
	CHECK(parse(&c, "iters=\x01\x1b[2J\xff", err, sizeof(err)) == -1);
	CHECK(strstr(err, "'\\x01\\x1b[2J\\xff'") != NULL);
	for (const char *p = err; *p; p++)
		CHECK((unsigned char)*p >= 0x20 && (unsigned char)*p < 0x7f);
	CHECK(parse(&c, "\x07" "bell=1", err, sizeof(err)) == -1);
	CHECK(strstr(err, "'\\x07bell'") != NULL);
	CHECK(parse(&c, "\x07", err, sizeof(err)) == -1);
	CHECK(strstr(err, "'\\x07' is not key=value") != NULL);
	/* a bad word later in the text still fails the whole parse */
	CHECK(parse(&c, "reps=2 reps=x", err, sizeof(err)) == -1);
	/* NULs padding a file to its end are fine; text after a NUL would
	 * be dropped unseen: an error naming the offset */
	CHECK(config_parse(&c, "reps=9\0\0\0", 9, "t", err, sizeof(err)) == 0);
	CHECK_EQ_U64(sbm_opts.reps, 9);
	CHECK(config_parse(&c, "reps=8\0reps=x", 13, "t", err,
			   sizeof(err)) == -1);
	CHECK(strstr(err, "t: a NUL byte at offset 6 with more text") != NULL);
	CHECK_EQ_U64(sbm_opts.reps, 9);	/* nothing of it taken */
	/* upload: the collector's root, as boot_uri.c reads a URI */
	CHECK(parse(&c, "upload=http://10.0.2.2:8080/", err, sizeof(err)) == 0);
	CHECK_EQ_U64(CONFIG_UPLOAD_IP(c.upload), 0x0a000202);
	CHECK_EQ_U64(CONFIG_UPLOAD_PORT(c.upload), 8080);
	CHECK(parse(&c, "upload=http://192.168.1.9/", err, sizeof(err)) == 0);
	CHECK_EQ_U64(CONFIG_UPLOAD_PORT(c.upload), 80);
	CHECK(parse(&c, "upload=http://lab.example/", err, sizeof(err)) == -1);
	CHECK(strstr(err, "names are not resolved") != NULL);
	CHECK(parse(&c, "upload=https://10.0.0.1/", err, sizeof(err)) == -1);
	CHECK(strstr(err, "https") != NULL);
	CHECK(parse(&c, "upload=http://10.0.0.1:0/", err, sizeof(err)) == -1);
	CHECK(parse(&c, "upload=http://10.0.0.1/results/", err,
		    sizeof(err)) == -1);
	CHECK(strstr(err, "the collector's root") != NULL);
	CHECK(parse(&c, "upload=http://10.0.0.1/x", err, sizeof(err)) == -1);
	CHECK(parse(&c, "upload=http://0.0.0.0/", err, sizeof(err)) == -1);
	CHECK(parse(&c, "upload=none", err, sizeof(err)) == 0);
	CHECK_EQ_U64(c.upload, 0);
	CHECK(config_help()[0] != 0);
	return check_done("test_config");
}
