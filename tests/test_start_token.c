/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The x86 AP start handshake (arch/x86/start_token.h) on the host: the
 * boot CPU's C side against the trampoline's own claim instructions
 * (tests/start_token_host.S assembles the same macros).  Each state a
 * resend can produce: the first start late, a resend, both instances
 * arriving, another CPU waking on the page, and the claim racing the
 * revoke on real threads.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "start_token.h"

uint32_t host_start_whoami(void);
int host_start_check(uint64_t *tok, uint32_t me, uint64_t *seen);
int host_start_claim(uint64_t *tok, uint64_t seen);

/* One instance of CPU @me running the trampoline: look, then claim. */
static int instance(uint64_t *tok, uint32_t me)
{
	uint64_t seen;

	return host_start_check(tok, me, &seen) && host_start_claim(tok, seen);
}

static void test_encoding(void)
{
	uint64_t t = start_token(5, 0x1a5);

	CHECK_EQ_U64(t, 0x00000005000001a5ull);
	CHECK_EQ_U64(start_token(START_GEN_MASK, START_ANY),
		     0x7fffffffffffffffull);
	CHECK_EQ_U64(start_gen_next(1), 2);
	/* never 0 (none armed), never into the claimed bit */
	CHECK_EQ_U64(start_gen_next(START_GEN_MASK), 1);
	CHECK_EQ_U64(start_gen_next(0), 1);
}

static void test_states(void)
{
	uint64_t tok = 0, seen, g1, g2;

	/* nothing armed: nobody takes it */
	CHECK(!instance(&tok, 7));
	CHECK_EQ_U64(tok, 0);

	/* a normal start: the target claims once; a duplicate and another
	 * CPU are turned away, the word unchanged by them */
	g1 = start_token(1, 7);
	start_token_arm(&tok, g1);
	CHECK(!instance(&tok, 8));
	CHECK_EQ_U64(tok, g1);
	CHECK(instance(&tok, 7));
	CHECK(start_token_claimed(&tok, g1));
	CHECK(!instance(&tok, 7));
	CHECK(!start_token_revoke(&tok, g1));	/* up: never INIT it */
	CHECK(start_token_claimed(&tok, g1));

	/* the first start late: revoked, then the resend's instance claims
	 * and the late one, arriving after, is turned away */
	g1 = start_token(2, 7);
	start_token_arm(&tok, g1);
	CHECK(start_token_revoke(&tok, g1));
	CHECK_EQ_U64(tok, 0);
	CHECK(!instance(&tok, 7));		/* late, nothing armed */
	g2 = start_token(3, 7);
	start_token_arm(&tok, g2);
	CHECK(instance(&tok, 7));		/* the resend's */
	CHECK(!instance(&tok, 7));		/* the late one, after */
	CHECK(start_token_claimed(&tok, g2));

	/* both instances arriving: the late one looked at the first try's
	 * token before the revoke; its claim must fail even though a new
	 * token for the same CPU is armed now */
	g1 = start_token(4, 7);
	start_token_arm(&tok, g1);
	CHECK(host_start_check(&tok, 7, &seen));
	CHECK_EQ_U64(seen, g1);
	CHECK(start_token_revoke(&tok, g1));
	g2 = start_token(5, 7);
	start_token_arm(&tok, g2);
	CHECK(!host_start_claim(&tok, seen));
	CHECK_EQ_U64(tok, g2);
	CHECK(instance(&tok, 7));

	/* the instance claims between the boot CPU's last look and its
	 * revoke: the revoke fails, the CPU counts as up */
	g1 = start_token(6, 7);
	start_token_arm(&tok, g1);
	CHECK(!start_token_claimed(&tok, g1));
	CHECK(instance(&tok, 7));
	CHECK(!start_token_revoke(&tok, g1));

	/* a CPU given up on wakes while the next CPU's start is armed */
	start_token_arm(&tok, start_token(7, 9));
	CHECK(!instance(&tok, 7));
	CHECK(instance(&tok, 9));

	/* untrusted IDs: any CPU may claim, still only once */
	g1 = start_token(8, START_ANY);
	start_token_arm(&tok, g1);
	CHECK(instance(&tok, 3));
	CHECK(!instance(&tok, 9));
	/* an APIC ID of 0xffffffff is not "any" for a targeted token */
	start_token_arm(&tok, start_token(9, 5));
	CHECK(!instance(&tok, START_ANY));
}

/* How many APIC IDs /proc/cpuinfo lists, and whether @id is one. */
static unsigned linux_apicids(unsigned long id, bool *found)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[256];
	unsigned long a;
	unsigned n = 0;

	*found = false;
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "apicid : %lu", &a) == 1) {
			n++;
			*found |= a == id;
		}
	if (f)
		fclose(f);
	return n;
}

/* Does user-space CPUID name Linux's CPUs?  Every CPU we may run on,
 * three reads each, all among the APIC IDs Linux lists.  Not under a
 * hypervisor that passes the host's CPUID to user space (as PVM guests
 * see: the host CPU's ID, changing as the vCPU moves). */
static bool cpuid_is_linuxs(void)
{
	cpu_set_t old, one;
	bool ok = true;

	if (sched_getaffinity(0, sizeof(old), &old))
		return false;
	for (int c = 0; c < CPU_SETSIZE && ok; c++) {
		if (!CPU_ISSET(c, &old))
			continue;
		CPU_ZERO(&one);
		CPU_SET(c, &one);
		if (sched_setaffinity(0, sizeof(one), &one))
			continue;
		for (int k = 0; k < 3 && ok; k++) {
			unsigned long id = host_start_whoami();
			bool found;

			/* a skip only where Linux does list APIC IDs: a
			 * parse that found none would skip everywhere */
			CHECK(linux_apicids(id, &found) > 0);
			if (!found) {
				printf("whoami: CPU %d: CPUID says APIC ID "
				       "%lu, which Linux does not list: "
				       "user-space CPUID is not this "
				       "machine's; not compared\n", c, id);
				ok = false;
			}
		}
	}
	sched_setaffinity(0, sizeof(old), &old);
	return ok;
}

/* The macro's answer and the C twin's, on every CPU, against Linux's own
 * view of each CPU's APIC ID (/proc/cpuinfo "apicid"), where user-space
 * CPUID is Linux's to compare (cpuid_is_linuxs(); said when not). */
static void test_whoami(void)
{
	FILE *f;
	char line[256];
	long cpu = -1;
	unsigned checked = 0;
	cpu_set_t old;

	if (!cpuid_is_linuxs())
		return;
	f = fopen("/proc/cpuinfo", "r");
	CHECK(f != NULL);
	if (!f)
		return;
	CHECK(sched_getaffinity(0, sizeof(old), &old) == 0);
	while (fgets(line, sizeof(line), f)) {
		unsigned long apicid;
		cpu_set_t one;

		if (sscanf(line, "processor : %ld", &cpu) == 1)
			continue;
		if (cpu < 0 || sscanf(line, "apicid : %lu", &apicid) != 1)
			continue;
		CPU_ZERO(&one);
		CPU_SET((int)cpu, &one);
		if (sched_setaffinity(0, sizeof(one), &one))
			continue;	/* not ours to run on */
		CHECK_EQ_U64(host_start_whoami(), apicid);
		CHECK_EQ_U64(start_whoami(), apicid);
		checked++;
	}
	fclose(f);
	sched_setaffinity(0, sizeof(old), &old);
	CHECK(checked > 0);
}

/* The race on threads: every round the boot CPU arms a token for CPU 7
 * and revokes it after a random while; two instances of CPU 7 (the late
 * one and the resend's) and one of CPU 8 try to claim meanwhile. */
#define ROUNDS		20000
#define INSTANCES	3

static uint64_t race_tok;
static pthread_barrier_t go, done;
static int claimed_by[INSTANCES];
static unsigned seed_of[INSTANCES];

static void spin(unsigned n)
{
	for (volatile unsigned i = 0; i < n; i++)
		;
}

static void *racer(void *arg)
{
	int k = (int)(intptr_t)arg;
	uint32_t me = k < 2 ? 7 : 8;

	for (int r = 0; r < ROUNDS; r++) {
		pthread_barrier_wait(&go);
		spin(rand_r(&seed_of[k]) % 200);
		claimed_by[k] = instance(&race_tok, me);
		pthread_barrier_wait(&done);
	}
	return NULL;
}

static void test_race(void)
{
	pthread_t th[INSTANCES];
	unsigned seed = 1, bad = 0, revoked = 0, claimed = 0;
	uint32_t gen = 0;

	pthread_barrier_init(&go, NULL, INSTANCES + 1);
	pthread_barrier_init(&done, NULL, INSTANCES + 1);
	for (int k = 0; k < INSTANCES; k++) {
		seed_of[k] = 17u * (unsigned)k + 3;
		pthread_create(&th[k], NULL, racer, (void *)(intptr_t)k);
	}
	for (int r = 0; r < ROUNDS; r++) {
		uint64_t t;
		int wins, rev;

		gen = start_gen_next(gen);
		t = start_token(gen, 7);
		start_token_arm(&race_tok, t);
		pthread_barrier_wait(&go);
		spin(rand_r(&seed) % 200);
		rev = start_token_revoke(&race_tok, t);
		pthread_barrier_wait(&done);
		wins = claimed_by[0] + claimed_by[1];
		/* exactly one of: the revoke, one instance of CPU 7 */
		bad += wins + rev != 1 || claimed_by[2] ||
		       (wins && !start_token_claimed(&race_tok, t));
		revoked += rev;
		claimed += wins;
	}
	for (int k = 0; k < INSTANCES; k++)
		pthread_join(th[k], NULL);
	CHECK_EQ_U64(bad, 0);
	/* both outcomes happened, or the race was not a race */
	CHECK(revoked > 0);
	CHECK(claimed > 0);
	printf("race: %u rounds, %u claimed, %u revoked, %u wrong\n", ROUNDS,
	       claimed, revoked, bad);
}

int main(void)
{
	test_encoding();
	test_states();
	test_whoami();
	test_race();
	return check_done("test_start_token");
}
