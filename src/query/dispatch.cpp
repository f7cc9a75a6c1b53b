// collide2d - 2D collision detection for games. MIT License.
// The dispatch tables: one typed pair function per cell, [type of a][type of b], in the
// order of the `Shape` variant: point, circle, sector, aabb, box, capsule, segment, polygon.
#include "collide2d/query.hpp"

namespace collide2d::inline COLLIDE2D_ABI {
namespace {

template <class A, class B>
bool overlap_cell(const Shape& a, const Shape& b) { return overlaps(*std::get_if<A>(&a), *std::get_if<B>(&b)); }
template <class A, class B>
DistanceResult distance_cell(const Shape& a, const Shape& b) { return distance(*std::get_if<A>(&a), *std::get_if<B>(&b)); }
template <class A, class B>
Manifold contact_cell(const Shape& a, const Shape& b) { return contact(*std::get_if<A>(&a), *std::get_if<B>(&b)); }
template <class S>
RayHit raycast_cell(const Shape& s, const Ray& r) { return raycast(*std::get_if<S>(&s), r); }

#define ROW(F, A) {F<A, Point>, F<A, Circle>, F<A, Sector>, F<A, Aabb>, F<A, Box>, F<A, Capsule>, F<A, Segment>, F<A, Polygon>}
#define TABLE(F) {ROW(F, Point), ROW(F, Circle), ROW(F, Sector), ROW(F, Aabb), ROW(F, Box), ROW(F, Capsule), ROW(F, Segment), ROW(F, Polygon)}

}  // namespace

const OverlapFn kOverlapTable[kShapeTypeCount][kShapeTypeCount] = TABLE(overlap_cell);
const DistanceFn kDistanceTable[kShapeTypeCount][kShapeTypeCount] = TABLE(distance_cell);
const ContactFn kContactTable[kShapeTypeCount][kShapeTypeCount] = TABLE(contact_cell);
const RaycastFn kRaycastTable[kShapeTypeCount] = {raycast_cell<Point>, raycast_cell<Circle>, raycast_cell<Sector>,
                                                  raycast_cell<Aabb>, raycast_cell<Box>, raycast_cell<Capsule>,
                                                  raycast_cell<Segment>, raycast_cell<Polygon>};
#undef TABLE
#undef ROW

bool overlaps(const Shape& a, const Shape& b) { return kOverlapTable[a.index()][b.index()](a, b); }
DistanceResult distance(const Shape& a, const Shape& b) { return kDistanceTable[a.index()][b.index()](a, b); }
Manifold contact(const Shape& a, const Shape& b) { return kContactTable[a.index()][b.index()](a, b); }
RayHit raycast(const Shape& s, const Ray& r) { return kRaycastTable[s.index()](s, r); }

}  // namespace collide2d
