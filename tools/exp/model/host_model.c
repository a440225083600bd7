// SPDX-License-Identifier: BSD-2-Clause
/*
 * The model's host side: report's "model" section of every run, the
 * coherence model's figures beside the measured (tools/exp/model/model_report.c,
 * which sbmlog predict shares).  Its records are the engine schema's
 * "model" kind, written by sbmlog predict; it takes none of its own.
 */
#include "exp/host_exp.h"
#include "exp/model/model_report.h"

const struct host_exp host_model = {
	.takes = (const struct host_take[]){ { NULL, NULL } },
	.text = model_text,
};
