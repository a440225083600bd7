/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The URI an image was loaded from by UEFI HTTP boot (the URI node of
 * its device path), taken apart to fetch files beside it: the server's
 * IPv4 address, its port and the directory.  The URI comes from the
 * network: anything but http://A.B.C.D[:PORT]/PATH in printable ASCII
 * is refused with the reason.
 */
#ifndef SBM_BOOT_URI_H
#define SBM_BOOT_URI_H

#include <stddef.h>
#include <stdint.h>

#define BOOT_URI_DIR_MAX 128

struct boot_uri {
	uint8_t ip[4];
	uint16_t port;
	char dir[BOOT_URI_DIR_MAX];	/* "/" ... "/": up to the last '/' */
};

/* @len bytes of @uri (a NUL ends it sooner): 0, or -1 with @why. */
int boot_uri_parse(const char *uri, size_t len, struct boot_uri *u,
		   char *why, size_t whylen);

#endif
