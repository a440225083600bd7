# SPDX-License-Identifier: BSD-2-Clause
"""sbmbench's results database, HTML report and published c2c import."""
