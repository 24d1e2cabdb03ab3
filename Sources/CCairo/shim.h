// cairo and pango for PDF reports (Debian: libcairo2-dev, libpango1.0-dev).
#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>

/// PANGO_SCALE is a macro Swift cannot see.
static inline int hearth_pango_scale(void) { return PANGO_SCALE; }
