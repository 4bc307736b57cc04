#!/usr/bin/env python3
"""pyproj's vectorised inverse, the reference of `flowbench from-lua`'s geo.inverse over lists.

usage: python pyproj_inverse.py PAIRS.f64 REPEAT
PAIRS.f64 holds four little-endian float64 columns one after another: lat1, lon1, lat2, lon2
(degrees, as many of each). Geod(ellps='WGS84').inv(lons1, lats1, lons2, lats2) on numpy
arrays (distance and both azimuths, as geo.inverse), REPEAT times; prints one JSON line
{"ms": [...], "pairs": n, "pyproj": version, "proj": version}.
Written for flowbench (not part of the shared bench; see SOURCES.md).
"""
import gc, json, sys, time
import numpy as np, pyproj
cols = np.fromfile(sys.argv[1], dtype='<f8').reshape(4, -1)
lat1, lon1, lat2, lon2 = (np.ascontiguousarray(c) for c in cols)
g = pyproj.Geod(ellps='WGS84')
times = []
for _ in range(int(sys.argv[2])):
    gc.collect(); t = time.perf_counter(); g.inv(lon1, lat1, lon2, lat2); times.append((time.perf_counter() - t) * 1e3)
print(json.dumps(dict(ms=times, pairs=int(lat1.size), pyproj=pyproj.__version__, proj=pyproj.proj_version_str)))
