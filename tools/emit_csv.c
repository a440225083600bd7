/* SPDX-License-Identifier: BSD-2-Clause */
/* One header line, then one row per (run, layout), RFC 4180 quoting. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "inert.h"
#include "logreport.h"

static void csv_str(FILE *f, const char *s)
{
	csv_field(f, s);
	fputc(',', f);
}

static void csv_num(FILE *f, bool ok, double v, const char *sep)
{
	if (ok && isfinite(v))
		fprintf(f, "%.10g%s", v, sep);
	else
		fprintf(f, "%s", sep);
}

void report_csv(FILE *f, const struct runset *rs)
{
	fprintf(f, "file,run,arch,platform,virt,cpu_model,counter_hz,"
		"machine_cpus,layout,op,mode,cpus,iters,reps,median,mean,min,"
		"max,ns,pct,rep_cv,cv,cycles,gap,ci95,upd_ns,cost_ns,"
		"pct_median,mhz,pct_ci,cost_ci,pct_abv,pct_abv_ci,gap_real_ns,"
		"complete,clean,status");
	for (int i = 0; i < RUN_NIDENT; i++)
		fprintf(f, ",%s", run_ident_key[i]);
	fputc('\n', f);
	for (size_t i = 0; i < rs->nruns; i++) {
		const struct run *r = &rs->runs[i];

		for (size_t j = 0; j < r->nresults; j++) {
			const struct run_result *x = &r->results[j];
			char id[12];
			double ns = 0, pct = 0;
			bool have_ns = run_ns(r, x, &ns);
			bool have_pct = run_pct(r, x, &pct);

			snprintf(id, sizeof(id), "%08x", r->id);
			csv_str(f, rs->files[r->file].path);
			csv_str(f, id);
			csv_str(f, r->arch);
			csv_str(f, r->platform);
			csv_str(f, r->virt);
			csv_str(f, r->cpu_model);
			fprintf(f, "%llu,%u,", (unsigned long long)r->counter_hz,
				r->cpus);
			csv_str(f, x->layout);
			csv_str(f, x->op);
			csv_str(f, x->mode);
			fprintf(f, "%u,%llu,%llu,", x->cpus,
				(unsigned long long)x->iters,
				(unsigned long long)x->reps);
			csv_num(f, true, x->median, ",");
			csv_num(f, true, x->mean, ",");
			csv_num(f, true, x->min, ",");
			csv_num(f, true, x->max, ",");
			csv_num(f, have_ns, ns, ",");
			csv_num(f, have_pct, pct, ",");
			csv_num(f, true, x->rep_cv, ",");
			csv_num(f, true, x->cv, ",");
			csv_num(f, x->have_cycles, x->cycles, ",");
			csv_num(f, x->have_gap, x->gap, ",");
			csv_num(f, x->have_gap, x->ci95, ",");
			csv_num(f, x->have_gap, x->upd_ns, ",");
			csv_num(f, x->have_floor, x->cost_ns, ",");
			csv_num(f, x->have_gap && x->have_pct, x->pct_median, ",");
			csv_num(f, x->have_mhz, x->mhz, ",");
			csv_num(f, x->have_pct_ci, x->pct_ci, ",");
			csv_num(f, x->have_cost_ci, x->cost_ci, ",");
			/* empty at gap 0 and where no floor ran */
			csv_num(f, x->have_pct_abv, x->pct_abv, ",");
			csv_num(f, x->have_pct_abv, x->pct_abv_ci, ",");
			csv_num(f, x->have_gap_real, x->gap_real_ns, ",");
			/* status: ok, fail, or none (no end record) */
			fprintf(f, "%d,%d,", run_complete(r) ? 1 : 0,
				x->clean ? 1 : 0);
			csv_field(f, r->end ? r->status : "none");
			for (int k = 0; k < RUN_NIDENT; k++) {
				fputc(',', f);
				csv_field(f, r->ident[k]);
			}
			fputc('\n', f);
		}
	}
}
