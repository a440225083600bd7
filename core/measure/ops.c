/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <string.h>

#include "isa_ops.h"
#include "measure/ops.h"

bool ops_gap_fence = true;
uint64_t ops_gap_half_q8;

/* A single op (rw's writers, mode=pair) returns once the update has
 * completed, whatever gap_fence says: each is timed alone, and a counter
 * read after it must time the whole op (arm64's isb and riscv's rdtime
 * wait for no store or AMO); what follows it is its gap. */
static inline void ops_after_update(void)
{
	isa_update_wait();
}

#define DEFINE_BIT_LOOP(name, set, clear)                                  \
	static void bare_set_bit_##name(void *p, unsigned bit)             \
	{                                                                  \
		set((volatile uint64_t *)p, bit);                          \
	}                                                                  \
	static void bare_clear_bit_##name(void *p, unsigned bit)           \
	{                                                                  \
		clear((volatile uint64_t *)p, bit);                        \
	}                                                                  \
	static void set_bit_##name(void *p, unsigned bit)                  \
	{                                                                  \
		set((volatile uint64_t *)p, bit);                          \
		ops_after_update();                                        \
	}                                                                  \
	static void clear_bit_##name(void *p, unsigned bit)                \
	{                                                                  \
		clear((volatile uint64_t *)p, bit);                        \
		ops_after_update();                                        \
	}                                                                  \
	static void loop_bit_##name(void *p, unsigned bit, uint64_t n)     \
	{                                                                  \
		volatile uint64_t *w = p;                                  \
		for (uint64_t i = 0; i < n; i++) {                         \
			set(w, bit);                                       \
			clear(w, bit);                                     \
		}                                                          \
	}                                                                  \
	static uint64_t gap_bit_##name(void *p, unsigned bit, uint64_t n,  \
				       uint64_t gap)                       \
	{                                                                  \
		volatile uint64_t *w = p;                                  \
		uint64_t real = 0;                                         \
		for (uint64_t i = 0; i < n; i++) {                         \
			set(w, bit);                                       \
			real += ops_gap_wait(gap);                         \
			clear(w, bit);                                     \
			real += ops_gap_wait(gap);                         \
		}                                                          \
		return real;                                               \
	}
#define DEFINE_BYTE_LOOP(name, set, clear)                                 \
	static void bare_set_byte_##name(void *p, unsigned bit)            \
	{                                                                  \
		(void)bit;                                                 \
		set((volatile uint8_t *)p);                                \
	}                                                                  \
	static void bare_clear_byte_##name(void *p, unsigned bit)          \
	{                                                                  \
		(void)bit;                                                 \
		clear((volatile uint8_t *)p);                              \
	}                                                                  \
	static void set_byte_##name(void *p, unsigned bit)                 \
	{                                                                  \
		(void)bit;                                                 \
		set((volatile uint8_t *)p);                                \
		ops_after_update();                                        \
	}                                                                  \
	static void clear_byte_##name(void *p, unsigned bit)               \
	{                                                                  \
		(void)bit;                                                 \
		clear((volatile uint8_t *)p);                              \
		ops_after_update();                                        \
	}                                                                  \
	static void loop_byte_##name(void *p, unsigned bit, uint64_t n)    \
	{                                                                  \
		volatile uint8_t *b = p;                                   \
		(void)bit;                                                 \
		for (uint64_t i = 0; i < n; i++) {                         \
			set(b);                                            \
			clear(b);                                          \
		}                                                          \
	}                                                                  \
	static uint64_t gap_byte_##name(void *p, unsigned bit, uint64_t n, \
					uint64_t gap)                      \
	{                                                                  \
		volatile uint8_t *b = p;                                   \
		uint64_t real = 0;                                         \
		(void)bit;                                                 \
		for (uint64_t i = 0; i < n; i++) {                         \
			set(b);                                            \
			real += ops_gap_wait(gap);                         \
			clear(b);                                          \
			real += ops_gap_wait(gap);                         \
		}                                                          \
		return real;                                               \
	}

ISA_BIT_OPS(DEFINE_BIT_LOOP)
ISA_BYTE_OPS(DEFINE_BYTE_LOOP)

/* The plain store is the same on every ISA: one byte write, no RMW. */
static inline void store_set(volatile uint8_t *b)
{
	*b = 1;
}

static inline void store_clear(volatile uint8_t *b)
{
	*b = 0;
}

DEFINE_BYTE_LOOP(store, store_set, store_clear)

#define BIT_ENTRY(name, set, clear)                                        \
	{ #name, false, loop_bit_##name, gap_bit_##name, set_bit_##name,   \
	  clear_bit_##name, bare_set_bit_##name, bare_clear_bit_##name },
#define BYTE_ENTRY(name, set, clear)                                       \
	{ #name, true, loop_byte_##name, gap_byte_##name, set_byte_##name, \
	  clear_byte_##name, bare_set_byte_##name, bare_clear_byte_##name },

/* Native first of each kind: the ISA's smp_store_mb() for bytes; the
 * bare store last, as what it is (store throughput, not coherence). */
static const struct sbm_op all_ops[] = {
	ISA_BIT_OPS(BIT_ENTRY)
	ISA_BYTE_OPS(BYTE_ENTRY)
	BYTE_ENTRY(store, store_set, store_clear)
};

uint64_t ops_gap_ticks(uint32_t gap_ns, uint64_t hz)
{
	uint64_t t = (uint64_t)((double)gap_ns * (double)hz / 1e9 + 0.5);

	return gap_ns && !t ? 1 : t;
}

double ops_spin_ns(uint64_t hz)
{
	uint64_t want = hz / 500 + 1, n = 1024, t;

	for (;;) {
		uint64_t t0 = isa_counter();

		ops_spin(n);
		t = isa_counter() - t0;
		if (t >= want || n >= (1ull << 40))
			break;
		n *= 2;
	}
	return (double)t * 1e9 / (double)hz / (double)n;
}

double ops_gap_calibrate(uint64_t hz)
{
	static double ns;
	static uint64_t at_hz;

	if (at_hz == hz && ns > 0)
		return ns;	/* once a boot: every gap user calls it */
	ns = ops_spin_ns(hz);
	at_hz = hz;
	/* rounds per tick = (1e9 / hz) / ns; x 256, halved */
	ops_gap_half_q8 = ns > 0 ? (uint64_t)(1e9 / (double)hz / ns * 128) : 0;
	return ns;
}

const struct sbm_op *ops_all(size_t *n)
{
	*n = sizeof(all_ops) / sizeof(all_ops[0]);
	return all_ops;
}

const struct sbm_op *ops_find(const char *name, bool bytewise)
{
	for (size_t i = 0; i < sizeof(all_ops) / sizeof(all_ops[0]); i++) {
		if (all_ops[i].bytewise != bytewise)
			continue;
		if (!strcmp(name, "native") || !strcmp(name, all_ops[i].name))
			return &all_ops[i];
	}
	return NULL;
}

void ops_format(char *buf, size_t len)
{
	size_t l = 0;

	if (len)
		buf[0] = 0;
	for (size_t i = 0; i < sizeof(all_ops) / sizeof(all_ops[0]); i++) {
		l = strlen(buf);
		snprintf(buf + l, len - l, "%s%s%s", l ? "," : "",
			 all_ops[i].name, all_ops[i].bytewise ? "(u8)" : "");
	}
}

void ops_refusal(const char *op, const char *op_u8, char *buf, size_t len)
{
	bool u8 = ops_find(op, false) != NULL;
	size_t l;

	l = (size_t)snprintf(buf, len, "unknown %s '%s' (valid: native",
			     u8 ? "op_u8" : "op", u8 ? op_u8 : op);
	for (size_t i = 0; i < sizeof(all_ops) / sizeof(all_ops[0]) && l < len; i++)
		if (all_ops[i].bytewise == u8)
			l += (size_t)snprintf(buf + l, len - l, ", %s",
					      all_ops[i].name);
	if (l < len)
		snprintf(buf + l, len - l, ")");
}
