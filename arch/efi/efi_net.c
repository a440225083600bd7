/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PXE base code the image came through (efi_net.h): our address and
 * the boot server's from its DHCP answer, TFTP reads from that server;
 * or, booted by UEFI HTTP boot, the same from the image's device path.
 * Everything the network sends is hostile: a file larger than the buffer
 * is refused, never cut.
 */
#include <efi.h>
#include <efilib.h>
#include <stdio.h>
#include <string.h>

#include "efi_net.h"
#include "efi_results.h"

static EFI_GUID pxe_guid = EFI_PXE_BASE_CODE_PROTOCOL_GUID;

/* device path nodes (UEFI "Messaging Device Path"): type 3 */
#define DP_MSG		3
#define DP_MSG_MAC	11	/* 32 bytes of address, interface type */
#define DP_MSG_IPV4	12	/* local, remote, ports, ..., gateway, mask */
#define DP_MSG_URI	24
#define DP_END		0x7f
#define DP_NODES_MAX	64

/*
 * UEFI HTTP boot: the loaded image's device path ends
 * MAC(...)/IPv4(...)/Uri(http://...) once the firmware knows the URI.
 * Nodes are read within their own lengths, at most DP_NODES_MAX.
 */
static int http_boot_find(EFI_LOADED_IMAGE *li, struct efi_net *n,
			  char *why, size_t whylen)
{
	const UINT8 *p = NULL, *uri = NULL;
	size_t urilen = 0;

	if (EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3,
					li->DeviceHandle, &DevicePathProtocol,
					(void **)&p)) || !p)
		return -1;
	for (unsigned i = 0; i < DP_NODES_MAX && p[0] != DP_END; i++) {
		size_t len = p[2] | (size_t)p[3] << 8;

		if (len < 4)
			return -1;
		if (p[0] == DP_MSG && p[1] == DP_MSG_MAC && len >= 37 &&
		    p[36] == 1) {	/* interface type 1: Ethernet */
			memcpy(n->mac, p + 4, 6);
			n->have_mac = true;
		}
		if (p[0] == DP_MSG && p[1] == DP_MSG_IPV4 && len >= 19) {
			memcpy(n->station, p + 4, 4);
			if (len >= 27)
				memcpy(n->subnet, p + 23, 4);
		}
		if (p[0] == DP_MSG && p[1] == DP_MSG_URI && len > 4) {
			uri = p + 4;
			urilen = len - 4;
		}
		p += len;
	}
	if (!uri)
		return -1;
	if (boot_uri_parse((const char *)uri, urilen, &n->uri, why, whylen))
		return -2;
	/* the firmware's default address unless the path has both */
	if (!memcmp(n->subnet, "\0\0\0\0", 4))
		memset(n->station, 0, 4);
	memcpy(n->server, n->uri.ip, 4);
	n->nic = li->DeviceHandle;
	return 0;
}

int efi_net_find(void *image, struct efi_net *n, char *why, size_t whylen)
{
	EFI_LOADED_IMAGE *li;
	EFI_PXE_BASE_CODE *pxe;
	EFI_PXE_BASE_CODE_MODE *m;
	EFI_PXE_BASE_CODE_DHCPV4_PACKET *ack;

	memset(n, 0, sizeof(*n));
	if (EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3, image,
					&LoadedImageProtocol, (void **)&li)))
		return -1;
	if (EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3,
					li->DeviceHandle, &pxe_guid,
					(void **)&pxe)))
		return http_boot_find(li, n, why, whylen);
	m = pxe->Mode;
	if (!m || !m->Started || m->UsingIpv6 || !m->DhcpAckReceived)
		return http_boot_find(li, n, why, whylen);
	/* the boot server: the proxy's when a proxy DHCP named it, else
	 * the DHCP server's "next server" (siaddr) */
	ack = &m->DhcpAck.Dhcpv4;
	if (m->ProxyOfferReceived &&
	    memcmp(m->ProxyOffer.Dhcpv4.BootpSiAddr, "\0\0\0\0", 4))
		memcpy(n->server, m->ProxyOffer.Dhcpv4.BootpSiAddr, 4);
	else
		memcpy(n->server, ack->BootpSiAddr, 4);
	if (!memcmp(n->server, "\0\0\0\0", 4))
		return -1;
	memcpy(n->station, m->StationIp.v4.Addr, 4);
	memcpy(n->subnet, m->SubnetMask.v4.Addr, 4);
	/* Ethernet: hardware type 1, 6 bytes */
	if (ack->BootpHwType == 1 && ack->BootpHwAddrLen == 6) {
		memcpy(n->mac, ack->BootpHwAddr, 6);
		n->have_mac = true;
	}
	n->pxe = pxe;
	n->nic = li->DeviceHandle;
	return 0;
}

void efi_net_mac_name(const struct efi_net *n, char out[18])
{
	snprintf(out, 18, "%02x-%02x-%02x-%02x-%02x-%02x", n->mac[0],
		 n->mac[1], n->mac[2], n->mac[3], n->mac[4], n->mac[5]);
}

int efi_net_tftp_read(const struct efi_net *n, const char *name, char *buf,
		      size_t cap, size_t *len, char *why, size_t whylen)
{
	EFI_PXE_BASE_CODE *pxe = n->pxe;
	EFI_IP_ADDRESS server;
	UINT64 size = cap - 1;
	char num[32];
	EFI_STATUS st;

	*len = 0;
	if (!pxe) {
		snprintf(why, whylen, "not booted by PXE");
		return -1;
	}
	memset(&server, 0, sizeof(server));
	memcpy(server.v4.Addr, n->server, 4);
	st = uefi_call_wrapper(pxe->Mtftp, 10, pxe,
			       EFI_PXE_BASE_CODE_TFTP_READ_FILE, buf, FALSE,
			       &size, NULL, &server, (UINT8 *)name, NULL,
			       FALSE);
	if (st == EFI_TFTP_ERROR || st == EFI_NOT_FOUND)
		return 1;	/* the server's "file not found" */
	if (st == EFI_BUFFER_TOO_SMALL) {
		snprintf(why, whylen, "larger than %zu bytes", cap - 1);
		return -1;
	}
	if (EFI_ERROR(st)) {
		snprintf(why, whylen, "TFTP read failed (%s)",
			 efi_results_status(st, num));
		return -1;
	}
	if (size > cap - 1) {	/* a firmware that wrote more than asked */
		snprintf(why, whylen, "larger than %zu bytes", cap - 1);
		return -1;
	}
	*len = (size_t)size;
	buf[*len] = 0;
	return 0;
}
