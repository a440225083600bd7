// SPDX-License-Identifier: BSD-2-Clause
/*
 * Host tests for core/fw/ipmi_kcs.c and core/fw/ipmi.c against a model of a
 * KCS BMC behind the accessor callbacks: the BMC side of the state
 * machine in IPMI 2.0 section 9.15 (WRITE_START, the bytes, WRITE_END and
 * the last byte, then READ byte by byte and IDLE with a dummy byte,
 * GET_STATUS/ABORT) and the watchdog commands of chapter 27 (Get, Set,
 * Reset Watchdog Timer).  Then the BMCs that go wrong: one that never
 * answers, one in ERROR state, a short response, a completion code, an
 * endless response, no interface at all (a floating bus), a slow one.
 */
#include <stdbool.h>
#include <stdint.h>

#include "check.h"
#include "options/config.h"
#include "fw/ipmi.h"
#include "fw/io_ports.h"
#include "fw/ipmi_kcs.h"
#include "fw/ipmi_kcs_layout.h"

#define WAIT_US	1000	/* the tests' bound of one wait */

static struct bmc {
	/* interface */
	unsigned state;
	bool ibf, obf, cd, end, aborting;
	uint8_t in, out;
	uint8_t req[64], rsp[128];
	unsigned nreq, nrsp, rpos;
	/* watchdog */
	uint8_t use, actions, pretimeout;
	uint16_t initial, present;
	bool running, initialized;
	/* faults */
	bool floating;		/* nothing at the port: every read 0xff */
	bool hung;		/* takes no byte: IBF stays set */
	int hang_after;		/* >0: hung from this processed byte on */
	bool error_on_start;	/* ERROR state after WRITE_START, once */
	bool error_always;	/* ... after every WRITE_START */
	uint8_t error_code;	/* what GET_STATUS/ABORT reports */
	int short_by;		/* bytes cut off the response */
	uint8_t cc;		/* completion code forced */
	bool endless;		/* a response longer than any buffer */
	unsigned lag, seen;	/* status reads before a byte is taken */
	unsigned lag_once;	/* ... before the first byte only */
	/* what the host did */
	unsigned processed, aborts, got_req;
	uint8_t last_req[64];
	unsigned last_nreq;
	uint64_t t_us;
} m;

static void emit(uint8_t b)
{
	m.out = b;
	m.obf = true;
}

static void respond(void)
{
	uint8_t netfn = m.req[0] >> 2, cmd = m.req[1];
	const uint8_t *d = m.req + 2;
	unsigned nd = m.nreq - 2;

	memcpy(m.last_req, m.req, m.nreq);
	m.last_nreq = m.nreq;
	m.got_req++;
	m.rsp[0] = (uint8_t)((netfn | 1) << 2);
	m.rsp[1] = cmd;
	m.rsp[2] = 0;
	m.nrsp = 3;
	if (netfn != IPMI_NETFN_APP) {
		m.rsp[2] = 0xc1;	/* invalid command */
	} else if (cmd == IPMI_CMD_GET_WATCHDOG) {
		uint8_t a[8] = {
			(uint8_t)((m.use & 0x87) | (m.running ? 0x40 : 0)),
			m.actions, m.pretimeout, 0,
			(uint8_t)m.initial, (uint8_t)(m.initial >> 8),
			(uint8_t)(m.running ? m.present : 0),
			(uint8_t)(m.running ? m.present >> 8 : 0)
		};

		memcpy(m.rsp + 3, a, 8);
		m.nrsp = 11;
	} else if (cmd == IPMI_CMD_SET_WATCHDOG) {
		if (nd != 6 || (d[0] & 7) == 0 || (d[0] & 7) > 5) {
			m.rsp[2] = 0xcc;	/* invalid data field */
		} else {
			m.use = d[0];
			m.actions = d[1];
			m.pretimeout = d[2];
			m.initial = (uint16_t)(d[4] | d[5] << 8);
			m.initialized = true;
			/* "don't stop" keeps a running timer, restarted */
			if (m.running && (d[0] & 0x40))
				m.present = m.initial;
			else
				m.running = false;
		}
	} else if (cmd == IPMI_CMD_RESET_WATCHDOG) {
		if (!m.initialized) {
			m.rsp[2] = 0x80;	/* not initialized */
		} else {
			m.running = true;
			m.present = m.initial;
		}
	} else {
		m.rsp[2] = 0xc1;
	}
	if (m.cc)
		m.rsp[2] = m.cc;
	if (m.endless) {
		memset(m.rsp + 3, 0x5a, sizeof(m.rsp) - 3);
		m.nrsp = sizeof(m.rsp);
	}
	if (m.short_by)
		m.nrsp -= (unsigned)m.short_by;
	m.rpos = 0;
}

/* The BMC takes the byte in the input buffer. */
static void process(void)
{
	m.ibf = false;
	m.processed++;
	if (m.cd) {
		switch (m.in) {
		case KCS_WRITE_START:
			m.state = m.error_on_start || m.error_always ?
				  KCS_ERROR_STATE : KCS_WRITE_STATE;
			m.nreq = 0;
			m.end = false;
			emit(0);	/* a byte the host must read away */
			break;
		case KCS_WRITE_END:
			if (m.state != KCS_WRITE_STATE)
				m.state = KCS_ERROR_STATE;
			m.end = true;
			break;
		case KCS_GET_STATUS_ABORT:
			m.aborts++;
			m.aborting = true;
			m.state = KCS_WRITE_STATE;
			break;
		default:
			m.state = KCS_ERROR_STATE;
		}
		return;
	}
	if (m.aborting) {
		m.aborting = false;
		m.error_on_start = false;
		m.state = KCS_READ_STATE;
		m.rsp[0] = m.error_code;
		m.nrsp = 1;
		m.rpos = 1;
		emit(m.error_code);
	} else if (m.state == KCS_WRITE_STATE) {
		if (m.nreq < sizeof(m.req))
			m.req[m.nreq++] = m.in;
		if (m.end) {
			respond();
			m.state = KCS_READ_STATE;
			emit(m.rsp[m.rpos++]);
		}
	} else if (m.state == KCS_READ_STATE && m.in == KCS_READ_BYTE) {
		if (m.rpos < m.nrsp) {
			emit(m.rsp[m.rpos++]);
		} else {
			m.state = KCS_IDLE_STATE;
			emit(0);	/* the dummy byte of the end */
		}
	} else {
		m.state = KCS_ERROR_STATE;
	}
}

static uint8_t bmc_in(void *ctx, unsigned reg)
{
	(void)ctx;
	if (m.floating)
		return 0xff;
	if (reg == KCS_DATA) {
		m.obf = false;
		return m.out;
	}
	if (m.ibf && !m.hung &&
	    ++m.seen > (m.processed ? m.lag : m.lag + m.lag_once)) {
		m.seen = 0;
		process();
		if (m.hang_after && (int)m.processed >= m.hang_after)
			m.hung = true;
	}
	return (uint8_t)(m.state << 6 | (m.cd ? 0x08 : 0) |
			 (m.ibf ? KCS_IBF : 0) | (m.obf ? KCS_OBF : 0));
}

static void bmc_out(void *ctx, unsigned reg, uint8_t v)
{
	(void)ctx;
	if (m.floating)
		return;
	m.in = v;
	m.cd = reg == KCS_STATUS;
	m.ibf = true;
}

static void bmc_delay(void *ctx, unsigned us)
{
	(void)ctx;
	m.t_us += us;
}

static struct kcs fresh(void)
{
	struct kcs k = { .in = bmc_in, .out = bmc_out, .delay_us = bmc_delay,
			 .wait_us = WAIT_US };

	memset(&m, 0, sizeof(m));
	return k;
}

static void test_encoding(void)
{
	uint8_t out[8], d[6];
	const uint8_t *data;
	size_t n;
	char buf[48];
	const char *why = NULL;
	static const uint8_t rsp_ok[] = { 0x1c, 0x25, 0x00, 1, 2 };
	static const uint8_t rsp_other[] = { 0x1c, 0x24, 0x00 };
	struct ipmi_watchdog w = { .use = 0x43, .actions = 0x11,
				   .initial = 3000 };

	/* netfn App (6) << 2, LUN 0, Get Watchdog Timer */
	CHECK_EQ_U64(ipmi_request(IPMI_NETFN_APP, IPMI_CMD_GET_WATCHDOG,
				  NULL, 0, out, sizeof(out)), 2);
	CHECK_EQ_U64(out[0], 0x18);
	CHECK_EQ_U64(out[1], 0x25);
	CHECK_EQ_U64(ipmi_request(6, 0x24, d, 6, out, 7), 0);
	CHECK(!ipmi_response(rsp_ok, sizeof(rsp_ok), 6, 0x25, &data, &n,
			     buf, sizeof(buf), &why));
	CHECK_EQ_U64(n, 2);
	CHECK_EQ_U64(data[0], 1);
	CHECK(ipmi_response(rsp_other, sizeof(rsp_other), 6, 0x25, &data, &n,
			    buf, sizeof(buf), &why));
	CHECK_STR(why, "ipmi: response to another netfn or command");
	CHECK(ipmi_response(rsp_ok, 2, 6, 0x25, &data, &n, buf, sizeof(buf),
			    &why));
	/* stop: use kept, "don't stop" clear, no action, countdown kept */
	ipmi_watchdog_stop_data(&w, d);
	CHECK_EQ_U64(d[0], 0x03);
	CHECK_EQ_U64(d[1], 0x00);
	CHECK_EQ_U64(d[4], 0xb8);
	CHECK_EQ_U64(d[5], 0x0b);
	ipmi_watchdog_arm_data(30000, d);
	CHECK_EQ_U64(d[0], 0x44);	/* SMS/OS, don't stop */
	CHECK_EQ_U64(d[1], 0x01);	/* hard reset */
	CHECK_EQ_U64(d[4] | d[5] << 8, 30000);
}

static void test_watchdog(void)
{
	struct kcs k = fresh();
	struct ipmi_watchdog w;
	char buf[48], d[96];
	const char *why = NULL;
	uint8_t sd[6];

	/* as QEMU's BMC starts: never set, not running */
	CHECK(!ipmi_watchdog_get(&k, &w, buf, sizeof(buf), &why));
	CHECK_EQ_U64(m.last_nreq, 2);
	CHECK_EQ_U64(m.last_req[0], 0x18);
	CHECK_EQ_U64(m.last_req[1], 0x25);
	CHECK(!ipmi_watchdog_running(&w));
	CHECK_EQ_U64(m.state, KCS_IDLE_STATE);
	CHECK(!m.obf && !m.ibf);

	/* a firmware's OS-load watchdog: 300 s, 299.5 left, hard reset */
	m.use = 3;
	m.actions = 1;
	m.initial = 3000;
	m.present = 2995;
	m.running = m.initialized = true;
	CHECK(!ipmi_watchdog_get(&k, &w, buf, sizeof(buf), &why));
	CHECK(ipmi_watchdog_running(&w));
	CHECK_EQ_U64(w.present, 2995);
	ipmi_watchdog_describe(&w, d, sizeof(d));
	CHECK_STR(d, "running, 299.5 s of 300.0 s left, use os-load, "
		  "action hard-reset");

	/* stopped as bmc_watchdog=stop does it, seen stopped after */
	ipmi_watchdog_stop_data(&w, sd);
	CHECK_EQ_U64(ipmi_cmd(&k, IPMI_NETFN_APP, IPMI_CMD_SET_WATCHDOG, sd,
			      6, NULL, 0, buf, sizeof(buf), &why), 0);
	CHECK_EQ_U64(m.last_nreq, 8);
	CHECK_EQ_U64(m.last_req[1], 0x24);
	CHECK_EQ_U64(m.last_req[2], 0x03);
	CHECK(!m.running);
	CHECK(!ipmi_watchdog_get(&k, &w, buf, sizeof(buf), &why));
	CHECK(!ipmi_watchdog_running(&w));
	CHECK_EQ_U64(w.present, 0);

	/* armed as bmc_test_arm=1 does it: Set, then Reset starts it */
	ipmi_watchdog_arm_data(30000, sd);
	CHECK_EQ_U64(ipmi_cmd(&k, IPMI_NETFN_APP, IPMI_CMD_SET_WATCHDOG, sd,
			      6, NULL, 0, buf, sizeof(buf), &why), 0);
	CHECK(!m.running);
	CHECK_EQ_U64(ipmi_cmd(&k, IPMI_NETFN_APP, IPMI_CMD_RESET_WATCHDOG,
			      NULL, 0, NULL, 0, buf, sizeof(buf), &why), 0);
	CHECK(m.running);
	CHECK(!ipmi_watchdog_get(&k, &w, buf, sizeof(buf), &why));
	CHECK(ipmi_watchdog_running(&w));
	CHECK_EQ_U64(w.present, 30000);
	CHECK_STR(ipmi_watchdog_use_name(w.use), "sms-os");
	CHECK_EQ_U64(m.aborts, 0);
	CHECK_EQ_U64(k.waited_us, 0);	/* this BMC answers at once */
}

static void test_faults(void)
{
	struct kcs k;
	struct ipmi_watchdog w;
	char buf[48];
	const char *why = NULL;
	uint8_t req[2] = { 0x18, 0x25 }, rsp[16];

	/* a BMC that never answers: bounded, and the caller goes on */
	k = fresh();
	m.hung = true;
	CHECK_EQ_U64(kcs_transact(&k, req, 2, rsp, sizeof(rsp), &why),
		     (uint64_t)-1);
	CHECK_STR(why, "kcs: IBF stayed set (the BMC took no byte)");
	CHECK(k.waited_us >= WAIT_US);
	/* the exchange's budget, the abort's wait inside it; no retry
	 * when the abort found no BMC */
	CHECK(k.waited_us <= KCS_WAITS_PER_TRANSACT * WAIT_US);
	CHECK_EQ_U64(k.retries, 0);
	CHECK_EQ_U64(m.t_us, k.waited_us);

	/* one that stops answering in the middle of the request */
	k = fresh();
	m.hang_after = 2;
	CHECK(kcs_transact(&k, req, 2, rsp, sizeof(rsp), &why) < 0);
	CHECK_STR(why, "kcs: IBF stayed set (the BMC took no byte)");
	CHECK(k.waited_us <= KCS_WAITS_PER_TRANSACT * WAIT_US);

	/* ERROR state after WRITE_START once: the abort leaves it idle
	 * with its status code read, and the exchange is sent again (as
	 * Linux's KCS state machine does) */
	k = fresh();
	m.error_on_start = true;
	m.error_code = 0x02;	/* illegal control code */
	CHECK_EQ_U64(kcs_transact(&k, req, 2, rsp, sizeof(rsp), &why), 11);
	CHECK_EQ_U64(m.aborts, 1);
	CHECK_EQ_U64(k.retries, 1);
	CHECK_EQ_U64(k.error_code, 0x02);
	CHECK_EQ_U64(m.state, KCS_IDLE_STATE);
	CHECK_EQ_U64(m.got_req, 1);
	/* and the next exchange works, not retried */
	CHECK(!ipmi_watchdog_get(&k, &w, buf, sizeof(buf), &why));
	CHECK_EQ_U64(k.retries, 0);

	/* ERROR after every WRITE_START: KCS_RETRIES more tries, then the
	 * error; the BMC is left idle */
	k = fresh();
	m.error_always = true;
	CHECK(kcs_transact(&k, req, 2, rsp, sizeof(rsp), &why) < 0);
	CHECK_STR(why, "kcs: BMC left WRITE state during the request");
	CHECK_EQ_U64(k.retries, KCS_RETRIES);
	CHECK_EQ_U64(m.aborts, KCS_RETRIES + 1);
	CHECK_EQ_U64(m.state, KCS_IDLE_STATE);
	CHECK_EQ_U64(m.got_req, 0);

	/* a short response: three bytes of Get Watchdog Timer's eight */
	k = fresh();
	m.short_by = 5;
	CHECK(ipmi_watchdog_get(&k, &w, buf, sizeof(buf), &why));
	CHECK_STR(why, "ipmi: get watchdog timer response shorter than 8 "
		  "data bytes");
	m.short_by = 10;	/* netfn only */
	CHECK(ipmi_watchdog_get(&k, &w, buf, sizeof(buf), &why));
	CHECK_STR(why, "ipmi: response shorter than netfn, command and "
		  "completion code");

	/* a completion code */
	k = fresh();
	m.cc = 0xc1;
	CHECK(ipmi_watchdog_get(&k, &w, buf, sizeof(buf), &why));
	CHECK_STR(why, "ipmi: completion code 0xc1");
	/* Reset before any Set: QEMU's and the spec's 0x80 */
	m.cc = 0;
	CHECK(ipmi_cmd(&k, IPMI_NETFN_APP, IPMI_CMD_RESET_WATCHDOG, NULL, 0,
		       NULL, 0, buf, sizeof(buf), &why) < 0);
	CHECK_STR(why, "ipmi: completion code 0x80");

	/* a response that does not end: cut at the buffer, aborted */
	k = fresh();
	m.endless = true;
	CHECK(kcs_transact(&k, req, 2, rsp, sizeof(rsp), &why) < 0);
	CHECK_STR(why, "kcs: response longer than the buffer");
	CHECK_EQ_U64(m.aborts, 1);	/* never retried: it cannot fit */
	CHECK_EQ_U64(k.retries, 0);
	CHECK_EQ_U64(m.state, KCS_IDLE_STATE);

	/* nothing at the port */
	k = fresh();
	m.floating = true;
	CHECK(kcs_transact(&k, req, 2, rsp, sizeof(rsp), &why) < 0);
	CHECK_STR(why, "kcs: status reads 0xff (no interface at the port)");
	CHECK_EQ_U64(k.waited_us, 0);

	/* a slow BMC: 20 polls a byte, well inside each wait */
	k = fresh();
	m.lag = 20;
	CHECK(!ipmi_watchdog_get(&k, &w, buf, sizeof(buf), &why));
	CHECK(k.waited_us > 0);
	CHECK(k.waited_us < 4 * WAIT_US * 16);

	/* too slow: the exchange's budget runs out */
	k = fresh();
	m.lag = WAIT_US / KCS_POLL_US - 5;
	CHECK(ipmi_watchdog_get(&k, &w, buf, sizeof(buf), &why));
	CHECK(k.waited_us <= KCS_WAITS_PER_TRANSACT * WAIT_US);

	/* the default wait: a BMC busy for 3 s before it takes the first
	 * byte is slow, not dead (Linux waits 5 s per step) */
	k = fresh();
	k.wait_us = 0;
	m.lag_once = 3000000 / KCS_POLL_US;
	CHECK(!ipmi_watchdog_get(&k, &w, buf, sizeof(buf), &why));
	CHECK(k.waited_us >= 3000000 - 10 * KCS_POLL_US &&
	      k.waited_us <= 3000000 + 10 * KCS_POLL_US);
	/* 6 s is past one wait: a timeout after 5 s, the abort finds the
	 * BMC alive, the exchange is sent again and answered */
	k = fresh();
	k.wait_us = 0;
	m.lag_once = 6000000 / KCS_POLL_US;
	CHECK(!ipmi_watchdog_get(&k, &w, buf, sizeof(buf), &why));
	CHECK_EQ_U64(k.retries, 1);
	CHECK_EQ_U64(m.aborts, 1);
	/* the BMC's 6 s, to a few polls (the first status read costs no
	 * wait): nothing waited twice, nothing cut short */
	CHECK(k.waited_us >= 6000000 - 10 * KCS_POLL_US &&
	      k.waited_us <= 6000000 + 10 * KCS_POLL_US);
}

static void test_port_check(void)
{
	char buf[96];
	const char *why = NULL;

	CHECK(!kcs_port_check(0xca2, 1, buf, sizeof(buf), &why));
	CHECK(!kcs_port_check(0xca8, 4, buf, sizeof(buf), &why));	/* Dell */
	CHECK(!kcs_port_check(0xca2, 2, buf, sizeof(buf), &why));
	CHECK(!kcs_port_check(0xcf6, 1, buf, sizeof(buf), &why));
	CHECK(!kcs_port_check(0x93, 1, buf, sizeof(buf), &why));
	CHECK(!kcs_port_check(0xfffe, 1, buf, sizeof(buf), &why));
	CHECK(kcs_port_check(0, 1, buf, sizeof(buf), &why));
	CHECK_STR(why, "kcs i/o port 0");
	CHECK(kcs_port_check(0xca2, 3, buf, sizeof(buf), &why));
	CHECK_STR(why, "kcs register spacing not 1, 2, 4 or 16");
	CHECK(kcs_port_check(0xffff, 1, buf, sizeof(buf), &why));
	CHECK(kcs_port_check(0xfffc, 4, buf, sizeof(buf), &why));
	CHECK(kcs_port_check(0x100000ca2ull, 1, buf, sizeof(buf), &why));
	CHECK_STR(why, "kcs i/o ports beyond 0xffff");
	CHECK(kcs_port_check(0xcf7, 1, buf, sizeof(buf), &why));
	CHECK_STR(why, "kcs i/o port 0xcf8 is pci configuration / reset "
		  "control ports");
	/* 32-bit spacing puts the status port 4 on: 0xcf4's is 0xcf8 */
	CHECK(kcs_port_check(0xcf4, 4, buf, sizeof(buf), &why));
	CHECK_STR(why, "kcs i/o port 0xcf8 is pci configuration / reset "
		  "control ports");
	CHECK(!kcs_port_check(0xcf4, 1, buf, sizeof(buf), &why));
	CHECK(kcs_port_check(0xcf9, 1, buf, sizeof(buf), &why));
	CHECK(kcs_port_check(0x5f, 1, buf, sizeof(buf), &why));
	CHECK(kcs_port_check(0x64, 1, buf, sizeof(buf), &why));
	CHECK_STR(why, "kcs i/o port 0x64 is 8042 command port (0xfe pulses "
		  "reset)");
	CHECK(kcs_port_check(0x91, 1, buf, sizeof(buf), &why));
	CHECK(kcs_port_check(0x92, 1, buf, sizeof(buf), &why));

	/* the ports this machine's FADT names join the list */
	CHECK(!kcs_port_check(0xb1, 1, buf, sizeof(buf), &why));
	CHECK(!io_ports_reserve(0xb2, 1, "the FADT's SMI_CMD port"));
	CHECK(!io_ports_reserve(0x600, 4, "the FADT's PM1a event block"));
	CHECK(kcs_port_check(0xb1, 1, buf, sizeof(buf), &why));
	CHECK_STR(why, "kcs i/o port 0xb2 is the FADT's SMI_CMD port");
	CHECK(kcs_port_check(0x603, 1, buf, sizeof(buf), &why));
	CHECK_STR(why, "kcs i/o port 0x603 is the FADT's PM1a event block");
	CHECK(!kcs_port_check(0x604, 1, buf, sizeof(buf), &why));
	CHECK(io_ports_reserve(0x10, 0, "empty"));
	CHECK(io_ports_reserve(UINT64_MAX, 2, "wraps"));
	for (unsigned i = 2; i < IO_PORTS_FIRMWARE_MAX; i++)
		CHECK(!io_ports_reserve(0x1000 + i, 1, "filler"));
	CHECK(io_ports_reserve(0x2000, 1, "one too many"));
	CHECK(!kcs_port_check(0x2000, 1, buf, sizeof(buf), &why));
	CHECK(kcs_port_check(0xb1, 1, buf, sizeof(buf), &why));
	io_ports_reset();
	CHECK(!kcs_port_check(0xb1, 1, buf, sizeof(buf), &why));
}

/* SMBIOS type 38 and the SPMI disagree; the layouts to try, in order. */
static void test_layouts(void)
{
	struct acpi_spmi_info dell = { .interface_type = 1,
		.space_id = ACPI_GAS_SYSTEM_IO, .bit_width = 8,
		.address = 0xca8 };
	struct acpi_spmi_info hp = { .interface_type = 1,
		.space_id = ACPI_GAS_SYSTEM_IO, .bit_width = 16,
		.address = 0xca2 };
	struct smbios_ipmi d38 = { 1, true, 0xca8, 4 };
	struct smbios_ipmi h38 = { 1, true, 0xca2, 1 };
	struct smbios_ipmi other[3] = {
		{ 4, false, 0x20, 0 },		/* SSIF */
		{ 1, false, 0xca2, 4 },		/* memory-mapped */
		{ 1, true, 0xca3, 4 },		/* another port */
	};
	struct kcs_layout l[KCS_LAYOUTS_MAX];

	/* Dell: type 38's 32-bit spacing first, the SPMI's byte second */
	CHECK_EQ_U64(kcs_layouts(&dell, &d38, 1, l), 2);
	CHECK(l[0].base == 0xca8 && l[0].spacing == 4);
	CHECK_STR(l[0].source, "smbios type 38");
	CHECK(l[1].base == 0xca8 && l[1].spacing == 1);
	CHECK_STR(l[1].source, "spmi bit width");
	/* HP G5/G7: type 38 says byte spacing over the SPMI's 16 bits */
	CHECK_EQ_U64(kcs_layouts(&hp, &h38, 1, l), 2);
	CHECK(l[0].spacing == 1 && l[1].spacing == 2);
	CHECK_STR(l[0].source, "smbios type 38");
	/* HP without type 38: the SPMI's width, then byte spacing */
	CHECK_EQ_U64(kcs_layouts(&hp, NULL, 0, l), 2);
	CHECK(l[0].spacing == 2 && l[1].spacing == 1);
	CHECK_STR(l[1].source, "byte spacing (ipmi 2.0 9.5)");
	/* type 38 structures of other interfaces are not this one's */
	CHECK_EQ_U64(kcs_layouts(&hp, other, 3, l), 2);
	CHECK(l[0].spacing == 2);
	/* a type 38 without spacing (short, or reserved bits) adds none */
	h38.spacing = 0;
	CHECK_EQ_U64(kcs_layouts(&hp, &h38, 1, l), 2);
	CHECK(l[0].spacing == 2);
	/* an SPMI width of 0 or 64: byte spacing only */
	hp.bit_width = 0;
	CHECK_EQ_U64(kcs_layouts(&hp, NULL, 0, l), 1);
	CHECK(l[0].spacing == 1);
	hp.bit_width = 64;
	CHECK_EQ_U64(kcs_layouts(&hp, NULL, 0, l), 1);
	/* 16-byte spacing from type 38 */
	d38.spacing = 16;
	CHECK_EQ_U64(kcs_layouts(&dell, &d38, 1, l), 2);
	CHECK(l[0].spacing == 16);
	/* no SPMI: the first KCS on I/O that SMBIOS names, no width */
	{
		struct acpi_spmi_info s;
		struct smbios_ipmi only[2] = { { 4, false, 0x20, 0 },
					       { 1, true, 0xca8, 4 } };

		CHECK(kcs_from_smbios(only, 2, &s));
		CHECK(s.interface_type == 1 && s.space_id == ACPI_GAS_SYSTEM_IO);
		CHECK_EQ_U64(s.address, 0xca8);
		CHECK_EQ_U64(s.bit_width, 0);
		CHECK_EQ_U64(kcs_layouts(&s, only, 2, l), 2);
		CHECK(l[0].spacing == 4 && l[1].spacing == 1);
		CHECK(!kcs_from_smbios(only, 1, &s));
	}
	CHECK(!kcs_status_plausible(0xff));
	CHECK(kcs_status_plausible(0x00));
	CHECK(kcs_status_plausible(0xc2));	/* ERROR state, IBF */
}

static void test_option(void)
{
	struct config c;
	char err[512], line[1024];

	config_defaults(&c);
	CHECK(!c.bmc_watchdog_stop && !c.bmc_test_arm);
	config_format(&c, line, sizeof(line));
	CHECK(!strstr(line, "bmc_"));
	CHECK(!config_set(&c, "bmc_watchdog", "stop", err, sizeof(err)));
	CHECK(c.bmc_watchdog_stop);
	CHECK(!config_set(&c, "bmc_test_arm", "1", err, sizeof(err)));
	CHECK(c.bmc_test_arm);
	config_format(&c, line, sizeof(line));
	CHECK(strstr(line, " bmc_watchdog=stop bmc_test_arm=1") != NULL);
	CHECK(!config_set(&c, "bmc_watchdog", "keep", err, sizeof(err)));
	CHECK(!c.bmc_watchdog_stop);
	CHECK(config_set(&c, "bmc_watchdog", "off", err, sizeof(err)));
	CHECK(strstr(err, "keep, stop") != NULL);
	CHECK(config_set(&c, "bmc_test_arm", "2", err, sizeof(err)));
	CHECK(strstr(config_help(), "bmc_watchdog=") != NULL);
}

int main(void)
{
	test_encoding();
	test_watchdog();
	test_faults();
	test_port_check();
	test_layouts();
	test_option();
	return check_done("test_ipmi_kcs");
}
