/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The UEFI HTTP protocol and its service binding (UEFI specification,
 * "EFI HTTP Protocol"), which GNU-EFI 3.0.15 does not declare: only what
 * efi_http.c uses, written from the specification's definitions.
 */
#ifndef SBM_EFI_HTTP_PROTO_H
#define SBM_EFI_HTTP_PROTO_H

#include <efi.h>

#define SBM_HTTP_SB_GUID { 0xbdc8e6af, 0xd9bc, 0x4379, \
	{ 0xa7, 0x2a, 0xe0, 0xc4, 0xe7, 0x5d, 0xae, 0x1c } }
#define SBM_HTTP_GUID { 0x7a59b29b, 0x910b, 0x4171, \
	{ 0x82, 0x42, 0xa8, 0x5a, 0x0d, 0xf2, 0x5b, 0x5b } }

/* EFI_HTTP_ERROR (UEFI 2.5): an answer whose status is an error */
#define SBM_EFI_HTTP_ERROR	EFIERR(35)

/* EFI_HTTP_VERSION, EFI_HTTP_METHOD: enums, as UINT32 */
#define SBM_HTTP_11		1
#define SBM_HTTP_GET		0
#define SBM_HTTP_POST		1
/* EFI_HTTP_STATUS_CODE: 0 unsupported, 1 100, 2 101, 3 200 OK, ...
 * 17 400, 18 401, 19 402, 20 403, 21 404 */
#define SBM_HTTP_STATUS_200	3
#define SBM_HTTP_STATUS_404	21

struct sbm_http_v4_ap {
	BOOLEAN use_default_address;
	EFI_IPv4_ADDRESS local_address;
	EFI_IPv4_ADDRESS local_subnet;
	UINT16 local_port;
};

struct sbm_http_config {
	UINT32 version;
	UINT32 timeout_ms;
	BOOLEAN local_is_ipv6;
	struct sbm_http_v4_ap *ipv4;	/* a union with the IPv6 node */
};

struct sbm_http_request_data {
	UINT32 method;
	CHAR16 *url;
};

struct sbm_http_response_data {
	UINT32 status;
};

struct sbm_http_header {
	CHAR8 *name;
	CHAR8 *value;
};

struct sbm_http_message {
	union {
		struct sbm_http_request_data *request;
		struct sbm_http_response_data *response;
	} data;
	UINTN header_count;
	struct sbm_http_header *headers;
	UINTN body_length;
	VOID *body;
};

struct sbm_http_token {
	EFI_EVENT event;
	EFI_STATUS status;
	struct sbm_http_message *message;
};

struct sbm_http;
typedef EFI_STATUS (EFIAPI *sbm_http_cfg_fn)(struct sbm_http *,
					     struct sbm_http_config *);
typedef EFI_STATUS (EFIAPI *sbm_http_token_fn)(struct sbm_http *,
					       struct sbm_http_token *);
typedef EFI_STATUS (EFIAPI *sbm_http_poll_fn)(struct sbm_http *);

struct sbm_http {
	sbm_http_cfg_fn get_mode_data;
	sbm_http_cfg_fn configure;
	sbm_http_token_fn request;
	sbm_http_token_fn cancel;
	sbm_http_token_fn response;
	sbm_http_poll_fn poll;
};

#endif
