// libdeflate (Debian libdeflate-dev): whole-buffer DEFLATE for PNG IDAT and the SVG gzip copy, about twice as
// fast as zlib at the same level and a little smaller. zlib stays for streaming (PNGs above the whole-buffer
// limit) and for decoding.
#include <libdeflate.h>

/// The library's version, for the renderer version: its output may change between versions.
static inline const char *ringd_libdeflate_version(void) { return LIBDEFLATE_VERSION_STRING; }
