# SPDX-License-Identifier: BSD-2-Clause
# Host-side tools, built for the build machine with CC_FOR_BUILD even in
# cross trees, so every tree can read its own boot logs.
SBMLOG_SRCS = tools/sbmlog.c tools/logparse.c tools/logparse.h \
	core/record.c core/record.h core/crc32.c core/crc32.h
EXTRA_DIST += $(SBMLOG_SRCS) tools/sbmbench
noinst_DATA += sbmlog
CLEANFILES += sbmlog

sbmlog: $(SBMLOG_SRCS)
	$(AM_V_CC)$(CC_FOR_BUILD) $(CFLAGS_FOR_BUILD) $(WARN_CFLAGS) -std=c11 \
		-I$(srcdir)/core -I$(srcdir)/tools -o $@ \
		$(srcdir)/tools/sbmlog.c $(srcdir)/tools/logparse.c \
		$(srcdir)/core/record.c $(srcdir)/core/crc32.c -lm
