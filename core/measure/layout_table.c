// SPDX-License-Identifier: BSD-2-Clause
#include <stdio.h>
#include <string.h>

#include "measure/layout_presets.h"
#include "measure/layout_table.h"

/* The six as specs: a leaf per group, each starting a line of its own,
 * members in firmware order (the logical ids), as they always were. */
static const struct sbm_preset six[SBM_NBUILTIN] = {
	[SBM_GLOBAL] = { "global", "group=one,elem=u64,leaf=lines,index=fw",
			 "one mask for every CPU", NULL },
	[SBM_NODE] = { "node", "group=node,elem=u64,leaf=lines,index=fw",
		       "a mask per NUMA node", NULL },
	[SBM_LLC] = { "llc", "group=llc,elem=u64,leaf=lines,index=fw",
		      "a mask per LLC", NULL },
	[SBM_LLC_U8] = { "llc-u8", "group=llc,elem=u8,leaf=lines,index=fw",
			 "a byte per CPU, a leaf per LLC", NULL },
	[SBM_PRIVATE] = { "private", "group=cpu,elem=u64,leaf=lines,index=fw",
			  "each CPU's bit on a line of its own: the floor",
			  NULL },
	[SBM_PRIVATE_U8] = { "private-u8",
			     "group=cpu,elem=u8,leaf=lines,index=fw",
			     "each CPU's byte on a line of its own: the u8 floor",
			     NULL },
};

static struct sbm_layout_def defs[SBM_MAX_LAYOUTS];
static int ndefs, nfixed, nspecs;

static void def_set(struct sbm_layout_def *d, const struct sbm_preset *p)
{
	const char *why;

	memset(d, 0, sizeof(*d));
	snprintf(d->name, sizeof(d->name), "%s", p->name);
	/* a preset's text is ours: a bad one is a build defect the layout
	 * tests catch (test_layout_spec), so it only leaves the spec 0 */
	if (sbm_spec_parse(p->spec, strlen(p->spec), &d->spec, &why))
		memset(&d->spec, 0, sizeof(d->spec));
	d->what = p->what;
	d->source = p->source;
	d->floor = -1;
	d->preset = true;
}

static void init(void)
{
	size_t n;
	const struct sbm_preset *p;

	if (ndefs)
		return;
	for (int k = 0; k < SBM_NBUILTIN; k++) {
		def_set(&defs[k], &six[k]);
		defs[k].floor = sbm_spec_word(&defs[k].spec) == 1 ?
				SBM_PRIVATE_U8 : SBM_PRIVATE;
	}
	ndefs = SBM_NBUILTIN;
	p = sbm_presets(&n);
	for (size_t i = 0; i < n && ndefs < SBM_MAX_LAYOUTS; i++)
		def_set(&defs[ndefs++], &p[i]);
	nfixed = ndefs;
}

const struct sbm_layout_def *sbm_layout_def(int k)
{
	init();
	return k >= 0 && k < ndefs ? &defs[k] : NULL;
}

int sbm_layout_find(const char *name, size_t len)
{
	init();
	for (int k = 0; k < ndefs; k++)
		if (strlen(defs[k].name) == len &&
		    !memcmp(defs[k].name, name, len))
			return k;
	return -1;
}

int sbm_layout_first_user(void)
{
	init();
	return nfixed;
}

void sbm_layout_reset(void)
{
	init();
	ndefs = nfixed;
	nspecs = 0;
	for (int k = 0; k < nfixed; k++)
		if (k >= SBM_NBUILTIN)
			defs[k].floor = -1;
}

static bool same_spec(const struct sbm_spec *a, const struct sbm_spec *b)
{
	char x[256], y[256];

	sbm_spec_format(a, x, sizeof(x));
	sbm_spec_format(b, y, sizeof(y));
	return !strcmp(x, y);
}

int sbm_layout_add(const char *text, size_t len, const char *name,
		   const char **why)
{
	struct sbm_spec s;
	struct sbm_layout_def *d;

	init();
	if (sbm_spec_parse(text, len, &s, why))
		return -1;
	for (int k = 0; k < ndefs; k++)
		if (!defs[k].is_floor && same_spec(&defs[k].spec, &s))
			return k;
	if (ndefs == SBM_MAX_LAYOUTS) {
		*why = "too many layouts (32 in all, floors included)";
		return -1;
	}
	d = &defs[ndefs];
	memset(d, 0, sizeof(*d));
	if (name)
		snprintf(d->name, sizeof(d->name), "%s", name);
	else
		snprintf(d->name, sizeof(d->name), "spec%d", ++nspecs);
	d->spec = s;
	d->floor = -1;
	return ndefs++;
}

/* The spec of @s with every word on a line of the CPU's own. */
static void floor_spec(const struct sbm_spec *s, struct sbm_spec *f)
{
	*f = *s;
	f->group = SG_CPU;
	f->per = 0;
	f->leaf = SL_LINES;
	f->stride = 0;
	for (uint32_t i = 0; i < f->nsteps; i++)
		if (f->step[i].where != SPEC_WHERE_LEAF)
			f->step[i].where = SG_CPU;
}

int sbm_layout_floor(int k, const char **why)
{
	struct sbm_layout_def *d, *f;
	struct sbm_spec fs;
	char base[SBM_NAME_MAX];

	init();
	if (k < 0 || k >= ndefs) {
		*why = "no such layout";
		return -1;
	}
	d = &defs[k];
	if (d->floor >= 0)
		return d->floor;
	if (!d->spec.nsteps && !d->spec.op[0]) {
		/* the option's op, nothing beside it: the six's floors */
		d->floor = sbm_spec_word(&d->spec) == 1 ? SBM_PRIVATE_U8 :
			   SBM_PRIVATE;
		return d->floor;
	}
	floor_spec(&d->spec, &fs);
	if (same_spec(&fs, &d->spec)) {
		d->floor = k;
		return k;
	}
	if (ndefs == SBM_MAX_LAYOUTS) {
		*why = "too many layouts (32 in all, floors included)";
		return -1;
	}
	f = &defs[ndefs];
	memcpy(base, d->name, sizeof(base));
	memset(f, 0, sizeof(*f));
	snprintf(f->name, sizeof(f->name), "%.*s-floor", SBM_NAME_MAX - 7,
		 base);
	f->spec = fs;
	f->floor = ndefs;
	f->is_floor = true;
	f->what = "the floor: the same update, every word on the CPU's own line";
	d->floor = ndefs;
	return ndefs++;
}
