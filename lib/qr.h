/* A QR code encoder (ISO/IEC 18004:2015): byte mode, versions 1-40, error
 * correction levels L, M, Q, H, the mask with the lowest penalty. No
 * allocation: the caller owns the struct (about 32 KiB). */
#ifndef BAREBENCH_QR_H
#define BAREBENCH_QR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define QR_MAX_VERSION 40
#define QR_MAX_SIZE    (QR_MAX_VERSION * 4 + 17)

enum qr_ecc { QR_ECC_L, QR_ECC_M, QR_ECC_Q, QR_ECC_H };

struct qr {
    int version, size, mask;
    enum qr_ecc ecc;
    uint8_t dark[QR_MAX_SIZE * QR_MAX_SIZE];     /* row-major, 1 = dark */
    uint8_t function[QR_MAX_SIZE * QR_MAX_SIZE]; /* finder, timing, ... */
    uint8_t codewords[3706];                     /* version 40's total */
    uint8_t interleaved[3706];
};

/* How many bytes a code of this version and level carries in byte mode. */
size_t qr_capacity(int version, enum qr_ecc ecc);

/* Encodes len bytes in the smallest version in [min_version, max_version]
 * that holds them; false when none does. */
bool qr_encode(struct qr *qr, const uint8_t *data, size_t len, enum qr_ecc ecc, int min_version,
               int max_version);

static inline bool qr_dark(const struct qr *qr, int x, int y)
{
    return qr->dark[y * qr->size + x];
}

#endif
