/* The bits of a page-table entry that the kernel sets, alike in 32-bit,
 * PAE and 4-level paging (Intel SDM Vol. 3A, 4.3, 4.4.2 and 4.5.4). */
#ifndef BAREBENCH_PTE_H
#define BAREBENCH_PTE_H

#define PTE_PRESENT 0x1u
#define PTE_WRITE   0x2u
#define PTE_USER    0x4u
#define PTE_PWT     0x8u  /* write-through */
#define PTE_PCD     0x10u /* cache disabled */
#define PDE_LARGE   0x80u /* a directory entry that maps a large page itself */

#endif
