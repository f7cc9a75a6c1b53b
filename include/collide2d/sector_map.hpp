// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file sector_map.hpp  Deprecated (one release): the Doom level map is `RoomMap`, in
/// room_map.hpp ("sector" names only the cone shape now). The old names stay as deprecated
/// aliases there.
#include "collide2d/room_map.hpp"
