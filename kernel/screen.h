/* The screen: a grid of text cells on whatever display the platform found
 * (a linear framebuffer drawn with lib/font8x16, or EGA text), plus
 * squares of "dots" for QR codes. The console writes to it line by line;
 * lines with a given prefix (the machine records) can be kept off it. */
#ifndef BAREBENCH_SCREEN_H
#define BAREBENCH_SCREEN_H

#include <stdbool.h>

#define SCREEN_MAX_COLS    256
#define SCREEN_MAX_ROWS    128
#define SCREEN_HISTORY     (128 * 1024) /* bytes of past rows kept for paging */
#define SCREEN_STATUS_ROWS 1            /* row 0: the status line */
#define SCREEN_HIDE_MAX    8            /* the longest prefix of hidden lines */

/* What a display offers: text cells, and a finer grid of dots (pixels on
 * a framebuffer, half characters on EGA text) for codes. */
struct screen_device {
    const char *name;
    unsigned cols, rows;
    unsigned dots_x, dots_y;
    unsigned min_module; /* dots per QR module at least (legible on a photo) */
    void (*put)(unsigned col, unsigned row, char c);
    void (*dots)(unsigned x, unsigned y, unsigned w, unsigned h, bool dark);
    void (*start)(void); /* sets the display up (a mode switch), or NULL */
};

/* Makes dev the screen (NULL: none), starts it and clears it. */
void screen_attach(const struct screen_device *dev);
const struct screen_device *screen_device(void);

/* Lines that start with prefix (kept by the caller, at most
 * SCREEN_HIDE_MAX characters) stay off the screen; NULL shows every line. */
void screen_hide_lines(const char *prefix);

/* The console sink: scrolls, wraps at the screen's width. */
void screen_putc(char c);

/* Pages drawn over the log (results, codes): clears every cell and dot. */
void screen_clear(void);
/* The top line (the scrolling text stays below it): progress. */
void screen_status(const char *text);
/* Writes text at (col, row), cut at the edge; returns the columns used. */
unsigned screen_text(unsigned col, unsigned row, const char *text);

/* The rows the console has written (as wrapped on this screen), kept in
 * memory: how many there are, how many older ones were dropped to make
 * room, and a screenful of them from row `first` on, below the status
 * line. */
unsigned screen_history_rows(void);
unsigned screen_history_dropped(void);
void screen_show_history(unsigned first);

#endif
