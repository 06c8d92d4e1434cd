/* Ending a PowerPC run under QEMU. A pass: the PReP keyboard controller's
 * reset command (0xfe to port 0x64), which QEMU -no-reboot turns into exit
 * status 0; on a Power Mac, CUDA's power-down packet (QEMU's
 * hw/misc/macio/cuda.c: QEMU exits with status 0). A failure: QEMU's
 * pvpanic-pci device, written 1 ("panicked"), with -action
 * panic=exit-failure: status 1 (QEMU's docs/specs/pvpanic.rst). */
#include "kernel/ppc/exit.h"

#include "kernel/ppc/cpu.h"
#include "kernel/ppc/machine.h"

static enum exit_mode configured_mode = EXIT_AUTO;

/* CUDA behind the 6522 VIA at Mac I/O + 0x16000, registers 0x200 apart:
 * port B (TIP and BYTEACK are the host's handshake lines), its direction,
 * the shift register and the auxiliary control (shift out). Linux's
 * drivers/macintosh/via-cuda.c speaks the same protocol. */
#define VIA            0x16000
#define VIA_B          0x0000
#define VIA_DIRB       0x0400
#define VIA_SR         0x1400
#define VIA_ACR        0x1600
#define VIA_TIP        0x20
#define VIA_TACK       0x10
#define VIA_SR_OUT     0x10
#define CUDA_PACKET    0x01
#define CUDA_POWERDOWN 0x0a

bool exit_under_qemu(void)
{
    return machine.pvpanic != 0;
}

void exit_configure(enum exit_mode mode)
{
    configured_mode = mode;
}

static void cuda_power_down(void)
{
    uintptr_t via = machine.macio + VIA;
    static const uint8_t packet[] = {CUDA_PACKET, CUDA_POWERDOWN};
    io_write8(via + VIA_DIRB, io_read8(via + VIA_DIRB) | VIA_TIP | VIA_TACK);
    io_write8(via + VIA_B, io_read8(via + VIA_B) | VIA_TIP | VIA_TACK);
    io_write8(via + VIA_ACR, io_read8(via + VIA_ACR) | VIA_SR_OUT);
    for (unsigned i = 0; i < sizeof packet; i++) {
        io_write8(via + VIA_SR, packet[i]);
        /* The first byte starts the transfer (TIP low), each next one is
         * acknowledged by toggling BYTEACK. */
        io_write8(via + VIA_B, io_read8(via + VIA_B) ^ (i ? VIA_TACK : VIA_TIP));
    }
    io_write8(via + VIA_B, io_read8(via + VIA_B) | VIA_TIP | VIA_TACK); /* end of packet */
}

static void reset(void)
{
    if (machine.kind == MACHINE_PREP) {
        io_write8(0x80000064, 0xfe);
    } else if (machine.macio) {
        cuda_power_down();
    }
}

void run_finish(bool pass)
{
    run_end_announce(pass);
    machine_serial_flush();
    enum exit_mode mode = configured_mode;
    if (mode == EXIT_AUTO) {
        mode = exit_under_qemu() ? EXIT_QEMU : EXIT_HALT;
    }
    if (mode == EXIT_QEMU && !pass && machine.pvpanic) {
        io_write8(machine.pvpanic, 1);
    } else if (mode == EXIT_QEMU || mode == EXIT_REBOOT) {
        reset();
    }
    for (;;)
        ;
}
