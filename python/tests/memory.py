"""Measure: a million states created, stepped, cloned and dropped; RSS before and after.

Run: python python/tests/memory.py [N]  (the figure is in docs/python.md)
"""
import gc
import sys
import time

import colony_ai

def rss_mb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
g = colony_ai.load_game("colony")
# warm-up: the first 10,000, so that the Go heap and Python's allocators reach their steady size
for _ in range(10_000):
    s = g.new_initial_state(); s.apply_action(s.legal_actions()[0])
gc.collect()
before = rss_mb(); h0 = colony_ai._native.L.handles()
t0 = time.perf_counter()
for i in range(n):
    s = g.new_initial_state()
    s.apply_action(s.legal_actions()[0])
    c = s.clone()
gc.collect()
after = rss_mb()
print("states=%d (x2 with clones) rss_before=%.1fMB rss_after=%.1fMB growth=%.1fMB live_handles=%d->%d %.1fs"
      % (n, before, after, after - before, h0, colony_ai._native.L.handles(), time.perf_counter() - t0))
