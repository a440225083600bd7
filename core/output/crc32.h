/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef SBM_CRC32_H
#define SBM_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* CRC-32/ISO-HDLC (zlib's crc32): reflected 0xEDB88320, init and xorout ~0. */
uint32_t crc32_update(uint32_t crc, const void *buf, size_t len);
static inline uint32_t crc32(const void *buf, size_t len)
{
	return crc32_update(0, buf, len);
}

#endif
