/* QR code encoder after ISO/IEC 18004:2015: byte-mode segment (7.4.5),
 * Reed-Solomon error correction over GF(2^8) with the polynomial 0x11D
 * (7.5), block interleaving (7.6, Table 9), function patterns (6.3),
 * codeword placement (7.7.3), the eight masks and their penalty (7.8),
 * format and version information with their BCH codes (7.9, 7.10). */
#include "lib/qr.h"

#include "lib/kstring.h"

/* Table 9: error correction codewords per block and number of blocks, by
 * level (L, M, Q, H) and version (index 0 unused). */
static const uint8_t ecc_per_block[4][41] = {
    {0,  7,  10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
     28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30},
    {0,  10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
     26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28},
    {0,  13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
     28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30},
    {0,  17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
     30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30},
};
static const uint8_t blocks[4][41] = {
    {0, 1, 1, 1,  1,  1,  2,  2,  2,  2,  4,  4,  4,  4,  4,  6,  6,  6,  6,  7, 8,
     8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25},
    {0,  1,  1,  1,  2,  2,  4,  4,  4,  5,  5,  5,  8,  9,  9,  10, 10, 11, 13, 14, 16,
     17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49},
    {0,  1,  1,  2,  2,  4,  4,  6,  6,  8,  8,  8,  10, 12, 16, 12, 17, 16, 18, 21, 20,
     23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68},
    {0,  1,  1,  2,  4,  4,  4,  5,  6,  8,  8,  11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
     25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81},
};
/* 7.9.1: the two format bits of each level. */
static const unsigned ecc_format_bits[4] = {1, 0, 3, 2};

/* Modules left for codewords once the function patterns are placed. */
static int raw_modules(int v)
{
    int n = (16 * v + 128) * v + 64;
    if (v >= 2) {
        int align = v / 7 + 2;
        n -= (25 * align - 10) * align - 55;
        if (v >= 7) {
            n -= 36; /* two version information blocks */
        }
    }
    return n;
}

static int data_codewords(int v, enum qr_ecc ecc)
{
    return raw_modules(v) / 8 - ecc_per_block[ecc][v] * blocks[ecc][v];
}

size_t qr_capacity(int version, enum qr_ecc ecc)
{
    int header = 4 + (version < 10 ? 8 : 16); /* mode + character count */
    return (size_t)((data_codewords(version, ecc) * 8 - header) / 8);
}

static uint8_t gf_mul(uint8_t a, uint8_t b)
{
    unsigned r = 0;
    for (int i = 7; i >= 0; i--) {
        r = (r << 1) ^ ((r >> 7) * 0x11d);
        r ^= ((b >> i) & 1u) * a;
    }
    return (uint8_t)r;
}

/* The generator polynomial of degree n (roots alpha^0 .. alpha^(n-1)),
 * leading coefficient 1 left out. */
static void rs_generator(uint8_t *g, int n)
{
    memset(g, 0, (size_t)n);
    g[n - 1] = 1;
    uint8_t root = 1;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            g[j] = gf_mul(g[j], root);
            if (j + 1 < n) {
                g[j] ^= g[j + 1];
            }
        }
        root = gf_mul(root, 2);
    }
}

static void rs_remainder(const uint8_t *data, int len, const uint8_t *g, int n, uint8_t *out)
{
    memset(out, 0, (size_t)n);
    for (int i = 0; i < len; i++) {
        uint8_t factor = data[i] ^ out[0];
        memmove(out, out + 1, (size_t)(n - 1));
        out[n - 1] = 0;
        for (int j = 0; j < n; j++) {
            out[j] ^= gf_mul(g[j], factor);
        }
    }
}

static void put_bits(uint8_t *buf, int *at, unsigned value, int count)
{
    for (int i = count - 1; i >= 0; i--, (*at)++) {
        if ((value >> i) & 1) {
            buf[*at >> 3] |= (uint8_t)(0x80 >> (*at & 7));
        }
    }
}

/* 7.4: mode indicator, count, the bytes, terminator, padding. */
static void encode_data(struct qr *qr, const uint8_t *data, size_t len)
{
    int capacity = data_codewords(qr->version, qr->ecc);
    int at = 0;
    memset(qr->codewords, 0, sizeof qr->codewords);
    put_bits(qr->codewords, &at, 4, 4);
    put_bits(qr->codewords, &at, (unsigned)len, qr->version < 10 ? 8 : 16);
    for (size_t i = 0; i < len; i++) {
        put_bits(qr->codewords, &at, data[i], 8);
    }
    at += capacity * 8 - at < 4 ? capacity * 8 - at : 4;
    at = (at + 7) & ~7;
    for (uint8_t pad = 0xec; at < capacity * 8; pad ^= 0xec ^ 0x11) {
        put_bits(qr->codewords, &at, pad, 8);
    }
}

/* 7.5, 7.6: each block gets its error correction codewords, then the data
 * codewords of all blocks are interleaved, then their EC codewords. */
static void add_ecc_and_interleave(struct qr *qr)
{
    int n_blocks = blocks[qr->ecc][qr->version];
    int ecc_len = ecc_per_block[qr->ecc][qr->version];
    int raw = raw_modules(qr->version) / 8;
    int n_short = n_blocks - raw % n_blocks;
    int short_data = raw / n_blocks - ecc_len;
    uint8_t g[30], ecc[81][30];
    rs_generator(g, ecc_len);
    const uint8_t *block = qr->codewords;
    for (int b = 0; b < n_blocks; b++) {
        int len = short_data + (b >= n_short);
        rs_remainder(block, len, g, ecc_len, ecc[b]);
        block += len;
    }
    int out = 0;
    for (int i = 0; i <= short_data; i++) {
        const uint8_t *start = qr->codewords;
        for (int b = 0; b < n_blocks; b++) {
            int len = short_data + (b >= n_short);
            if (i < len) {
                qr->interleaved[out++] = start[i];
            }
            start += len;
        }
    }
    for (int i = 0; i < ecc_len; i++) {
        for (int b = 0; b < n_blocks; b++) {
            qr->interleaved[out++] = ecc[b][i];
        }
    }
}

static void set_function(struct qr *qr, int x, int y, bool dark)
{
    qr->dark[y * qr->size + x] = dark;
    qr->function[y * qr->size + x] = 1;
}

/* 6.3.3: a finder pattern with its separator, centred at (cx, cy). */
static void draw_finder(struct qr *qr, int cx, int cy)
{
    for (int dy = -4; dy <= 4; dy++) {
        for (int dx = -4; dx <= 4; dx++) {
            int x = cx + dx, y = cy + dy;
            int d = dx < 0 ? -dx : dx, e = dy < 0 ? -dy : dy;
            int dist = d > e ? d : e;
            if (x >= 0 && x < qr->size && y >= 0 && y < qr->size) {
                set_function(qr, x, y, dist != 2 && dist != 4);
            }
        }
    }
}

static void draw_alignment(struct qr *qr, int cx, int cy)
{
    for (int dy = -2; dy <= 2; dy++) {
        for (int dx = -2; dx <= 2; dx++) {
            int d = dx < 0 ? -dx : dx, e = dy < 0 ? -dy : dy;
            set_function(qr, cx + dx, cy + dy, (d > e ? d : e) != 1);
        }
    }
}

/* Annex E: the centres of the alignment patterns, evenly spaced from 6 to
 * size - 7 (the step rounded up to even; version 32 is the exception). */
static int alignment_positions(int v, int *pos)
{
    if (v == 1) {
        return 0;
    }
    int n = v / 7 + 2;
    int step = v == 32 ? 26 : (v * 4 + n * 2 + 1) / (n * 2 - 2) * 2;
    pos[0] = 6;
    for (int i = n - 1, p = v * 4 + 10; i >= 1; i--, p -= step) {
        pos[i] = p;
    }
    return n;
}

/* 7.9: level and mask with a (15,5) BCH code, XOR 0x5412, twice. */
static void draw_format(struct qr *qr, int mask)
{
    unsigned data = ecc_format_bits[qr->ecc] << 3 | (unsigned)mask;
    unsigned rem = data;
    for (int i = 0; i < 10; i++) {
        rem = (rem << 1) ^ ((rem >> 9) * 0x537);
    }
    unsigned bits = (data << 10 | rem) ^ 0x5412;
    int s = qr->size;
    for (int i = 0; i <= 5; i++) {
        set_function(qr, 8, i, (bits >> i) & 1);
    }
    set_function(qr, 8, 7, (bits >> 6) & 1);
    set_function(qr, 8, 8, (bits >> 7) & 1);
    set_function(qr, 7, 8, (bits >> 8) & 1);
    for (int i = 9; i < 15; i++) {
        set_function(qr, 14 - i, 8, (bits >> i) & 1);
    }
    for (int i = 0; i < 8; i++) {
        set_function(qr, s - 1 - i, 8, (bits >> i) & 1);
    }
    for (int i = 8; i < 15; i++) {
        set_function(qr, 8, s - 15 + i, (bits >> i) & 1);
    }
    set_function(qr, 8, s - 8, true); /* the dark module */
}

/* 7.10: versions 7 and up carry their number with an (18,6) BCH code. */
static void draw_version(struct qr *qr)
{
    if (qr->version < 7) {
        return;
    }
    unsigned rem = (unsigned)qr->version;
    for (int i = 0; i < 12; i++) {
        rem = (rem << 1) ^ ((rem >> 11) * 0x1f25);
    }
    unsigned bits = (unsigned)qr->version << 12 | rem;
    for (int i = 0; i < 18; i++) {
        bool bit = (bits >> i) & 1;
        int a = qr->size - 11 + i % 3, b = i / 3;
        set_function(qr, a, b, bit);
        set_function(qr, b, a, bit);
    }
}

static void draw_function_patterns(struct qr *qr)
{
    int s = qr->size;
    memset(qr->dark, 0, (size_t)(s * s));
    memset(qr->function, 0, (size_t)(s * s));
    for (int i = 0; i < s; i++) {
        set_function(qr, 6, i, i % 2 == 0);
        set_function(qr, i, 6, i % 2 == 0);
    }
    draw_finder(qr, 3, 3);
    draw_finder(qr, s - 4, 3);
    draw_finder(qr, 3, s - 4);
    int pos[7];
    int n = alignment_positions(qr->version, pos);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            bool corner = (i == 0 && j == 0) || (i == 0 && j == n - 1) || (i == n - 1 && j == 0);
            if (!corner) {
                draw_alignment(qr, pos[i], pos[j]);
            }
        }
    }
    draw_format(qr, 0); /* reserves the format areas */
    draw_version(qr);
}

/* 7.7.3: two-module columns from the right, upwards then downwards,
 * skipping the vertical timing pattern. */
static void place_codewords(struct qr *qr)
{
    int s = qr->size, total = raw_modules(qr->version) / 8 * 8, i = 0;
    for (int right = s - 1; right >= 1; right -= 2) {
        if (right == 6) {
            right = 5;
        }
        bool upward = ((right + 1) & 2) == 0;
        for (int vert = 0; vert < s; vert++) {
            for (int j = 0; j < 2; j++) {
                int x = right - j, y = upward ? s - 1 - vert : vert;
                if (qr->function[y * s + x] || i >= total) {
                    continue;
                }
                qr->dark[y * s + x] = (qr->interleaved[i >> 3] >> (7 - (i & 7))) & 1;
                i++;
            }
        }
    }
}

/* Table 10: the mask condition (x column, y row); true inverts the module. */
static bool mask_bit(int mask, int x, int y)
{
    switch (mask) {
    case 0:
        return (x + y) % 2 == 0;
    case 1:
        return y % 2 == 0;
    case 2:
        return x % 3 == 0;
    case 3:
        return (x + y) % 3 == 0;
    case 4:
        return (x / 3 + y / 2) % 2 == 0;
    case 5:
        return x * y % 2 + x * y % 3 == 0;
    case 6:
        return (x * y % 2 + x * y % 3) % 2 == 0;
    default:
        return ((x + y) % 2 + x * y % 3) % 2 == 0;
    }
}

static void apply_mask(struct qr *qr, int mask)
{
    for (int y = 0; y < qr->size; y++) {
        for (int x = 0; x < qr->size; x++) {
            if (!qr->function[y * qr->size + x] && mask_bit(mask, x, y)) {
                qr->dark[y * qr->size + x] ^= 1;
            }
        }
    }
}

static bool module_at(const struct qr *qr, int x, int y, bool transpose)
{
    return transpose ? qr_dark(qr, y, x) : qr_dark(qr, x, y);
}

/* 7.8.3.1, features 1 and 3 along one line: runs of five or more modules
 * of one colour (3 + run - 5 points each) and 1:1:3:1:1 finder-like
 * patterns with four light modules on either side (40 points each). */
static long line_penalty(const struct qr *qr, int line, bool transpose)
{
    static const uint8_t finder[11] = {1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0};
    long p = 0;
    int s = qr->size, run = 0;
    for (int i = 0; i < s; i++) {
        bool c = module_at(qr, i, line, transpose);
        run = i > 0 && c == module_at(qr, i - 1, line, transpose) ? run + 1 : 1;
        if (run == 5) {
            p += 3;
        } else if (run > 5) {
            p += 1;
        }
        if (i + 11 > s) {
            continue;
        }
        bool fwd = true, back = true;
        for (int k = 0; k < 11; k++) {
            bool m = module_at(qr, i + k, line, transpose);
            fwd = fwd && m == finder[k];
            back = back && m == finder[10 - k];
        }
        p += 40 * (fwd + back);
    }
    return p;
}

/* 7.8.3: the penalty of the masked symbol (features 1 to 4). */
static long penalty(const struct qr *qr)
{
    long p = 0;
    int s = qr->size, dark = 0;
    for (int i = 0; i < s; i++) {
        p += line_penalty(qr, i, false) + line_penalty(qr, i, true);
    }
    for (int y = 0; y < s; y++) {
        for (int x = 0; x < s; x++) {
            bool c = qr_dark(qr, x, y);
            dark += c;
            if (x + 1 < s && y + 1 < s && c == qr_dark(qr, x + 1, y) &&
                c == qr_dark(qr, x, y + 1) && c == qr_dark(qr, x + 1, y + 1)) {
                p += 3;
            }
        }
    }
    /* 10 points for every full 5 % the dark share is off 50 %. */
    long total = (long)s * s, off = (long)dark * 20 - total * 10;
    p += (off < 0 ? -off : off) / total * 10;
    return p;
}

bool qr_encode(struct qr *qr, const uint8_t *data, size_t len, enum qr_ecc ecc, int min_version,
               int max_version)
{
    int v = min_version < 1 ? 1 : min_version;
    if (max_version > QR_MAX_VERSION) {
        max_version = QR_MAX_VERSION;
    }
    while (v <= max_version && qr_capacity(v, ecc) < len) {
        v++;
    }
    if (v > max_version) {
        return false;
    }
    qr->version = v;
    qr->size = v * 4 + 17;
    qr->ecc = ecc;
    encode_data(qr, data, len);
    add_ecc_and_interleave(qr);
    draw_function_patterns(qr);
    place_codewords(qr);
    long best = -1;
    for (int m = 0; m < 8; m++) {
        apply_mask(qr, m);
        draw_format(qr, m);
        long p = penalty(qr);
        if (best < 0 || p < best) {
            best = p;
            qr->mask = m;
        }
        apply_mask(qr, m); /* undo */
    }
    apply_mask(qr, qr->mask);
    draw_format(qr, qr->mask);
    return true;
}
