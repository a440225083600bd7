// SPDX-License-Identifier: BSD-2-Clause
/*
 * Each preset is what one kernel path does to its lines, in its order,
 * read off the source named beside it (docs/layouts.md has the detail).
 * "one" words are a struct's scalar line, "llc" words sd_llc_shared's;
 * offsets are x86_64's.  Set = the event (idle entry, overload, a
 * priority taken), clear = its end (idle exit, ...).
 */
#include "measure/layout_presets.h"

#define FAIR "kernel/sched/fair.c"
#define NOHZ_RM "5d86d542f68f (tip, 2026-01-15)"

static const struct sbm_preset presets[] = {
	{ "nohz-nrcpus",
	  "group=one,elem=u64,leaf=lines,index=fw,"
	  "then=bit/inc@one+8/mba/dec@llc+4/store@one+16/store@one+12,"
	  "undo=bit/dec@one+8/inc@llc+4",
	  "nohz.idle_cpus_mask off-stack with atomic nr_cpus, before its removal",
	  FAIR " nohz_balance_enter_idle()/_exit_idle() before " NOHZ_RM },
	{ "nohz",
	  "group=one,elem=u64,leaf=lines,index=fw,"
	  "then=bit/mba/dec@llc+4/store@one+12/store@one+8,"
	  "undo=bit/inc@llc+4",
	  "nohz.idle_cpus_mask off-stack, after nr_cpus was removed",
	  FAIR " at " NOHZ_RM },
	{ "nohz-nrcpus-inline",
	  "group=one,elem=u64,leaf=lines,index=fw,"
	  "then=bit/inc@leaf+64/mba/dec@llc+4/store@leaf+72/store@leaf+68,"
	  "undo=bit/dec@leaf+64/inc@llc+4",
	  "nohz with the mask inline (NR_CPUS=512, no OFFSTACK), before",
	  FAIR " before " NOHZ_RM },
	{ "nohz-inline",
	  "group=one,elem=u64,leaf=lines,index=fw,"
	  "then=bit/mba/dec@llc+4/store@leaf+68/store@leaf+64,"
	  "undo=bit/inc@llc+4",
	  "nohz with the mask inline (NR_CPUS=512, no OFFSTACK), after",
	  FAIR " at " NOHZ_RM },
	{ "cpupri",
	  "group=one,elem=u64,leaf=lines,index=fw,"
	  "then=bit/mba/inc@one,undo=mba/dec@one/mba/bit",
	  "one cpupri_vec: mask bit and count as cpupri_set() takes and leaves it",
	  "kernel/sched/cpupri.c cpupri_set() @ 002c6ca75289 (unchanged in v6.16)" },
	{ "cpupri-numa",
	  "group=node,elem=u64,leaf=lines,index=fw,"
	  "then=bit/mba/inc@one,undo=mba/dec@one/mba/bit",
	  "cpupri_vec's mask split per NUMA node (Pan Deng, July 2025)",
	  "[PATCH v2 4/4] sched/rt: Split cpupri_vec->cpumask to per NUMA node, 2025-07-21" },
	{ "sbm-word",
	  "group=llc,elem=u64,leaf=word,hdr=8,index=hwid,"
	  "then=load@one/bit,undo=load@one/bit",
	  "sbm: a leaf per LLC, a header then one word, by APIC id, the root read first",
	  "include/linux/sbm.h, lib/sbm.c (P. Zijlstra's 2026-03-24 hack, as in chen-yu-surf/linux fcce0849461e)" },
	{ "sbm-line",
	  "group=llc,elem=u64,leaf=line,hdr=8,index=hwid,"
	  "then=load@one/bit,undo=load@one/bit",
	  "sbm: a leaf per LLC, a header then the whole line, by APIC id",
	  "include/linux/sbm.h (chen-yu-surf/linux a8ee1ed95275)" },
	{ "sparsemask",
	  "group=8,elem=u64,leaf=word,index=fw",
	  "the older sparsemask: the first 8 bits of each line, CPU-number order",
	  "[PATCH v4 01/10] sched: Provide sparsemask (S. Sistare, 2018), density 3" },
	{ "llc-shared",
	  "group=cpu,elem=u64,leaf=lines,index=fw,"
	  "then=bit/dec@llc+4/load@llc+8/store@llc+8,"
	  "undo=bit/inc@llc+4/load@llc+8/store@llc+8",
	  "sd_llc_shared: nr_busy_cpus and has_idle_cores (read, then set)",
	  FAIR " set_cpu_sd_state_idle(), __update_idle_core(), select_idle_cpu()" },
	{ "rto",
	  "group=one,elem=u64,leaf=lines,index=fw,"
	  "then=bit/wmb/inc@one+4,undo=dec@one+4/bit",
	  "rd->rto_mask and rto_count, as rt_set_overload() and _clear_ do them",
	  "kernel/sched/rt.c rt_set_overload()/rt_clear_overload(), v6.16" },
	{ "dlo",
	  "group=one,elem=u64,leaf=lines,index=fw,"
	  "then=bit/wmb/inc@one+56,undo=dec@one+56/bit",
	  "rd->dlo_mask and dlo_count (dlo_count on rto_count's line)",
	  "kernel/sched/deadline.c dl_set_overload()/dl_clear_overload(), v6.16" },
	{ "sbitmap",
	  "group=sbitmap,elem=u64,leaf=word,index=fw",
	  "lib/sbitmap: 2^shift bits per word, each word on its own line",
	  "lib/sbitmap.c sbitmap_calculate_shift(), sbitmap_clear_bit(), 2024-09" },
	{ "sbitmap-deferred",
	  "group=sbitmap,elem=u64,leaf=word,index=fw,"
	  "undo=inc@leaf+64/bit",
	  "lib/sbitmap with deferred clears: the 'cleared' word on the next line",
	  "lib/sbitmap.c sbitmap_deferred_clear_bit(), 2024-09" },
};

const struct sbm_preset *sbm_presets(size_t *n)
{
	*n = sizeof(presets) / sizeof(presets[0]);
	return presets;
}
