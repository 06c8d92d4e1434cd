/* The QR encoder against an independent decoder: symbols of every version
 * and level, rendered to PGM files and read back by zbar's zbarimg (Debian
 * zbar-tools); and capacities against ISO/IEC 18004 Table 7. */
#define _POSIX_C_SOURCE 200809L /* popen */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/qr.h"
#include "tests/host/check.h"

static struct qr qr;

/* The symbol with a four-module quiet zone, each module scale pixels. */
static int write_pgm(const char *path, int scale)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        return -1;
    }
    int side = (qr.size + 8) * scale;
    fprintf(f, "P5\n%d %d\n255\n", side, side);
    for (int py = 0; py < side; py++) {
        for (int px = 0; px < side; px++) {
            int x = px / scale - 4, y = py / scale - 4;
            bool dark = x >= 0 && y >= 0 && x < qr.size && y < qr.size && qr_dark(&qr, x, y);
            fputc(dark ? 0 : 255, f);
        }
    }
    return fclose(f);
}

/* What zbarimg reads from the file (without its trailing newline). */
static size_t decode(const char *path, char *out, size_t cap)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "zbarimg --raw -q -Sdisable -Sqrcode.enable '%s' 2>/dev/null", path);
    FILE *p = popen(cmd, "r");
    if (!p) {
        return 0;
    }
    size_t n = fread(out, 1, cap - 1, p);
    pclose(p);
    if (n && out[n - 1] == '\n') {
        n--;
    }
    out[n] = '\0';
    return n;
}

static void payload(char *buf, size_t len, unsigned seed)
{
    for (size_t i = 0; i < len; i++) {
        seed = seed * 1103515245u + 12345u;
        buf[i] = (char)(' ' + (seed >> 16) % 95);
    }
}

int main(void)
{
    static const char level[] = "LMQH";
    /* Table 7, byte mode: a few versions at each end and in between. */
    CHECK(qr_capacity(1, QR_ECC_L) == 17 && qr_capacity(1, QR_ECC_H) == 7,
          "version 1 carries 17 bytes at L and 7 at H");
    CHECK(qr_capacity(10, QR_ECC_M) == 213 && qr_capacity(25, QR_ECC_Q) == 715,
          "versions 10-M and 25-Q carry 213 and 715 bytes");
    CHECK(qr_capacity(40, QR_ECC_L) == 2953 && qr_capacity(40, QR_ECC_H) == 1273,
          "version 40 carries 2953 bytes at L and 1273 at H");

    if (system("command -v zbarimg >/dev/null 2>&1") != 0) {
        SKIP("zbarimg (zbar-tools) is not installed: no decoding checks");
        return check_summary();
    }
    char path[64];
    snprintf(path, sizeof path, "/tmp/test_qr.%d.pgm", (int)getpid());
    static char in[3000], out[3100];
    int versions[] = {1, 2, 5, 6, 7, 9, 10, 13, 16, 20, 24, 27, 32, 36, 40};
    unsigned seed = 1;
    for (unsigned vi = 0; vi < sizeof versions / sizeof versions[0]; vi++) {
        for (int e = 0; e < 4; e++) {
            int v = versions[vi];
            /* Full, and a length that just needs this version. */
            size_t len = (vi + (unsigned)e) % 2
                             ? qr_capacity(v, (enum qr_ecc)e)
                             : (v > 1 ? qr_capacity(v - 1, (enum qr_ecc)e) : 0) + 1;
            payload(in, len, seed++);
            bool ok = qr_encode(&qr, (const uint8_t *)in, len, (enum qr_ecc)e, 1, 40);
            ok = ok && qr.version == v && write_pgm(path, v > 30 ? 2 : 3) == 0;
            size_t n = ok ? decode(path, out, sizeof out) : 0;
            CHECK(ok && n == len && memcmp(in, out, len) == 0,
                  "%zu bytes as version %d-%c (mask %d) decode back (zbarimg read %zu)", len,
                  qr.version, level[e], qr.mask, n);
        }
    }
    /* The masks: every one of the eight is chosen for some payload, and
     * each of those symbols decodes. */
    unsigned masks = 0;
    for (unsigned s = 0; s < 64 && masks != 0xff; s++) {
        payload(in, 40, 1000 + s);
        qr_encode(&qr, (const uint8_t *)in, 40, QR_ECC_M, 1, 40);
        if (masks & (1u << qr.mask)) {
            continue;
        }
        masks |= 1u << qr.mask;
        size_t n = write_pgm(path, 4) == 0 ? decode(path, out, sizeof out) : 0;
        CHECK(n == 40 && memcmp(in, out, 40) == 0, "a symbol with mask %d decodes back", qr.mask);
    }
    CHECK(masks == 0xff, "the penalty picks each of the 8 masks for some payload (0x%02x)", masks);
    CHECK(!qr_encode(&qr, (const uint8_t *)in, 2954, QR_ECC_L, 1, 40),
          "2954 bytes do not fit any version at L");
    CHECK(!qr_encode(&qr, (const uint8_t *)in, 200, QR_ECC_M, 1, 7),
          "200 bytes do not fit version 7 at M (122)");
    remove(path);
    return check_summary();
}
