#!/usr/bin/env python3
"""GeographicLib's Geodesic.WGS84.Inverse timed on the pairs of `flowbench geodesy --with-python`.

usage: python geographiclib_inverse.py PAIRS.csv
PAIRS.csv has one pair a line: lat1,lon1,lat2,lon2 (degrees). Every pair is solved three
times over; prints the median of the three passes in nanoseconds per inverse solution.
Written for flowbench (not part of the shared bench; see SOURCES.md).
"""
import sys, time
from geographiclib.geodesic import Geodesic
g = Geodesic.WGS84
rows = [tuple(map(float, l.split(','))) for l in open(sys.argv[1])]
best = []
for _ in range(3):
    t = time.perf_counter()
    for a, b, c, d in rows: g.Inverse(a, b, c, d)
    best.append((time.perf_counter() - t) / len(rows) * 1e9)
best.sort(); print(best[1])
