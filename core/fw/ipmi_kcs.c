// SPDX-License-Identifier: BSD-2-Clause
/*
 * The KCS state machine of ipmi_kcs.h, after the flow charts of IPMI 2.0
 * section 9.15 ("KCS Communication and Non-communication Interface
 * States"): every step waits for IBF to clear and checks the state the
 * BMC reports before the next byte goes out.
 */
#include <stdbool.h>
#include <stdio.h>

#include "fw/io_ports.h"
#include "fw/ipmi_kcs.h"

static int fail(const char **why, const char *msg)
{
	if (why)
		*why = msg;
	return -1;
}

static uint8_t rd_status(struct kcs *k)
{
	k->status = k->in(k->ctx, KCS_STATUS);
	return k->status;
}

/* Poll until (status & @mask) == @want: 0, or -1 past one wait's bound
 * or past what is left of the exchange's budget (@left, in us). */
static int wait_for(struct kcs *k, uint8_t mask, uint8_t want,
		    uint64_t *left)
{
	uint32_t bound = k->wait_us ? k->wait_us : KCS_WAIT_US_DEFAULT;

	for (uint32_t t = 0;; t += KCS_POLL_US) {
		if ((rd_status(k) & mask) == want)
			return 0;
		if (t >= bound || *left < KCS_POLL_US)
			return -1;
		k->delay_us(k->ctx, KCS_POLL_US);
		k->waited_us += KCS_POLL_US;
		*left -= KCS_POLL_US;
	}
}

#define E_IBF	"kcs: IBF stayed set (the BMC took no byte)"
#define E_OBF	"kcs: OBF never set (no response byte)"
#define E_WRITE	"kcs: BMC left WRITE state during the request"
#define E_READ	"kcs: BMC in neither READ nor IDLE state during the response"
/* an object, not a literal: kcs_transact() knows it by its address */
static const char E_LONG[] = "kcs: response longer than the buffer";

/* A byte the BMC left in the output buffer is not ours: read it away. */
static void clear_obf(struct kcs *k)
{
	if (k->status & KCS_OBF)
		(void)k->in(k->ctx, KCS_DATA);
}

static bool in_state(const struct kcs *k, unsigned state)
{
	return KCS_STATE(k->status) == state;
}

static const char *write_phase(struct kcs *k, const uint8_t *req,
			       size_t len, uint64_t *left)
{
	if (wait_for(k, KCS_IBF, 0, left))
		return E_IBF;
	clear_obf(k);
	k->out(k->ctx, KCS_STATUS, KCS_WRITE_START);
	for (size_t i = 0; i < len; i++) {
		if (wait_for(k, KCS_IBF, 0, left))
			return E_IBF;
		if (!in_state(k, KCS_WRITE_STATE))
			return E_WRITE;
		clear_obf(k);
		if (i == len - 1) {
			/* the last byte follows WRITE_END */
			k->out(k->ctx, KCS_STATUS, KCS_WRITE_END);
			if (wait_for(k, KCS_IBF, 0, left))
				return E_IBF;
			if (!in_state(k, KCS_WRITE_STATE))
				return E_WRITE;
			clear_obf(k);
		}
		k->out(k->ctx, KCS_DATA, req[i]);
	}
	return NULL;
}

static const char *read_phase(struct kcs *k, uint8_t *rsp, size_t max,
			      size_t *n, uint64_t *left)
{
	for (;;) {
		if (wait_for(k, KCS_IBF, 0, left))
			return E_IBF;
		if (in_state(k, KCS_READ_STATE)) {
			uint8_t b;

			if (wait_for(k, KCS_OBF, KCS_OBF, left))
				return E_OBF;
			b = k->in(k->ctx, KCS_DATA);
			if (*n == max)
				return E_LONG;
			rsp[(*n)++] = b;
			k->out(k->ctx, KCS_DATA, KCS_READ_BYTE);
		} else if (in_state(k, KCS_IDLE_STATE)) {
			/* the end: one dummy byte to read away */
			if (wait_for(k, KCS_OBF, KCS_OBF, left))
				return E_OBF;
			(void)k->in(k->ctx, KCS_DATA);
			return NULL;
		} else {
			return E_READ;
		}
	}
}

/*
 * Section 9.15's error exit: GET_STATUS/ABORT, a 0 byte, the status code
 * read in READ state, then IDLE.  Within what is left of the exchange's
 * budget; true when the BMC ended idle.
 */
static bool kcs_abort(struct kcs *k, uint64_t *left)
{

	if (wait_for(k, KCS_IBF, 0, left))
		return false;
	k->out(k->ctx, KCS_STATUS, KCS_GET_STATUS_ABORT);
	if (wait_for(k, KCS_IBF, 0, left))
		return false;
	clear_obf(k);
	k->out(k->ctx, KCS_DATA, 0);
	if (wait_for(k, KCS_IBF, 0, left) || !in_state(k, KCS_READ_STATE) ||
	    wait_for(k, KCS_OBF, KCS_OBF, left))
		return false;
	k->error_code = k->in(k->ctx, KCS_DATA);
	k->out(k->ctx, KCS_DATA, KCS_READ_BYTE);
	if (wait_for(k, KCS_IBF, 0, left) || !in_state(k, KCS_IDLE_STATE) ||
	    wait_for(k, KCS_OBF, KCS_OBF, left))
		return false;
	(void)k->in(k->ctx, KCS_DATA);
	return true;
}

int kcs_transact(struct kcs *k, const uint8_t *req, size_t req_len,
		 uint8_t *rsp, size_t rsp_max, const char **why)
{
	uint64_t left = (uint64_t)(k->wait_us ? k->wait_us :
				   KCS_WAIT_US_DEFAULT) * KCS_WAITS_PER_TRANSACT;
	const char *err;

	k->error_code = 0;
	k->retries = 0;
	if (req_len < 2)
		return fail(why, "kcs: request without netfn and command");
	/* nothing decodes the port: every bit reads back set */
	if (rd_status(k) == 0xff)
		return fail(why, "kcs: status reads 0xff (no interface at the "
			    "port)");
	for (;;) {
		size_t n = 0;

		err = write_phase(k, req, req_len, &left);
		if (!err)
			err = read_phase(k, rsp, rsp_max, &n, &left);
		if (!err)
			return (int)n;
		/* a BMC that took the abort is alive: ask again, unless
		 * the answer cannot fit however often it is asked */
		if (!kcs_abort(k, &left) || err == E_LONG ||
		    k->retries == KCS_RETRIES)
			return fail(why, err);
		k->retries++;
	}
}

int kcs_port_check(uint64_t port, unsigned spacing, char *buf, size_t len,
		   const char **why)
{
	const char *owner;
	uint64_t status = port + spacing;

	if (port == 0)
		return fail(why, "kcs i/o port 0");
	if (spacing != 1 && spacing != 2 && spacing != 4 && spacing != 16)
		return fail(why, "kcs register spacing not 1, 2, 4 or 16");
	if (status > 0xffff)
		return fail(why, "kcs i/o ports beyond 0xffff");
	owner = io_ports_owner(port, 1);
	if (!owner)
		owner = io_ports_owner(status, 1);
	else
		status = port;
	if (owner) {
		snprintf(buf, len, "kcs i/o port %#llx is %s",
			 (unsigned long long)status, owner);
		return fail(why, buf);
	}
	return 0;
}
