/* The hand-over to the long-mode kernel the image carries (the MODE=64
 * build, boot/x86/64/entry.asm). It runs first, before the 32-bit kernel
 * has printed anything or set up its own descriptors and paging: where the
 * CPU has long mode and the command line does not ask for mode=32, it
 * copies the long-mode kernel to its link address, maps the first 4 GiB
 * 1:1 with 2 MiB pages and switches (boot/x86/32/longmode.asm). Otherwise it returns,
 * the 32-bit kernel runs, and x86_mode_refusal says why where long mode
 * was asked for or the CPU has it. */
#include "kernel/x86/mode.h"

#include <stdint.h>

#include "kernel/x86/cpu.h"
#include "kernel/x86/pte.h"
#include "kernel/x86/multiboot.h"
#include "lib/fmt.h"
#include "lib/kstring.h"
#include "lib/options.h"

#define DIRECTORIES  4          /* of 512 2 MiB pages: 4 GiB */
#define CPUID_EXT_LM (1u << 29) /* CPUID.80000001H:EDX.LM */

/* As boot/x86/64/entry.asm lays it out at the start of the image. */
struct longmode_header {
    char magic[16];
    uint64_t start, image_end, end, entry;
};

static const char header_magic[16] = "barebench-lm-1";

extern const uint8_t longmode_image[], longmode_image_end[];
extern void longmode_enter(uint32_t pml4, uint32_t entry, uint32_t magic, uint32_t info)
    __attribute__((noreturn));

static uint64_t pml4[512] __attribute__((aligned(4096)));
static uint64_t pdpt[512] __attribute__((aligned(4096)));
static uint64_t directories[DIRECTORIES][512] __attribute__((aligned(4096)));
static struct boot_info boot;
static const char *refusal;
static char refusal_text[128];

const char *x86_mode_refusal(void)
{
    return refusal;
}

static void ignore_word(void *ctx, const char *message)
{
    (void)ctx;
    (void)message;
}

static unsigned requested_mode(const char *cmdline)
{
    static const char *const choices[] = {"auto", "32", "64", NULL};
    unsigned mode = X86_MODE_AUTO;
    const struct opt_def def = {"mode", OPT_CHOICE, "", .target = &mode, .choices = choices};
    /* Every other option is a bad word to this parse: the kernel's own
     * parse reports what is wrong. */
    options_parse(cmdline, &def, 1, ignore_word, 0);
    return mode;
}

static bool has_long_mode(void)
{
    struct cpuid_regs r;
    cpuid_raw(0x80000000u, 0, &r);
    if (r.eax < 0x80000001u) {
        return false;
    }
    cpuid_raw(0x80000001u, 0, &r);
    return (r.edx & CPUID_EXT_LM) != 0;
}

/* Whether [start, end) is usable RAM the loader left free: the long-mode
 * kernel parses the loader's information again and loads the modules. */
static const char *room_for(uint64_t start, uint64_t end, uint32_t info)
{
    bool ram = false;
    for (unsigned i = 0; i < boot.n_regions; i++) {
        const struct mem_region *r = &boot.regions[i];
        ram |= r->type == 1 && r->base <= start && end <= r->base + r->length;
    }
    if (!ram) {
        return "no usable RAM for it";
    }
    if (multiboot_lies_in(info, &boot, start, end)) {
        return "the loader put its information or a module there";
    }
    return 0;
}

static void map_4gib(void)
{
    for (unsigned d = 0; d < DIRECTORIES; d++) {
        for (unsigned i = 0; i < 512; i++) {
            directories[d][i] = ((uint64_t)d * 512 + i) << 21 | PDE_LARGE | PTE_PRESENT | PTE_WRITE;
        }
        pdpt[d] = (uint32_t)directories[d] | PTE_PRESENT | PTE_WRITE;
    }
    pml4[0] = (uint32_t)pdpt | PTE_PRESENT | PTE_WRITE;
}

/* boot/x86/32/entry.asm's call before kmain. */
void longmode_handoff(uint32_t magic, uint32_t info);
void longmode_handoff(uint32_t magic, uint32_t info)
{
    const struct longmode_header *h = (const void *)longmode_image;
    /* Two symbols of one object: the linker's addresses, not C arrays. */
    size_t image_size = (uintptr_t)longmode_image_end - (uintptr_t)longmode_image;
    multiboot_parse(magic, info, &boot);
    unsigned want = boot.protocol ? requested_mode(boot.cmdline) : X86_MODE_AUTO;
    if (want == X86_MODE_32) {
        return;
    }
    if (!has_long_mode()) {
        refusal = want == X86_MODE_64 ? "the CPU has no long mode (CPUID.80000001H:EDX.LM = 0)" : 0;
        return;
    }
    if (image_size < sizeof *h || memcmp(h->magic, header_magic, sizeof header_magic) != 0 ||
        h->image_end - h->start != image_size) {
        refusal = "the long-mode kernel in the image is damaged";
        return;
    }
    const char *no_room = room_for(h->start, h->end, info);
    if (no_room) {
        fmt_snprintf(refusal_text, sizeof refusal_text,
                     "the long-mode kernel goes at 0x%x-0x%x: %s", (unsigned)h->start,
                     (unsigned)h->end - 1, no_room);
        refusal = refusal_text;
        return;
    }
    memcpy((void *)(uint32_t)h->start, longmode_image, (size_t)(h->image_end - h->start));
    map_4gib();
    longmode_enter((uint32_t)pml4, (uint32_t)h->entry, magic, info);
}
