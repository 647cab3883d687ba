# install() and export: find_package(touchstone CONFIG) downstream.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(TOUCHSTONE_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/touchstone)

set_target_properties(touchstone_core PROPERTIES EXPORT_NAME core)
set_target_properties(touchstone_oracle PROPERTIES EXPORT_NAME oracle)
set_target_properties(touchstone_judge PROPERTIES EXPORT_NAME judge)
install(TARGETS touchstone_core touchstone_oracle touchstone_judge touchstone_families touchstone_audit
        EXPORT touchstoneTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY core/include/ oracle/include/ judge/include/ audit/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.hpp")
install(DIRECTORY properties/include/touchstone/families DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/touchstone
        FILES_MATCHING PATTERN "*.hpp")
install(EXPORT touchstoneTargets NAMESPACE touchstone:: DESTINATION ${TOUCHSTONE_CMAKE_DIR})
# The test-only conformance layer (needs GoogleTest and RapidCheck downstream).
if(TARGET touchstone_conformance)
  set(conformance_targets touchstone_properties_gen touchstone_conformance
      touchstone_conformance_test_main touchstone_conformance_audit_main)
  if(TARGET touchstone_conformance_fuzz_main)
    list(APPEND conformance_targets touchstone_conformance_fuzz_main)
  endif()
  install(TARGETS ${conformance_targets} EXPORT touchstoneConformanceTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(EXPORT touchstoneConformanceTargets NAMESPACE touchstone:: DESTINATION ${TOUCHSTONE_CMAKE_DIR})
  install(DIRECTORY conformance/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.hpp")
  install(DIRECTORY properties/include/touchstone/properties DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/touchstone
          FILES_MATCHING PATTERN "gen.hpp")
  install(FILES cmake/touchstoneConformance.cmake DESTINATION ${TOUCHSTONE_CMAKE_DIR})
endif()

configure_package_config_file(cmake/touchstoneConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/touchstoneConfig.cmake
  INSTALL_DESTINATION ${TOUCHSTONE_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/touchstoneConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/touchstoneConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/touchstoneConfigVersion.cmake
        DESTINATION ${TOUCHSTONE_CMAKE_DIR})
