#include <gtest/gtest.h>
#include "touchstone/robust.hpp"
using namespace touchstone;
TEST(PointInDisk, Smoke) {
    EXPECT_TRUE(robust::point_in_disk(Vec2<double>{3, 4}, Circle<double>{{0, 0}, 5}));
}
