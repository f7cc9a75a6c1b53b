// collide2d - 2D collision detection for games. MIT License.
/// @file protocol_disc_union.cpp  Ops `disc_union_boundary` and `disc_union_query`.
/// (Placeholder until issue 6 lands.)

#include "protocol.hpp"

namespace collide2d::tool {

Json answer_disc_union(const std::string& op, const Json&) {
  protocol_fail("op", "unsupported op '" + op + "' (not implemented yet)");
}

}  // namespace collide2d::tool
