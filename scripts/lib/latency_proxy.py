#!/usr/bin/env python3
"""The old name of `fault_proxy.py` (latency without a throughput limit, and cuts): the same
proxy, the same options. Kept so that callers of `latency_proxy.py --target ... --latency-ms M`
keep working; new callers use fault_proxy.py.
"""

import os
import runpy
import sys

if __name__ == "__main__":
    sys.argv[0] = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fault_proxy.py")
    runpy.run_path(sys.argv[0], run_name="__main__")
