// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file shape_draw.hpp  Drawing the library's shapes through the debug-draw interface.

#include "collide2d/shapes.hpp"
#include "svg.hpp"

namespace collide2d::inline COLLIDE2D_ABI::draw {

/// Draws a shape exactly: a sector as its arc path, a rounded polygon or capsule with its
/// rounding, a point as a marker of fixed pixel size.
void draw_shape(DebugDraw& dd, const Shape& shape, const Style& style);

/// The four corners of an oriented box, counter-clockwise.
std::array<Vec2, 4> box_corners(const Box& b);

}  // namespace collide2d::draw
