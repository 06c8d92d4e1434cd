/* Polls the i8042's output buffer (status port 0x64 bit 0, data 0x60) for
 * scan code set 1 make codes, the translated set the firmware leaves on
 * (IBM PS/2 Hardware Interface Technical Reference, keyboard controller).
 * Where no controller decodes the ports they read 0xFF: no keys. */
#include "kernel/x86/i8042.h"

#include <stdint.h>

#include "kernel/x86/cpu.h"

#define STATUS      0x64
#define DATA        0x60
#define OUTPUT_FULL 0x01
#define AUX_DATA    0x20 /* the byte is from the mouse */
#define SC_PGUP     0x49
#define SC_PGDN     0x51
#define SC_UP       0x48
#define SC_DOWN     0x50
#define SC_LEFT     0x4b
#define SC_RIGHT    0x4d
#define SC_SPACE    0x39
#define SC_ESC      0x01

enum key i8042_poll(void)
{
    uint8_t status = inb(STATUS);
    if (status == 0xff || !(status & OUTPUT_FULL)) {
        return KEY_NONE;
    }
    uint8_t code = inb(DATA);
    if (status & AUX_DATA) {
        return KEY_NONE;
    }
    switch (code) {
    case SC_RIGHT:
    case SC_SPACE:
        return KEY_NEXT;
    case SC_LEFT:
        return KEY_PREV;
    case SC_PGUP:
    case SC_UP:
        return KEY_PGUP;
    case SC_PGDN:
    case SC_DOWN:
        return KEY_PGDN;
    case SC_ESC:
        return KEY_ESC;
    default:
        return KEY_NONE;
    }
}
