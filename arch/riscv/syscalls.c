/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * newlib's system calls (riscv64-unknown-elf wants the underscore names):
 * output to the console, a bump heap, nothing else.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include "arch.h"
#include "riscv.h"

#undef errno
extern int errno;

static uintptr_t heap_cur, heap_end;

void riscv_heap_init(uintptr_t start, uintptr_t end)
{
	heap_cur = (start + 15) & ~(uintptr_t)15;
	heap_end = end;
}

void *_sbrk(ptrdiff_t incr)
{
	uintptr_t old = heap_cur;

	if (incr < 0 || heap_end - heap_cur < (uintptr_t)incr) {
		errno = ENOMEM;
		return (void *)-1;
	}
	heap_cur += (uintptr_t)incr;
	return (void *)old;
}

int _write(int fd, const char *buf, int len)
{
	(void)fd;
	plat_console_write(buf, (size_t)len);
	return len;
}

int _read(int fd, char *buf, int len)
{
	(void)fd;
	(void)buf;
	(void)len;
	return 0;
}

int _close(int fd)
{
	(void)fd;
	return -1;
}

int _fstat(int fd, struct stat *st)
{
	(void)fd;
	st->st_mode = S_IFCHR;
	return 0;
}

int _isatty(int fd)
{
	(void)fd;
	return 1;
}

int _lseek(int fd, int off, int whence)
{
	(void)fd;
	(void)off;
	(void)whence;
	return 0;
}

int _kill(int pid, int sig)
{
	(void)pid;
	(void)sig;
	errno = EINVAL;
	return -1;
}

int _getpid(void)
{
	return 1;
}

void _exit(int status)
{
	plat_power_off(status, true);
}
