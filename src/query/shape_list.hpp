// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file shape_list.hpp  The eight shapes in `Shape`'s order, for the dispatch tables and the
/// explicit instantiations over every shape and every ordered pair (not installed). A new shape
/// is added here once.

/// G(S) for each shape S.
#define COLLIDE2D_EACH_SHAPE(G) G(Point) G(Circle) G(Sector) G(Aabb) G(Box) G(Capsule) G(Segment) G(Polygon)
/// F(A, B) for each shape B: one row of the ordered pairs (call it from a G of COLLIDE2D_EACH_SHAPE).
#define COLLIDE2D_EACH_PAIR_WITH(F, A) \
  F(A, Point) F(A, Circle) F(A, Sector) F(A, Aabb) F(A, Box) F(A, Capsule) F(A, Segment) F(A, Polygon)
/// The initializer of a pair dispatch table: {{F<A, B> for each B} for each A}.
#define COLLIDE2D_PAIR_TABLE_ROW(F, A) \
  {F<A, Point>, F<A, Circle>, F<A, Sector>, F<A, Aabb>, F<A, Box>, F<A, Capsule>, F<A, Segment>, F<A, Polygon>}
#define COLLIDE2D_PAIR_TABLE(F)                                                                          \
  {COLLIDE2D_PAIR_TABLE_ROW(F, Point),   COLLIDE2D_PAIR_TABLE_ROW(F, Circle),                            \
   COLLIDE2D_PAIR_TABLE_ROW(F, Sector),  COLLIDE2D_PAIR_TABLE_ROW(F, Aabb),                              \
   COLLIDE2D_PAIR_TABLE_ROW(F, Box),     COLLIDE2D_PAIR_TABLE_ROW(F, Capsule),                           \
   COLLIDE2D_PAIR_TABLE_ROW(F, Segment), COLLIDE2D_PAIR_TABLE_ROW(F, Polygon)}
