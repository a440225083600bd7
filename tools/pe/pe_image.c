/* SPDX-License-Identifier: BSD-2-Clause */
/* PE32+ headers read, checked and finished; see pe_image.h. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pe/pe_image.h"

/* PE/COFF layout: offsets into the COFF header (after "PE\0\0"), the
 * PE32+ optional header and a section header. */
enum {
	COFF_NSECT = 2, COFF_SYMTAB = 8, COFF_OPT_SIZE = 16,
	OPT_MAGIC = 0, OPT_INIT_DATA = 8, OPT_ENTRY = 16,
	OPT_SECTION_ALIGN = 32, OPT_FILE_ALIGN = 36, OPT_SIZE_OF_IMAGE = 56,
	OPT_SIZE_OF_HEADERS = 60, OPT_CHECKSUM = 64, OPT_DLL_CHARS = 70,
	OPT_NRVA = 108, OPT_DIRS = 112,
	DIR_SECURITY = 4,
	SH_SIZE = 40, SH_VSIZE = 8, SH_VA = 12, SH_RAWSIZE = 16,
	SH_RAWPTR = 20, SH_FLAGS = 36,
	PE32PLUS_MAGIC = 0x20b,
};

static uint16_t rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static void wr16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void wr32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* @off + @n inside @len bytes, without wrapping */
static bool fits(uint64_t off, uint64_t n, uint64_t len)
{
	return off <= len && n <= len - off;
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return a ? (v + a - 1) / a * a : v;
}

int pe_parse(struct pe_image *pe, uint8_t *p, size_t len, char *err,
	     size_t errlen)
{
	memset(pe, 0, sizeof(*pe));
	pe->p = p;
	pe->len = len;
	if (len < 64 || p[0] != 'M' || p[1] != 'Z')
		return fail(err, errlen, "not a PE image (no MZ header)");
	pe->pe_off = rd32(p + 0x3c);
	if (!fits(pe->pe_off, 24, len) || memcmp(p + pe->pe_off, "PE\0\0", 4))
		return fail(err, errlen, "no PE signature at 0x%zx",
			    pe->pe_off);
	const uint8_t *coff = p + pe->pe_off + 4;

	pe->machine = rd16(coff);
	pe->nsect = rd16(coff + COFF_NSECT);
	pe->opt_size = rd16(coff + COFF_OPT_SIZE);
	pe->opt_off = pe->pe_off + 24;
	if (pe->opt_size < OPT_DIRS || !fits(pe->opt_off, pe->opt_size, len))
		return fail(err, errlen, "optional header of %u bytes does "
			    "not fit", pe->opt_size);
	const uint8_t *opt = p + pe->opt_off;

	if (rd16(opt + OPT_MAGIC) != PE32PLUS_MAGIC)
		return fail(err, errlen, "optional header magic 0x%x, not "
			    "PE32+ (0x20b)", rd16(opt + OPT_MAGIC));
	pe->entry = rd32(opt + OPT_ENTRY);
	pe->section_align = rd32(opt + OPT_SECTION_ALIGN);
	pe->file_align = rd32(opt + OPT_FILE_ALIGN);
	pe->size_of_image = rd32(opt + OPT_SIZE_OF_IMAGE);
	pe->size_of_headers = rd32(opt + OPT_SIZE_OF_HEADERS);
	pe->dll_chars = rd16(opt + OPT_DLL_CHARS);
	pe->nrva = rd32(opt + OPT_NRVA);
	if (pe->nrva > 16 || OPT_DIRS + 8 * pe->nrva > pe->opt_size)
		return fail(err, errlen, "%u data directories do not fit the "
			    "optional header", pe->nrva);
	if (pe->nrva > DIR_SECURITY) {
		pe->cert_off = rd32(opt + OPT_DIRS + 8 * DIR_SECURITY);
		pe->cert_size = rd32(opt + OPT_DIRS + 8 * DIR_SECURITY + 4);
		if (pe->cert_size && !fits(pe->cert_off, pe->cert_size, len))
			return fail(err, errlen, "certificate table outside "
				    "the file");
	}
	if (pe->nsect == 0 || pe->nsect > PE_MAX_SECTIONS)
		return fail(err, errlen, "%u sections (1..%u expected)",
			    pe->nsect, PE_MAX_SECTIONS);
	pe->sect_off = pe->opt_off + pe->opt_size;
	if (!fits(pe->sect_off, (uint64_t)SH_SIZE * pe->nsect, len))
		return fail(err, errlen, "section table outside the file");
	for (unsigned i = 0; i < pe->nsect; i++) {
		const uint8_t *sh = p + pe->sect_off + SH_SIZE * i;
		struct pe_section *s = &pe->sect[i];

		for (int c = 0; c < 8; c++) {
			uint8_t b = sh[c];

			s->name[c] = b >= 0x20 && b < 0x7f ? (char)b :
				     b ? '?' : 0;
		}
		s->name[8] = 0;
		s->vsize = rd32(sh + SH_VSIZE);
		s->va = rd32(sh + SH_VA);
		s->rawsize = rd32(sh + SH_RAWSIZE);
		s->rawptr = rd32(sh + SH_RAWPTR);
		s->flags = rd32(sh + SH_FLAGS);
		if (s->rawsize && !fits(s->rawptr, s->rawsize, len))
			return fail(err, errlen, "section %s: raw data "
				    "0x%x+0x%x outside the file (%zu bytes)",
				    s->name, s->rawptr, s->rawsize, len);
	}
	return 0;
}

bool pe_section_wx(const struct pe_section *s)
{
	return (s->flags & PE_SCN_MEM_WRITE) &&
	       (s->flags & (PE_SCN_MEM_EXECUTE | PE_SCN_CNT_CODE));
}

const struct pe_section *pe_find(const struct pe_image *pe, const char *name)
{
	for (unsigned i = 0; i < pe->nsect; i++)
		if (!strcmp(pe->sect[i].name, name))
			return &pe->sect[i];
	return NULL;
}

static bool is_generation(const char *s, size_t n)
{
	if (n == 0 || n > 9 || s[0] == '0')
		return false;
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

int sbat_check(const char *text, size_t n, const char *comp, char *err,
	       size_t errlen)
{
	size_t len = 0, line = 0;
	bool have_comp = false;

	while (len < n && text[len])
		len++;
	for (size_t i = len; i < n; i++)
		if (text[i])
			return fail(err, errlen, "a byte after the text's "
				    "end (offset %zu)", i);
	if (len == 0)
		return fail(err, errlen, "empty");
	if (text[len - 1] != '\n')
		return fail(err, errlen, "the last line has no newline");
	for (size_t at = 0; at < len; line++) {
		size_t end = at, fields = 1, commas[5] = { 0 };

		while (text[end] != '\n') {
			unsigned char c = (unsigned char)text[end];

			if (c < 0x20 || c >= 0x7f)
				return fail(err, errlen, "line %zu: byte 0x%02x "
					    "is not printable ASCII",
					    line + 1, c);
			if (c == ',' && fields++ <= 5)
				commas[fields - 2] = end;
			end++;
		}
		const char *l = text + at;
		size_t ll = end - at;

		if (line == 0 && (ll != strlen(SBAT_HEADER_LINE) ||
				  memcmp(l, SBAT_HEADER_LINE, ll)))
			return fail(err, errlen, "line 1 is not \"%s\"",
				    SBAT_HEADER_LINE);
		if (fields != 6)
			return fail(err, errlen, "line %zu has %zu fields, "
				    "not 6", line + 1, fields);
		if (!is_generation(text + commas[0] + 1,
				   commas[1] - commas[0] - 1))
			return fail(err, errlen, "line %zu: generation "
				    "\"%.*s\" is not a number >= 1", line + 1,
				    (int)(commas[1] - commas[0] - 1),
				    text + commas[0] + 1);
		if (commas[0] - at == strlen(comp) &&
		    !memcmp(l, comp, strlen(comp)))
			have_comp = true;
		at = end + 1;
	}
	if (!have_comp)
		return fail(err, errlen, "no line for component %s", comp);
	return 0;
}

static void sayf(void (*say)(void *, const char *), void *arg,
		 unsigned *n, const char *fmt, ...)
{
	char line[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	say(arg, line);
	(*n)++;
}

unsigned pe_check(const struct pe_image *pe,
		  void (*say)(void *arg, const char *line), void *arg)
{
	const struct pe_section *sbat = pe_find(pe, ".sbat");
	uint64_t prev_end = 0, img_end = 0;
	bool entry_ok = false;
	unsigned n = 0;

	if (pe->section_align < PE_PAGE || pe->section_align % PE_PAGE)
		sayf(say, arg, &n, "SectionAlignment 0x%x is not a multiple "
		     "of 4 KiB", pe->section_align);
	if (!(pe->dll_chars & PE_DLL_NX_COMPAT))
		sayf(say, arg, &n, "DllCharacteristics 0x%04x: NX_COMPAT "
		     "(0x0100) is not set", pe->dll_chars);
	if ((uint64_t)pe->sect_off + SH_SIZE * pe->nsect > pe->size_of_headers)
		sayf(say, arg, &n, "SizeOfHeaders 0x%x does not cover the "
		     "section table", pe->size_of_headers);
	for (unsigned i = 0; i < pe->nsect; i++) {
		const struct pe_section *s = &pe->sect[i];
		uint64_t end = (uint64_t)s->va +
			       (s->vsize ? s->vsize : s->rawsize);

		if (pe_section_wx(s))
			sayf(say, arg, &n, "section %s (flags 0x%08x) is "
			     "writable and executable", s->name, s->flags);
		if (s->va % PE_PAGE)
			sayf(say, arg, &n, "section %s at 0x%x is not 4 KiB "
			     "aligned", s->name, s->va);
		if (s->va < prev_end || s->va < pe->size_of_headers)
			sayf(say, arg, &n, "section %s at 0x%x overlaps the "
			     "headers or the section before it", s->name,
			     s->va);
		if ((s->flags & PE_SCN_MEM_EXECUTE) && pe->entry >= s->va &&
		    pe->entry < end)
			entry_ok = true;
		prev_end = end;
		if (end > img_end)
			img_end = end;
	}
	if (!entry_ok)
		sayf(say, arg, &n, "entry point 0x%x is not in an executable "
		     "section", pe->entry);
	if (pe->section_align && pe->size_of_image % pe->section_align)
		sayf(say, arg, &n, "SizeOfImage 0x%x is not a multiple of the "
		     "section alignment", pe->size_of_image);
	if (pe->size_of_image < img_end)
		sayf(say, arg, &n, "SizeOfImage 0x%x ends before the last "
		     "section (0x%llx)", pe->size_of_image,
		     (unsigned long long)img_end);
	if (!sbat) {
		sayf(say, arg, &n, "no .sbat section");
	} else {
		char err[160];
		size_t len = sbat->vsize < sbat->rawsize ? sbat->vsize :
			     sbat->rawsize;

		if (sbat->flags & (PE_SCN_MEM_WRITE | PE_SCN_MEM_EXECUTE |
				   PE_SCN_CNT_CODE))
			sayf(say, arg, &n, ".sbat (flags 0x%08x) is writable "
			     "or executable", sbat->flags);
		if (sbat_check((const char *)pe->p + sbat->rawptr, len,
			       "sbmbench", err, sizeof(err)))
			sayf(say, arg, &n, ".sbat: %s", err);
	}
	return n;
}

uint32_t pe_checksum(const uint8_t *p, size_t len, size_t csum_off)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < len; i += 2) {
		if (i >= csum_off && i < csum_off + 4)
			continue;
		sum += i + 1 < len ? rd16(p + i) : p[i];
		sum = (sum & 0xffff) + (sum >> 16);
	}
	sum = (sum & 0xffff) + (sum >> 16);
	return (uint32_t)(sum + len);
}

/* The new section header's place must hold nothing a loader reads: inside
 * the headers, before any section's data, and no data directory there. */
static int header_room(const struct pe_image *pe, size_t at, char *err,
		       size_t errlen)
{
	const uint8_t *opt = pe->p + pe->opt_off;

	if (pe->nsect >= PE_MAX_SECTIONS || at + SH_SIZE > pe->size_of_headers)
		return fail(err, errlen, "no room for another section header "
			    "in the headers (SizeOfHeaders 0x%x)",
			    pe->size_of_headers);
	for (unsigned i = 0; i < pe->nsect; i++) {
		const struct pe_section *s = &pe->sect[i];

		if ((s->rawsize && s->rawptr < at + SH_SIZE) ||
		    s->va < at + SH_SIZE)
			return fail(err, errlen, "no room for another section "
				    "header before section %s", s->name);
	}
	for (unsigned d = 0; d < pe->nrva; d++) {
		uint32_t rva = rd32(opt + OPT_DIRS + 8 * d);
		uint32_t size = rd32(opt + OPT_DIRS + 8 * d + 4);

		if (d != DIR_SECURITY && size && rva < at + SH_SIZE &&
		    (uint64_t)rva + size > at)
			return fail(err, errlen, "data directory %u lies where "
				    "the new section header would go", d);
	}
	return 0;
}

/* Where the headers and the sections' raw data end in the file. */
static size_t raw_end(const struct pe_image *pe)
{
	size_t end = pe->size_of_headers < pe->len ? pe->size_of_headers :
		     pe->len;

	for (unsigned i = 0; i < pe->nsect; i++) {
		const struct pe_section *s = &pe->sect[i];

		if (s->rawsize && (size_t)s->rawptr + s->rawsize > end)
			end = (size_t)s->rawptr + s->rawsize;
	}
	return end;
}

int pe_fix(const struct pe_image *pe, const uint8_t *sbat, size_t sbat_len,
	   uint8_t **out, size_t *outlen, char *err, size_t errlen)
{
	size_t at = pe->sect_off + (size_t)SH_SIZE * pe->nsect;
	uint64_t va = 0, rawptr, rawsize, total;
	size_t keep;
	char why[160];

	*out = NULL;
	if (pe->cert_size)
		return fail(err, errlen, "the image is signed: finish it "
			    "before signing");
	if (pe_find(pe, ".sbat"))
		return fail(err, errlen, "the image has a .sbat already");
	for (unsigned i = 0; i < pe->nsect; i++)
		if (pe_section_wx(&pe->sect[i]))
			return fail(err, errlen, "section %s is writable and "
				    "executable: fix the link, not the flags",
				    pe->sect[i].name);
	if (pe->section_align < PE_PAGE || pe->section_align % PE_PAGE ||
	    !pe->file_align || pe->file_align > pe->section_align)
		return fail(err, errlen, "section alignment 0x%x, file "
			    "alignment 0x%x: want 4 KiB multiples for sections",
			    pe->section_align, pe->file_align);
	if (sbat_check((const char *)sbat, sbat_len, "sbmbench", why,
		       sizeof(why)))
		return fail(err, errlen, "SBAT text: %s", why);
	if (header_room(pe, at, err, errlen))
		return -1;
	for (unsigned i = 0; i < pe->nsect; i++) {
		const struct pe_section *s = &pe->sect[i];
		uint64_t end = (uint64_t)s->va +
			       (s->vsize ? s->vsize : s->rawsize);

		if (end > va)
			va = end;
	}
	va = align_up(va > pe->size_of_image ? va : pe->size_of_image,
		      pe->section_align);
	keep = raw_end(pe);
	rawptr = align_up(keep, pe->file_align);
	rawsize = align_up(sbat_len, pe->file_align);
	total = rawptr + rawsize;
	if (va + align_up(sbat_len, pe->section_align) > UINT32_MAX ||
	    total > UINT32_MAX)
		return fail(err, errlen, "the image would pass 4 GiB");

	uint8_t *p = calloc(1, (size_t)total);

	if (!p)
		return fail(err, errlen, "out of memory");
	memcpy(p, pe->p, keep);
	memcpy(p + rawptr, sbat, sbat_len);
	/* the COFF symbol table, if any, was past the sections: dropped */
	memset(p + pe->pe_off + 4 + COFF_SYMTAB, 0, 8);

	uint8_t *sh = p + at, *opt = p + pe->opt_off;

	memset(sh, 0, SH_SIZE);
	memcpy(sh, ".sbat", 5);
	wr32(sh + SH_VSIZE, (uint32_t)sbat_len);
	wr32(sh + SH_VA, (uint32_t)va);
	wr32(sh + SH_RAWSIZE, (uint32_t)rawsize);
	wr32(sh + SH_RAWPTR, (uint32_t)rawptr);
	wr32(sh + SH_FLAGS, PE_SCN_CNT_INIT_DATA | PE_SCN_MEM_READ);
	wr16(p + pe->pe_off + 4 + COFF_NSECT, (uint16_t)(pe->nsect + 1));
	wr32(opt + OPT_INIT_DATA, rd32(opt + OPT_INIT_DATA) + (uint32_t)rawsize);
	wr32(opt + OPT_SIZE_OF_IMAGE,
	     (uint32_t)align_up(va + sbat_len, pe->section_align));
	wr16(opt + OPT_DLL_CHARS, pe->dll_chars | PE_DLL_NX_COMPAT);
	wr32(opt + OPT_CHECKSUM, 0);
	wr32(opt + OPT_CHECKSUM, pe_checksum(p, (size_t)total,
					     pe->opt_off + OPT_CHECKSUM));
	*out = p;
	*outlen = (size_t)total;
	return 0;
}

long pe_read_file(const char *path, uint8_t **buf)
{
	FILE *f = fopen(path, "rb");
	uint8_t *p;
	long n;

	if (!f)
		return -1;
	if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET)) {
		fclose(f);
		errno = EINVAL;		/* not a regular file */
		return -1;
	}
	if (n > PE_MAX_FILE) {
		fclose(f);
		errno = EFBIG;
		return -1;
	}
	p = malloc(n ? (size_t)n : 1);
	if (!p || fread(p, 1, (size_t)n, f) != (size_t)n) {
		errno = p ? EIO : ENOMEM;
		free(p);
		fclose(f);
		return -1;
	}
	fclose(f);
	*buf = p;
	return n;
}
