/* The pointer chase's memory: a cycle of pointers through a buffer. */
#ifndef BAREBENCH_CHASE_H
#define BAREBENCH_CHASE_H

#include <stdint.h>

/* Allocates `bytes` and links every `line`-byte line of it into one cycle
 * in a pseudo-random order; returns the address of the first line, or 0
 * when the memory is not there. */
uint32_t chase_build(uint32_t bytes, uint32_t line);

#endif
