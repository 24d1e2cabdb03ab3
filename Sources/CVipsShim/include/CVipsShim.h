// Non-variadic wrappers around the libvips calls HearthMedia uses. Swift cannot call C
// variadic functions, and libvips passes every optional argument as a NULL-terminated list.
// Each wrapper returns 0 on success and -1 on failure, with the reason in vips' error buffer.
#ifndef HEARTH_CVIPSSHIM_H
#define HEARTH_CVIPSSHIM_H

#include <vips/vips.h>

/// The file formats HearthMedia opens, each with its own loader (never a guessed one).
typedef enum {
    HEARTH_FORMAT_JPEG = 0,
    HEARTH_FORMAT_PNG = 1,
    HEARTH_FORMAT_WEBP = 2,
    HEARTH_FORMAT_HEIF = 3,
    HEARTH_FORMAT_PDF = 4
} HearthFormat;

/// Starts libvips: operation cache off, every loader but JPEG, PNG, WebP, HEIF and PDF blocked, warnings
/// kept out of stderr; on glibc, large allocations always mmapped so their memory returns to
/// the system. Call once per process.
int hearth_vips_start(void);

/// Takes vips' error text and clears the buffer; free the result with g_free.
char *hearth_vips_take_error(void);

/// Opens a file with its format's loader, for one sequential pass, failing on truncation.
/// jpeg_shrink (1, 2, 4 or 8) shrinks a JPEG while decoding; pdf_dpi renders the first page.
int hearth_vips_load(const char *path, HearthFormat format, int jpeg_shrink, double pdf_dpi,
                     VipsImage **out);

/// vips_thumbnail: shrink-on-load, EXIF orientation applied, fitted into width x height.
/// only_down never enlarges; to_srgb converts an embedded ICC profile's colours to sRGB.
int hearth_vips_thumbnail(const char *path, int width, int height, gboolean only_down,
                          gboolean to_srgb, VipsImage **out);

/// Scales both axes by factor with one lanczos3 pass (no box pre-shrink).
int hearth_vips_resize(VipsImage *in, double factor, VipsImage **out);

/// Converts to another colour space, e.g. VIPS_INTERPRETATION_sRGB or _B_W.
int hearth_vips_colourspace(VipsImage *in, VipsInterpretation space, VipsImage **out);

/// Composes an image with alpha onto white and drops the alpha band.
int hearth_vips_flatten_white(VipsImage *in, VipsImage **out);

/// Keeps one band.
int hearth_vips_extract_band(VipsImage *in, int band, VipsImage **out);

/// Casts to 8-bit unsigned, clamping.
int hearth_vips_cast_uchar(VipsImage *in, VipsImage **out);

/// The mean of all pixels; reading them all proves the whole file decodes.
int hearth_vips_avg(VipsImage *in, double *out);

/// A rank filter (window x window, index 0 = min, window*window-1 = max).
int hearth_vips_rank(VipsImage *in, int window, int index, VipsImage **out);

/// Gaussian blur with the given sigma.
int hearth_vips_gaussblur(VipsImage *in, double sigma, VipsImage **out);

/// Scales an image to exactly width x height (for a background estimated at low resolution).
int hearth_vips_resize_to(VipsImage *in, int width, int height, VipsImage **out);

/// out = left / right * scale, as float.
int hearth_vips_divide_scaled(VipsImage *left, VipsImage *right, double scale, VipsImage **out);

/// out = in, but 255 wherever guide <= threshold (both one-band uchar of the same size).
int hearth_vips_whiten_below(VipsImage *in, VipsImage *guide, double threshold, VipsImage **out);

/// out = in * a + b, as float.
int hearth_vips_linear(VipsImage *in, double a, double b, VipsImage **out);

/// The pixel value below which `percent` percent of the pixels fall (one-band uchar images).
int hearth_vips_percent(VipsImage *in, double percent, int *threshold);

/// Encodes as baseline JPEG with every metadata block stripped (EXIF, GPS, XMP, IPTC, ICC).
/// Free *buf with g_free.
int hearth_vips_jpegsave_buffer(VipsImage *in, int quality, void **buf, size_t *len);

/// Hands memory freed by a finished job back to the system (glibc keeps it per thread otherwise,
/// and a decoded photo frees tens of MB at a time). Does nothing on other C libraries.
void hearth_release_memory(void);

#endif
