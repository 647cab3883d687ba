// touchstone::tutorial — faithful ports of the five tutorials in
// ../shared/seeds/, bugs kept (they are what the audit measures).
#pragma once

#include "touchstone/tutorial/circles_004.hpp"
#include "touchstone/tutorial/disks_002.hpp"
#include "touchstone/tutorial/segment_disk_000.hpp"
#include "touchstone/tutorial/segment_disk_003.hpp"
#include "touchstone/tutorial/segments_001.hpp"
