# SPDX-License-Identifier: BSD-2-Clause
import sys

from .cli import main

sys.exit(main())
