// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file config.hpp  The scalar build's namespace. Everything of the library lives in
/// `collide2d`, inside an inline namespace named after the scalar type: `collide2d::f32` (the
/// default float build) or `collide2d::f64` (built with COLLIDE2D_DOUBLE). Code names
/// `collide2d::Vec2` as before; a program may link the float and the double library together
/// (`collide2d::f32::Vec2` and `collide2d::f64::Vec2` are different types), with no clash of
/// symbols or layouts. Sources open the namespace as `namespace collide2d::inline COLLIDE2D_ABI`.

#ifdef COLLIDE2D_DOUBLE
#define COLLIDE2D_ABI f64
#else
#define COLLIDE2D_ABI f32
#endif

/// COLLIDE2D_ASSERT(cond): an internal invariant (never a check of a caller's input, which
/// is refused with an `Invalid` naming the field). Live when COLLIDE2D_ASSERTS is 1, which the
/// build sets for Debug builds and for the sanitizer and fuzz builds; otherwise it compiles to
/// nothing (the condition is not evaluated). A broken invariant prints the condition and its
/// place and aborts.
#ifndef COLLIDE2D_ASSERTS
#define COLLIDE2D_ASSERTS 0
#endif
#if COLLIDE2D_ASSERTS
#include <cstdio>
#include <cstdlib>
#define COLLIDE2D_ASSERT(cond)                                                                  \
  ((cond) ? void(0)                                                                             \
          : (std::fprintf(stderr, "collide2d: internal invariant broken: %s (%s:%d)\n", #cond, \
                          __FILE__, __LINE__),                                                  \
             std::abort()))
#else
#define COLLIDE2D_ASSERT(cond) ((void)0)
#endif
