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
