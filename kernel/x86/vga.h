/* A mirror of the console on the 80x25 VGA text screen. */
#ifndef BAREBENCH_VGA_H
#define BAREBENCH_VGA_H

void vga_init(void);
void vga_putc(char c);

#endif
