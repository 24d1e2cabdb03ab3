// zbar, the barcode reader (Debian: libzbar-dev).
#include <zbar.h>

/// The fourcc of 8-bit greyscale pixels ("Y800"); zbar_fourcc is a macro Swift cannot call.
static inline unsigned long hearth_zbar_format_y800(void) {
    return zbar_fourcc('Y', '8', '0', '0');
}
