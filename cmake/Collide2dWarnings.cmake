# The one set of warning flags for collide2d's own targets (the libraries, the tool, the
# examples, the tests): collide2d_warnings(target). Private, so a game's flags are its own.
function(collide2d_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  if(COLLIDE2D_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
