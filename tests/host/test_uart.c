/* The 16550's baud rate divisors (lib/uart.h). */
#include "lib/uart.h"
#include "tests/host/check.h"

int main(void)
{
    CHECK(uart_divisor(115200) == 1 && uart_divisor(57600) == 2 && uart_divisor(38400) == 3,
          "uart: the fast speeds are divisors 1, 2, 3");
    CHECK(uart_divisor(9600) == 12 && uart_divisor(1200) == 96 && uart_divisor(50) == 2304,
          "uart: 9600 is 12, 1200 is 96, 50 is 2304 (PC16550D's table)");
    CHECK(uart_divisor(1234) == 0 && uart_divisor(0) == 0 && uart_divisor(230400) == 0,
          "uart: no divisor for 1234, 0 or above 115200");
    return check_summary();
}
