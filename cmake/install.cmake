# install() and export: find_package(touchstone CONFIG) downstream.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(TOUCHSTONE_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/touchstone)

set_target_properties(touchstone_core PROPERTIES EXPORT_NAME core)
set_target_properties(touchstone_oracle PROPERTIES EXPORT_NAME oracle)
install(TARGETS touchstone_core touchstone_oracle touchstone_families
        EXPORT touchstoneTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY core/include/ oracle/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.hpp")
install(DIRECTORY properties/include/touchstone/families DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/touchstone
        FILES_MATCHING PATTERN "*.hpp")
install(EXPORT touchstoneTargets NAMESPACE touchstone:: DESTINATION ${TOUCHSTONE_CMAKE_DIR})

configure_package_config_file(cmake/touchstoneConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/touchstoneConfig.cmake
  INSTALL_DESTINATION ${TOUCHSTONE_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/touchstoneConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/touchstoneConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/touchstoneConfigVersion.cmake
        DESTINATION ${TOUCHSTONE_CMAKE_DIR})
