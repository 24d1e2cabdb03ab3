// libqrencode, the QR code encoder (Debian: libqrencode-dev).
#include <qrencode.h>
