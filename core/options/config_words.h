/* SPDX-License-Identifier: BSD-2-Clause */
/* What the option declarations' parsers share to read one value. */
#ifndef SBM_CONFIG_WORDS_H
#define SBM_CONFIG_WORDS_H

#include <stddef.h>
#include <stdint.h>

/* Decimal @s in [@lo, @hi] into *@out; -1 when it is not. */
int config_parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);

/* "bad value 'VAL' for KEY (valid: ...)" with the user's bytes escaped
 * (\xNN for anything not printable); returns -1. */
int config_bad_value(char *err, size_t errlen, const char *key,
		     const char *val, const char *valid);

#endif
