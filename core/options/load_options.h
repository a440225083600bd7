/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * UEFI load options (what a boot entry or the shell passes the image, in
 * UCS-2) as the text config_parse() reads.
 */
#ifndef SBM_LOAD_OPTIONS_H
#define SBM_LOAD_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

/*
 * @nchars UCS-2 characters (up to the first NUL) as ASCII into @buf
 * (@len bytes, > 0, NUL-terminated); anything else becomes a space, which
 * ends a word.  Returns the options within @buf: a leading word without
 * '=' is the image's own path (the shell passes it) and is skipped.
 */
const char *load_options_text(const uint16_t *w, size_t nchars, char *buf,
			      size_t len);

#endif
