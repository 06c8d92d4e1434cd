/* CRC-32 (IEEE 802.3, reflected, as zlib and Python's zlib.crc32). */
#ifndef BAREBENCH_CRC32_H
#define BAREBENCH_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* Continues a CRC: start with crc = 0. */
uint32_t crc32_update(uint32_t crc, const void *data, size_t len);

#endif
