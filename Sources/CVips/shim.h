// libvips, the image library behind HearthMedia (Debian: libvips-dev).
#include <vips/vips.h>
