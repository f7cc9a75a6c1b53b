# Builds and runs tests/package/consumer against collide2d, run by ctest as `cmake -P`:
#   MODE=install    cmake --install BUILD_DIR into WORK_DIR/prefix, consumer uses find_package
#   MODE=buildtree  consumer uses find_package with collide2d_DIR=BUILD_DIR (its export())
#   MODE=subdir     consumer uses add_subdirectory(SOURCE_DIR), with no build type of its own
# Other variables: SOURCE_DIR, BUILD_DIR, WORK_DIR, GENERATOR, BUILD_TYPE, CXX_COMPILER,
# DOUBLE (ON/OFF: the scalar the consumer must see), LIBS (the library targets the package
# holds, built before it is used), TMX (a real Tiled map; when it is absent the consumer says
# SKIPPED for its map checks), JOBS.
cmake_minimum_required(VERSION 3.25)

foreach(var MODE SOURCE_DIR BUILD_DIR WORK_DIR GENERATOR BUILD_TYPE CXX_COMPILER DOUBLE LIBS TMX JOBS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "consumer_test.cmake: ${var} is not set")
  endif()
endforeach()

function(run)
  string(JOIN " " shown ${ARGN})
  message(STATUS "+ ${shown}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${out}\nfailed (${rc}): ${shown}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(configure_args -S ${SOURCE_DIR}/tests/package/consumer -B ${WORK_DIR}/build
    -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
if(NOT MODE STREQUAL "subdir")
  list(APPEND configure_args -DCMAKE_BUILD_TYPE=${BUILD_TYPE})
  # The package's libraries (both scalars, both io libraries) must exist before they are used.
  string(REPLACE "," ";" libs "${LIBS}")
  run(${CMAKE_COMMAND} --build ${BUILD_DIR} --parallel ${JOBS} --target ${libs})
endif()

if(MODE STREQUAL "install")
  set(prefix ${WORK_DIR}/prefix)
  run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
  file(GLOB_RECURSE config_files ${prefix}/*/collide2dConfig.cmake)
  if(NOT config_files OR NOT EXISTS ${prefix}/include/collide2d/collide2d.hpp
     OR NOT EXISTS ${prefix}/include/collide2d/tiled.hpp)
    message(FATAL_ERROR "install did not produce collide2dConfig.cmake and include/collide2d/ "
                        "(with the io library's tiled.hpp)")
  endif()
  # The installed package must not point back into the source or build tree.
  file(GLOB_RECURSE target_files ${prefix}/*/collide2dTargets*.cmake)
  foreach(f ${target_files})
    file(READ ${f} text)
    foreach(tree ${SOURCE_DIR} ${BUILD_DIR})
      string(FIND "${text}" "${tree}" at)
      if(NOT at EQUAL -1)
        message(FATAL_ERROR "${f} refers to ${tree}")
      endif()
    endforeach()
  endforeach()
  list(APPEND configure_args -DCMAKE_PREFIX_PATH=${prefix})
elseif(MODE STREQUAL "buildtree")
  list(APPEND configure_args -Dcollide2d_DIR=${BUILD_DIR})
elseif(MODE STREQUAL "subdir")
  list(APPEND configure_args -DCOLLIDE2D_SOURCE_DIR=${SOURCE_DIR} -DCOLLIDE2D_DOUBLE=${DOUBLE})
else()
  message(FATAL_ERROR "consumer_test.cmake: unknown MODE '${MODE}'")
endif()

run(${CMAKE_COMMAND} ${configure_args})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build --parallel ${JOBS})
run(${WORK_DIR}/build/consumer ${TMX})
message(STATUS "${last_output}")
if(DOUBLE)
  set(want "scalar: double")
else()
  set(want "scalar: float")
endif()
string(FIND "${last_output}" "${want}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the consumer should have seen '${want}'")
endif()
string(FIND "${last_output}" "SKIPPED" skipped)
if(NOT skipped EQUAL -1)
  message(STATUS "consumer (${MODE}): the map checks were SKIPPED (no ${TMX})")
endif()
message(STATUS "consumer (${MODE}) passed")
