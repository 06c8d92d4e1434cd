/* The scrolling text console on the screen device. A copy of the grid is
 * kept so that scrolling redraws only the cells that change: on a
 * framebuffer a cell is 128 pixel writes and most lines are short. Every
 * row written is also kept in the history, for paging back at the end. */
#include "kernel/screen.h"

#include "lib/kstring.h"

static const struct screen_device *dev;
static char shown[SCREEN_MAX_ROWS][SCREEN_MAX_COLS];
#define STATUS_ROWS SCREEN_STATUS_ROWS /* the console scrolls below them */
static unsigned row, col, cols, rows;
static bool pending_newline;
/* Lines starting with this stay off the screen (NULL: none): the
 * program's machine records (bench/record.h, a layer above, names them). */
static const char *hidden;
static enum { LINE_START, LINE_TEXT, LINE_RECORD } mode;
static char held[SCREEN_HIDE_MAX];
static unsigned n_held;
/* Rows as they were written, each ended by '\n'; when full, the older
 * half goes. */
static char history[SCREEN_HISTORY];
static unsigned history_len, history_rows, history_dropped;

static void keep(char ch)
{
    if (history_len == SCREEN_HISTORY) {
        unsigned cut = SCREEN_HISTORY / 2, gone = 0;
        while (cut < SCREEN_HISTORY && history[cut - 1] != '\n') {
            cut++;
        }
        for (unsigned i = 0; i < cut; i++) {
            gone += history[i] == '\n';
        }
        history_rows -= gone;
        history_dropped += gone;
        memmove(history, history + cut, SCREEN_HISTORY - cut);
        history_len -= cut;
    }
    history[history_len++] = ch;
    history_rows += ch == '\n';
}

void screen_attach(const struct screen_device *d)
{
    dev = d;
    if (!dev) {
        return;
    }
    if (dev->start) {
        dev->start();
    }
    cols = dev->cols < SCREEN_MAX_COLS ? dev->cols : SCREEN_MAX_COLS;
    rows = dev->rows < SCREEN_MAX_ROWS ? dev->rows : SCREEN_MAX_ROWS;
    screen_clear();
}

const struct screen_device *screen_device(void)
{
    return dev;
}

void screen_hide_lines(const char *prefix)
{
    hidden = prefix && *prefix && strlen(prefix) <= SCREEN_HIDE_MAX ? prefix : 0;
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
    if (!dev) {
        return;
    }
    memset(shown, 0, sizeof shown); /* dots may cover any cell: redraw all */
    for (unsigned r = 0; r < rows; r++) {
        for (unsigned c = 0; c < cols; c++) {
            put(c, r, ' ');
        }
    }
    row = STATUS_ROWS;
    col = 0;
    pending_newline = false;
}

void screen_status(const char *text)
{
    unsigned n = screen_text(0, 0, text);
    for (; dev && n < cols; n++) {
        put(n, 0, ' ');
    }
}

unsigned screen_text(unsigned col, unsigned r, const char *text)
{
    unsigned n = 0;
    for (; dev && r < rows && col + n < cols && text[n]; n++) {
        put(col + n, r, text[n]);
    }
    return n;
}

static void scroll(void)
{
    char next[SCREEN_MAX_COLS];
    for (unsigned r = STATUS_ROWS; r + 1 < rows; r++) {
        memcpy(next, shown[r + 1], cols);
        for (unsigned c = 0; c < cols; c++) {
            put(c, r, next[c]);
        }
    }
    for (unsigned c = 0; c < cols; c++) {
        put(c, rows - 1, ' ');
    }
}

/* The cursor moves to the next row only when something is written there,
 * so the last row of the screen is used too. */
static void advance(void)
{
    col = 0;
    if (row + 1 < rows) {
        row++;
    } else {
        scroll();
    }
}

static void emit(char ch)
{
    if (ch == '\r') {
        return;
    }
    if (pending_newline) {
        advance();
    }
    pending_newline = ch == '\n';
    if (ch == '\n') {
        keep('\n');
        return;
    }
    if (col == cols) {
        keep('\n');
        advance();
    }
    keep(ch);
    put(col++, row, ch);
}

/* Hidden lines are recognised by their first characters, so the start of
 * each line is held back until it is known. */
void screen_putc(char ch)
{
    if (!dev) {
        return;
    }
    if (mode == LINE_START && hidden && ch == hidden[n_held]) {
        held[n_held++] = ch;
        if (!hidden[n_held]) {
            mode = LINE_RECORD;
        }
        return;
    }
    if (mode == LINE_START) {
        mode = LINE_TEXT;
        for (unsigned i = 0; i < n_held; i++) {
            emit(held[i]);
        }
        n_held = 0;
    }
    if (mode == LINE_TEXT) {
        emit(ch);
    }
    if (ch == '\n') {
        mode = LINE_START;
        n_held = 0;
    }
}

unsigned screen_history_rows(void)
{
    return history_rows;
}

unsigned screen_history_dropped(void)
{
    return history_dropped;
}

void screen_show_history(unsigned first)
{
    if (!dev) {
        return;
    }
    screen_clear();
    unsigned r = 0, c = 0;
    for (unsigned i = 0; i < history_len && r < first + rows - STATUS_ROWS; i++) {
        if (history[i] == '\n') {
            r++;
            c = 0;
        } else if (r >= first && c < cols) {
            put(c++, STATUS_ROWS + r - first, history[i]);
        }
    }
}
