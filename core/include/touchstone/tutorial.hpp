// touchstone::tutorial — faithful ports of five Japanese game-programming
// tutorials on 2D collision tests, bugs kept (they are what the audit
// measures): 000 segment vs circle (C++/DirectX 9, float), 001 segment vs
// segment (Unity C#, float), 002 circle vs circle (C, float), 003 circle vs
// segment and point (ActionScript, double), 004 circle-circle intersection
// points (TypeScript, double). docs/tutorials.md describes each tutorial and
// the bug classes the audit finds in it.
#pragma once

#include "touchstone/tutorial/circles_004.hpp"
#include "touchstone/tutorial/disks_002.hpp"
#include "touchstone/tutorial/segment_disk_000.hpp"
#include "touchstone/tutorial/segment_disk_003.hpp"
#include "touchstone/tutorial/segments_001.hpp"
