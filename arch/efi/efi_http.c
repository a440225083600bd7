/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One HTTP POST through the firmware's own HTTP protocol (efi_net.h):
 * a child of the HTTP service binding, configured with the address the
 * PXE DHCP answer gave (the firmware's default address is often unset
 * after a PXE boot), a request, a response, each waited for with a
 * bound.  The answer is hostile: at most @cap - 1 bytes of it are kept.
 */
#include <efi.h>
#include <efilib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "efi_http_proto.h"
#include "efi_net.h"
#include "efi_results.h"

#define HTTP_TIMEOUT_MS	10000	/* connect, send, answer: each */
#define URL_MAX		96

static EFI_GUID http_sb_guid = SBM_HTTP_SB_GUID;
static EFI_GUID http_guid = SBM_HTTP_GUID;

static VOID EFIAPI token_done(EFI_EVENT ev, VOID *ctx)
{
	(void)ev;
	*(volatile bool *)ctx = true;
}

/* Wait for @done (set by the token's event) polling @http; false on the
 * time bound, the token then cancelled. */
static bool wait_token(struct sbm_http *http, struct sbm_http_token *tok,
		       volatile bool *done)
{
	for (unsigned ms = 0; !*done; ms++) {
		if (ms >= HTTP_TIMEOUT_MS) {
			uefi_call_wrapper(http->cancel, 2, http, tok);
			return false;
		}
		uefi_call_wrapper(http->poll, 1, http);
		uefi_call_wrapper(BS->Stall, 1, 1000);
	}
	return true;
}

/* The service binding on the NIC we came through, else the first one
 * the firmware has. */
static EFI_SERVICE_BINDING *find_binding(const struct efi_net *n)
{
	EFI_SERVICE_BINDING *sb = NULL;
	EFI_HANDLE *hs = NULL;
	UINTN nh = 0;

	if (n && !EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3, n->nic,
					      &http_sb_guid, (void **)&sb)))
		return sb;
	if (EFI_ERROR(uefi_call_wrapper(BS->LocateHandleBuffer, 5, ByProtocol,
					&http_sb_guid, NULL, &nh, &hs)) || !nh)
		return NULL;
	if (EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3, hs[0],
					&http_sb_guid, (void **)&sb)))
		sb = NULL;
	uefi_call_wrapper(BS->FreePool, 1, hs);
	return sb;
}

/* The Content-Length the answer's headers give, or -1. */
static long content_length(const struct sbm_http_message *m)
{
	for (UINTN i = 0; m->headers && i < m->header_count; i++) {
		const char *k = (const char *)m->headers[i].name;
		const char *v = (const char *)m->headers[i].value;
		long len = 0;

		if (!k || !v || strcasecmp(k, "Content-Length"))
			continue;
		for (; *v == ' '; v++)
			;
		for (int d = 0; *v >= '0' && *v <= '9'; v++, d++) {
			if (d > 9)
				return -1;
			len = len * 10 + (*v - '0');
		}
		return *v ? -1 : len;
	}
	return -1;
}

struct http_run {
	struct sbm_http *http;
	volatile bool done;
	struct sbm_http_token tok;
	char *why;
	size_t whylen;
};

/* Run @m through @fn (request or response); 0, or -1 with why. */
static int exchange(struct http_run *r, sbm_http_token_fn fn,
		    struct sbm_http_message *m, const char *what)
{
	char num[32];
	EFI_STATUS st;

	r->done = false;
	r->tok.status = EFI_SUCCESS;
	r->tok.message = m;
	st = uefi_call_wrapper(fn, 2, r->http, &r->tok);
	if (EFI_ERROR(st)) {
		snprintf(r->why, r->whylen, "%s: %s", what,
			 efi_results_status(st, num));
		return -1;
	}
	if (!wait_token(r->http, &r->tok, &r->done)) {
		snprintf(r->why, r->whylen, "%s: no answer in %u s", what,
			 HTTP_TIMEOUT_MS / 1000);
		return -1;
	}
	/* an answer with an error status is still an answer (edk2 says
	 * EFI_HTTP_ERROR): the caller reads its status and text */
	if (EFI_ERROR(r->tok.status) && r->tok.status != SBM_EFI_HTTP_ERROR) {
		snprintf(r->why, r->whylen, "%s: %s", what,
			 efi_results_status(r->tok.status, num));
		return -1;
	}
	return 0;
}

/* One request and its answer: up to @cap - 1 bytes of the body into
 * @reply, NUL-terminated, *@got of them; *@want the Content-Length
 * (-1 when none or unreadable). */
static int request(struct http_run *r, const struct efi_net *n,
		   UINT32 method, const CHAR16 *url,
		   struct sbm_http_header *hs, unsigned nhdr, const void *body,
		   size_t len, unsigned *status, char *reply, size_t cap,
		   size_t *got_out, long *want_out)
{
	/* an address of 0 (an HTTP boot's device path without one): the
	 * firmware's own */
	struct sbm_http_v4_ap ap = { .use_default_address = !n ||
		!memcmp(n->station, "\0\0\0\0", 4) };
	struct sbm_http_config cfg = {
		.version = SBM_HTTP_11, .timeout_ms = HTTP_TIMEOUT_MS,
		.ipv4 = &ap,
	};
	struct sbm_http_request_data req = { method, (CHAR16 *)url };
	struct sbm_http_response_data rsp = { 0 };
	struct sbm_http_message m;
	size_t got = 0;
	long want;
	char num[32];
	EFI_STATUS st;

	if (n) {
		memcpy(&ap.local_address, n->station, 4);
		memcpy(&ap.local_subnet, n->subnet, 4);
	}
	st = uefi_call_wrapper(r->http->configure, 2, r->http, &cfg);
	if (EFI_ERROR(st)) {
		snprintf(r->why, r->whylen, "the firmware's HTTP would not "
			 "take our address (%s)", efi_results_status(st, num));
		return -1;
	}
	m = (struct sbm_http_message){ .data.request = &req,
		.header_count = nhdr, .headers = hs, .body_length = len,
		.body = (void *)body };
	if (exchange(r, r->http->request, &m, "sending"))
		return -1;
	m = (struct sbm_http_message){ .data.response = &rsp,
		.body_length = cap - 1, .body = reply };
	if (exchange(r, r->http->response, &m, "the answer"))
		return -1;
	*status = rsp.status;
	want = content_length(&m);
	got = m.body_length;
	if (m.headers)
		uefi_call_wrapper(BS->FreePool, 1, m.headers);
	/* the rest of a body the first response did not hold, within cap */
	while (want > 0 && got < (size_t)want && got < cap - 1) {
		m = (struct sbm_http_message){ .body_length = cap - 1 - got,
			.body = reply + got };
		if (exchange(r, r->http->response, &m, "the answer's body"))
			return -1;
		if (!m.body_length)
			break;
		got += m.body_length;
	}
	reply[got] = 0;
	*got_out = got;
	*want_out = want;
	return 0;
}

/* The request through a child of the service binding, with its event. */
static int run(const struct efi_net *n, UINT32 method, const uint8_t ip[4],
	       uint16_t port, const char *path, const char *const *hdr,
	       unsigned nhdr, const void *body, size_t len, unsigned *status,
	       char *reply, size_t cap, size_t *got, long *want, char *why,
	       size_t whylen)
{
	struct http_run r = { .why = why, .whylen = whylen };
	struct sbm_http_header hs[8];
	EFI_SERVICE_BINDING *sb;
	EFI_HANDLE child = NULL;
	CHAR16 url[URL_MAX];
	char text[URL_MAX], num[32];
	EFI_STATUS st;
	int rc = -1;

	*status = 0;
	*got = 0;
	*want = -1;
	reply[0] = 0;
	if (nhdr > 8 || cap < 2)
		return -1;
	if ((size_t)snprintf(text, sizeof(text), "http://%u.%u.%u.%u:%u%s",
			     ip[0], ip[1], ip[2], ip[3], port, path) >=
	    sizeof(text)) {
		snprintf(why, whylen, "a URL longer than %d bytes",
			 URL_MAX - 1);
		return -1;
	}
	for (size_t i = 0; i <= strlen(text); i++)
		url[i] = (CHAR16)text[i];
	for (unsigned i = 0; i < nhdr; i++)
		hs[i] = (struct sbm_http_header){ (CHAR8 *)hdr[2 * i],
			(CHAR8 *)hdr[2 * i + 1] };
	sb = find_binding(n);
	if (!sb) {
		snprintf(why, whylen, "this firmware has no HTTP protocol "
			 "(EFI_HTTP_SERVICE_BINDING_PROTOCOL)");
		return -1;
	}
	st = uefi_call_wrapper(sb->CreateChild, 2, sb, &child);
	if (!EFI_ERROR(st))
		st = uefi_call_wrapper(BS->HandleProtocol, 3, child,
				       &http_guid, (void **)&r.http);
	if (EFI_ERROR(st)) {
		snprintf(why, whylen, "no HTTP instance (%s)",
			 efi_results_status(st, num));
		goto out;
	}
	st = uefi_call_wrapper(BS->CreateEvent, 5, EVT_NOTIFY_SIGNAL,
			       TPL_CALLBACK, token_done, (void *)&r.done,
			       &r.tok.event);
	if (EFI_ERROR(st)) {
		snprintf(why, whylen, "no event (%s)",
			 efi_results_status(st, num));
		goto out;
	}
	rc = request(&r, n, method, url, nhdr ? hs : NULL, nhdr, body, len,
		     status, reply, cap, got, want);
	uefi_call_wrapper(r.http->configure, 2, r.http, NULL);	/* reset */
	uefi_call_wrapper(BS->CloseEvent, 1, r.tok.event);
out:
	if (child)
		uefi_call_wrapper(sb->DestroyChild, 2, sb, child);
	return rc;
}

int efi_http_post(const struct efi_net *n, const uint8_t ip[4],
		  uint16_t port, const char *path, const char *const *hdr,
		  unsigned nhdr, const void *body, size_t len,
		  unsigned *status, char *reply, size_t cap, char *why,
		  size_t whylen)
{
	size_t got;
	long want;

	return run(n, SBM_HTTP_POST, ip, port, path, hdr, nhdr, body, len,
		   status, reply, cap, &got, &want, why, whylen);
}

int efi_http_get(const struct efi_net *n, const uint8_t ip[4],
		 uint16_t port, const char *path, char *buf, size_t cap,
		 size_t *len, char *why, size_t whylen)
{
	char host[24];
	const char *hdr[2] = { "Host", host };
	unsigned status;
	long want;

	*len = 0;
	snprintf(host, sizeof(host), "%u.%u.%u.%u:%u", ip[0], ip[1], ip[2],
		 ip[3], port);
	if (run(n, SBM_HTTP_GET, ip, port, path, hdr, 1, NULL, 0, &status,
		buf, cap, len, &want, why, whylen))
		return -1;
	if (status == SBM_HTTP_STATUS_404)
		return 1;
	if (status != SBM_HTTP_STATUS_200) {
		snprintf(why, whylen, "the server answered with status %u "
			 "(the firmware's number), not 200", status);
		return -1;
	}
	/* the whole file or nothing: a lab machine must not run with the
	 * first half of its options */
	if (want < 0) {
		snprintf(why, whylen, "no Content-Length in the answer");
		return -1;
	}
	if ((size_t)want > cap - 1) {
		snprintf(why, whylen, "larger than %zu bytes", cap - 1);
		return -1;
	}
	if ((size_t)want != *len) {
		snprintf(why, whylen, "%zu bytes of the %ld announced", *len,
			 want);
		return -1;
	}
	return 0;
}

bool efi_http_ok(unsigned status)
{
	return status == SBM_HTTP_STATUS_200;
}
