/* The screen layer on a fake 20x6 device: lines wrap at its width and
 * scroll below the status line, machine records stay off it unless asked
 * for, the status line survives scrolling, and the history keeps every
 * row for paging back. */
#include <stdio.h>
#include <string.h>

#include "bench/record.h"
#include "kernel/screen.h"
#include "tests/host/check.h"

#define W 20
#define H 6

static char grid[H][W + 1];
static unsigned puts_done;

static void fake_put(unsigned col, unsigned row, char c)
{
    grid[row][col] = c;
    puts_done++;
}

static void fake_dots(unsigned x, unsigned y, unsigned w, unsigned h, bool dark)
{
    (void)x, (void)y, (void)w, (void)h, (void)dark;
}

static const struct screen_device fake = {"fake", W, H, W, H * 2, 1, fake_put, fake_dots, 0};

static void type(const char *s)
{
    for (; *s; s++) {
        screen_putc(*s);
    }
}

/* Row r without its trailing blanks (two buffers: two rows per message). */
static const char *row(unsigned r)
{
    static char bufs[2][W + 1];
    static unsigned turn;
    char *buf = bufs[turn++ % 2];
    memcpy(buf, grid[r], W);
    buf[W] = '\0';
    for (int i = W - 1; i >= 0 && buf[i] == ' '; i--) {
        buf[i] = '\0';
    }
    return buf;
}

int main(void)
{
    memset(grid, '?', sizeof grid);
    screen_attach(&fake);
    screen_hide_lines(RECORD_PREFIX);
    CHECK(!strcmp(row(0), "") && !strcmp(row(H - 1), ""), "attaching clears every cell");

    screen_status("bench 1 of 2");
    type("hello\n@BB,0,boot,1*00000000\nworld\n");
    CHECK(!strcmp(row(0), "bench 1 of 2"), "the status line is row 0");
    CHECK(!strcmp(row(1), "hello") && !strcmp(row(2), "world"),
          "text starts below the status line and a record line is left out (%s|%s)", row(1),
          row(2));
    type("@Bx not a record\n");
    CHECK(!strcmp(row(3), "@Bx not a record"), "a line that only starts like a record is shown");

    type("abcdefghijklmnopqrstuvwxyz\n");
    CHECK(!strcmp(row(4), "abcdefghijklmnopqrst") && !strcmp(row(5), "uvwxyz"),
          "a long line wraps at the screen's width, down to the last row (%s|%s)", row(4), row(5));
    type("next\n");
    CHECK(!strcmp(row(0), "bench 1 of 2") && !strcmp(row(1), "world") && !strcmp(row(5), "next"),
          "scrolling moves the text up under a fixed status line (%s|%s)", row(1), row(5));

    unsigned before = puts_done;
    type("next\n");
    unsigned redrawn = puts_done - before;
    CHECK(redrawn < (H - 1) * W, "a scroll redraws only the cells that change (%u)", redrawn);

    screen_hide_lines(0);
    type("@BB,1,end,1,pass*00000000\n");
    CHECK(!strcmp(row(4), "@BB,1,end,1,pass*000") && !strcmp(row(5), "00000"),
          "verbose=2 shows the records (%s|%s)", row(4), row(5));

    CHECK(screen_history_rows() == 9 && screen_history_dropped() == 0,
          "the history holds every row written, a wrapped line as two (%u)", screen_history_rows());
    screen_show_history(0);
    CHECK(!strcmp(row(1), "hello") && !strcmp(row(2), "world") && !strcmp(row(0), ""),
          "showing the history from row 0 starts with the first row (%s|%s)", row(1), row(2));
    screen_show_history(4);
    CHECK(!strcmp(row(1), "uvwxyz") && !strcmp(row(2), "next"),
          "and from row 4 with the fifth (%s|%s)", row(1), row(2));

    for (unsigned i = 0; i < SCREEN_HISTORY / 10; i++) {
        type("123456789\n");
    }
    CHECK(screen_history_dropped() > 0 && screen_history_rows() < SCREEN_HISTORY / 10 + 9 &&
              screen_history_rows() >= SCREEN_HISTORY / 20,
          "a full history drops its older half (%u kept, %u dropped)", screen_history_rows(),
          screen_history_dropped());
    screen_show_history(0);
    CHECK(!strcmp(row(1), "123456789"), "and what is left starts on a whole row (%s)", row(1));
    return check_summary();
}
