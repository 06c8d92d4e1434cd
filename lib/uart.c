/* The 16550's divisor for a speed (lib/uart.h). */
#include "lib/uart.h"

unsigned uart_divisor(uint32_t baud)
{
    if (baud == 0 || baud > UART_BASE_BAUD || UART_BASE_BAUD % baud != 0) {
        return 0;
    }
    return UART_BASE_BAUD / baud;
}
