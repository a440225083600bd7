// SPDX-License-Identifier: BSD-2-Clause
/* The forbidden I/O ports of io_ports.h: a fixed list and the FADT's. */
#include <stddef.h>

#include "fw/io_ports.h"

struct range {
	uint64_t first, last;
	const char *what;
};

/* Every PC's: writes here reset the machine or move PCI config space. */
static const struct range fixed[] = {
	{ 0x60, 0x60, "8042 data port" },
	{ 0x64, 0x64, "8042 command port (0xfe pulses reset)" },
	{ 0x92, 0x92, "system control port A (fast reset)" },
	{ 0xcf8, 0xcff, "pci configuration / reset control ports" },
};

static struct range firmware[IO_PORTS_FIRMWARE_MAX];
static unsigned nfirmware;

static bool meets(const struct range *r, uint64_t first, uint64_t last)
{
	return first <= r->last && last >= r->first;
}

const char *io_ports_owner(uint64_t first, uint64_t n)
{
	uint64_t last;

	if (!n)
		return NULL;
	last = first + n - 1;
	if (last < first)
		last = UINT64_MAX;
	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		if (meets(&fixed[i], first, last))
			return fixed[i].what;
	for (unsigned i = 0; i < nfirmware; i++)
		if (meets(&firmware[i], first, last))
			return firmware[i].what;
	return NULL;
}

int io_ports_reserve(uint64_t first, uint64_t n, const char *what)
{
	if (!n || first + n - 1 < first || nfirmware == IO_PORTS_FIRMWARE_MAX)
		return -1;
	firmware[nfirmware++] = (struct range){ first, first + n - 1, what };
	return 0;
}

void io_ports_reset(void)
{
	nfirmware = 0;
}
