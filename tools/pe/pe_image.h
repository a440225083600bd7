/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PE32+ headers of a UEFI image, read with every offset and size
 * checked against the file (an image is input like any other), the
 * rules firmware with Secure Boot and memory protection wants of it
 * (no section both writable and executable, 4 KiB section alignment,
 * NX_COMPAT, an SBAT section), and the few edits that make GNU-EFI's
 * output follow them.  For tools/pe/pe_check.c and tools/pe/pe_fix.c.
 */
#ifndef SBM_PE_IMAGE_H
#define SBM_PE_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PE_MAX_SECTIONS		32

/* Section flags (PE/COFF specification, "Section Flags") */
#define PE_SCN_CNT_CODE		0x00000020u
#define PE_SCN_CNT_INIT_DATA	0x00000040u
#define PE_SCN_MEM_EXECUTE	0x20000000u
#define PE_SCN_MEM_READ		0x40000000u
#define PE_SCN_MEM_WRITE	0x80000000u
/* DllCharacteristics */
#define PE_DLL_NX_COMPAT	0x0100u

/* What firmware that maps images by section wants: 4 KiB pages. */
#define PE_PAGE			4096u

/* The first line of every .sbat section (shim's SBAT.md). */
#define SBAT_HEADER_LINE \
	"sbat,1,SBAT Version,sbat,1,https://github.com/rhboot/shim/blob/main/SBAT.md"

struct pe_section {
	char name[9];
	uint32_t vsize, va, rawsize, rawptr, flags;
};

struct pe_image {
	uint8_t *p;		/* the file, as read */
	size_t len;
	size_t pe_off;		/* "PE\0\0" */
	size_t opt_off;		/* optional header */
	size_t sect_off;	/* section table */
	uint16_t machine, nsect, opt_size;
	uint32_t entry, section_align, file_align;
	uint32_t size_of_image, size_of_headers;
	uint16_t dll_chars;
	uint32_t nrva;
	uint32_t cert_off, cert_size;	/* the security directory */
	struct pe_section sect[PE_MAX_SECTIONS];
};

/* Read the headers of the @len bytes at @p into @pe (which keeps @p).
 * 0, or -1 with what is wrong in @err. */
int pe_parse(struct pe_image *pe, uint8_t *p, size_t len, char *err,
	     size_t errlen);

/* Whether @s may be both written and executed. */
bool pe_section_wx(const struct pe_section *s);

/* The section called @name, or NULL. */
const struct pe_section *pe_find(const struct pe_image *pe,
				 const char *name);

/*
 * Every rule the image breaks, one line each to @say(@arg, line); the
 * number of lines.  0 means: no W+X section, sections 4 KiB aligned and
 * in order, NX_COMPAT, the entry point in executable code, and a .sbat
 * section whose text sbat_check() accepts.
 */
unsigned pe_check(const struct pe_image *pe,
		  void (*say)(void *arg, const char *line), void *arg);

/*
 * The text of an SBAT section (@n bytes, NUL padding after it allowed):
 * the SBAT_HEADER_LINE first, then lines of 6 comma-separated fields, a
 * generation >= 1 in the second, one of them for the component @comp.
 * 0, or -1 with the first fault in @err.
 */
int sbat_check(const char *text, size_t n, const char *comp, char *err,
	       size_t errlen);

/* The PE checksum of @len bytes at @p whose checksum field is at @csum_off
 * (the field counts as zero). */
uint32_t pe_checksum(const uint8_t *p, size_t len, size_t csum_off);

/*
 * Make @pe's image follow the rules, into a new buffer *@out of *@outlen
 * bytes (malloc'd): NX_COMPAT set, SizeOfImage rounded up to the section
 * alignment, what lies past the last section's raw data dropped (no
 * loader reads it; GNU-EFI's aarch64 flat binary ends with .dynsym
 * there, objcopy's x86_64 PE may end with COFF symbols), the @sbat_len
 * bytes at @sbat appended as a read-only .sbat section, the checksum
 * recomputed.  Refuses (-1 with @err) an image
 * that is signed, already has a .sbat, has a W+X section (that is the
 * layout's to fix, not a flag to hide), or no room for one more section
 * header.
 */
int pe_fix(const struct pe_image *pe, const uint8_t *sbat, size_t sbat_len,
	   uint8_t **out, size_t *outlen, char *err, size_t errlen);

/* The file at @path into *@buf (malloc'd, up to PE_MAX_FILE bytes): its
 * size, or -1 with errno. */
#define PE_MAX_FILE		(256l << 20)
long pe_read_file(const char *path, uint8_t **buf);

#endif
