#define _POSIX_C_SOURCE 200809L
/* Writes the kernel's model-specific event tables (pmu/x86/events_pfm.h)
 * from the installed libpfm4, through its public API only: one table for
 * each libpfm4 PMU that pfm_cpus (pmu/x86/pfm_cpus.c) names.
 *
 * libpfm4 gives each event's name and code, its unit masks (name, default)
 * and the modifiers it takes, but not how unit masks combine nor what a
 * unit mask adds to the selector beyond its code. Both are read from
 * libpfm4's own encoder (pfm_get_os_event_encoding, PFM_OS_NONE), so that
 * the tables encode as libpfm4 does by construction:
 *   - a unit mask's code is what "EVENT:UMASK" sets in PerfEvtSel beyond
 *     the event select, the privilege bits, EN and INT (shifted right by
 *     8: see PMU_UMF_OVERRIDE); where its event select differs from the
 *     event's, the unit mask overrides it;
 *   - a unit mask is exclusive when libpfm4 refuses it beside every other
 *     unit mask of its event (its NCOMBO: every table here has one unit
 *     mask group per event, so this is the whole rule); other names of a
 *     unit mask (libpfm4's equiv) are flagged aliases and tell nothing;
 *   - a unit mask fixes the edge, inv and cmask fields it sets when
 *     libpfm4 refuses another value for them;
 *   - an event or unit mask whose encoding takes a second register
 *     (offcore response, load latency, precise front end) is flagged
 *     PMU_EVF_EXTRA_REG or PMU_UMF_EXTRA_REG;
 *   - an Intel event or unit mask that libpfm4 encodes with event select
 *     00H but that is not a fixed counter's event is flagged
 *     PMU_EVF_NOT_AN_EVENT or PMU_UMF_NOT_AN_EVENT (pseudo_encoding_ok);
 *   - a unit mask libpfm4 refuses on its own is left out.
 * libpfm4 4.13 cannot be initialized twice in one process (pfm_terminate
 * then pfm_initialize frees twice), so each PMU is read in a child, which
 * writes it to the parent as lines of text; the parent writes the C, each
 * unit-mask list and event list once however many PMUs share it.
 *
 * Usage: pfm-tables VERSION > events_pfm.c, VERSION naming the libpfm4
 * package (its library reports only its ABI, 4.0). Counts per PMU go to stderr. */
#include <perfmon/pfmlib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pmu/x86/events_pfm.h"
#include "tools/hostlib/libpfm_encode.h"

#define MAX_UMASKS 96
#define MAX_EVENTS 400
#define MAX_PMUS   32

/* PerfEvtSel bits that programming sets, not the event (Intel SDM vol. 3B,
 * "IA32_PERFEVTSELx MSRs"; AMD's PERF_CTL alike): USR, OS, INT, EN. */
#define PROGRAMMING_BITS ((1ull << 16) | (1ull << 17) | (1ull << 20) | (1ull << 22))

/* ---- in the child: one PMU through libpfm4 ---- */

static const char *pfm_pmu;

/* libpfm4's encoding of EVENT[:ATTR...] on the PMU at hand. */
static bool encode(const char *spec, uint64_t *value, int *count)
{
    return libpfm_encode(pfm_pmu, spec, value, count);
}

/* The event select of a PerfEvtSel value: 8 bits, 12 on AMD (11:8 at 35:32). */
static uint32_t event_select(bool amd, uint64_t v)
{
    uint32_t sel = (uint32_t)(v & 0xff);
    return amd ? sel | (uint32_t)((v >> 32) & 0xf) << 8 : sel;
}

struct umask {
    char name[128];
    char equiv[128]; /* the unit mask this one is another name for, or "" */
    bool dfl, refused;
    uint64_t value;
    int count;
};

/* True when b may tell whether a combines: neither is another name for
 * something else, nor b what a names (libpfm4 replaces such a name by what
 * it stands for, and takes a unit mask twice as once). */
static bool tells(const struct umask *a, const struct umask *b)
{
    size_t n = strcspn(a->equiv, ":");
    return !b->refused && !b->equiv[0] && a != b &&
           !(n == strlen(b->name) && strncmp(a->equiv, b->name, n) == 0);
}

/* Whether an Intel encoding with event select 00H is the event its name
 * says. 00H is no event: 00H/01H-04H are the fixed counters'
 * pseudo-encodings of INST_RETIRED.ANY (and, from Ice Lake, .PREC_DIST),
 * CPU_CLK_UNHALTED.THREAD (.CORE), CPU_CLK_UNHALTED.REF_TSC and
 * TOPDOWN.SLOTS (Intel SDM vol. 3B, the table of fixed-function counters;
 * Linux's FIXED_EVENT_CONSTRAINTs). libpfm4 4.13 gives some other events
 * select 00H (Ice Lake's and Sapphire Rapids' TOPDOWN.*_SLOTS, Goldmont's
 * CPU_CLK_UNHALTED.REF and .CORE_P): programmed, they would count another
 * event, or nothing, under their name. */
static bool pseudo_encoding_ok(const char *event, const char *umask, unsigned byte)
{
    static const struct {
        unsigned byte;
        const char *event, *umask;
    } fixed[] = {
        {1, "INST_RETIRED", "ANY"},
        {1, "INST_RETIRED", "PREC_DIST"},
        {2, "CPU_CLK_UNHALTED", "THREAD"},
        {2, "CPU_CLK_UNHALTED", "CORE"},
        {3, "CPU_CLK_UNHALTED", "REF_TSC"},
        {3, "UNHALTED_REFERENCE_CYCLES", ""},
        {4, "TOPDOWN", "SLOTS"},
    };
    for (unsigned i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        if (fixed[i].byte == byte && strcmp(fixed[i].event, event) == 0 &&
            strcmp(fixed[i].umask, umask) == 0) {
            return true;
        }
    }
    return false;
}

/* True when libpfm4 refuses another value for a field the unit mask
 * sets: edge, inv or cmask (its modhw); otherwise it ORs the user's value
 * into the unit mask's. */
static bool fixes_fields(const char *event, const struct umask *u)
{
    uint64_t edge = 1ull << 18, inv = 1ull << 23, cmask = (u->value >> 24) & 0xff;
    char spec[400];
    uint64_t v;
    int c;
    if (cmask) {
        snprintf(spec, sizeof spec, "%.150s:%.120s:c=%u", event, u->name,
                 (unsigned)(cmask == 1 ? 2 : 1));
        if (!encode(spec, &v, &c)) {
            return true;
        }
    }
    if (u->value & inv) {
        snprintf(spec, sizeof spec, "%.150s:%.120s:i=0", event, u->name);
        if (!encode(spec, &v, &c)) {
            return true;
        }
    }
    if (u->value & edge) {
        snprintf(spec, sizeof spec, "%.150s:%.120s:e=0", event, u->name);
        if (!encode(spec, &v, &c)) {
            return true;
        }
    }
    return false;
}

/* Writes one event as lines "E name code flags" and "U name code flags". */
static void read_event(int idx, bool amd, unsigned *n_umasks, unsigned *n_left_out)
{
    pfm_event_info_t ei;
    memset(&ei, 0, sizeof ei);
    ei.size = sizeof ei;
    if (pfm_get_event_info(idx, PFM_OS_NONE, &ei) != PFM_SUCCESS) {
        return;
    }
    static struct umask um[MAX_UMASKS];
    unsigned n = 0;
    uint32_t flags =
        PMU_EVF_NO_EDGE | PMU_EVF_NO_INV | PMU_EVF_NO_CMASK | PMU_EVF_NO_USR | PMU_EVF_NO_OS;
    for (int a = 0; a < ei.nattrs; a++) {
        pfm_event_attr_info_t ai;
        memset(&ai, 0, sizeof ai);
        ai.size = sizeof ai;
        if (pfm_get_event_attr_info(idx, a, PFM_OS_NONE, &ai) != PFM_SUCCESS) {
            continue;
        }
        if (ai.type != PFM_ATTR_UMASK) {
            flags &= strcmp(ai.name, "e") == 0   ? ~(uint32_t)PMU_EVF_NO_EDGE
                     : strcmp(ai.name, "i") == 0 ? ~(uint32_t)PMU_EVF_NO_INV
                     : strcmp(ai.name, "c") == 0 ? ~(uint32_t)PMU_EVF_NO_CMASK
                     : strcmp(ai.name, "u") == 0 ? ~(uint32_t)PMU_EVF_NO_USR
                     : strcmp(ai.name, "k") == 0 ? ~(uint32_t)PMU_EVF_NO_OS
                                                 : ~0u;
            continue;
        }
        if (n == MAX_UMASKS) {
            fprintf(stderr, "pfm-tables: %s::%s has more than %d unit masks\n", pfm_pmu, ei.name,
                    MAX_UMASKS);
            exit(1);
        }
        struct umask *u = &um[n++];
        snprintf(u->name, sizeof u->name, "%s", ai.name);
        u->dfl = ai.is_dfl;
        snprintf(u->equiv, sizeof u->equiv, "%s", ai.equiv ? ai.equiv : "");
        char spec[300];
        snprintf(spec, sizeof spec, "%.150s:%.140s", ei.name, ai.name);
        u->refused = !encode(spec, &u->value, &u->count);
    }
    uint64_t base = 0;
    int count = 1;
    bool base_ok = encode(ei.name, &base, &count);
    uint32_t select = amd ? (uint32_t)ei.code & 0xfff : (uint32_t)ei.code & 0xff;
    if (base_ok && count > 1) {
        flags |= PMU_EVF_EXTRA_REG;
    }
    bool any_umask = false;
    for (unsigned i = 0; i < n; i++) {
        any_umask |= !um[i].refused;
    }
    if (!base_ok && !any_umask) {
        flags |= PMU_EVF_NO_ENCODING; /* listed for the family, with no unit mask for the model */
    }
    uint32_t code = select;
    if (n == 0 && base_ok) {
        uint64_t rest = (base & ~PROGRAMMING_BITS) >> 8;
        if (amd) {
            rest &= 0xffffff;
        }
        if (rest & ~0xffull) {
            fprintf(stderr, "pfm-tables: %s::%s fixes more than a unit mask (0x%llx)\n", pfm_pmu,
                    ei.name, (unsigned long long)base);
            exit(1);
        }
        code |= (uint32_t)rest << 16; /* a fixed unit mask rides in bits 23:16 */
    }
    if ((select == 0xc0 || select == 0x76 || select == 0x3c) && n == 0 && (code >> 16) == 0) {
        flags |= PMU_EVF_ADVANCES; /* instructions and cycles */
    }
    if (!amd && n == 0 && select == 0 && !pseudo_encoding_ok(ei.name, "", code >> 16)) {
        flags |= PMU_EVF_NOT_AN_EVENT;
    }
    printf("E %s 0x%x 0x%x\n", ei.name, code, flags);
    for (unsigned i = 0; i < n; i++) {
        struct umask *u = &um[i];
        if (u->refused) {
            (*n_left_out)++;
            continue;
        }
        uint32_t uflags = (u->dfl ? PMU_UMF_DEFAULT : 0) | (u->count > 1 ? PMU_UMF_EXTRA_REG : 0);
        uint64_t rest = u->value & ~PROGRAMMING_BITS;
        uint32_t ucode = (uint32_t)((rest >> 8) & 0xffffff);
        uint32_t sel = event_select(amd, u->value);
        if (sel != select) {
            if (amd) {
                fprintf(stderr, "pfm-tables: %s::%s:%s changes the event select\n", pfm_pmu,
                        ei.name, u->name);
                exit(1);
            }
            uflags |= PMU_UMF_OVERRIDE;
            ucode |= sel << 24;
        }
        unsigned others = 0;
        bool alone = true;
        for (unsigned j = 0; alone && j < n; j++) {
            if (!tells(u, &um[j])) {
                continue;
            }
            char spec[400];
            uint64_t v;
            int c;
            snprintf(spec, sizeof spec, "%.150s:%.120s:%.120s", ei.name, u->name, um[j].name);
            alone = !encode(spec, &v, &c);
            others++;
        }
        if (others && alone) {
            uflags |= PMU_UMF_EXCLUSIVE;
        }
        if (u->equiv[0]) {
            uflags |= PMU_UMF_ALIAS;
        }
        if (fixes_fields(ei.name, u)) {
            uflags |= PMU_UMF_FIXES;
        }
        if (!amd && sel == 0 && !pseudo_encoding_ok(ei.name, u->name, ucode & 0xff)) {
            uflags |= PMU_UMF_NOT_AN_EVENT;
        }
        printf("U %s 0x%x 0x%x\n", u->name, ucode, uflags);
        (*n_umasks)++;
    }
}

/* Writes the PMU as "P desc", then its events; 0, or 1 when libpfm4 lacks it. */
static int read_pmu(void)
{
    setenv("LIBPFM_FORCE_PMU", pfm_pmu, 1);
    if (pfm_initialize() != PFM_SUCCESS) {
        fprintf(stderr, "pfm-tables: libpfm4 does not initialize with %s\n", pfm_pmu);
        return 1;
    }
    for (int p = 0; p < PFM_PMU_MAX; p++) {
        pfm_pmu_info_t info;
        memset(&info, 0, sizeof info);
        info.size = sizeof info;
        if (pfm_get_pmu_info(p, &info) != PFM_SUCCESS || strcmp(info.name, pfm_pmu) != 0) {
            continue;
        }
        bool amd = strncmp(pfm_pmu, "amd64", 5) == 0;
        printf("P %s\n", info.desc);
        unsigned events = 0, umasks = 0, left_out = 0;
        for (int e = info.first_event; e != -1; e = pfm_get_event_next(e)) {
            read_event(e, amd, &umasks, &left_out);
            events++;
        }
        fprintf(stderr, "pfm-tables: %-18s %3u events, %4u unit masks (%u refused alone)\n",
                pfm_pmu, events, umasks, left_out);
        return 0;
    }
    fprintf(stderr, "pfm-tables: libpfm4 has no PMU %s\n", pfm_pmu);
    return 1;
}

/* ---- in the parent: the C ---- */

/* Memory or nothing: a generator out of memory has nothing to write. */
static void *need(void *p)
{
    if (!p) {
        fprintf(stderr, "pfm-tables: out of memory\n");
        exit(1);
    }
    return p;
}

struct gen_umask {
    char *name;
    unsigned code, flags;
};

struct gen_event {
    char *name;
    unsigned code, flags;
    unsigned first_umask, n_umasks;
    int umask_list; /* which emitted list, -1 for none */
};

struct gen_pmu {
    const char *pfm_name;
    char *desc;
    struct gen_event *events;
    unsigned n_events;
    struct gen_umask *umasks;
    unsigned n_umasks;
    char *text;  /* the event list as written, to share it */
    int same_as; /* an earlier PMU with the same list, or -1 */
};

static struct gen_pmu pmus[MAX_PMUS];
static unsigned n_pmus;

/* Unit-mask lists written so far, by their text. */
static char **lists;
static unsigned n_lists;

static char *read_all(FILE *f)
{
    size_t cap = 1 << 16, len = 0;
    char *buf = need(malloc(cap));
    size_t got;
    while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (len + 1 == cap) {
            cap *= 2;
            buf = need(realloc(buf, cap));
        }
    }
    buf[len] = '\0';
    return buf;
}

/* Reads one PMU through a child. */
static int collect(struct gen_pmu *p)
{
    int fd[2];
    if (pipe(fd) < 0) {
        return 1;
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        dup2(fd[1], 1);
        pfm_pmu = p->pfm_name;
        int r = read_pmu();
        fflush(stdout);
        _exit(r);
    }
    close(fd[1]);
    FILE *in = fdopen(fd[0], "r");
    char *text = in ? read_all(in) : NULL;
    if (in) {
        fclose(in);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) ||
        !text) {
        return 1;
    }
    unsigned lines = 0;
    for (const char *c = text; *c; c++) {
        lines += *c == '\n';
    }
    if (lines == 0) {
        return 1;
    }
    p->events = need(calloc(lines, sizeof *p->events));
    p->umasks = need(calloc(lines, sizeof *p->umasks));
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char name[200];
        unsigned code, flags;
        if (line[0] == 'P') {
            p->desc = need(strdup(line + 2));
        } else if (sscanf(line + 2, "%199s %x %x", name, &code, &flags) != 3) {
            return 1;
        } else if (line[0] == 'E') {
            p->events[p->n_events++] =
                (struct gen_event){need(strdup(name)), code, flags, p->n_umasks, 0, -1};
        } else if (p->n_events) {
            p->umasks[p->n_umasks++] = (struct gen_umask){need(strdup(name)), code, flags};
            p->events[p->n_events - 1].n_umasks++;
        }
    }
    free(text);
    return p->desc && p->n_events ? 0 : 1;
}

/* A growing text in memory, written with fprintf (POSIX open_memstream). */
static FILE *text_open(char **text, size_t *len)
{
    return need(open_memstream(text, len));
}

static void text_close(FILE *f)
{
    if (fclose(f) != 0) {
        fprintf(stderr, "pfm-tables: out of memory\n");
        exit(1);
    }
}

/* Writes the unit-mask list of an event unless an equal one was; its number. */
static int umask_list(const struct gen_pmu *p, const struct gen_event *e)
{
    char *text;
    size_t len;
    FILE *f = text_open(&text, &len);
    for (unsigned u = 0; u < e->n_umasks; u++) {
        const struct gen_umask *um = &p->umasks[e->first_umask + u];
        fprintf(f, "    {.name = \"%s\", .code = 0x%x, .flags = 0x%x},\n", um->name, um->code,
                um->flags);
    }
    text_close(f);
    for (unsigned i = 0; i < n_lists; i++) {
        if (strcmp(lists[i], text) == 0) {
            free(text);
            return (int)i;
        }
    }
    lists = need(realloc(lists, (n_lists + 1) * sizeof *lists));
    lists[n_lists] = text;
    printf("static const struct pmu_umask_desc um%u[] = {\n%s};\n", n_lists, text);
    return (int)n_lists++;
}

static void write_pmu(unsigned index)
{
    struct gen_pmu *p = &pmus[index];
    size_t len;
    FILE *f = text_open(&p->text, &len);
    for (unsigned i = 0; i < p->n_events; i++) {
        struct gen_event *e = &p->events[i];
        if (e->n_umasks) {
            e->umask_list = umask_list(p, e);
            fprintf(f,
                    "    {.name = \"%s\", .code = 0x%x, .flags = 0x%x, .umasks = um%d, .n_umasks = "
                    "%u},\n",
                    e->name, e->code, e->flags, e->umask_list, e->n_umasks);
        } else {
            fprintf(f, "    {.name = \"%s\", .code = 0x%x, .flags = 0x%x},\n", e->name, e->code,
                    e->flags);
        }
    }
    text_close(f);
    p->same_as = -1;
    for (unsigned i = 0; i < index; i++) {
        if (strcmp(pmus[i].text, p->text) == 0) {
            p->same_as = pmus[i].same_as >= 0 ? pmus[i].same_as : (int)i;
            return;
        }
    }
    printf("static const struct pmu_event_desc ev_%s[] = {\n%s};\n", p->pfm_name, p->text);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: pfm-tables LIBPFM4-VERSION > events_pfm.c\n");
        return 2;
    }
    const char *version = argv[1];
    for (unsigned i = 0; i < pfm_n_cpus; i++) {
        bool seen = false;
        for (unsigned j = 0; j < n_pmus; j++) {
            seen |= strcmp(pmus[j].pfm_name, pfm_cpus[i].pfm_name) == 0;
        }
        if (!seen && n_pmus < MAX_PMUS) {
            pmus[n_pmus++].pfm_name = pfm_cpus[i].pfm_name;
        }
    }
    for (unsigned i = 0; i < n_pmus; i++) {
        if (collect(&pmus[i])) {
            fprintf(stderr, "pfm-tables: could not read libpfm4's %s\n", pmus[i].pfm_name);
            return 1;
        }
    }
    printf("/* Generated by tools/gen/pfm-tables.c from libpfm4 %s: do not edit. */\n"
           "#include \"pmu/x86/events_pfm.h\"\n\n"
           "const char pfm_version[] = \"%s\";\n\n",
           version, version);
    for (unsigned i = 0; i < n_pmus; i++) {
        write_pmu(i);
    }
    printf("\nconst struct pfm_table pfm_tables[] = {\n");
    for (unsigned i = 0; i < n_pmus; i++) {
        const struct gen_pmu *p = &pmus[i];
        const char *events = p->same_as >= 0 ? pmus[p->same_as].pfm_name : p->pfm_name;
        printf("    {\"%s\", \"%s\", {\"%s\", ev_%s, PMU_ARRAY_SIZE(ev_%s)}},\n", p->pfm_name,
               p->desc, p->pfm_name, events, events);
    }
    printf("};\n\nconst unsigned pfm_n_tables = PMU_ARRAY_SIZE(pfm_tables);\n");
    return fflush(stdout) == 0 ? 0 : 1;
}
