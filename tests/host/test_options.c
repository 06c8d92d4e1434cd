/* The boot-option parser: values, ranges, choices, flags, and the message
 * each bad word gets while the defaults stay. */
#include <stdbool.h>
#include <string.h>

#include "lib/options.h"
#include "tests/host/check.h"

static bool flag;
static uint32_t number = 11;
static unsigned choice = 0;
static char text[8] = "dflt";
static const char *const colours[] = {"red", "green", "blue", NULL};
static const struct opt_def defs[] = {
    {"help", OPT_FLAG, "", .target = &flag},
    {"reps", OPT_UINT, "", .target = &number, .min = 1, .max = 1000},
    {"colour", OPT_CHOICE, "", .target = &choice, .choices = colours},
    {"name", OPT_STRING, "", .target = text, .size = sizeof text},
};

static char messages[8][400];
static unsigned n_messages;

static void collect(void *ctx, const char *message)
{
    (void)ctx;
    if (n_messages < 8) {
        strcpy(messages[n_messages], message);
    }
    n_messages++;
}

static unsigned parse(const char *cmdline)
{
    n_messages = 0;
    return options_parse(cmdline, defs, sizeof defs / sizeof defs[0], collect, NULL);
}

int main(void)
{
    unsigned bad = parse("/boot/barebench.elf help reps=0x20 COLOUR=Blue name=abc");
    CHECK(bad == 0 && n_messages == 0, "a valid line is accepted (path skipped, case folded)");
    CHECK(flag && number == 32 && choice == 2 && strcmp(text, "abc") == 0,
          "flag, hex number, choice and string are set");

    bad = parse("barebench.elf reps=1001 reps=abc reps=");
    CHECK(bad == 3 && n_messages == 3, "three bad numbers give three messages");
    CHECK(number == 32, "a bad number leaves the value as it was");
    CHECK(strstr(messages[0], "'reps=1001': expected a number from 1 to 1000") != NULL,
          "out of range names the word and the range: %s", messages[0]);
    CHECK(strstr(messages[2], "'reps' needs a value") != NULL, "an empty value is named: %s",
          messages[2]);

    bad = parse("colour=purple help=1 frob name=toolongvalue");
    CHECK(bad == 4, "bad choice, valued flag, unknown key, long string are all rejected");
    CHECK(strstr(messages[0], "expected one of red|green|blue") != NULL,
          "a bad choice lists the choices: %s", messages[0]);
    CHECK(strstr(messages[1], "is a flag and takes no value") != NULL, "a flag with a value: %s",
          messages[1]);
    CHECK(strstr(messages[2], "'frob': unknown option; known: help reps colour name") != NULL,
          "an unknown key lists the known ones: %s", messages[2]);
    CHECK(strstr(messages[3], "longer than 7 characters") != NULL && strcmp(text, "abc") == 0,
          "a string too long for its buffer is refused: %s", messages[3]);

    CHECK(parse(NULL) == 0 && parse("   \t ") == 0, "an empty or blank line is fine");

    char line[12];
    size_t taken = options_copy_line(line, sizeof line, "reps=5 x=1");
    CHECK(taken == 10 && strcmp(line, "reps=5 x=1") == 0, "a line that fits is copied whole");
    const char *longer = "reps=5 name=abcdef reps=7";
    taken = options_copy_line(line, sizeof line, longer);
    CHECK(strcmp(line, "reps=5") == 0 && strcmp(longer + taken, "name=abcdef reps=7") == 0,
          "a longer line keeps whole words only and says where the rest starts: '%s' | '%s'", line,
          longer + taken);
    taken = options_copy_line(line, sizeof line, "name=abcdefghijklmn");
    CHECK(taken == 0 && line[0] == '\0', "a first word too long for the buffer is left out");
    CHECK(parse("reps=5") == 0 && number == 5, "a first word with '=' is an option, not a path");
    return check_summary();
}
