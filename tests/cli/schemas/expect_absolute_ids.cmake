# Every JSON Schema the project ships or tests with names itself ("$id") by an
# absolute URI. A relative "$id" ("touchstone-audit-report/1") is joined with
# itself by the resolver of Debian 12's python3-jsonschema (4.10) while it
# follows "#/$defs/..." references, which then fail ("unknown url type:
# 'touchstone-audit-report/touchstone-audit-report/1'"); newer releases from
# pip resolve it, so a machine with those passed the schema tests while a
# fresh Debian 12 failed them (found in a bare debootstrap root, stop 30).
# Usage: cmake -DSCHEMAS=<file,file,...> -P this file
cmake_minimum_required(VERSION 3.25)
string(REPLACE "," ";" schemas "${SCHEMAS}")
if(NOT schemas)
  message(FATAL_ERROR "no schemas given")
endif()
foreach(f ${schemas})
  file(READ "${f}" json)
  string(JSON id ERROR_VARIABLE no_id GET "${json}" "$id")
  if(no_id)
    message(FATAL_ERROR "${f}: no \"$id\"")
  endif()
  if(NOT id MATCHES "^[A-Za-z][A-Za-z0-9+.-]*:")
    message(FATAL_ERROR "${f}: \"$id\" is \"${id}\", not an absolute URI (scheme:...)")
  endif()
  message(STATUS "${f}: $id ${id}")
endforeach()
