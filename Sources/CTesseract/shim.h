// Tesseract's C API (Debian: libtesseract-dev). HearthMedia hands it raw 8-bit grey pixels,
// so Leptonica is never called directly.
#include <tesseract/capi.h>
