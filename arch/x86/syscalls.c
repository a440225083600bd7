/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The few system calls newlib (x86_64-elf, un-prefixed names) needs:
 * the console for write, a bump heap for sbrk, nothing else.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "arch.h"
#include "x86.h"

#undef errno
extern int errno;

static char *heap_base, *heap_end, *heap_brk;

/* The heap is pages taken from UEFI before ExitBootServices. */
void heap_set(void *base, size_t size)
{
	heap_base = heap_brk = base;
	heap_end = heap_base + size;
}

void *sbrk(ptrdiff_t incr);
void *sbrk(ptrdiff_t incr)
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

int write(int fd, const void *buf, size_t n);
int write(int fd, const void *buf, size_t n)
{
	(void)fd;
	plat_console_write(buf, n);
	return (int)n;
}

int read(int fd, void *buf, size_t n);
int read(int fd, void *buf, size_t n)
{
	(void)fd, (void)buf, (void)n;
	return 0;
}

int close(int fd);
int close(int fd)
{
	(void)fd;
	return -1;
}

int fstat(int fd, struct stat *st);
int fstat(int fd, struct stat *st)
{
	(void)fd;
	st->st_mode = S_IFCHR;
	return 0;
}

int isatty(int fd);
int isatty(int fd)
{
	(void)fd;
	return 1;
}

off_t lseek(int fd, off_t off, int whence);
off_t lseek(int fd, off_t off, int whence)
{
	(void)fd, (void)off, (void)whence;
	return 0;
}

int kill(int pid, int sig);
int kill(int pid, int sig)
{
	(void)pid, (void)sig;
	errno = EINVAL;
	return -1;
}

int getpid(void);
int getpid(void)
{
	return 1;
}

void _exit(int status);
void _exit(int status)
{
	power_off(status ? 1 : 0, true);
}
