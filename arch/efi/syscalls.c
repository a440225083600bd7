/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The few system calls newlib needs: the console for write, a bump heap
 * for sbrk, nothing else.  x86_64-elf newlib is built with
 * MISSING_SYSCALL_NAMES and calls the plain names (write, sbrk, ...);
 * aarch64-none-elf calls the underscore names (_write, _sbrk, ...).  Both
 * are defined; the plain ones are what a libc archive member would
 * otherwise provide, so ours win and no member is pulled in twice.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "arch.h"
#include "efi_plat.h"

#undef errno
extern int errno;

static char *heap_base, *heap_end, *heap_brk;

void *heap_start(void)
{
	return heap_base;
}

void *heap_limit(void)
{
	return heap_end;
}

/* The heap is pages taken from UEFI before ExitBootServices. */
void heap_set(void *base, size_t size)
{
	heap_base = heap_brk = base;
	heap_end = heap_base + size;
}

#define SYSCALL_PAIR(ret, name, params, args)                               \
	ret _##name params;                                                 \
	ret name params;                                                    \
	ret name params { return _##name args; }

void *_sbrk(ptrdiff_t incr)
{
	char *old = heap_brk;

	if (!heap_base || incr > heap_end - heap_brk ||
	    incr < heap_base - heap_brk) {
		errno = ENOMEM;
		return (void *)-1;
	}
	heap_brk += incr;
	return old;
}
SYSCALL_PAIR(void *, sbrk, (ptrdiff_t incr), (incr))

int _write(int fd, const void *buf, size_t n)
{
	(void)fd;
	plat_console_write(buf, n);
	return (int)n;
}
SYSCALL_PAIR(int, write, (int fd, const void *buf, size_t n), (fd, buf, n))

int _read(int fd, void *buf, size_t n)
{
	(void)fd, (void)buf, (void)n;
	return 0;
}
SYSCALL_PAIR(int, read, (int fd, void *buf, size_t n), (fd, buf, n))

int _close(int fd)
{
	(void)fd;
	return -1;
}
SYSCALL_PAIR(int, close, (int fd), (fd))

int _fstat(int fd, struct stat *st)
{
	(void)fd;
	st->st_mode = S_IFCHR;
	return 0;
}
SYSCALL_PAIR(int, fstat, (int fd, struct stat *st), (fd, st))

int _isatty(int fd)
{
	(void)fd;
	return 1;
}
SYSCALL_PAIR(int, isatty, (int fd), (fd))

off_t _lseek(int fd, off_t off, int whence)
{
	(void)fd, (void)off, (void)whence;
	return 0;
}
SYSCALL_PAIR(off_t, lseek, (int fd, off_t off, int whence), (fd, off, whence))

int _kill(int pid, int sig)
{
	(void)pid, (void)sig;
	errno = EINVAL;
	return -1;
}
SYSCALL_PAIR(int, kill, (int pid, int sig), (pid, sig))

int _getpid(void)
{
	return 1;
}
SYSCALL_PAIR(int, getpid, (void), ())

void _exit(int status);
void _exit(int status)
{
	plat_power_off(status ? 1 : 0, true);
}
