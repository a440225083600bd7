/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PXE base code the image came through (efi_net.h): our address and
 * the boot server's from its DHCP answer, TFTP reads from that server.
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

int efi_net_find(void *image, struct efi_net *n)
{
	EFI_LOADED_IMAGE *li;
	EFI_PXE_BASE_CODE *pxe;
	EFI_PXE_BASE_CODE_MODE *m;
	EFI_PXE_BASE_CODE_DHCPV4_PACKET *ack;

	memset(n, 0, sizeof(*n));
	if (EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3, image,
					&LoadedImageProtocol, (void **)&li)) ||
	    EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3,
					li->DeviceHandle, &pxe_guid,
					(void **)&pxe)))
		return -1;
	m = pxe->Mode;
	if (!m || !m->Started || m->UsingIpv6 || !m->DhcpAckReceived)
		return -1;
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
