/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * options/boot_uri.h: the URIs UEFI HTTP boot loads an image from (the
 * forms of RFC 3986 section 3: scheme, authority with an optional port,
 * path), taken apart; everything else refused with its reason.  The
 * length bounds the URI (a device path node need not hold a NUL).
 */
#include <string.h>

#include "check.h"
#include "options/boot_uri.h"

static void good(const char *uri, const char *ip, unsigned port,
		 const char *dir)
{
	struct boot_uri u;
	char why[96] = "", got[16];

	CHECK(!boot_uri_parse(uri, strlen(uri) + 1, &u, why, sizeof(why)));
	snprintf(got, sizeof(got), "%u.%u.%u.%u", u.ip[0], u.ip[1], u.ip[2],
		 u.ip[3]);
	CHECK_STR(got, ip);
	CHECK_EQ_U64(u.port, port);
	CHECK_STR(u.dir, dir);
	CHECK_STR(why, "");
}

static void bad(const char *uri, size_t len, const char *reason)
{
	struct boot_uri u;
	char why[96] = "";

	CHECK(boot_uri_parse(uri, len, &u, why, sizeof(why)) == -1);
	if (!strstr(why, reason)) {
		fprintf(stderr, "%s: \"%s\" does not say \"%s\"\n", uri, why,
			reason);
		CHECK(0);
	}
}

int main(void)
{
	char longdir[200] = "http://10.0.2.2/";

	good("http://10.0.2.2:8080/BOOTX64.EFI", "10.0.2.2", 8080, "/");
	good("http://192.168.1.1/lab/x86/BOOTX64.EFI", "192.168.1.1", 80,
	     "/lab/x86/");
	good("http://0.0.0.255:65535/", "0.0.0.255", 65535, "/");
	/* no NUL: the length ends it, not what lies past it */
	{
		struct boot_uri u;
		char why[96];
		const char raw[] = "http://10.0.0.1/a/bXXXX";

		CHECK(!boot_uri_parse(raw, 18, &u, why, sizeof(why)));
		CHECK_STR(u.dir, "/a/");
	}
	bad("https://10.0.2.2/BOOTX64.EFI", 29, "https");
	bad("ftp://10.0.2.2/x", 17, "not an http://");
	bad("http://boot.lab/BOOTX64.EFI", 28, "IPv4");
	bad("http://10.0.2/BOOTX64.EFI", 26, "IPv4");
	bad("http://10.0.2.256/x", 20, "IPv4");
	bad("http://10.0.2.2:0/x", 20, "port");
	bad("http://10.0.2.2:65536/x", 24, "port");
	bad("http://10.0.2.2:/x", 19, "port");
	bad("http://10.0.2.2", 16, "no path");
	bad("http://10.0.2.2x/y", 19, "no path");
	bad("http://10.0.2.2/a b", 20, "printable");
	bad("http://10.0.2.2/a\x80", 19, "printable");
	bad("http://10.0.2.2/x?y=1", 22, "query");
	bad("http://10.0.2.2/x#f", 20, "fragment");
	bad("http://", 7, "IPv4");
	bad("", 1, "not an http://");
	for (size_t i = strlen(longdir); i < 150; i++)
		longdir[i] = 'a';
	longdir[150] = '/';
	longdir[151] = 'x';
	bad(longdir, 152, "longer than");
	return check_done("test_boot_uri");
}
