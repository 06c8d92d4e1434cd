/* libFuzzer target for the boot-option parser (lib/options.c).
 *
 * The input is a command line. It is parsed twice against a table with
 * every option kind (flags, numbers with ranges including the full 32-bit
 * one, choices, strings of 2, 8 and 64 bytes in exactly-sized heap
 * buffers so AddressSanitizer sees a write past them):
 *  - once whole, as the kernel does;
 *  - once word by word, each word checked against an oracle written from
 *    lib/options.h: a rejected word gives exactly one message that
 *    quotes it and leaves every target as it was; an accepted word sets
 *    its own target to the value it names (in range) and nothing else.
 * Both runs must end in the same state with the same messages, and every
 * option's value text must fit the buffer it is given. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "lib/options.h"
#include "tests/fuzz/fuzz.h"

#define PMU_SIZE    8
#define EVENTS_SIZE 64
#define TINY_SIZE   2 /* holds one character: the smallest useful string */
#define MSG_MAX     512
#define MAX_MSGS    1024 /* more than the words of any input below max_len */

struct scalars {
    bool help, dump;
    uint32_t verbose, reps, rep, big;
    unsigned exit, fault;
};

static struct scalars sc;
static char *str_pmu, *str_events, *str_tiny;

static const char *const exit_choices[] = {"auto", "qemu", "bochs", "halt", "reboot", NULL};
static const char *const fault_choices[] = {"none", "ud", "gp", "de", "pf", NULL};

/* String targets are set by LLVMFuzzerInitialize (heap buffers). "rep" is
 * a prefix of "reps" and accepts one value only. */
static struct opt_def defs[] = {
    {"help", OPT_FLAG, "flag", .target = &sc.help},
    {"pmudump", OPT_FLAG, "flag", .target = &sc.dump},
    {"exit", OPT_CHOICE, "choice", .target = &sc.exit, .choices = exit_choices},
    {"fault", OPT_CHOICE, "choice", .target = &sc.fault, .choices = fault_choices},
    {"verbose", OPT_UINT, "0..3", .target = &sc.verbose, .min = 0, .max = 3},
    {"reps", OPT_UINT, "1..1000", .target = &sc.reps, .min = 1, .max = 1000},
    {"rep", OPT_UINT, "7..7", .target = &sc.rep, .min = 7, .max = 7},
    {"big", OPT_UINT, "full range", .target = &sc.big, .min = 0, .max = UINT32_MAX},
    {"pmu", OPT_STRING, "string", .size = PMU_SIZE},
    {"events", OPT_STRING, "string", .size = EVENTS_SIZE},
    {"e", OPT_STRING, "string", .size = TINY_SIZE},
};

#define N_DEFS (sizeof defs / sizeof defs[0])

static const struct scalars sc_defaults = {.verbose = 1, .reps = 11, .rep = 7, .exit = 1};

/* Everything the parser may write, copied byte for byte. */
struct state {
    struct scalars sc;
    char pmu[PMU_SIZE], events[EVENTS_SIZE], tiny[TINY_SIZE];
};

static void snapshot(struct state *s)
{
    memcpy(&s->sc, &sc, sizeof sc);
    memcpy(s->pmu, str_pmu, PMU_SIZE);
    memcpy(s->events, str_events, EVENTS_SIZE);
    memcpy(s->tiny, str_tiny, TINY_SIZE);
}

static bool state_equal(const struct state *a, const struct state *b)
{
    const struct scalars *x = &a->sc, *y = &b->sc;
    return x->help == y->help && x->dump == y->dump && x->verbose == y->verbose &&
           x->reps == y->reps && x->rep == y->rep && x->big == y->big && x->exit == y->exit &&
           x->fault == y->fault && memcmp(a->pmu, b->pmu, PMU_SIZE) == 0 &&
           memcmp(a->events, b->events, EVENTS_SIZE) == 0 &&
           memcmp(a->tiny, b->tiny, TINY_SIZE) == 0;
}

static void reset(void)
{
    memcpy(&sc, &sc_defaults, sizeof sc);
    memset(str_pmu, 0, PMU_SIZE);
    memset(str_events, 0, EVENTS_SIZE);
    memset(str_tiny, 0, TINY_SIZE);
    memcpy(str_pmu, "auto", 5);
    memcpy(str_events, "default", 8);
}

/* Where in a struct state the target of def lives. */
static void *state_field(struct state *s, const struct opt_def *def)
{
    if (def->target == str_pmu) {
        return s->pmu;
    }
    if (def->target == str_events) {
        return s->events;
    }
    if (def->target == str_tiny) {
        return s->tiny;
    }
    return (char *)&s->sc + ((char *)def->target - (char *)&sc);
}

struct diags {
    unsigned n;
    char msgs[MAX_MSGS][MSG_MAX];
};

static struct diags line_diags, word_diags;

static void record_diag(void *ctx, const char *message)
{
    struct diags *d = ctx;
    size_t len = strlen(message);
    REQUIRE(len > 0 && len < MSG_MAX, "diagnostic of %zu characters", len);
    REQUIRE(d->n < MAX_MSGS, "more diagnostics than words");
    memcpy(d->msgs[d->n++], message, len + 1);
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static bool ieq_n(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (fuzz_lower(a[i]) != fuzz_lower(b[i])) {
            return false;
        }
    }
    return true;
}

static const struct opt_def *oracle_def(const char *key, size_t n)
{
    for (size_t i = 0; i < N_DEFS; i++) {
        if (strlen(defs[i].name) == n && ieq_n(defs[i].name, key, n)) {
            return &defs[i];
        }
    }
    return NULL;
}

/* A number as options.h defines it: decimal, or 0x hex, fitting 64 bits. */
static bool oracle_number(const char *s, size_t n, uint64_t *out)
{
    uint64_t base = 10, v = 0;
    if (n > 2 && s[0] == '0' && fuzz_lower(s[1]) == 'x') {
        base = 16;
        s += 2;
        n -= 2;
    }
    for (size_t i = 0; i < n; i++) {
        char c = fuzz_lower(s[i]);
        uint64_t d = c >= '0' && c <= '9'   ? (uint64_t)(c - '0')
                     : c >= 'a' && c <= 'f' ? (uint64_t)(c - 'a' + 10)
                                            : 99;
        if (d >= base || __builtin_mul_overflow(v, base, &v) || __builtin_add_overflow(v, d, &v)) {
            return false;
        }
    }
    *out = v;
    return n > 0;
}

/* Applies word to *s as options.h says it should; false when it is bad. */
static bool oracle_apply(const char *word, size_t len, struct state *s)
{
    const char *eq = memchr(word, '=', len);
    size_t key_len = eq ? (size_t)(eq - word) : len;
    const struct opt_def *def = oracle_def(word, key_len);
    if (!def) {
        return false;
    }
    void *field = state_field(s, def);
    if (def->kind == OPT_FLAG) {
        if (eq) {
            return false;
        }
        *(bool *)field = true;
        return true;
    }
    if (!eq || key_len + 1 == len) {
        return false;
    }
    const char *value = eq + 1;
    size_t value_len = len - key_len - 1;
    switch (def->kind) {
    case OPT_UINT: {
        uint64_t v;
        if (!oracle_number(value, value_len, &v) || v < def->min || v > def->max) {
            return false;
        }
        *(uint32_t *)field = (uint32_t)v;
        return true;
    }
    case OPT_CHOICE:
        for (unsigned i = 0; def->choices[i]; i++) {
            if (strlen(def->choices[i]) == value_len && ieq_n(def->choices[i], value, value_len)) {
                *(unsigned *)field = i;
                return true;
            }
        }
        return false;
    case OPT_STRING:
        if (value_len >= def->size) {
            return false;
        }
        memcpy(field, value, value_len);
        ((char *)field)[value_len] = '\0';
        return true;
    case OPT_FLAG:
        break;
    }
    return false;
}

/* A rejection message starts by quoting the word, then says why. */
static void check_message(const char *msg, const char *word, size_t len)
{
    static const char prefix[] = "option '";
    size_t plen = sizeof prefix - 1, mlen = strlen(msg);
    REQUIRE(strncmp(msg, prefix, plen) == 0, "message '%s' does not start with %s", msg, prefix);
    size_t shown = len < mlen - plen ? len : mlen - plen;
    REQUIRE(memcmp(msg + plen, word, shown) == 0, "message '%s' does not quote '%.*s'", msg,
            (int)len, word);
    if (len <= 300) { /* fits either message buffer with room for the reason */
        REQUIRE(msg[plen + len] == '\'' && mlen > plen + len + 4,
                "message '%s' does not quote '%.*s' and give a reason", msg, (int)len, word);
    }
}

/* Parses one word alone (after a kernel path, so it is never skipped as
 * one) and checks it against the oracle; returns whether it was bad. */
static bool check_word(const char *word, size_t len)
{
    static char buf[4096];
    REQUIRE(len + 3 <= sizeof buf, "word of %zu bytes", len);
    memcpy(buf, "/ ", 2);
    memcpy(buf + 2, word, len);
    buf[len + 2] = '\0';

    struct state before, after, expected;
    snapshot(&before);
    expected = before;
    bool ok = oracle_apply(word, len, &expected);
    word_diags.n = 0;
    unsigned bad = options_parse(buf, defs, N_DEFS, record_diag, &word_diags);
    snapshot(&after);

    REQUIRE(bad == (ok ? 0u : 1u), "'%.*s': %u bad words, the oracle says %s", (int)len, word, bad,
            ok ? "good" : "bad");
    REQUIRE(word_diags.n == bad, "'%.*s': %u diagnostics for %u bad words", (int)len, word,
            word_diags.n, bad);
    if (ok) {
        REQUIRE(state_equal(&after, &expected), "'%.*s': targets differ from the oracle's",
                (int)len, word);
    } else {
        REQUIRE(state_equal(&after, &before), "'%.*s' was rejected but changed a target", (int)len,
                word);
        check_message(word_diags.msgs[0], word, len);
    }
    return !ok;
}

/* Every value text fits its buffer (exact-size heap allocations). */
static void check_value_texts(void)
{
    static const size_t sizes[] = {1, 3, 80};
    for (size_t i = 0; i < N_DEFS; i++) {
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            char *buf = malloc(sizes[k]);
            options_value_text(&defs[i], buf, sizes[k]);
            REQUIRE(memchr(buf, '\0', sizes[k]) != NULL, "%s: value text not terminated",
                    defs[i].name);
            free(buf);
        }
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    str_pmu = malloc(PMU_SIZE);
    str_events = malloc(EVENTS_SIZE);
    str_tiny = malloc(TINY_SIZE);
    for (size_t i = 0; i < N_DEFS; i++) {
        if (strcmp(defs[i].name, "pmu") == 0) {
            defs[i].target = str_pmu;
        } else if (strcmp(defs[i].name, "events") == 0) {
            defs[i].target = str_events;
        } else if (strcmp(defs[i].name, "e") == 0) {
            defs[i].target = str_tiny;
        }
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* The command line ends at the first NUL, as the loader's string does. */
    const uint8_t *nul = memchr(data, 0, size);
    size_t len = nul ? (size_t)(nul - data) : size;
    char *line = malloc(len + 1);
    memcpy(line, data, len);
    line[len] = '\0';

    reset();
    line_diags.n = 0;
    unsigned line_bad = options_parse(line, defs, N_DEFS, record_diag, &line_diags);
    REQUIRE(line_diags.n == line_bad, "%u diagnostics for %u bad words", line_diags.n, line_bad);
    struct state whole;
    snapshot(&whole);
    check_value_texts();

    reset();
    unsigned bad = 0;
    for (size_t at = 0, index = 0; at < len; index++) {
        while (at < len && is_space(line[at])) {
            at++;
        }
        if (at == len) {
            break;
        }
        const char *word = line + at;
        while (at < len && !is_space(line[at])) {
            at++;
        }
        size_t wlen = (size_t)(line + at - word);
        if (index == 0 && !memchr(word, '=', wlen) &&
            (memchr(word, '/', wlen) || memchr(word, '.', wlen))) {
            continue; /* the loader's kernel path */
        }
        if (check_word(word, wlen)) {
            REQUIRE(bad < line_diags.n, "word '%.*s' is bad, the whole line had fewer messages",
                    (int)wlen, word);
            REQUIRE(strcmp(line_diags.msgs[bad], word_diags.msgs[0]) == 0,
                    "message %u differs: '%s' in the line, '%s' alone", bad, line_diags.msgs[bad],
                    word_diags.msgs[0]);
            bad++;
        }
    }
    REQUIRE(bad == line_bad, "%u bad words one by one, %u in the whole line", bad, line_bad);
    struct state by_word;
    snapshot(&by_word);
    REQUIRE(state_equal(&whole, &by_word), "the whole line and its words set different values");

    free(line);
    return 0;
}
