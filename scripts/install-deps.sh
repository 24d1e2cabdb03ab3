#!/usr/bin/env bash
# Installs the Debian packages a target needs, only when they are missing.
# Usage: scripts/install-deps.sh run|test|cluster|bench
set -euo pipefail

need=()
have_cmd() { command -v "$1" >/dev/null 2>&1; }

if ! have_cmd swift; then
    echo "Swift is not installed. Install Swift 6.1 or newer from swift.org first." >&2
    exit 1
fi

# Every build compiles HearthMedia against libvips (with HEIF and PDF), tesseract and zbar through
# pkg-config.
have_cmd pkg-config || need+=(pkg-config)
pkg-config --exists vips 2>/dev/null || need+=(libvips-dev)
pkg-config --exists tesseract 2>/dev/null || need+=(libtesseract-dev)
pkg-config --exists zbar 2>/dev/null || need+=(libzbar-dev)
# Receipts are read in English and the languages of HEARTH_OCR_LANGUAGES (by default German,
# French, Spanish, Italian and Malay); "osd" finds which way up a sideways photo is.
IFS=', +' read -ra languages <<< "eng osd ${HEARTH_OCR_LANGUAGES:-deu fra spa ita msa}"
for language in "${languages[@]}"; do
    ls /usr/share/tesseract-ocr/*/tessdata/"$language".traineddata >/dev/null 2>&1 ||
        need+=("tesseract-ocr-$(echo "$language" | tr '[:upper:]_' '[:lower:]-')")
done
# HearthReports: PDF through cairo and pango, ZIP archives through zlib.
pkg-config --exists pangocairo 2>/dev/null || need+=(libcairo2-dev libpango1.0-dev)
pkg-config --exists zlib 2>/dev/null || need+=(zlib1g-dev)
# HearthKit's GRDB uses the system's SQLite on Linux (the server's SQLite is built in with SQLiteNIO).
pkg-config --exists sqlite3 2>/dev/null || need+=(libsqlite3-dev)
# A PDF (a receipt, an item's manual) is read by poppler's pdfinfo and pdftoppm in a child process,
# under a time and memory cap, before libvips draws its first page in the server.
have_cmd pdftoppm || need+=(poppler-utils)
# `make release` ships the binary without its debug information (objcopy).
have_cmd objcopy || need+=(binutils)
# QR codes (two-step sign-in's setup) through libqrencode.
pkg-config --exists libqrencode 2>/dev/null || need+=(libqrencode-dev)
# Report PDFs print names in any script: Noto for most, Noto CJK for Chinese, Japanese and Korean.
[ -d /usr/share/fonts/truetype/noto ] && fc-list 2>/dev/null | grep -q "NotoSans-Regular" || need+=(fonts-noto-core)
fc-list :lang=ja 2>/dev/null | grep -q . || need+=(fonts-noto-cjk)

case "${1:-run}" in
    run) ;;
    test)
        [ -x /usr/lib/postgresql/15/bin/initdb ] || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
        have_cmd chromium || need+=(chromium)
        have_cmd chromedriver || need+=(chromium-driver)
        # Lists show emoji; without this font the screenshots show empty boxes.
        [ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || need+=(fonts-noto-color-emoji)
        python3 -c 'import ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
        # Label sheets' QR codes are read back from those PNGs with zbarimg.
        have_cmd zbarimg || need+=(zbar-tools)
        # The cluster's chaos run puts nginx before three servers.
        [ -x /usr/sbin/nginx ] || have_cmd nginx || need+=(nginx)
        # Off-site backups are sent to a real WebDAV server: rclone serve webdav.
        have_cmd rclone || need+=(rclone)
        ;;
    cluster)
        [ -x /usr/lib/postgresql/15/bin/initdb ] || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
        [ -x /usr/sbin/nginx ] || have_cmd nginx || need+=(nginx)
        ;;
    bench)
        have_cmd wrk || need+=(wrk)
        have_cmd vips || need+=(libvips-tools)  # scripts/make-photo.sh makes the 12-megapixel test photos
        ;;
    *) echo "usage: $0 run|test|cluster|bench" >&2; exit 2 ;;
esac

if [ ${#need[@]} -gt 0 ]; then
    echo "Installing ${need[*]} ..."
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}"
fi
