/* The scrolling text console on the screen device. A copy of the grid is
 * kept so that scrolling redraws only the cells that change: on a
 * framebuffer a cell is 128 pixel writes and most lines are short. */
#include "kernel/screen.h"

#include "lib/kstring.h"

static const struct screen_device *dev;
static char shown[SCREEN_MAX_ROWS][SCREEN_MAX_COLS];
/* Row 0 is the status line; the console scrolls below it. */
#define STATUS_ROWS 1
static unsigned row, col, cols, rows;
static bool records_shown;
/* The machine records' prefix (bench/record.h, a layer above). */
#define RECORD_START "@BB"
static enum { LINE_START, LINE_TEXT, LINE_RECORD } mode;
static char held[3];
static unsigned n_held;

void screen_attach(const struct screen_device *d)
{
    dev = d;
    if (!dev)
        return;
    cols = dev->cols < SCREEN_MAX_COLS ? dev->cols : SCREEN_MAX_COLS;
    rows = dev->rows < SCREEN_MAX_ROWS ? dev->rows : SCREEN_MAX_ROWS;
    screen_clear();
}

const struct screen_device *screen_device(void)
{
    return dev;
}

void screen_show_records(bool show)
{
    records_shown = show;
}

static void put(unsigned c, unsigned r, char ch)
{
    if (shown[r][c] != ch) {
        shown[r][c] = ch;
        dev->put(c, r, ch);
    }
}

void screen_clear(void)
{
    if (!dev)
        return;
    memset(shown, 0, sizeof shown); /* dots may cover any cell: redraw all */
    for (unsigned r = 0; r < rows; r++) {
        for (unsigned c = 0; c < cols; c++)
            put(c, r, ' ');
    }
    row = STATUS_ROWS;
    col = 0;
}

void screen_status(const char *text)
{
    unsigned n = screen_text(0, 0, text);
    for (; dev && n < cols; n++)
        put(n, 0, ' ');
}

unsigned screen_text(unsigned col, unsigned r, const char *text)
{
    unsigned n = 0;
    for (; dev && r < rows && col + n < cols && text[n]; n++)
        put(col + n, r, text[n]);
    return n;
}

static void scroll(void)
{
    char next[SCREEN_MAX_COLS];
    for (unsigned r = STATUS_ROWS; r + 1 < rows; r++) {
        memcpy(next, shown[r + 1], cols);
        for (unsigned c = 0; c < cols; c++)
            put(c, r, next[c]);
    }
    for (unsigned c = 0; c < cols; c++)
        put(c, rows - 1, ' ');
}

static void newline(void)
{
    col = 0;
    if (row + 1 < rows)
        row++;
    else
        scroll();
}

static void emit(char ch)
{
    if (ch == '\n') {
        newline();
        return;
    }
    if (ch == '\r')
        return;
    if (col == cols)
        newline();
    put(col++, row, ch);
}

/* Records are recognised by their first three characters, so the start
 * of each line is held back until it is known. */
void screen_putc(char ch)
{
    if (!dev)
        return;
    if (mode == LINE_START && !records_shown && ch == RECORD_START[n_held]) {
        held[n_held++] = ch;
        if (n_held == 3)
            mode = LINE_RECORD;
        return;
    }
    if (mode == LINE_START) {
        mode = LINE_TEXT;
        for (unsigned i = 0; i < n_held; i++)
            emit(held[i]);
        n_held = 0;
    }
    if (mode == LINE_TEXT)
        emit(ch);
    if (ch == '\n') {
        mode = LINE_START;
        n_held = 0;
    }
}
