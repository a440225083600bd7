/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * IPMI's KCS (Keyboard Controller Style) system interface, IPMI 2.0
 * chapter 9: a data register and a status/command register, driven by
 * the state machine of section 9.15 (write-start, the request bytes,
 * write-end and the last byte, then the response a byte at a time, and
 * GET_STATUS/ABORT when the BMC says ERROR or a state it should not be
 * in).  Every wait on IBF/OBF is bounded, so a BMC that never answers
 * costs one timeout and the run goes on.  How a register is reached is
 * the caller's (two accessor callbacks, x86 port I/O in the image, a
 * model of a BMC in the host test), so nothing here is arch-specific.
 */
#ifndef SBM_CORE_IPMI_KCS_H
#define SBM_CORE_IPMI_KCS_H

#include <stddef.h>
#include <stdint.h>

enum { KCS_DATA = 0, KCS_STATUS = 1 };	/* KCS_STATUS is also the command register */

/* Status register (IPMI 2.0 table 9-1) */
#define KCS_OBF			0x01
#define KCS_IBF			0x02
#define KCS_STATE(s)		((s) >> 6)
enum { KCS_IDLE_STATE, KCS_READ_STATE, KCS_WRITE_STATE, KCS_ERROR_STATE };

/* Control codes (table 9-3) */
#define KCS_GET_STATUS_ABORT	0x60
#define KCS_WRITE_START		0x61
#define KCS_WRITE_END		0x62
#define KCS_READ_BYTE		0x68

/* One wait on IBF/OBF: 5 s, as Linux's KCS driver (IBF_RETRY_TIMEOUT,
 * OBF_RETRY_TIMEOUT): a BMC busy with its own work is slow, not dead. */
#define KCS_WAIT_US_DEFAULT	5000000
#define KCS_POLL_US		10
/* An exchange that failed while the BMC answered the abort is sent
 * again, up to this many times (Linux: MAX_ERROR_RETRIES) ... */
#define KCS_RETRIES		10
/* ... all of it within this many waits' worth (a dead BMC costs one
 * bounded delay, not ten). */
#define KCS_WAITS_PER_TRANSACT	6

struct kcs {
	/* register @reg (KCS_DATA, KCS_STATUS) of the interface */
	uint8_t (*in)(void *ctx, unsigned reg);
	void (*out)(void *ctx, unsigned reg, uint8_t v);
	/* let @us microseconds pass between two polls */
	void (*delay_us)(void *ctx, unsigned us);
	void *ctx;
	uint32_t wait_us;	/* bound of one wait; 0: the default */
	uint8_t status;		/* the last status read (for messages) */
	uint8_t error_code;	/* what GET_STATUS/ABORT returned, if it did */
	unsigned retries;	/* exchanges sent again by the last call */
	uint64_t waited_us;	/* time spent polling, all waits together */
};

/*
 * Send the request @req (netfn/lun, command, data) and read the response
 * into @rsp.  The response's length, or -1 with *why (a timeout naming
 * the flag, an unexpected state, a response longer than @rsp_max, no
 * interface at all: a status of 0xff is a floating bus).  After a
 * protocol error or a timeout the interface is aborted (GET_STATUS/
 * ABORT); when that leaves the BMC idle the exchange starts again (up to
 * KCS_RETRIES times, within KCS_WAITS_PER_TRANSACT waits in all), else
 * the error is returned.
 */
int kcs_transact(struct kcs *k, const uint8_t *req, size_t req_len,
		 uint8_t *rsp, size_t rsp_max, const char **why);

/*
 * A KCS interface at I/O port @port (data) and @port + @spacing (status,
 * command; spacing 1, 2, 4 or 16): both below 0x10000, not 0, and clear
 * of the ports that reset or reconfigure the machine or that the FADT
 * names (io_ports.h; as uart_port_check() keeps a console off them).
 * 0, or -1 with *why (@buf holds a message that names the port).
 */
int kcs_port_check(uint64_t port, unsigned spacing, char *buf, size_t len,
		   const char **why);

#endif
