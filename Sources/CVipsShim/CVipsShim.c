#include "CVipsShim.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

static void hearth_vips_ignore_log(const gchar *domain, GLogLevelFlags level, const gchar *message,
                                   gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

int hearth_vips_start(void) {
    if (VIPS_INIT("hearth"))
        return -1;
    // A server sees each file once; cached operations would only hold memory.
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    // Only the five loaders HearthMedia picks may run; ImageMagick, SVG, FITS, ... stay off.
    vips_operation_block_set("VipsForeignLoad", TRUE);
    vips_operation_block_set("VipsForeignLoadJpeg", FALSE);
    vips_operation_block_set("VipsForeignLoadPng", FALSE);
    vips_operation_block_set("VipsForeignLoadWebp", FALSE);
    vips_operation_block_set("VipsForeignLoadHeif", FALSE);
    vips_operation_block_set("VipsForeignLoadPdf", FALSE);
#if defined(__GLIBC__)
    // glibc raises its mmap threshold after each large free (up to 32 MB), after which a decoded
    // photo's 10-40 MB buffers come from per-thread heaps that keep the memory. A fixed
    // threshold gives them back on free: 8 HEIC uploads at once peaked at 285 MB without it,
    // 215 MB with it. Process-wide, and harmless for the rest of the server.
    mallopt(M_MMAP_THRESHOLD, 2 * 1024 * 1024);
#endif
    // Decode problems reach the caller through the error buffer, not as stderr noise.
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, hearth_vips_ignore_log, NULL);
    return 0;
}

char *hearth_vips_take_error(void) {
    return vips_error_buffer_copy();
}

int hearth_vips_load(const char *path, HearthFormat format, int jpeg_shrink, double pdf_dpi,
                     VipsImage **out) {
    VipsAccess access = VIPS_ACCESS_SEQUENTIAL;
    VipsFailOn fail = VIPS_FAIL_ON_TRUNCATED;
    switch (format) {
    case HEARTH_FORMAT_JPEG:
        return vips_jpegload(path, out, "access", access, "fail_on", fail,
                             "shrink", jpeg_shrink, NULL);
    case HEARTH_FORMAT_PNG:
        return vips_pngload(path, out, "access", access, "fail_on", fail, NULL);
    case HEARTH_FORMAT_WEBP:
        return vips_webpload(path, out, "access", access, "fail_on", fail, NULL);
    case HEARTH_FORMAT_HEIF:
        return vips_heifload(path, out, "access", access, "fail_on", fail,
                             "thumbnail", FALSE, NULL);
    case HEARTH_FORMAT_PDF:
        return vips_pdfload(path, out, "access", access, "fail_on", fail,
                            "page", 0, "n", 1, "dpi", pdf_dpi, NULL);
    }
    vips_error("hearth", "unknown format %d", (int)format);
    return -1;
}

int hearth_vips_thumbnail(const char *path, int width, int height, gboolean only_down,
                          gboolean to_srgb, VipsImage **out) {
    VipsSize size = only_down ? VIPS_SIZE_DOWN : VIPS_SIZE_BOTH;
    if (to_srgb)
        return vips_thumbnail(path, out, width, "height", height, "size", size,
                              "fail_on", VIPS_FAIL_ON_TRUNCATED, "export_profile", "srgb", NULL);
    return vips_thumbnail(path, out, width, "height", height, "size", size,
                          "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
}

int hearth_vips_resize(VipsImage *in, double factor, VipsImage **out) {
    // gap 0: one lanczos3 reduce, no box pre-shrink. On in-memory images vips 8.14 took 35 ms
    // for a 1280 -> 320 step with the default pre-shrink and 3 ms without.
    return vips_resize(in, out, factor, "gap", 0.0, NULL);
}

int hearth_vips_colourspace(VipsImage *in, VipsInterpretation space, VipsImage **out) {
    return vips_colourspace(in, out, space, NULL);
}

int hearth_vips_flatten_white(VipsImage *in, VipsImage **out) {
    double white[] = { 255.0, 255.0, 255.0 };
    VipsArrayDouble *background = vips_array_double_new(white, 3);
    int result = vips_flatten(in, out, "background", background, NULL);
    vips_area_unref(VIPS_AREA(background));
    return result;
}

int hearth_vips_extract_band(VipsImage *in, int band, VipsImage **out) {
    return vips_extract_band(in, out, band, NULL);
}

int hearth_vips_cast_uchar(VipsImage *in, VipsImage **out) {
    return vips_cast(in, out, VIPS_FORMAT_UCHAR, NULL);
}

int hearth_vips_avg(VipsImage *in, double *out) {
    return vips_avg(in, out, NULL);
}

int hearth_vips_rank(VipsImage *in, int window, int index, VipsImage **out) {
    return vips_rank(in, out, window, window, index, NULL);
}

int hearth_vips_gaussblur(VipsImage *in, double sigma, VipsImage **out) {
    return vips_gaussblur(in, out, sigma, NULL);
}

int hearth_vips_resize_to(VipsImage *in, int width, int height, VipsImage **out) {
    double h = (double)width / vips_image_get_width(in);
    double v = (double)height / vips_image_get_height(in);
    return vips_resize(in, out, h, "vscale", v, "kernel", VIPS_KERNEL_LINEAR, "gap", 0.0, NULL);
}

int hearth_vips_divide_scaled(VipsImage *left, VipsImage *right, double scale, VipsImage **out) {
    VipsImage *ratio = NULL;
    if (vips_divide(left, right, &ratio, NULL))
        return -1;
    int result = vips_linear1(ratio, out, scale, 0.0, NULL);
    g_object_unref(ratio);
    return result;
}

int hearth_vips_whiten_below(VipsImage *in, VipsImage *guide, double threshold, VipsImage **out) {
    VipsImage *mask = NULL;
    if (vips_lesseq_const1(guide, &mask, threshold, NULL))
        return -1;
    int result = vips_orimage(in, mask, out, NULL);
    g_object_unref(mask);
    return result;
}

int hearth_vips_linear(VipsImage *in, double a, double b, VipsImage **out) {
    return vips_linear1(in, out, a, b, NULL);
}

int hearth_vips_percent(VipsImage *in, double percent, int *threshold) {
    return vips_percent(in, percent, threshold, NULL);
}

int hearth_vips_jpegsave_buffer(VipsImage *in, int quality, void **buf, size_t *len) {
    return vips_jpegsave_buffer(in, buf, len, "Q", quality, "strip", TRUE,
                                "optimize_coding", TRUE, NULL);
}

void hearth_release_memory(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}
