#!/usr/bin/env python3
"""pysupercluster's side of `flowbench cluster --with-python`'s like-for-like builds: what
`flowbench cluster-build-once FILE --repeat N --json` does, in Python. Loads the points, builds
once (first), then rebuilds WARM times, and prints one JSON line:
{"first_ms": ..., "warm_ms": [...], "threads": 1}.

usage: python build_once.py DATA.f64 WARM
Options as flowbench's: zoom 0-16, radius 40, extent 512 (pysupercluster 0.7.7's only options).
Written for flowbench (not part of the shared bench; see SOURCES.md).
"""
import gc, json, sys, time
import numpy as np, pysupercluster
pts = np.fromfile(sys.argv[1], dtype='<f8').reshape(-1, 2)
def build():
    return pysupercluster.SuperCluster(pts, min_zoom=0, max_zoom=16, radius=40, extent=512)
times = []
for _ in range(1 + int(sys.argv[2])):
    gc.collect(); t = time.perf_counter(); index = build(); times.append((time.perf_counter() - t) * 1e3); del index
print(json.dumps(dict(first_ms=times[0], warm_ms=times[1:], threads=1)))
