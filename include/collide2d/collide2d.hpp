// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file collide2d.hpp  The whole library in one include.
#include "collide2d/arc.hpp"
#include "collide2d/broadphase.hpp"
#include "collide2d/chain.hpp"
#include "collide2d/disc_union.hpp"
#include "collide2d/math.hpp"
#include "collide2d/motion.hpp"
#include "collide2d/polygon_map.hpp"
#include "collide2d/query.hpp"
#include "collide2d/room_map.hpp"
#include "collide2d/shapes.hpp"
#include "collide2d/sweep.hpp"
#include "collide2d/tilemap.hpp"
#include "collide2d/world.hpp"
#include "collide2d/debug_draw.hpp"
