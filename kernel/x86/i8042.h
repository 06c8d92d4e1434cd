/* Keys from a PS/2 keyboard behind an i8042 controller, polled: no IRQ,
 * nothing waits for a key. */
#ifndef BAREBENCH_I8042_H
#define BAREBENCH_I8042_H

enum key { KEY_NONE, KEY_NEXT, KEY_PREV, KEY_PGUP, KEY_PGDN, KEY_ESC };

/* The next key press, if one came: Space and Right are NEXT, Left is
 * PREV; PgUp/Up are PGUP, PgDn/Down are PGDN; Esc; others and releases
 * are NONE. */
enum key i8042_poll(void);

#endif
