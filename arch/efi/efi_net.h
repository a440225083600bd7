/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The network an image was booted from (a lab, docs/lab.md): the
 * firmware's PXE base code on the image's device, which holds the DHCP
 * answer (our address, the boot server's), TFTP reads from that server,
 * and an HTTP POST through the firmware's HTTP protocol.  Boot services
 * only.
 */
#ifndef SBM_EFI_NET_H
#define SBM_EFI_NET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "options/boot_uri.h"

struct efi_net {
	void *pxe;		/* EFI_PXE_BASE_CODE_PROTOCOL; NULL: HTTP boot */
	void *nic;		/* the handle it is on */
	uint8_t station[4], subnet[4], server[4];
	uint8_t mac[6];
	bool have_mac;
	struct boot_uri uri;	/* HTTP boot: where the image came from */
};

/* The PXE base code the image was loaded through, with a DHCP answer,
 * else the URI, address and MAC of the image's device path (UEFI HTTP
 * boot): 0, -1 (not booted from the network), or -2 with @why (an HTTP
 * boot URI refused). */
int efi_net_find(void *image, struct efi_net *n, char *why, size_t whylen);

/* @name from the boot server by TFTP into @buf (@cap bytes, one kept for
 * a NUL): 0 with *@len; 1 when the server has no such file; -1 with
 * @why (too large, the firmware's error). */
int efi_net_tftp_read(const struct efi_net *n, const char *name, char *buf,
		      size_t cap, size_t *len, char *why, size_t whylen);

/* The MAC as "52-54-00-12-34-56" (pxelinux's form, without its "01-"). */
void efi_net_mac_name(const struct efi_net *n, char out[18]);

/*
 * POST @body to http://@ip:@port@path with the headers @hdr (pairs of
 * name, value, @nhdr of them) through the firmware's HTTP protocol,
 * from @n's address when @n is not NULL (else the firmware's default
 * one); the status code into *@status (as the firmware numbers it:
 * efi_http_ok() says whether it is 200) and up to @cap - 1 bytes of the
 * answer's body, NUL-terminated, into @reply.  0, or -1 with @why.
 */
int efi_http_post(const struct efi_net *n, const uint8_t ip[4],
		  uint16_t port, const char *path, const char *const *hdr,
		  unsigned nhdr, const void *body, size_t len,
		  unsigned *status, char *reply, size_t cap, char *why,
		  size_t whylen);
bool efi_http_ok(unsigned status);

/* GET http://@ip:@port@path into @buf (@cap bytes, one kept for a NUL):
 * 0 with *@len, 1 when the server answered 404, -1 with @why (another
 * status, larger than the buffer, no Content-Length, the firmware's
 * error).  Never a part of a file. */
int efi_http_get(const struct efi_net *n, const uint8_t ip[4],
		 uint16_t port, const char *path, char *buf, size_t cap,
		 size_t *len, char *why, size_t whylen);

#endif
