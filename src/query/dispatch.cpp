// collide2d - 2D collision detection for games. MIT License.
// The dispatch tables: one typed pair function per cell, [type of a][type of b], in the
// order of the `Shape` variant: point, circle, sector, aabb, box, capsule, segment, polygon.
#include "collide2d/query.hpp"
#include "query/shape_list.hpp"

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


}  // namespace

const OverlapFn kOverlapTable[kShapeTypeCount][kShapeTypeCount] = COLLIDE2D_PAIR_TABLE(overlap_cell);
const DistanceFn kDistanceTable[kShapeTypeCount][kShapeTypeCount] = COLLIDE2D_PAIR_TABLE(distance_cell);
const ContactFn kContactTable[kShapeTypeCount][kShapeTypeCount] = COLLIDE2D_PAIR_TABLE(contact_cell);
const RaycastFn kRaycastTable[kShapeTypeCount] = {raycast_cell<Point>, raycast_cell<Circle>, raycast_cell<Sector>,
                                                  raycast_cell<Aabb>, raycast_cell<Box>, raycast_cell<Capsule>,
                                                  raycast_cell<Segment>, raycast_cell<Polygon>};

bool overlaps(const Shape& a, const Shape& b) { return kOverlapTable[a.index()][b.index()](a, b); }
DistanceResult distance(const Shape& a, const Shape& b) { return kDistanceTable[a.index()][b.index()](a, b); }
Manifold contact(const Shape& a, const Shape& b) { return kContactTable[a.index()][b.index()](a, b); }
RayHit raycast(const Shape& s, const Ray& r) { return kRaycastTable[s.index()](s, r); }

}  // namespace collide2d
