/* Keys from a PS/2 keyboard behind an i8042 controller, polled: no IRQ,
 * nothing waits for a key. */
#ifndef BAREBENCH_I8042_H
#define BAREBENCH_I8042_H

enum key { KEY_NONE, KEY_NEXT, KEY_PREV };

/* The next key press, if one came: PgDn, Space, Right and Down are NEXT;
 * PgUp, Left and Up are PREV; others and releases are NONE. */
enum key i8042_poll(void);

#endif
