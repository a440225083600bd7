/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * In a lab (upload=): the saved result goes to the collector
 * (tools/sbmbench collect) instead of a file on the stick.  It is sent
 * whole with its CRC-32; the collector stores it and only then answers
 * "sbmbench-ack crc32=XXXXXXXX ..." with the CRC of what it received.
 * No answer (refused, reset, timed out) and "busy" (503) or "too slow"
 * (408) are tried again, SEND_TRIES times in all, SEND_WAIT_S apart: a
 * collector restarting or flooded by others is met again, in a bound
 * docs/lab.md states.  Anything else (another status, another checksum,
 * any other text) is a refusal: the caller keeps the variables.
 */
#include <efi.h>
#include <efilib.h>
#include <stdio.h>
#include <string.h>

#include "efi_net.h"
#include "efi_results.h"
#include "output/crc32.h"
#include "output/report.h"

#define REPLY_MAX 256
#define SEND_TRIES 4
/* seconds before tries 2, 3, 4 (20 s in all, plus up to 1 s each that
 * the checksum picks, so machines cut off together do not come back
 * together); a try itself is bounded by efi_http.c's 10 s per step */
static const unsigned send_wait_s[SEND_TRIES - 1] = { 2, 6, 12 };

#define SBM_HTTP_STATUS_408	25	/* EFI_HTTP_STATUS_CODE (UEFI 2.5) */
#define SBM_HTTP_STATUS_503	38

/* One try: 0 acknowledged, 1 worth another try, -1 refused; @why. */
static int send_once(const struct efi_net *n, const uint8_t addr[4],
		     uint16_t port, const char *const *hdr, unsigned nhdr,
		     const char *text, size_t len, const char *sum,
		     char *why, size_t whylen);

int efi_results_send(void *image, uint64_t upload, const char *text,
		     size_t len, char *why, size_t whylen)
{
	uint32_t ip = CONFIG_UPLOAD_IP(upload), crc = crc32(text, len);
	uint8_t addr[4] = { ip >> 24, ip >> 16, ip >> 8, ip };
	char host[24], length[24], sum[12], mac[18];
	const char *hdr[10];
	unsigned nhdr = 0;
	struct efi_net n;
	bool net = !efi_net_find(image, &n, why, whylen);

	snprintf(host, sizeof(host), "%u.%u.%u.%u:%u", addr[0], addr[1],
		 addr[2], addr[3], CONFIG_UPLOAD_PORT(upload));
	snprintf(length, sizeof(length), "%zu", len);
	snprintf(sum, sizeof(sum), "%08x", (unsigned)crc);
	hdr[nhdr * 2] = "Host", hdr[nhdr * 2 + 1] = host, nhdr++;
	hdr[nhdr * 2] = "Content-Type", hdr[nhdr * 2 + 1] = "text/plain",
	nhdr++;
	hdr[nhdr * 2] = "Content-Length", hdr[nhdr * 2 + 1] = length, nhdr++;
	hdr[nhdr * 2] = "X-Sbm-Crc32", hdr[nhdr * 2 + 1] = sum, nhdr++;
	if (net && n.have_mac) {
		efi_net_mac_name(&n, mac);
		for (char *p = mac; *p; p++)
			if (*p == '-')
				*p = ':';
		hdr[nhdr * 2] = "X-Sbm-Machine", hdr[nhdr * 2 + 1] = mac;
		nhdr++;
	}
	for (unsigned t = 1;; t++) {
		int r = send_once(net ? &n : NULL, addr,
				  CONFIG_UPLOAD_PORT(upload), hdr, nhdr, text,
				  len, sum, why, whylen);
		unsigned ms;

		if (r <= 0)
			return r;
		if (t == SEND_TRIES) {
			size_t k = strlen(why);

			snprintf(why + k, whylen - k, " (%u tries)", t);
			return -1;
		}
		ms = send_wait_s[t - 1] * 1000 + crc % 1000;
		report_printf("sbmbench: the collector at %s did not take the "
			      "result (%s): try %u of %u in %u.%u s\n", host,
			      why, t + 1, SEND_TRIES, ms / 1000,
			      ms % 1000 / 100);
		uefi_call_wrapper(BS->Stall, 1, (UINTN)ms * 1000);
	}
}

static int send_once(const struct efi_net *n, const uint8_t addr[4],
		     uint16_t port, const char *const *hdr, unsigned nhdr,
		     const char *text, size_t len, const char *sum,
		     char *why, size_t whylen)
{
	char reply[REPLY_MAX], want[40], shown[64];
	unsigned status;

	if (efi_http_post(n, addr, port, "/sbmbench/result", hdr, nhdr, text,
			  len, &status, reply, sizeof(reply), why, whylen))
		return 1;
	/* the answer as a line of printable ASCII, for the messages */
	size_t k = 0;

	for (const char *p = reply; *p && *p != '\n' && k < sizeof(shown) - 1;
	     p++)
		shown[k++] = *p >= 0x20 && *p < 0x7f ? *p : '?';
	shown[k] = 0;
	if (!efi_http_ok(status)) {
		snprintf(why, whylen, "the collector refused it: \"%s\"",
			 shown);
		return status == SBM_HTTP_STATUS_503 ||
		       status == SBM_HTTP_STATUS_408 ? 1 : -1;
	}
	snprintf(want, sizeof(want), "sbmbench-ack crc32=%s ", sum);
	if (strncmp(reply, want, strlen(want))) {
		snprintf(why, whylen, "the collector's answer does not "
			 "acknowledge CRC-32 %s: \"%s\"", sum, shown);
		return -1;
	}
	return 0;
}
